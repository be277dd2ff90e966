// The pixel sort's lines: rows and columns, any angle covering every pixel once, the source maps
// both ways, packed rows, and the limits past 2^24 elements.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <tuple>
#include <variant>

#include "error.h"
#include "pixelsort/pixel_sort.h"
#include "sort/bits.h"
#include "sort/cpu_model.h"
#include "sort/wide_layout.h"
#include "test_support.h"

namespace texsort {
namespace {

TEST(PixelSortLines, AxisAnglesAreRowsAndColumns) {
  const LineLayout columns = lineLayout(5, 3, kVerticalAngle);
  EXPECT_EQ(columns.count, 5u);
  EXPECT_EQ(columns.longest, 3u);
  EXPECT_EQ(columns.paddedLength, 4u);
  EXPECT_EQ(columns.paddedCount, 8u);
  EXPECT_EQ(columns.pixelOf(2, 1), 1u * 5 + 2) << "column 2, top to bottom";
  EXPECT_EQ(lineLayout(5, 3, 0.0).pixelOf(2, 1), 2u * 5 + 1) << "row 2, left to right";
  EXPECT_EQ(lineLayout(5, 3, 180.0).pixelOf(2, 1), 2u * 5 + 3) << "row 2, right to left";
  EXPECT_EQ(lineLayout(5, 3, 90.0).pixelOf(2, 0), 2u * 5 + 2) << "column 2, bottom to top";
  EXPECT_EQ(lineLayout(5, 3, 270.0).pixels, columns.pixels);
  EXPECT_EQ(lineLayout(5, 3, -450.0).pixels, columns.pixels) << "any number of turns";
}

// Lines at any angle: every pixel exactly once, each line 8-connected and straight (its pixels
// advance along the direction, never back), the lines parallel (one pixel apart).
TEST(PixelSortLines, AnyAngleCoversEveryPixelOnceWithStraightLines) {
  for (const double angle : {0.0, 30.0, 45.0, 90.0, -60.0, 137.5, 200.0, 1e-9}) {
    SCOPED_TRACE(angle);
    const std::uint32_t w = 23, h = 17;
    const LineLayout layout = lineLayout(w, h, angle);
    std::vector<int> seen(w * h, 0);
    for (std::uint32_t line = 0; line < layout.count; ++line)
      for (std::uint32_t p = 0; p < layout.lengthOf(line); ++p) ++seen[layout.pixelOf(line, p)];
    EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), static_cast<long>(w * h)) << "each pixel once";
    const double radians = angle * 3.14159265358979323846 / 180.0;
    const double dx = std::cos(radians), dy = -std::sin(radians);
    for (std::uint32_t line = 0; line < layout.count; ++line) {
      for (std::uint32_t p = 1; p < layout.lengthOf(line); ++p) {
        const auto a = layout.pixelOf(line, p - 1), b = layout.pixelOf(line, p);
        const long ax = long(a % w), ay = long(a / w), bx = long(b % w), by = long(b / w);
        ASSERT_LE(std::abs(bx - ax), 1) << "line " << line << " position " << p;
        ASSERT_LE(std::abs(by - ay), 1) << "line " << line << " position " << p;
        EXPECT_GT(double(bx - ax) * dx + double(by - ay) * dy, 0.0) << "forward along the direction";
      }
    }
  }
}

