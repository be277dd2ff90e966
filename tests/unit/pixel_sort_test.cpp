// The pixel sort's CPU side: keys by their definitions, thresholds, spans of every interval kind,
// and the CPU model of the whole schedule (span scan, order, line sort, image order) against a plain
// stable sort of every span.
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

// A mask pixel is white from half the luma scale on, that half included: RGB (0, 204, 68) has
// Y = 127500, exactly 255000 / 2.
TEST(MaskRule, HalfTheLumaScaleExactlyIsWhite) {
  EXPECT_EQ(2 * lumaKey(0, 204, 68), kMaxLuma);
  EXPECT_TRUE(maskWhite(0, 204, 68));
  EXPECT_FALSE(maskWhite(0, 204, 67));
  EXPECT_TRUE(maskWhite(255, 255, 255));
  EXPECT_FALSE(maskWhite(0, 0, 0));
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
  o.skipPercent = 101;
  EXPECT_THROW(checkPixelSortOptions(o), Error);
  o.skipPercent = 100;
  o.spanLength = 0;
  EXPECT_THROW(checkPixelSortOptions(o), Error);
  o.spanLength = 1;
  EXPECT_NO_THROW(checkPixelSortOptions(o));
  Image mask;
  mask.width = 3;
  mask.height = 2;
  mask.rgba.assign(24, 255);
  o.mask = std::make_shared<const Image>(mask);
  EXPECT_NO_THROW(checkMaskSize(o, 3, 2, "m.png"));
  try {
    checkMaskSize(o, 2, 3, "m.png");
    ADD_FAILURE() << "a mask of another size";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::Usage);
    EXPECT_NE(std::string(e.what()).find("m.png"), std::string::npos) << e.what();
  }
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

