// Raster drawing for generated pictures and the mask brush: stb_easy_font's quads filled on the CPU,
// Bresenham lines, round strokes.
#include "image/draw.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <stb_easy_font.h>
#pragma GCC diagnostic pop

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace texsort {

void fillRect(Image& image, int x0, int y0, int x1, int y1, Rgb colour) {
  x0 = std::max(x0, 0);
  y0 = std::max(y0, 0);
  x1 = std::min(x1, static_cast<int>(image.width));
  y1 = std::min(y1, static_cast<int>(image.height));
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      std::uint8_t* p = &image.rgba[(std::size_t(y) * image.width + std::size_t(x)) * 4];
      p[0] = colour.r;
      p[1] = colour.g;
      p[2] = colour.b;
      p[3] = 255;
    }
  }
}

void drawText(Image& image, int x, int y, const std::string& text, Rgb colour, int scale) {
  std::vector<float> buffer(text.size() * 256 + 64);  // up to ~60 quads of 16 floats per glyph
  std::string copy = text;
  const int quads = stb_easy_font_print(0, 0, copy.data(), nullptr, buffer.data(),
                                        static_cast<int>(buffer.size() * sizeof(float)));
  for (int q = 0; q < quads; ++q) {  // 4 vertices of (x, y, z, colour); vertex 2 is the far corner
    const float* v = &buffer[std::size_t(q) * 16];
    fillRect(image, x + int(v[0]) * scale, y + int(v[1]) * scale, x + int(v[8]) * scale, y + int(v[9]) * scale, colour);
  }
}

int textWidth(const std::string& text, int scale) {
  std::string copy = text;
  return stb_easy_font_width(copy.data()) * scale;
}

void drawLine(Image& image, int x0, int y0, int x1, int y1, Rgb colour, int thickness) {
  const int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  const int half = thickness / 2;
  for (int err = dx + dy;;) {
    fillRect(image, x0 - half, y0 - half, x0 - half + thickness, y0 - half + thickness, colour);
    if (x0 == x1 && y0 == y1) break;
    const int e2 = 2 * err;
    if (e2 >= dy) err += dy, x0 += sx;
    if (e2 <= dx) err += dx, y0 += sy;
  }
}

Image flatMask(std::uint32_t width, std::uint32_t height, std::uint8_t level) {
  Image mask{width, height, 4, std::vector<std::uint8_t>(4 * std::uint64_t{width} * height, level)};
  for (std::uint64_t i = 3; i < mask.rgba.size(); i += 4) mask.rgba[i] = 255;
  return mask;
}

std::uint64_t paintStroke(Image& image, double x0, double y0, double x1, double y1, double radius, Rgb colour) {
  if (!(radius > 0.0)) return 0;
  const double dx = x1 - x0, dy = y1 - y0, length2 = dx * dx + dy * dy;
  // The segment's bounding box grown by the radius, clipped to the image.
  const auto clip = [](double v, std::uint32_t side) { return std::clamp(v, 0.0, double(side)); };
  const auto left = std::uint32_t(clip(std::floor(std::min(x0, x1) - radius), image.width));
  const auto right = std::uint32_t(clip(std::ceil(std::max(x0, x1) + radius), image.width));
  const auto top = std::uint32_t(clip(std::floor(std::min(y0, y1) - radius), image.height));
  const auto bottom = std::uint32_t(clip(std::ceil(std::max(y0, y1) + radius), image.height));
  const std::uint8_t want[4] = {colour.r, colour.g, colour.b, 255};
  std::uint64_t changed = 0;
  for (std::uint32_t y = top; y < bottom; ++y) {
    for (std::uint32_t x = left; x < right; ++x) {
      const double px = x + 0.5 - x0, py = y + 0.5 - y0;
      const double t = length2 > 0.0 ? std::clamp((px * dx + py * dy) / length2, 0.0, 1.0) : 0.0;
      const double ex = px - t * dx, ey = py - t * dy;
      if (ex * ex + ey * ey > radius * radius) continue;
      std::uint8_t* p = &image.rgba[4 * (std::uint64_t{y} * image.width + x)];
      if (std::equal(want, want + 4, p)) continue;
      std::copy(want, want + 4, p);
      ++changed;
    }
  }
  return changed;
}

}  // namespace texsort
