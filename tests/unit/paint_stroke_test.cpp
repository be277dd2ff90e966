// The mask brush's stroke (image/draw.h paintStroke): exactly the pixels whose centres lie within the
// radius of the segment, clipped at the edges, counted once.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "image/draw.h"

namespace texsort {
namespace {

Image black(std::uint32_t w, std::uint32_t h) {
  Image image{w, h, 4, std::vector<std::uint8_t>(4 * std::size_t{w} * h, 0)};
  return image;
}

// Distance from (px, py) to the segment, the other way round: the nearer end, or the foot of the
// perpendicular where it falls between the ends.
double segmentDistance(double px, double py, double x0, double y0, double x1, double y1) {
  double best = std::min(std::hypot(px - x0, py - y0), std::hypot(px - x1, py - y1));
  const double lx = x1 - x0, ly = y1 - y0, length = std::hypot(lx, ly);
  if (length > 0) {
    const double along = ((px - x0) * lx + (py - y0) * ly) / length;
    if (along > 0 && along < length) best = std::min(best, std::abs((px - x0) * ly - (py - y0) * lx) / length);
  }
  return best;
}

TEST(PaintStroke, PaintsThePixelsWithinTheRadiusOfTheSegment) {
  struct Stroke {
    double x0, y0, x1, y1, radius;
  };
  for (const Stroke& k : {Stroke{10.5, 10.5, 10.5, 10.5, 3}, Stroke{2, 5, 30, 5, 2.5}, Stroke{3.2, 1.7, 27.9, 20.3, 4.1},
                          Stroke{-5, -5, 8, 40, 6}, Stroke{31, 0, 31, 0, 1}}) {
    Image image = black(32, 24);
    const std::uint64_t changed = paintStroke(image, k.x0, k.y0, k.x1, k.y1, k.radius, Rgb{255, 255, 255});
    std::uint64_t inside = 0;
    for (std::uint32_t y = 0; y < image.height; ++y) {
      for (std::uint32_t x = 0; x < image.width; ++x) {
        const bool want = segmentDistance(x + 0.5, y + 0.5, k.x0, k.y0, k.x1, k.y1) <= k.radius + 1e-9;
        const std::uint8_t* p = &image.rgba[4 * (std::size_t{y} * image.width + x)];
        ASSERT_EQ(p[0] == 255, want) << "pixel " << x << "," << y << " of the stroke from " << k.x0 << "," << k.y0;
        ASSERT_EQ(p[3], want ? 255 : 0);
        inside += want;
      }
    }
    EXPECT_EQ(changed, inside);
    EXPECT_EQ(paintStroke(image, k.x0, k.y0, k.x1, k.y1, k.radius, Rgb{255, 255, 255}), 0u) << "painted twice: no change";
  }
  Image dab = black(21, 21);
  EXPECT_EQ(paintStroke(dab, 10.5, 10.5, 10.5, 10.5, 3, Rgb{9, 9, 9}), 29u) << "the 29 pixels within 3 of a centre";
  EXPECT_EQ(paintStroke(dab, 100, 100, 200, 100, 5, Rgb{9, 9, 9}), 0u) << "off the image";
}

}  // namespace
}  // namespace texsort
