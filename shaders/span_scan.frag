// Pixel sort (SpanScanStep): one step of the running maximum of the words' latest span starts
// along each line, fan-in 8: word w takes the largest value at w - k * distance, k = 0 .. 7, inside
// its line; the start bits stay. After distances 1, 8, 64, ... words, every word holds the latest
// start at or before its end (Buffer::Spans). Compiled after sort_common.glsl; the compute runner
// compiles it too, for spanScanWord.

layout(std140) uniform Step {  // DistanceBlock (src/sort/pass_blocks.cpp)
  int u_distance;  // in words
};

uvec2 spanScanWord(int w) {
  int inLine = w & ((1 << max(u_lineBits - 5, 0)) - 1);  // the word's place in its line
  uvec2 word = spanWord(w);
  for (int k = 1; k < 8; ++k) {
    if (k * u_distance > inLine) break;
    word.g = max(word.g, spanWord(w - k * u_distance).g);
  }
  return word;
}

#ifndef TEXSORT_COMPUTE  // compute_pixel.comp has a main of its own
out uvec2 o_word;
void main() { o_word = spanScanWord(spansIndexOf(ivec2(gl_FragCoord.xy))); }
#endif
