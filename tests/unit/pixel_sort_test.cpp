// The pixel sort's CPU side: keys by their definitions, thresholds, spans, and the network's result
// (the CPU model of SpanBitonicStep) against a plain stable sort of every span.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <variant>

#include "error.h"
#include "pixelsort/pixel_sort.h"
#include "sort/cpu_model.h"
#include "test_support.h"

namespace texsort {
namespace {

TEST(PixelKeys, MatchTheirDefinitions) {
  EXPECT_EQ(pixelKey(PixelKey::Luma, 255, 255, 255), 255000u);
  EXPECT_EQ(pixelKey(PixelKey::Luma, 10, 20, 30), 299u * 10 + 587 * 20 + 114 * 30);
  // Hue: 255 per sixth of the circle, red at 0.
  EXPECT_EQ(pixelKey(PixelKey::Hue, 255, 0, 0), 0u);
  EXPECT_EQ(pixelKey(PixelKey::Hue, 255, 255, 0), 255u);
  EXPECT_EQ(pixelKey(PixelKey::Hue, 0, 255, 0), 510u);
  EXPECT_EQ(pixelKey(PixelKey::Hue, 0, 255, 255), 765u);
  EXPECT_EQ(pixelKey(PixelKey::Hue, 0, 0, 255), 1020u);
  EXPECT_EQ(pixelKey(PixelKey::Hue, 255, 0, 255), 1275u);
  EXPECT_EQ(pixelKey(PixelKey::Hue, 255, 0, 1), 1529u) << "just short of red again: floor of a negative";
  EXPECT_EQ(pixelKey(PixelKey::Hue, 200, 100, 0), 127u) << "floor(255 * 100 / 200) = floor(127.5)";
  EXPECT_EQ(pixelKey(PixelKey::Hue, 77, 77, 77), 0u) << "greys";
  EXPECT_EQ(pixelKey(PixelKey::Saturation, 255, 0, 0), 255u);
  EXPECT_EQ(pixelKey(PixelKey::Saturation, 0, 0, 0), 0u);
  EXPECT_EQ(pixelKey(PixelKey::Saturation, 200, 100, 50), 255u * 150 / 200);
  EXPECT_EQ(pixelKey(PixelKey::Lightness, 200, 100, 50), 250u);
  EXPECT_EQ(pixelKey(PixelKey::Intensity, 200, 100, 50), 350u);
  EXPECT_EQ(pixelKey(PixelKey::Min, 200, 100, 50), 50u);
  EXPECT_EQ(pixelKey(PixelKey::Max, 200, 100, 50), 200u);
  EXPECT_EQ(pixelKey(PixelKey::Red, 200, 100, 50), 200u);
  EXPECT_EQ(pixelKey(PixelKey::Green, 200, 100, 50), 100u);
  EXPECT_EQ(pixelKey(PixelKey::Blue, 200, 100, 50), 50u);
}

TEST(PixelKeys, StayInTheirRangeAndReachItsEnds) {
  for (const PixelKeyInfo& info : kPixelKeys) {
    SCOPED_TRACE(info.name);
    std::uint32_t lowest = UINT32_MAX, highest = 0;
    for (int r = 0; r < 256; r += 5)
      for (int g = 0; g < 256; g += 5)
        for (int b = 0; b < 256; b += 5) {
          const std::uint32_t k = pixelKey(info.key, std::uint8_t(r), std::uint8_t(g), std::uint8_t(b));
          lowest = std::min(lowest, k);
          highest = std::max(highest, k);
        }
    EXPECT_EQ(lowest, 0u);
    EXPECT_LE(highest, info.maxValue);
    EXPECT_GE(highest + 6, info.maxValue) << "the range is what the key reaches (steps of 5 miss a little of hue's)";
  }
}

TEST(PixelSortThresholds, AreTheCeilAndFloorOfTheFractions) {
  PixelSortOptions o;
  EXPECT_EQ(lumaBounds(o).lowest, 63750u);
  EXPECT_EQ(lumaBounds(o).highest, 204000u);
  o.lower = 0.0;
  o.upper = 1.0;
  EXPECT_EQ(lumaBounds(o).lowest, 0u);
  EXPECT_EQ(lumaBounds(o).highest, 255000u);
  o.lower = 0.3333;  // 84991.5
  o.upper = 0.3333;
  EXPECT_EQ(lumaBounds(o).lowest, 84992u);
  EXPECT_EQ(lumaBounds(o).highest, 84991u);
}

TEST(PixelSortOptions, RefuseOutOfRangeThresholds) {
  PixelSortOptions o;
  o.lower = -0.1;
  EXPECT_THROW(checkPixelSortOptions(o), Error);
  o.lower = 0.5;
  o.upper = 1.5;
  EXPECT_THROW(checkPixelSortOptions(o), Error);
  o.upper = 0.4;
  EXPECT_THROW(checkPixelSortOptions(o), Error) << "lower above upper";
  o.intervals = Intervals::None;
  EXPECT_NO_THROW(checkPixelSortOptions(o)) << "no threshold, no conflict";
}

// One row whose pixels are in (bright grey) or out (black) of the default threshold.
Image rowOf(const std::string& pattern) {
  Image image;
  image.width = static_cast<std::uint32_t>(pattern.size());
  image.height = 1;
  for (const char c : pattern) {
    const std::uint8_t v = c == 'x' ? 150 : 0;
    image.rgba.insert(image.rgba.end(), {v, v, v, 255});
  }
  return image;
}

TEST(PixelSortSpans, AreMaximalRunsCutIntoPieces) {
  const Image row = rowOf("xx.xxx.x");
  PixelSortOptions o;
  const LineLayout layout = lineLayout(row.width, row.height, 0.0);
  EXPECT_EQ(spanNumbers(row, o, layout), (std::vector<std::uint32_t>{0, 0, 2, 3, 3, 3, 6, 7}));
  o.maxSpan = 2;
  EXPECT_EQ(spanNumbers(row, o, layout), (std::vector<std::uint32_t>{0, 0, 2, 3, 3, 5, 6, 7}));
  o.intervals = Intervals::None;
  EXPECT_EQ(spanNumbers(row, o, layout), (std::vector<std::uint32_t>{0, 0, 2, 2, 4, 4, 6, 6}));
  o.maxSpan = 0;
  EXPECT_EQ(spanNumbers(row, o, layout), (std::vector<std::uint32_t>(8, 0)));
}

TEST(PixelSortElements, OrderBySpanThenKeyThenPosition) {
  // Two spans in one row of 4 (padded to 4): positions 0-1 and 2-3, keys chosen against position.
  Image image;
  image.width = 4;
  image.height = 1;
  for (const int v : {160, 100, 200, 100}) {
    const auto grey = static_cast<std::uint8_t>(v);
    image.rgba.insert(image.rgba.end(), {grey, grey, grey, 255});
  }
  PixelSortOptions o;
  o.intervals = Intervals::None;
  o.maxSpan = 2;
  const LineLayout layout = lineLayout(4, 1, 0.0);
  const std::vector<Element> e = pixelSortElements(image, o, layout);
  ASSERT_EQ(e.size(), 4u);
  const auto less = [](const Element& a, const Element& b) { return elementLess(a, b); };
  EXPECT_TRUE(less(e[1], e[0])) << "same span: the smaller key first";
  EXPECT_TRUE(less(e[0], e[3])) << "an earlier span first, whatever the keys";
  EXPECT_TRUE(less(e[3], e[2]));
  for (const Element& x : e) {
    EXPECT_LT(x.key, 16777216.0f);
    EXPECT_LT(x.index, 16777216.0f);
    EXPECT_EQ(x.key, std::floor(x.key)) << "integers, exact in float";
  }
  EXPECT_EQ(static_cast<std::uint32_t>(e[2].index) & 3u, 2u) << "the low bits of g are the position";
}

TEST(PixelSortAlgorithms, AreTheFragmentLineSorts) {
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::Bitonic));
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::BitonicFast));
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::BitonicWide));
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::OddEvenMerge));
  EXPECT_FALSE(pixelSortAlgorithm(Algorithm::Radix));
  EXPECT_FALSE(pixelSortAlgorithm(Algorithm::ComputeB16));
  EXPECT_THROW(checkPixelSortAlgorithm(Algorithm::Radix), Error);
  const PassSchedule wide = pixelSortSchedule(lineLayout(100, 3, 0.0), Algorithm::BitonicWide);
  ASSERT_TRUE(std::holds_alternative<WideGather>(wide.back()));
  EXPECT_EQ(std::get<WideGather>(wide.back()).positionBits, 7u) << "lines of 128";
}

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
    for (const std::uint32_t pixel : layout.pixels) ++seen[pixel];
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

