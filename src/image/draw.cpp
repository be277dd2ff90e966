// Raster drawing for generated pictures: stb_easy_font's quads filled on the CPU, Bresenham lines.
#include "image/draw.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <stb_easy_font.h>
#pragma GCC diagnostic pop

#include <algorithm>
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

}  // namespace texsort