// The CPU model of the whole pixel-sort schedule, from the source texels to the image.
SortState modelState(const Image& image, const PixelSortOptions& o, Algorithm algorithm, std::size_t passes = SIZE_MAX) {
  const LineLayout layout = lineLayout(image.width, image.height, o.angle, packsLines(o));
  PassSchedule schedule = pixelSortSchedule(layout, algorithm, o);
  schedule.passes.resize(std::min(passes, schedule.passes.size()));
  SortState state;
  state.source = pixelSortSource(image, o, layout);
  return runScheduleState(schedule, state);
}
Image modelImage(const Image& image, const PixelSortOptions& o, Algorithm algorithm) {
  return pixelSortOutput(image, modelState(image, o, algorithm).pixels);
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
  const PassSchedule schedule = pixelSortSchedule(lineLayout(4, 1, 0.0), Algorithm::Bitonic, o);
  const auto order = std::find_if(schedule.begin(), schedule.end(), [](const Pass& p) { return std::holds_alternative<PixelOrder>(p); });
  ASSERT_NE(order, schedule.end());
  const std::vector<Element> e = modelState(image, o, Algorithm::Bitonic, std::size_t(order - schedule.begin()) + 1).elements;
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

TEST(PixelSortSpans, RandomBreaksHaveTheMeanLengthAndFollowTheSeed) {
  Image row;
  row.width = 20000;
  row.height = 1;
  row.rgba.assign(4 * row.width, 128);
  PixelSortOptions o;
  o.intervals = Intervals::Random;
  o.spanLength = 50;
  const LineLayout layout = lineLayout(row.width, 1, 0.0);
  const auto starts = [&](const PixelSortOptions& options) {
    std::vector<std::uint32_t> s;
    const std::vector<std::uint32_t> spans = spanNumbers(row, options, layout);
    for (std::uint32_t p = 0; p < row.width; ++p)
      if (spans[p] == p) s.push_back(p);
    return s;
  };
  const std::vector<std::uint32_t> a = starts(o);
  EXPECT_NEAR(double(row.width) / double(a.size()), 50.0, 5.0) << "mean span length";
  EXPECT_EQ(starts(o), a) << "deterministic";
  o.seed = 7;
  EXPECT_NE(starts(o), a) << "another seed, other spans";
  o.spanLength = 1;
  EXPECT_EQ(starts(o).size(), row.width) << "length 1: every pixel its own span";
}

TEST(PixelSortSpans, WavesAreTheSpanLengthGiveOrTakeAQuarterAndDriftAcrossLines) {
  Image image;
  image.width = 400;
  image.height = 40;
  image.rgba.assign(4 * image.width * image.height, 128);
  PixelSortOptions o;
  o.intervals = Intervals::Waves;
  o.spanLength = 32;
  const LineLayout layout = lineLayout(image.width, image.height, 0.0);
  const std::vector<std::uint32_t> spans = spanNumbers(image, o, layout);
  std::vector<std::uint32_t> firstBreak;
  for (std::uint32_t line = 0; line < layout.count; ++line) {
    std::vector<std::uint32_t> s;
    for (std::uint32_t p = 1; p < image.width; ++p)
      if (spans[layout.starts[line] + p] == p) s.push_back(p);
    ASSERT_GE(s.size(), 10u);
    for (std::size_t k = 1; k < s.size(); ++k) {
      EXPECT_GE(s[k] - s[k - 1], 32u - 8 + 1);
      EXPECT_LE(s[k] - s[k - 1], 32u + 8 - 1);
    }
    firstBreak.push_back(s[0]);
  }
  std::sort(firstBreak.begin(), firstBreak.end());
  EXPECT_GT(firstBreak.back() - firstBreak.front(), 10u) << "the breaks move from line to line";
}

TEST(PixelSortSpans, EdgesBreakAtAStepInLuma) {
  // Left half dark, right half bright: every row breaks where the step is, and nowhere else.
  Image image;
  image.width = 12;
  image.height = 3;
  for (std::uint32_t i = 0; i < 36; ++i) {
    const std::uint8_t v = (i % 12) < 6 ? 20 : 230;
    image.rgba.insert(image.rgba.end(), {v, v, v, 255});
  }
  PixelSortOptions o;
  o.intervals = Intervals::Edges;
  o.lower = 0.5;
  const LineLayout layout = lineLayout(image.width, image.height, 0.0);
  const std::vector<std::uint32_t> spans = spanNumbers(image, o, layout);
  for (std::uint32_t p = 0; p < 12; ++p) {
    // The Sobel window of pixels 5 and 6 straddles the step: |Gx| = 4 * 210 * 1000 > 4 * 127500.
    EXPECT_EQ(spans[12 + p], p < 5 ? 0u : p == 5 ? 5u : 6u) << "position " << p;
  }
  o.lower = 0.9;  // 4 * 229500 is above any edge here
  EXPECT_EQ(spanNumbers(image, o, layout), std::vector<std::uint32_t>(36, 0)) << "no edge that strong: whole rows";
}

TEST(PixelSortSpans, MaskKeepsBlackPixelsOutAndSkipLeavesWholeSpans) {
  const Image row = rowOf("xxxxxxxx");
  Image mask = rowOf("xx.xxx.x");
  for (std::uint8_t& c : mask.rgba) c = c ? 255 : 0;
  PixelSortOptions o;
  o.intervals = Intervals::Mask;
  o.mask = std::make_shared<const Image>(mask);
  const LineLayout layout = lineLayout(8, 1, 0.0);
  EXPECT_EQ(spanNumbers(row, o, layout), (std::vector<std::uint32_t>{0, 0, 2, 3, 3, 3, 6, 7}));
  o.intervals = Intervals::None;
  EXPECT_EQ(spanNumbers(row, o, layout), (std::vector<std::uint32_t>{0, 0, 2, 3, 3, 3, 6, 7})) << "with any kind";
  o.skipPercent = 100;
  EXPECT_EQ(spanNumbers(row, o, layout), (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7})) << "all left";
}