TEST(PixelSortNetwork, EqualsAStableSortOfEverySpan) {
  std::mt19937 rng(11);
  const std::pair<std::uint32_t, std::uint32_t> sizes[] = {{1, 1}, {1, 9}, {9, 1}, {7, 5}, {13, 9}, {33, 4}};
  for (const auto& [w, h] : sizes) {
    const Image image = test::randomImage(w, h, rng, 6);  // few colours: many equal keys
    for (const double angle : {0.0, kVerticalAngle, 30.0, -60.0}) {
      for (const PixelKeyInfo& key : kPixelKeys) {
        PixelSortOptions o;
        o.angle = angle;
        o.key = key.key;
        o.order = rng() % 2 ? SortOrder::Descending : SortOrder::Ascending;
        o.intervals = rng() % 3 == 0 ? Intervals::None : Intervals::Threshold;
        o.lower = 0.1 * double(rng() % 4);
        o.upper = o.lower + 0.2 * double(1 + rng() % 3);
        o.maxSpan = rng() % 3 == 0 ? 1 + rng() % 4 : 0;
        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " at " + std::to_string(angle) + " " + key.name);
        const LineLayout layout = lineLayout(w, h, angle);
        const Image reference = pixelSortReference(image, o);
        for (const Algorithm algorithm : kAlgorithms) {
          if (!pixelSortAlgorithm(algorithm)) continue;
          const std::vector<Element> sorted =
              runSchedule(pixelSortSchedule(layout, algorithm), pixelSortElements(image, o, layout));
          EXPECT_EQ(pixelSortImage(image, sorted, layout).rgba, reference.rgba) << algorithmName(algorithm);
        }
      }
    }
  }
}

TEST(PixelSortNetwork, MovesPixelsOnlyInsideTheirSpans) {
  const Image row = rowOf("xx.xxx.x");
  Image image = row;
  for (std::size_t p = 0; p < 8; ++p) image.rgba[4 * p + 3] = std::uint8_t(p);  // alpha names the pixel
  image.rgba[4 * 0 + 0] = 200;  // brighter first pixel of the first span: it moves to the span's end
  PixelSortOptions o;
  const LineLayout layout = lineLayout(8, 1, 0.0);
  const Image out =
      pixelSortImage(image, runSchedule(pixelSortSchedule(layout, Algorithm::Bitonic), pixelSortElements(image, o, layout)), layout);
  std::vector<int> alphas;
  for (std::size_t p = 0; p < 8; ++p) alphas.push_back(out.rgba[4 * p + 3]);
  EXPECT_EQ(alphas, (std::vector<int>{1, 0, 2, 3, 4, 5, 6, 7}));
}

}  // namespace
}  // namespace texsort
