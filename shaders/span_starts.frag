// Pixel sort, first pass (SpanStarts): where this position's span would start if it began one.
// The value is the position itself for padding, a pixel out of every span, the line's first pixel,
// a pixel after one out of every span, or a break of the interval kind; 0 inside a span. Their
// running maximum along the line (span_scan.frag) is every pixel's span start. A fragment writes
// the four elements of its texel (Buffer::Spans).
// INTERVALS (a define, one program each) is pixel_rules.h's Intervals: 0 threshold, 1 none,
// 2 edges, 3 random, 4 waves, 5 mask. Compiled after sort_common.glsl.

uniform int u_lowest;
uniform int u_highest;
uniform uint u_spanLength;
uniform uint u_seed;
uniform int u_imageWidth;
uniform int u_imageHeight;
uniform int u_count;

out vec4 o_starts;

bool inSpan(vec4 pixel) {
  if (pixel.g < 256.0) return false;  // the mask keeps it out
#if INTERVALS == 0
  uint y = lumaOfRgb(uint(pixel.r));
  return y >= uint(u_lowest) && y <= uint(u_highest);
#else
  return true;
#endif
}

int lumaAt(int x, int y) {
  x = clamp(x, 0, u_imageWidth - 1);
  y = clamp(y, 0, u_imageHeight - 1);
  return int(lumaOfRgb(uint(pixelTexel(y * u_imageWidth + x).r)));
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

float startValue(int j) {
  int position = j & ((1 << u_lineBits) - 1);
  float self = float(position);
  int pixel = int(pixelTexel(j).b);
  if (pixel < 0 || position == 0) return self;
  if (!inSpan(pixelTexel(pixel))) return self;
  if (!inSpan(pixelTexel(int(pixelTexel(j - 1).b)))) return self;
  return breaksHere(pixel, uint(j >> u_lineBits), uint(position)) ? self : 0.0;
}

void main() {
  int first = 4 * spansIndexOf(ivec2(gl_FragCoord.xy));
  for (int c = 0; c < 4; ++c) o_starts[c] = first + c < u_count ? startValue(first + c) : 0.0;
}