// The lines at an angle other than the axes', exactly as lineLayout's comment defines them: a plain
// sort of every pixel by (line n . (x, y) rounded, position d . (x, y)) on odd sizes, thin images
// and angles near the axes (where rows hold long runs of one line).
TEST(PixelSortLines, AngledLinesAreThePixelsInOrderOfLineThenPosition) {
  const std::pair<std::uint32_t, std::uint32_t> sizes[] = {{23, 17}, {1, 9}, {9, 1}, {64, 64}, {37, 100}};
  for (const auto& [w, h] : sizes) {
    for (const double angle : {30.0, 45.0, -60.0, 137.5, 200.0, 300.0, 0.5, 89.5, 179.9, 270.01, 1e-4, -33.3}) {
      SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " at " + std::to_string(angle));
      const double turns = angle < 0 ? angle + 360.0 : angle;  // the same angle as lineLayout's [0, 360)
      const double radians = turns * 3.14159265358979323846 / 180.0;
      const double c = std::cos(radians), s = std::sin(radians);
      struct Place {
        std::int64_t line;
        double along;
        std::uint32_t pixel;
      };
      std::vector<Place> places;
      for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x) places.push_back({std::llround(s * x + c * y), c * x - s * y, y * w + x});
      std::sort(places.begin(), places.end(), [](const Place& a, const Place& b) {
        return std::tie(a.line, a.along, a.pixel) < std::tie(b.line, b.along, b.pixel);
      });
      std::vector<std::uint64_t> starts{0};
      std::vector<std::uint32_t> pixels;
      for (std::size_t i = 0; i < places.size(); ++i) {
        if (i > 0 && places[i].line != places[i - 1].line) starts.push_back(i);
        pixels.push_back(places[i].pixel);
      }
      starts.push_back(places.size());
      const LineLayout layout = lineLayout(w, h, angle);
      EXPECT_EQ(layout.starts, starts);
      EXPECT_EQ(layout.pixels, pixels);
      EXPECT_EQ(layout.count, starts.size() - 1);
    }
  }
}

// The source's two tables are inverses at every angle, including rows and columns, whose element
// of each pixel is arithmetic, and with lines packed: pixel i is at element e, element e names
// pixel i, and e is its line's element at its position there. Only a line's first pixel carries
// the line-start flag, and only on listed lines.
TEST(PixelSortLines, TheSourceMapsPixelsAndElementsBothWays) {
  std::mt19937 rng(12);
  const Image image = test::randomImage(13, 6, rng, 8);
  for (const bool pack : {false, true}) {
    for (const double angle : {0.0, 180.0, 90.0, -90.0, 30.0, -60.0}) {
      SCOPED_TRACE(std::to_string(angle) + (pack ? " packed" : ""));
      const LineLayout layout = lineLayout(image.width, image.height, angle, pack);
      const std::vector<PixelTexel> source = pixelSortSource(image, PixelSortOptions{}, layout);
      ASSERT_EQ(source.size(), layout.paddedLength * layout.paddedCount);
      std::uint64_t pixels = 0;
      for (std::uint32_t line = 0; line < layout.count; ++line) {
        for (std::uint32_t p = 0; p < layout.lengthOf(line); ++p, ++pixels) {
          const std::uint64_t i = layout.pixelOf(line, p), e = layout.elementOf(line, p);
          ASSERT_EQ(source[i].element, static_cast<std::int32_t>(e));
          ASSERT_EQ(source[e].pixel, static_cast<std::int32_t>(i));
          const bool flagged = (static_cast<std::uint32_t>(source[i].alphaMask) & kLineStartFlag) != 0;
          ASSERT_EQ(flagged, p == 0 && layout.axis == LineAxis::None);
        }
      }
      EXPECT_EQ(pixels, image.pixelCount());
      const auto named = std::count_if(source.begin(), source.end(), [](const PixelTexel& t) { return t.pixel >= 0; });
      EXPECT_EQ(static_cast<std::uint64_t>(named), image.pixelCount()) << "padding names no pixel";
    }
  }
}

