// Pixel sort (SpanScanStep): one step of the running maximum of the words' latest span starts
// along each line, fan-in 8: word w takes the largest value at w - k * distance, k = 0 .. 7, inside
// its line; the start bits stay. After distances 1, 8, 64, ... words, every word holds the latest
// start at or before its end (Buffer::Spans). Compiled after sort_common.glsl.

uniform int u_distance;  // in words

out uvec2 o_word;

void main() {
  int w = spansIndexOf(ivec2(gl_FragCoord.xy));
  int inLine = w & ((1 << max(u_lineBits - 5, 0)) - 1);  // the word's place in its line
  uvec2 word = texelFetch(u_spans, spansTexelOf(w), 0).rg;
  for (int k = 1; k < 8; ++k) {
    if (k * u_distance > inLine) break;
    word.g = max(word.g, texelFetch(u_spans, spansTexelOf(w - k * u_distance), 0).g);
  }
  o_word = word;
}
