// The pixel sort's per-pixel rules, as integer functions of the 8-bit channels: the sort keys, the
// span breaks (threshold, edges, random, waves, mask) and the seeded choices. The CPU model of the
// pixel passes and the plain reference both call these; shaders/sort_common.glsl writes the same
// functions in GLSL, so CPU and GPU agree to the bit.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "sort/packing.h"

namespace texsort {

enum class PixelKey : std::uint32_t {
  Luma, Lightness, Hue, Saturation, Intensity, Min, Max, Red, Green, Blue, Chroma, Rgb, Alpha, Shuffle
};

// The key of one pixel; every value an integer 0 .. pixelKeyInfo(key).maxValue (pixel_sort.h).
std::uint32_t pixelKey(PixelKey key, std::uint8_t r, std::uint8_t g, std::uint8_t b);
// Whether the key is the colour's alone (pixelKey); Alpha and Shuffle need more (elementKey).
constexpr bool colourKey(PixelKey key) { return key != PixelKey::Alpha && key != PixelKey::Shuffle; }
// The key of the pixel `rgba` at `position` of row `line` of the sort: Alpha its alpha, Shuffle a
// seeded random order (the top 16 bits of pixelHash(seed, 4, line, position)), the others pixelKey.
std::uint32_t elementKey(PixelKey key, const std::uint8_t* rgba, std::uint32_t seed, std::uint32_t line, std::uint32_t position);

// How a line is cut into spans. In every kind a pixel is in a span only if the mask (white where it
// may be sorted; all white without --mask) says so; then:
//   Threshold: its luma lies in [lowest, highest]; spans are the maximal runs of such pixels.
//   None, Mask: every pixel is; a span is a whole line (or a whole run of mask white).
//   Edges: every pixel is; a pixel whose edgeStrength exceeds kEdgeScale * lowest starts a new span.
//   Random: every pixel is; pixel p > 0 starts a new span when randomBreak says so (mean length S).
//   Waves: every pixel is; spans of S +- S/4 pixels whose breaks drift in a zigzag from line to line.
enum class Intervals : std::uint32_t { Threshold, None, Edges, Random, Waves, Mask };

// A 32-bit integer mixer (the "lowbias32" constants): every output bit depends on every input bit.
constexpr std::uint32_t mixBits(std::uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

// The seeded choice for (line, at) in stream `salt` (1: random breaks, 2: wave jitter, 3: skip,
// 4: the shuffle key).
constexpr std::uint32_t pixelHash(std::uint32_t seed, std::uint32_t salt, std::uint32_t line, std::uint32_t at) {
  return mixBits(mixBits(mixBits(seed ^ (salt * 0x9e3779b9u)) + line) + at);
}

// Sobel on luma, borders clamped: |Gx| + |Gy|, 0 .. 8 * kMaxLuma. lumaAt(x, y) gives luma inside the image.
// A straight step from black to white measures kEdgeScale * kMaxLuma, so --lower reads as a
// fraction of that step.
constexpr std::uint32_t kEdgeScale = 4;
template <typename LumaAt>
std::uint32_t edgeStrength(const LumaAt& lumaAt, std::int32_t x, std::int32_t y, std::int32_t width, std::int32_t height) {
  const auto at = [&](std::int32_t dx, std::int32_t dy) {
    return static_cast<std::int32_t>(lumaAt(std::clamp(x + dx, 0, width - 1), std::clamp(y + dy, 0, height - 1)));
  };
  const std::int32_t gx = at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1);
  const std::int32_t gy = at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1);
  return static_cast<std::uint32_t>(std::abs(gx) + std::abs(gy));
}

constexpr bool randomBreak(std::uint32_t seed, std::uint32_t line, std::uint32_t p, std::uint32_t spanLength) {
  return p > 0 && pixelHash(seed, 1, line, p) % spanLength == 0;
}

// Waves: line l's breaks sit S apart around offset tri(l) = |l mod S - S/2| (a zigzag across the
// lines), each moved by a seeded jitter below max(1, S/4): with q = p + S - tri(l), p > 0 breaks
// when q mod S equals the jitter of window q div S.
constexpr bool waveBreak(std::uint32_t seed, std::uint32_t line, std::uint32_t p, std::uint32_t spanLength) {
  if (p == 0) return false;
  const std::uint32_t s = spanLength, middle = s / 2, phase = line % s;
  const std::uint32_t tri = phase > middle ? phase - middle : middle - phase;
  const std::uint32_t q = p + s - tri, jitterRange = std::max(1u, s / 4);
  return q % s == pixelHash(seed, 2, line, q / s) % jitterRange;
}

// --skip: the sorted run (span, or span piece) starting at `start` stays as it is.
constexpr bool skipRun(std::uint32_t seed, std::uint32_t line, std::uint32_t start, std::uint32_t percent) {
  return percent > 0 && pixelHash(seed, 3, line, start) % 100 < percent;
}

// A mask pixel is white (may be sorted) when its luma is at least half: 2 * Y >= kMaxLuma.
constexpr bool maskWhite(std::uint8_t r, std::uint8_t g, std::uint8_t b) { return 2 * lumaKey(r, g, b) >= kMaxLuma; }

}  // namespace texsort
