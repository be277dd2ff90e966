// Pixel sort, first pass (SpanStarts): which positions start a span. A position starts one when it
// is padding, a pixel out of every span (a span of its own), a row's first position or a line's
// first pixel (lines may share a row), a pixel after one out of every span, or a break of the
// interval kind. A fragment does the 32 positions of one
// word of Buffer::Spans: a bit for each that starts a span, and the latest of them (a position in
// the line; 0 when none). span_scan.frag carries the latest starts along the lines.
// INTERVALS (a define, one program each) is pixel_rules.h's Intervals: 0 threshold, 1 none,
// 2 edges, 3 random, 4 waves, 5 mask; SELECT_KEY the threshold's key (PixelKey), SELECT_OUTSIDE
// defined for --invert. Compiled after sort_common.glsl; the compute runner compiles it too, for
// spanStartsWord.

layout(std140) uniform Step {  // SpanStartsBlock (src/sort/pass_blocks.cpp)
  int u_positions;  // the element positions (the element count)
  int u_lowest;
  int u_highest;
  int u_imageWidth;
  int u_imageHeight;
  uint u_spanLength;
  uint u_seed;
};

bool inSpan(int pixel) {
  if (!pixelAllowed(pixel)) return false;  // the mask keeps it out
#if INTERVALS == 0
  uint k = keyOfRgb(SELECT_KEY, rgbOfBytes(pixelBytesOf(pixel)));
  bool inside = k >= uint(u_lowest) && k <= uint(u_highest);
#ifdef SELECT_OUTSIDE
  return !inside;
#else
  return inside;
#endif
#else
  return true;
#endif
}

int lumaAt(int x, int y) {
  x = clamp(x, 0, u_imageWidth - 1);
  y = clamp(y, 0, u_imageHeight - 1);
  return int(lumaOfRgb(rgbOfBytes(pixelBytesOf(y * u_imageWidth + x))));
}

bool breaksHere(int pixel, uint line, uint position) {
#if INTERVALS == 2
  int x = pixel % u_imageWidth, y = pixel / u_imageWidth;
  int gx = lumaAt(x + 1, y - 1) + 2 * lumaAt(x + 1, y) + lumaAt(x + 1, y + 1) - lumaAt(x - 1, y - 1) -
           2 * lumaAt(x - 1, y) - lumaAt(x - 1, y + 1);
  int gy = lumaAt(x - 1, y + 1) + 2 * lumaAt(x, y + 1) + lumaAt(x + 1, y + 1) - lumaAt(x - 1, y - 1) -
           2 * lumaAt(x, y - 1) - lumaAt(x + 1, y - 1);
  return abs(gx) + abs(gy) > 4 * u_lowest;  // kEdgeScale
#elif INTERVALS == 3
  return randomBreak(u_seed, line, position, u_spanLength);
#elif INTERVALS == 4
  return waveBreak(u_seed, line, position, u_spanLength);
#else
  return false;
#endif
}

// Whether element j's pixel is in a span (padding is not).
bool memberAt(int j) {
  int pixel = pixelAtElement(j);
  return pixel >= 0 && inSpan(pixel);
}

// Word w of the span starts.
uvec2 spanStartsWord(int w) {
  int first = 32 * w;
  int lineMask = (1 << u_lineBits) - 1;
  bool before = (first & lineMask) != 0 && memberAt(first - 1);  // the position before, in this line
  uint bits = 0u, latest = 0u;
  for (int k = 0; k < 32; ++k) {
    int j = first + k, position = j & lineMask;
    if (j >= u_positions) break;
    int pixel = pixelAtElement(j);
    bool member = pixel >= 0 && inSpan(pixel);
    if (!member || position == 0 || pixelStartsLine(pixel) || !before ||
        breaksHere(pixel, uint(j >> u_lineBits), uint(position))) {
      bits |= 1u << uint(k);
      latest = uint(position);
    }
    before = member;
  }
  return uvec2(bits, latest);
}

#ifndef TEXSORT_COMPUTE  // compute_pixel.comp has a main of its own
out uvec2 o_word;
void main() { o_word = spanStartsWord(spansIndexOf(ivec2(gl_FragCoord.xy))); }
#endif
