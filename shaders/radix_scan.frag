// Radix sort by split: one doubling step of the inclusive prefix sums of the flags (Hillis and
// Steele), the four digit values' at once: after steps with distances 1, 2, 4, ..., n/2 channel v
// holds how many of elements 0 ... i have digit v. Counts stay below 2^24, so the float sums are
// exact. (The article's exclusive f is channel 0 minus e.)
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).
uniform sampler2D u_scan;
layout(std140) uniform Step {  // DistanceBlock (src/sort/pass_blocks.cpp)
  int u_distance;
};
out vec4 o_sum;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  int i = indexOf(texel);
  vec4 sum = texelFetch(u_scan, texel, 0);
  if (i >= u_distance) sum += texelFetch(u_scan, texelOf(i - u_distance), 0);
  o_sum = sum;
}
