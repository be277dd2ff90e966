// The curved paths of --path, each checked against its definition computed another way here
// (floating-point distances and atan2 angles, which agree with the exact integer rules wherever
// they are not at a tie): every pixel in exactly one line, rings by distance, each ring clockwise,
// rays outwards, the Hilbert curve's steps between neighbours, long lines cut for the key's order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <random>
#include <set>

#include "pixelsort/pixel_sort.h"

namespace texsort {
namespace {

constexpr double kPi = 3.14159265358979323846;

PixelSortOptions onPath(PixelPath path, double cx = -1, double cy = -1) {
  PixelSortOptions o;
  o.path = path;
  o.centerX = cx;
  o.centerY = cy;
  return o;
}

// Every pixel once, and the layout's shape is the one lineShape gives.
void expectEveryPixelOnce(const LineLayout& layout) {
  std::vector<int> seen(layout.pixelCount(), 0);
  for (std::uint32_t line = 0; line < layout.count; ++line) {
    ASSERT_GT(layout.lengthOf(line), 0u);
    for (std::uint32_t p = 0; p < layout.lengthOf(line); ++p) ++seen[layout.pixelOf(line, p)];
  }
  EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
}

struct Polar {
  double distance, angle;  // angle clockwise on screen from the right, [0, 2 pi)
};
Polar polarOf(const LineLayout& l, std::uint64_t pixel, double cx, double cy) {
  const double dx = double(pixel % l.width) - cx, dy = double(pixel / l.width) - cy;
  double a = std::atan2(dy, dx);
  if (a < 0) a += 2 * kPi;
  return {std::hypot(dx, dy), a};
}

TEST(PixelSortPaths, CirclesAreRingsByDistanceEachClockwise) {
  for (const auto& [w, h, cx, cy] : std::vector<std::tuple<std::uint32_t, std::uint32_t, double, double>>{
           {9, 9, -1, -1}, {12, 7, -1, -1}, {13, 8, 2, 6.5}, {1, 6, -1, -1}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    const LineLayout l = pathLayout(w, h, onPath(PixelPath::Circles, cx, cy));
    expectEveryPixelOnce(l);
    const double x0 = cx >= 0 ? cx : (w - 1) / 2.0, y0 = cy >= 0 ? cy : (h - 1) / 2.0;
    for (std::uint32_t line = 0; line < l.count; ++line) {
      const double ring = std::round(polarOf(l, l.pixelOf(line, 0), x0, y0).distance);
      for (std::uint32_t p = 0; p < l.lengthOf(line); ++p) {
        const Polar at = polarOf(l, l.pixelOf(line, p), x0, y0);
        EXPECT_EQ(std::round(at.distance), ring) << "line " << line << " position " << p;
        if (p > 0) {
          EXPECT_GT(at.angle, polarOf(l, l.pixelOf(line, p - 1), x0, y0).angle) << "clockwise";
        }
      }
      if (line > 0) {
        EXPECT_GT(ring, std::round(polarOf(l, l.pixelOf(line - 1, 0), x0, y0).distance)) << "rings outwards";
      }
    }
  }
  // The 9x9's centre pixel is ring 0, alone; ring 1 its 8 neighbours (distances 1 and 1.41), from the right.
  const LineLayout l = pathLayout(9, 9, onPath(PixelPath::Circles));
  EXPECT_EQ(l.lengthOf(0), 1u);
  EXPECT_EQ(l.pixelOf(0, 0), 40u);
  EXPECT_EQ(l.lengthOf(1), 8u);
  EXPECT_EQ(l.pixelOf(1, 0), 41u) << "right of the centre first";
  EXPECT_EQ(l.pixelOf(1, 1), 50u) << "then below and to the right: clockwise on screen";
}

TEST(PixelSortPaths, TheSpiralIsTheRingsInOneLine) {
  const LineLayout rings = pathLayout(11, 6, onPath(PixelPath::Circles));
  const LineLayout spiral = pathLayout(11, 6, onPath(PixelPath::Spiral));
  ASSERT_EQ(spiral.count, 1u);
  EXPECT_EQ(spiral.pixels, rings.pixels);
}

TEST(PixelSortPaths, RaysGoOutwardsOneTowardsEachBorderPixel) {
  for (const auto& [w, h] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{{9, 9}, {16, 5}, {7, 12}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    const LineLayout l = pathLayout(w, h, onPath(PixelPath::Radial));
    expectEveryPixelOnce(l);
    EXPECT_LE(l.count, 2 * (w + h) - 4) << "at most a ray a border pixel";
    // Exactly one ray per direction of a border pixel (all four sides), counted apart: offsets from
    // the centre in half pixels, reduced by their gcd.
    std::set<std::pair<long, long>> directions;
    for (std::uint32_t y = 0; y < h; ++y) {
      for (std::uint32_t x = 0; x < w; ++x) {
        if (x != 0 && y != 0 && x + 1 != w && y + 1 != h) continue;
        const long dx = 2 * long(x) - long(w - 1), dy = 2 * long(y) - long(h - 1);
        const long g = std::gcd(std::labs(dx), std::labs(dy));
        if (g != 0) directions.insert({dx / g, dy / g});
      }
    }
    EXPECT_EQ(l.count, directions.size());
    const double x0 = (w - 1) / 2.0, y0 = (h - 1) / 2.0;
    double lastStart = -1;
    for (std::uint32_t line = 0; line < l.count; ++line) {
      for (std::uint32_t p = 1; p < l.lengthOf(line); ++p) {
        EXPECT_GE(polarOf(l, l.pixelOf(line, p), x0, y0).distance, polarOf(l, l.pixelOf(line, p - 1), x0, y0).distance)
            << "outwards along ray " << line;
      }
      // Each ray's last (outermost) pixel: the rays in clockwise order.
      const double angle = polarOf(l, l.pixelOf(line, l.lengthOf(line) - 1), x0, y0).angle;
      EXPECT_GE(angle, lastStart - 0.8) << "ray " << line;  // sectors are thin; a ray's pixels lie within one
      lastStart = angle;
    }
  }
}

TEST(PixelSortPaths, HilbertStepsBetweenNeighboursAndSkipsWhatLiesOutside) {
  const LineLayout square = pathLayout(16, 16, onPath(PixelPath::Hilbert));
  ASSERT_EQ(square.count, 1u);
  expectEveryPixelOnce(square);
  EXPECT_EQ(square.pixelOf(0, 0), 0u) << "from the top left";
  EXPECT_EQ(square.pixelOf(0, 255), 15u) << "to the top right";
  for (std::uint32_t p = 1; p < 256; ++p) {
    const std::int64_t a = square.pixelOf(0, p - 1), b = square.pixelOf(0, p);
    EXPECT_EQ(std::abs(a % 16 - b % 16) + std::abs(a / 16 - b / 16), 1) << "step " << p;
  }
  const LineLayout cut = pathLayout(10, 6, onPath(PixelPath::Hilbert));
  expectEveryPixelOnce(cut);
  std::vector<std::uint32_t> inSquareOrder;  // the 16x16 curve's pixels that lie in 10x6, in its order
  for (std::uint32_t p = 0; p < 256; ++p) {
    const auto x = static_cast<std::uint32_t>(square.pixelOf(0, p) % 16), y = static_cast<std::uint32_t>(square.pixelOf(0, p) / 16);
    if (x < 10 && y < 6) inSquareOrder.push_back(y * 10 + x);
  }
  EXPECT_EQ(cut.pixels, inSquareOrder);
}

// The flow: from each pixel not yet taken (row-major), steps to the neighbour its field pixel's hue
// points at, until the image's edge or a taken pixel. A red field (hue 0: right) gives the rows.
TEST(PixelSortPaths, FlowFollowsTheFieldsHue) {
  Image red;
  red.width = 7;
  red.height = 4;
  for (int i = 0; i < 28; ++i) red.rgba.insert(red.rgba.end(), {255, 0, 0, 255});
  PixelSortOptions o = onPath(PixelPath::Flow);
  o.field = std::make_shared<const Image>(red);
  const LineLayout rows = pathLayout(7, 4, o);
  std::vector<std::uint32_t> rowMajor(28);
  for (std::uint32_t i = 0; i < 28; ++i) rowMajor[i] = i;
  EXPECT_EQ(rows.pixels, rowMajor);
  EXPECT_EQ(rows.starts, (std::vector<std::uint64_t>{0, 7, 14, 21, 28}));
  // Any field: every pixel once, each step to the way its pixel points, each line ending at the edge
  // or at a pixel an earlier line (or itself) took.
  std::mt19937 rng(3);
  Image field;
  field.width = 13;
  field.height = 9;
  for (int i = 0; i < 13 * 9; ++i)
    field.rgba.insert(field.rgba.end(), {std::uint8_t(rng()), std::uint8_t(rng()), std::uint8_t(rng()), 255});
  o.field = std::make_shared<const Image>(field);
  const LineLayout l = pathLayout(13, 9, o);
  expectEveryPixelOnce(l);
  const int steps[8][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 1}};
  const auto wayOf = [&](std::uint64_t p) {
    const std::uint8_t* f = &field.rgba[4 * p];
    const double degrees = pixelKey(PixelKey::Hue, f[0], f[1], f[2]) * 360.0 / 1530.0;
    return static_cast<int>(std::floor(degrees / 45.0 + 0.5)) % 8;  // the nearest of 8, halves up
  };
  std::vector<int> takenBy(13 * 9, -1);
  for (std::uint32_t line = 0; line < l.count; ++line) {
    for (std::uint32_t p = 0; p < l.lengthOf(line); ++p) {
      const std::uint64_t at = l.pixelOf(line, p);
      takenBy[at] = int(line);
      const int x = int(at % 13) + steps[wayOf(at)][0], y = int(at / 13) + steps[wayOf(at)][1];
      const bool inside = x >= 0 && y >= 0 && x < 13 && y < 9;
      if (p + 1 < l.lengthOf(line)) {
        EXPECT_TRUE(inside);
        EXPECT_EQ(l.pixelOf(line, p + 1), std::uint64_t(y * 13 + x)) << "line " << line << " step " << p;
      } else {
        EXPECT_TRUE(!inside || takenBy[std::size_t(y * 13 + x)] >= 0) << "line " << line << " ends where it may go on";
      }
    }
  }
}

// A single line longer than the key's 48-bit order allows is cut into pieces of 2^floor((48 - key
// bits) / 2) pixels: 2^15 for luma (18 bits), 2^20 for an 8-bit key; and every piece sorts.
TEST(PixelSortPaths, LongLinesAreCutForTheKeysOrder) {
  PixelSortOptions luma = onPath(PixelPath::Hilbert);
  const LineLayout l = pathLayout(300, 200, luma);
  ASSERT_EQ(l.count, 2u);
  EXPECT_EQ(l.lengthOf(0), 32768u);
  EXPECT_EQ(l.lengthOf(1), 60000u - 32768u);
  EXPECT_TRUE(pixelSortLimit(l.shape(), PixelKey::Luma, Algorithm::BitonicWide).empty());
  PixelSortOptions red = luma;
  red.key = PixelKey::Red;
  EXPECT_EQ(pathLayout(300, 200, red).count, 1u);
  EXPECT_EQ(lineShape(300, 200, red).lineLength, 65536u);
}

}  // namespace
}  // namespace texsort