TEST(PixelSortSpans, SkipLeavesAboutThatShareOfSpansUnsorted) {
  std::mt19937 rng(5);
  const Image image = test::randomImage(64, 64, rng, 255);
  PixelSortOptions o;
  o.intervals = Intervals::Random;
  o.spanLength = 8;
  const LineLayout layout = lineLayout(64, 64, 0.0);
  const std::vector<std::uint32_t> all = spanNumbers(image, o, layout);
  o.skipPercent = 30;
  const std::vector<std::uint32_t> some = spanNumbers(image, o, layout);
  std::uint64_t spans = 0, skipped = 0;
  for (std::size_t i = 0; i + 1 < all.size(); ++i) {
    const std::uint32_t p = static_cast<std::uint32_t>(i % 64);
    if (all[i] != p || p == 63 || all[i + 1] != p) continue;  // the first pixel of a span of two or more
    ++spans;
    skipped += some[i + 1] == p + 1;
  }
  EXPECT_NEAR(double(skipped) / double(spans), 0.30, 0.06);
  const Image sorted = pixelSortReference(image, o);
  o.skipPercent = 100;
  EXPECT_EQ(pixelSortReference(image, o).rgba, image.rgba) << "--skip 100 sorts nothing";
  EXPECT_NE(sorted.rgba, image.rgba);
}

TEST(PixelSortAlgorithms, AreTheFragmentLineSorts) {
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::Bitonic));
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::BitonicFast));
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::BitonicWide));
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::OddEvenMerge));
  EXPECT_FALSE(pixelSortAlgorithm(Algorithm::Radix));
  EXPECT_FALSE(pixelSortAlgorithm(Algorithm::ComputeB16));
  EXPECT_THROW(checkPixelSortAlgorithm(Algorithm::Radix), Error);
  // Rows on the wide path: line order is image order, so the last sort pass (bits 0-3: 16
  // consecutive positions a fragment) writes the image's bytes and no gather follows. Columns keep
  // the gather, which also takes the lines back to image order; bitonic has its own pass for that.
  const PassSchedule wide = pixelSortSchedule(lineLayout(100, 3, 0.0), Algorithm::BitonicWide, PixelSortOptions{});
  ASSERT_TRUE(std::holds_alternative<WideBitonicSteps>(wide.back()));
  const auto& last = std::get<WideBitonicSteps>(wide.back());
  EXPECT_EQ(last.positionBits, 7u) << "lines of 128";
  EXPECT_EQ(last.pixels, 300u);
  EXPECT_EQ(last.window, kWideLowWindow);
  EXPECT_EQ(passWrites(wide.back()), Buffer::Groups);
  EXPECT_EQ(std::count_if(wide.begin(), wide.end(), [](const Pass& p) { return passWrites(p) == Buffer::Groups; }), 1);
  const PassSchedule columns = pixelSortSchedule(lineLayout(100, 3, -90.0), Algorithm::BitonicWide, PixelSortOptions{});
  ASSERT_TRUE(std::holds_alternative<WideGather>(columns.back()));
  EXPECT_EQ(std::get<WideGather>(columns.back()).positionBits, 2u) << "lines of 4";
  EXPECT_EQ(std::get<WideGather>(columns.back()).pixels, 300u);
  const PassSchedule fast = pixelSortSchedule(lineLayout(100, 3, 0.0), Algorithm::BitonicFast, PixelSortOptions{});
  ASSERT_TRUE(std::holds_alternative<GatherByIndex>(fast.back()));
  EXPECT_EQ(std::get<GatherByIndex>(fast.back()).pixels, 300u);
  const PassSchedule plain = pixelSortSchedule(lineLayout(100, 3, 0.0), Algorithm::Bitonic, PixelSortOptions{});
  ASSERT_TRUE(std::holds_alternative<ImageOrder>(plain.back()));
  EXPECT_EQ(std::get<ImageOrder>(plain.back()).pixels, 300u);
  ASSERT_TRUE(std::holds_alternative<SpanStarts>(wide.front()));
  EXPECT_EQ(std::count_if(wide.begin(), wide.end(), [](const Pass& p) { return std::holds_alternative<SpanScanStep>(p); }),
            1) << "distance 1 covers lines of 128: 4 words";
}

