// Compute backend, last dispatch: position j takes the whole element whose original index the
// sorted pair at j holds, from the elements as uploaded (element i at position i).
// Compiled after compute_common.glsl.
layout(local_size_x = 64) in;

void main() {
  uint j = invocationIndex();
  if (j < u_count) target[j] = elements[originalIndex(pairs[j])];
}
