// Radix sort by split: one doubling step of the inclusive prefix sum of e (Hillis and Steele):
// after steps with distances 1, 2, 4, ..., n/2 the buffer holds e[0] + ... + e[i] at i. Counts stay
// below 2^24, so the float sums are exact. The exclusive sum of the article is f = scan - e.
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_scan;
uniform int u_distance;

out vec4 o_sum;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  int i = indexOf(texel);
  float sum = texelFetch(u_scan, texel, 0).r;
  if (i >= u_distance) sum += texelFetch(u_scan, texelOf(i - u_distance), 0).r;
  o_sum = vec4(sum, 0.0, 0.0, 1.0);
}