// Photos past 2^24 elements (a 6000x4000 row sort pads to 4096 rows of 8192, 2^25): every line sort
// but bitonic-legacy (its float index arithmetic) takes them, since the passes find a position's
// pixel from its line and position in integers; the 48-bit order still bounds a line's length.
TEST(PixelSortLimits, EveryLineSortButTheFloatOneTakesPhotosPast2To24Elements) {
  const SortShape photo = lineShape(6000, 4000, 0.0);
  ASSERT_EQ(photo.count(), std::uint64_t{1} << 25);
  for (const Algorithm a :
       {Algorithm::Bitonic, Algorithm::OddEvenMerge, Algorithm::BitonicFast, Algorithm::BitonicWide}) {
    EXPECT_EQ(pixelSortLimit(photo, PixelKey::Luma, a), "") << algorithmName(a);
  }
  EXPECT_EQ(pixelSortLimit(photo, PixelKey::Luma, Algorithm::BitonicLegacy),
            "4096 rows of 8192 elements, more than the 16777216 that bitonic-legacy sorts (its float index arithmetic "
            "is exact only up to 2^24)");
  EXPECT_EQ(pixelSortLimit(lineShape(4096, 4096, 0.0), PixelKey::Luma, Algorithm::BitonicLegacy), "") << "2^24 itself";
  const SortShape tooMany{std::uint64_t{1} << 14, std::uint64_t{1} << 15};
  EXPECT_EQ(pixelSortLimit(tooMany, PixelKey::Luma, Algorithm::BitonicWide),
            "32768 rows of 16384 elements, more than the 268435456 that bitonic-wide sorts");
  EXPECT_EQ(pixelSortLimit(SortShape{std::uint64_t{1} << 16, 16}, PixelKey::Red, Algorithm::BitonicWide), "")
      << "2 x 16 position bits + 8 key bits = 40 of 48";
  EXPECT_EQ(pixelSortLimit(SortShape{std::uint64_t{1} << 16, 16}, PixelKey::Luma, Algorithm::BitonicWide),
            "lines of 65536 elements, too long for the 48-bit order with --key luma");
}

// Past 2^24 the source names pixels and elements exactly (a float rounds every odd one there):
// 4097 x 2049 pixels in rows of 8192 put the last row at elements 2^24 .. 2^24 + 4096, and at 30
// degrees the lines' tables do the same for the last lines.
TEST(PixelSortLines, TheSourceNamesElementsPast2To24Exactly) {
  Image image;
  image.width = 4097;
  image.height = 2049;
  image.channels = 3;
  image.rgba.assign(image.pixelCount() * 4, 90);
  const PixelSortOptions options;
  const std::uint64_t k2to24 = std::uint64_t{1} << 24;
  {
    const LineLayout rows = lineLayout(image.width, image.height, 0.0);
    ASSERT_EQ(rows.paddedLength, 8192u);  // row 2048, the last, starts at element 2^24
    const PixelSource source(image, options, rows);
    const std::uint64_t lastRow = std::uint64_t{2048} * image.width;
    std::vector<PixelTexel> texels(image.width);
    source.fill(lastRow, image.width, texels.data());  // the last row's pixels: the element holding each
    for (std::uint32_t x = 0; x < image.width; ++x) {
      ASSERT_EQ(texels[x].element, static_cast<std::int32_t>(k2to24 + x)) << x;
    }
    texels.resize(8192);
    source.fill(k2to24, texels.size(), texels.data());  // the last row's elements: the pixel at each
    for (std::uint32_t x = 0; x < 8192; ++x) {
      ASSERT_EQ(texels[x].pixel, x < image.width ? static_cast<std::int32_t>(lastRow + x) : -1) << x;
    }
  }
  const LineLayout slanted = lineLayout(image.width, image.height, 30.0);  // a line a row: 2^25 elements
  const PixelSource source(image, options, slanted);
  std::uint32_t checked = 0;
  for (std::uint32_t line = slanted.count; line-- > 0 && slanted.elementOf(line, 0) > k2to24;) {
    for (std::uint32_t p = 0; p < slanted.lengthOf(line); ++p, ++checked) {
      const std::uint64_t pixel = slanted.pixelOf(line, p), element = slanted.elementOf(line, p);
      PixelTexel atPixel, atElement;
      source.fill(pixel, 1, &atPixel);
      source.fill(element, 1, &atElement);
      ASSERT_EQ(atPixel.element, static_cast<std::int32_t>(element));
      ASSERT_EQ(atElement.pixel, static_cast<std::int32_t>(pixel));
    }
  }
  EXPECT_GT(checked, 1000000u) << "lines past 2^24";
}