// The runner keeps one half of a buffer that no pass reads while writing it: on the fast and wide
// paths the elements (the key pass writes them, the first sort pass reads them; the gather writes
// the image's bytes, taking colour from the source), saving a whole element texture. Every line
// sort's last pass writes the image's bytes.
TEST(PixelSortAlgorithms, FastAndWidePathsNeverReadTheElementsWhileWritingThem) {
  const auto readWhileWritten = [](const PassSchedule& schedule) {
    unsigned buffers = 0;
    for (const Pass& pass : schedule) buffers |= passReads(pass) & bufferBit(passWrites(pass));
    return buffers;
  };
  // The wide path's first pass makes the elements from the pixels: no pass touches an element texture.
  unsigned wideUses = 0;
  const PassSchedule wide = pixelSortSchedule(lineLayout(300, 3, 0.0), Algorithm::BitonicWide, PixelSortOptions{});
  ASSERT_GT(std::count_if(wide.begin(), wide.end(), [](const Pass& p) { return std::holds_alternative<WideBitonicSteps>(p); }),
            4) << "lines of 512: wide passes after the first";
  for (const Pass& pass : wide) wideUses |= passReads(pass) | bufferBit(passWrites(pass));
  EXPECT_EQ(wideUses & bufferBit(Buffer::Elements), 0u);
  EXPECT_NE(wideUses & bufferBit(Buffer::Source), 0u);
  for (const Algorithm a : test::lineAlgorithms()) {
    if (!pixelSortAlgorithm(a)) continue;
    const PassSchedule schedule = pixelSortSchedule(lineLayout(100, 3, 30.0), a, PixelSortOptions{});
    const auto keyPasses =
        std::count_if(schedule.begin(), schedule.end(), [](const Pass& p) { return std::holds_alternative<PixelOrder>(p); });
    EXPECT_EQ(keyPasses, a == Algorithm::BitonicWide ? 0 : 1) << algorithmName(a);
    EXPECT_EQ(passWrites(schedule.passes.back()), Buffer::Pixels) << algorithmName(a);
    EXPECT_EQ(std::count_if(schedule.begin(), schedule.end(), [](const Pass& p) { return passWrites(p) == Buffer::Pixels; }),
              1) << algorithmName(a);
  }
  const LineLayout layout = lineLayout(100, 3, 30.0);
  for (const Algorithm a : {Algorithm::BitonicFast, Algorithm::BitonicWide}) {
    EXPECT_EQ(readWhileWritten(pixelSortSchedule(layout, a, PixelSortOptions{})) & bufferBit(Buffer::Elements), 0u)
        << algorithmName(a);
    EXPECT_NE(readWhileWritten(scheduleFor(a, 1024)) & bufferBit(Buffer::Elements), 0u)
        << algorithmName(a) << ": sorting elements, the gather reads them as uploaded";
  }
  EXPECT_NE(readWhileWritten(pixelSortSchedule(layout, Algorithm::Bitonic, PixelSortOptions{})) & bufferBit(Buffer::Elements), 0u)
      << "bitonic steps read and write the elements";
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
            "lines of 65536 elements, too long for the 48-bit order with key luma");
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
        o.intervals = kIntervals[rng() % std::size(kIntervals)].intervals;
        o.lower = 0.1 * double(rng() % 4);
        o.upper = o.lower + 0.2 * double(1 + rng() % 3);
        o.spanLength = std::uint32_t(1 + rng() % 5);
        o.seed = std::uint32_t(rng());
        o.maxSpan = std::uint32_t(rng() % 3 == 0 ? 1 + rng() % 4 : 0);
        o.skipPercent = std::uint32_t(rng() % 3 == 0 ? rng() % 101 : 0);
        if (o.intervals == Intervals::Mask || rng() % 4 == 0) o.mask = std::make_shared<const Image>(test::randomImage(w, h, rng, 2));
        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " at " + std::to_string(angle) + " " + key.name +
                     " " + intervalsInfo(o.intervals).name);
        const Image reference = pixelSortReference(image, o);
        for (const Algorithm algorithm : kAlgorithms) {
          if (!pixelSortAlgorithm(algorithm)) continue;
          EXPECT_EQ(modelImage(image, o, algorithm).rgba, reference.rgba) << algorithmName(algorithm);
        }
      }
    }
  }
}

