// The compute backend's unit of cost: one plain copy of every element, 16 bytes in, 16 out.
// Compiled after compute_common.glsl.
layout(local_size_x = 64) in;

void main() {
  uint i = invocationIndex();
  if (i < u_count) target[i] = elements[i];
}