// Packed lines: in their order, each inside one row, none overlapping, a new row only where the
// next line does not fit the row in hand; half the rows or fewer at angles.
TEST(PixelSortLines, PackedLinesFillRowsInOrderWithoutCrossingThem) {
  const std::pair<std::uint32_t, std::uint32_t> sizes[] = {{23, 17}, {64, 64}, {100, 37}, {1, 9}};
  for (const auto& [w, h] : sizes) {
    for (const double angle : {30.0, 45.0, -60.0, 137.5, 10.0}) {
      SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " at " + std::to_string(angle));
      const LineLayout single = lineLayout(w, h, angle), packed = lineLayout(w, h, angle, true);
      EXPECT_EQ(packed.pixels, single.pixels);
      EXPECT_EQ(packed.paddedLength, single.paddedLength);
      const std::uint64_t L = packed.paddedLength;
      std::uint64_t rows = 0;
      for (std::uint32_t line = 0; line < packed.count; ++line) {
        const std::uint64_t first = packed.firstElements[line], end = first + packed.lengthOf(line);
        ASSERT_EQ(first / L, (end - 1) / L) << "line " << line << " inside one row";
        ASSERT_EQ(single.firstElements[line], line * L);
        if (line > 0) {
          const std::uint64_t previousEnd = packed.firstElements[line - 1] + packed.lengthOf(line - 1);
          if (first != previousEnd) {  // a new row: this line did not fit after the previous one
            ASSERT_EQ(first % L, 0u);
            ASSERT_GT(previousEnd % L + packed.lengthOf(line), L);
          }
        }
        rows = first / L + 1;
      }
      EXPECT_EQ(packed.paddedCount, nextPowerOfTwo(rows));
      EXPECT_LE(packed.paddedCount, single.paddedCount);
      EXPECT_EQ(lineShape(w, h, angle, true), packed.shape());
    }
  }
  EXPECT_EQ(lineLayout(2048, 2048, 30.0, true).paddedCount * 2, lineLayout(2048, 2048, 30.0).paddedCount)
      << "2048x2048 at 30 degrees: 2797 lines in 1539 rows, padded to 2048 instead of 4096";
  EXPECT_EQ(lineLayout(64, 64, 0.0, true).shape(), lineLayout(64, 64, 0.0).shape()) << "rows stay a line a row";
}

// The checks before the line tables exist (the limit, the memory budget) take the padded shape from
// lineShape: it must be the tables' own, at every angle and size, including lines of one pixel.
TEST(PixelSortLines, TheShapeWithoutTablesIsTheLayoutsShape) {
  const std::pair<std::uint32_t, std::uint32_t> sizes[] = {{1, 1}, {1, 9}, {9, 1}, {23, 17}, {64, 3}, {100, 37}};
  for (const auto& [w, h] : sizes) {
    for (const double angle : {0.0, 180.0, 90.0, -90.0, 30.0, 45.0, -60.0, 137.5, 200.0, 1e-9, 89.999, 721.0}) {
      for (const bool pack : {false, true}) {
        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " at " + std::to_string(angle) + (pack ? " packed" : ""));
        const LineLayout layout = lineLayout(w, h, angle, pack);
        EXPECT_EQ(lineShape(w, h, angle, pack), layout.shape());
      }
    }
  }
  EXPECT_EQ(lineShape(100, 37, 30.0).lineCount, 128u) << "more lines than either side";
}

// Which options let lines share rows: not those whose choices hash a position's line and place.
TEST(PixelSortLines, OnlyIntervalsThatNeedNoLinePositionPack) {
  PixelSortOptions o;
  EXPECT_TRUE(packsLines(o));
  for (const Intervals i : {Intervals::None, Intervals::Edges, Intervals::Mask}) {
    o.intervals = i;
    EXPECT_TRUE(packsLines(o)) << intervalsInfo(i).name;
  }
  o.maxSpan = 5;
  EXPECT_TRUE(packsLines(o)) << "pieces count from their span's start";
  for (const Intervals i : {Intervals::Random, Intervals::Waves}) {
    o.intervals = i;
    EXPECT_FALSE(packsLines(o)) << intervalsInfo(i).name;
  }
  o.intervals = Intervals::Threshold;
  o.skipPercent = 10;
  EXPECT_FALSE(packsLines(o)) << "--skip";
}

}  // namespace
}  // namespace texsort
