// Pixel sort (SpanScanStep): one step of the running maximum of the span starts along each line,
// fan-in 8: position p takes the largest value at p - k * distance, k = 0 .. 7, inside its line.
// After distances 1, 8, 64, ... every position holds the start of its span. The values are
// positions below 2^24, exact in a float. A fragment writes the four positions of its texel
// (Buffer::Spans). Compiled after sort_common.glsl.

uniform int u_distance;

out vec4 o_starts;

void main() {
  int t = spansIndexOf(ivec2(gl_FragCoord.xy));
  int position = (4 * t) & ((1 << u_lineBits) - 1);  // of the texel's first element
  vec4 starts = texelFetch(u_spans, spansTexelOf(t), 0);
  if (u_distance == 1) {
    // Positions 4t - 8 .. 4t + 3 from three texels; position p + c looks back at most p + c steps
    // (lines shorter than four elements share a texel, so that bound also keeps them apart).
    vec4 before[2] = vec4[2](t >= 2 ? texelFetch(u_spans, spansTexelOf(t - 2), 0) : vec4(0.0),
                             t >= 1 ? texelFetch(u_spans, spansTexelOf(t - 1), 0) : vec4(0.0));
    float v[12] = float[12](before[0].x, before[0].y, before[0].z, before[0].w, before[1].x, before[1].y,
                            before[1].z, before[1].w, starts.x, starts.y, starts.z, starts.w);
    for (int c = 0; c < 4; ++c) {
      int p = ((4 * t + c) & ((1 << u_lineBits) - 1));
      float m = v[8 + c];
      for (int k = 1; k < 8; ++k)
        if (k <= p) m = max(m, v[8 + c - k]);
      starts[c] = m;
    }
  } else {
    // Distances 8, 64, ...: a multiple of four, so p - k * distance for the texel's four positions
    // are the four channels of one texel, all inside the line or all before it.
    for (int k = 1; k < 8; ++k) {
      if (k * u_distance > position) break;
      starts = max(starts, texelFetch(u_spans, spansTexelOf(t - k * u_distance / 4), 0));
    }
  }
  o_starts = starts;
}