// The report's span count, read off the span words the model (and so the GPU) leaves, is the count
// of runs of two or more pixels in the reference's spans (spanNumbers: a run starts where a pixel
// is its own span number and the next pixel of the line takes that number).
TEST(PixelSortSpans, TheWordsCountTheRunsOfTwoOrMoreThatTheReferenceSorts) {
  std::mt19937 rng(5);
  // 8x4 and 32x2 at 0 degrees: no padding, the last span ends at the last position.
  const std::pair<std::uint32_t, std::uint32_t> sizes[] = {{1, 1}, {1, 9}, {9, 1}, {7, 5}, {8, 4}, {32, 2}, {40, 3}, {70, 20}};
  for (const auto& [w, h] : sizes) {
    const Image image = test::randomImage(w, h, rng, 3);
    for (const double angle : {0.0, kVerticalAngle, 30.0}) {
      for (int round = 0; round < 6; ++round) {
        PixelSortOptions o;
        o.angle = angle;
        o.intervals = kIntervals[rng() % std::size(kIntervals)].intervals;
        o.upper = 0.6;
        o.spanLength = std::uint32_t(1 + rng() % 6);
        o.seed = std::uint32_t(rng());
        o.maxSpan = std::uint32_t(round % 2 ? 1 + rng() % 4 : 0);
        o.skipPercent = std::uint32_t(round % 3 == 2 ? rng() % 101 : 0);
        if (o.intervals == Intervals::Mask) o.mask = std::make_shared<const Image>(test::randomImage(w, h, rng, 2));
        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " at " + std::to_string(angle) + " " +
                     intervalsInfo(o.intervals).name + " max " + std::to_string(o.maxSpan) + " skip " +
                     std::to_string(o.skipPercent));
        const LineLayout layout = lineLayout(w, h, angle, packsLines(o));
        const std::vector<std::uint32_t> spans = spanNumbers(image, o, layout);
        std::uint64_t expected = 0;
        for (std::uint32_t line = 0; line < layout.count; ++line) {
          const std::uint32_t* span = &spans[layout.starts[line]];
          for (std::uint32_t p = 0; p + 1 < layout.lengthOf(line); ++p) expected += span[p] == p && span[p + 1] == p;
        }
        const std::uint64_t positions = layout.paddedLength * layout.paddedCount;
        EXPECT_EQ(longSpanCount(modelState(image, o, Algorithm::BitonicWide).spans, positions,
                                log2Exact(layout.paddedLength), o.maxSpan, o.skipPercent, o.seed),
                  expected);
      }
    }
  }
}

TEST(PixelSortNetwork, MovesPixelsOnlyInsideTheirSpans) {
  const Image row = rowOf("xx.xxx.x");
  Image image = row;
  for (std::size_t p = 0; p < 8; ++p) image.rgba[4 * p + 3] = std::uint8_t(p);  // alpha names the pixel
  image.rgba[4 * 0 + 0] = 200;  // brighter first pixel of the first span: it moves to the span's end
  const Image out = modelImage(image, PixelSortOptions{}, Algorithm::Bitonic);
  std::vector<int> alphas;
  for (std::size_t p = 0; p < 8; ++p) alphas.push_back(out.rgba[4 * p + 3]);
  EXPECT_EQ(alphas, (std::vector<int>{1, 0, 2, 3, 4, 5, 6, 7}));
}

}  // namespace
}  // namespace texsort
