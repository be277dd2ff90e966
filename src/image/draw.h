// Minimal raster drawing on an Image: text (stb_easy_font), lines, rectangles and round strokes. For
// the contact sheet and the benchmark plot (so they need no plotting tool) and the viewer's mask brush.
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

// A mask of one level everywhere (0: nothing sorted, 255: all), opaque RGBA: what a brush starts on.
Image flatMask(std::uint32_t width, std::uint32_t height, std::uint8_t level);

// A round brush dragged from (x0, y0) to (x1, y1), in pixel coordinates (pixel (x, y) has its centre
// at x + 0.5, y + 0.5): every pixel whose centre lies within `radius` of that segment becomes
// `colour` (alpha 255); a segment of length 0 is a dab. Pixels off the image are skipped. Returns
// how many pixels changed.
std::uint64_t paintStroke(Image& image, double x0, double y0, double x1, double y1, double radius, Rgb colour);

}  // namespace texsort
