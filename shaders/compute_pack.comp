// Compute backend, first dispatch: each element's (key, index) into the pair buffer.
// Compiled after compute_common.glsl.
layout(local_size_x = 64) in;

void main() {
  uint i = invocationIndex();
  if (i < u_count) pairs[i] = elements[i].xy;
}
