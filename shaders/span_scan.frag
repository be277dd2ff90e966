// Pixel sort (SpanScanStep): one step of the running maximum of the span starts along each line,
// fan-in 8: position p takes the largest value at p - k * distance, k = 0 .. 7, inside its line.
// After distances 1, 8, 64, ... every position holds the start of its span. The values are
// positions below 2^24, exact in a float. Compiled after sort_common.glsl.

uniform sampler2D u_scan;
uniform int u_distance;

out vec4 o_start;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  int j = indexOf(texel);
  int position = j & ((1 << u_lineBits) - 1);
  float start = texelFetch(u_scan, texel, 0).r;
  for (int k = 1; k < 8; ++k) {
    if (k * u_distance > position) break;
    start = max(start, texelFetch(u_scan, texelOf(j - k * u_distance), 0).r);
  }
  o_start = vec4(start, 0.0, 0.0, 1.0);
}
