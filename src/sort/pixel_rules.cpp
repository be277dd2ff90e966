// The pixel sort's key functions (pixel_rules.h): the sort layer's CPU model and the pixel sort
// both call them, so they live here, below both.
#include "sort/pixel_rules.h"

#include <algorithm>
#include <stdexcept>

namespace texsort {
namespace {

// floor(x / d) for d > 0, for either sign of x (C++ division truncates toward zero).
std::int32_t floorDiv(std::int32_t x, std::int32_t d) { return x >= 0 ? x / d : -((-x + d - 1) / d); }

std::uint32_t hueKey(std::int32_t r, std::int32_t g, std::int32_t b) {
  const std::int32_t mx = std::max({r, g, b}), mn = std::min({r, g, b}), d = mx - mn;
  if (d == 0) return 0;
  if (mx == r) return static_cast<std::uint32_t>((1530 + floorDiv(255 * (g - b), d)) % 1530);
  if (mx == g) return static_cast<std::uint32_t>(510 + floorDiv(255 * (b - r), d));
  return static_cast<std::uint32_t>(1020 + floorDiv(255 * (r - g), d));
}

}  // namespace

std::uint32_t pixelKey(PixelKey key, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  const std::uint32_t mx = std::max({r, g, b}), mn = std::min({r, g, b});
  switch (key) {
    case PixelKey::Luma: return lumaKey(r, g, b);
    case PixelKey::Lightness: return mx + mn;
    case PixelKey::Hue: return hueKey(r, g, b);
    case PixelKey::Saturation: return mx == 0 ? 0 : 255 * (mx - mn) / mx;
    case PixelKey::Intensity: return std::uint32_t{r} + g + b;
    case PixelKey::Min: return mn;
    case PixelKey::Max: return mx;
    case PixelKey::Red: return r;
    case PixelKey::Green: return g;
    case PixelKey::Blue: return b;
    case PixelKey::Chroma: return mx - mn;
    case PixelKey::Rgb: return std::uint32_t{r} << 16 | std::uint32_t{g} << 8 | b;
    case PixelKey::Alpha:
    case PixelKey::Shuffle: break;  // not the colour's alone: elementKey
  }
  throw std::logic_error("pixelKey: unknown key");
}

std::uint32_t elementKey(PixelKey key, const std::uint8_t* rgba, std::uint32_t seed, std::uint32_t line, std::uint32_t position) {
  if (key == PixelKey::Alpha) return rgba[3];
  if (key == PixelKey::Shuffle) return pixelHash(seed, 4, line, position) >> 16;
  return pixelKey(key, rgba[0], rgba[1], rgba[2]);
}

}  // namespace texsort
