// Minimal raster drawing on an Image: text (stb_easy_font), lines and rectangles. For the contact
// sheet and the benchmark plot, so they need no plotting tool.
#pragma once

#include <cstdint>
#include <string>

#include "image/image_io.h"

namespace texsort {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
};

// `text` with its top-left at (x, y), stb_easy_font's 7-pixel-high glyphs scaled by `scale`.
void drawText(Image& image, int x, int y, const std::string& text, Rgb colour, int scale = 1);
int textWidth(const std::string& text, int scale = 1);

void fillRect(Image& image, int x0, int y0, int x1, int y1, Rgb colour);     // [x0, x1) x [y0, y1)
void drawLine(Image& image, int x0, int y0, int x1, int y1, Rgb colour, int thickness = 1);

}  // namespace texsort
