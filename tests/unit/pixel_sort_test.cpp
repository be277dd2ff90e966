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
  // Worked by hand from the definitions, not from the shared code: (10, 240, 30) has max G 240,
  // min 10, d 230; (20, 30, 250) max B 250, min 20.
  EXPECT_EQ(pixelKey(PixelKey::Chroma, 200, 100, 50), 150u);
  EXPECT_EQ(pixelKey(PixelKey::Chroma, 10, 240, 30), 230u);
  EXPECT_EQ(pixelKey(PixelKey::Chroma, 77, 77, 77), 0u);
  EXPECT_EQ(pixelKey(PixelKey::Hue, 10, 240, 30), 532u) << "510 + floor(255 * 20 / 230) = 510 + 22";
  EXPECT_EQ(pixelKey(PixelKey::Hue, 20, 30, 250), 1008u) << "1020 + floor(255 * -10 / 230) = 1020 - 12";
  EXPECT_EQ(pixelKey(PixelKey::Saturation, 10, 240, 30), 244u) << "floor(255 * 230 / 240) = floor(244.375)";
  EXPECT_EQ(pixelKey(PixelKey::Lightness, 10, 240, 30), 250u);
  EXPECT_EQ(pixelKey(PixelKey::Rgb, 10, 240, 30), 10u * 65536 + 240 * 256 + 30);
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
          // Alpha takes b's value, the shuffle a line and position from the colour.
          const std::uint8_t rgba[4] = {std::uint8_t(r), std::uint8_t(g), std::uint8_t(b), std::uint8_t(b)};
          const std::uint32_t k = elementKey(info.key, rgba, 9, std::uint32_t(r * 256 + g), std::uint32_t(b));
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

// --select bounds its key by fractions of the key's own range; --invert makes the spans the runs
// outside the range, as maximal runs.
TEST(PixelSortThresholds, SelectAnyKeyInsideOrOutside) {
  PixelSortOptions o;
  o.select = PixelKey::Hue;
  o.lower = 0.1;
  o.upper = 0.5;
  EXPECT_EQ(selectBounds(o).lowest, 153u);   // ceil(152.9)
  EXPECT_EQ(selectBounds(o).highest, 764u);  // floor(764.5)
  o.select = PixelKey::Red;
  o.lower = 0.5;
  o.upper = 1.0;
  EXPECT_EQ(selectBounds(o).lowest, 128u);
  EXPECT_EQ(selectBounds(o).highest, 255u);
  // One row: red 200, 10, 20, 250, 240, 30: inside [128, 255] are pixels 0, 3, 4.
  Image row;
  row.width = 6;
  row.height = 1;
  for (const int r : {200, 10, 20, 250, 240, 30}) row.rgba.insert(row.rgba.end(), {std::uint8_t(r), 0, 0, 255});
  const LineLayout layout = lineLayout(6, 1, 0.0);
  EXPECT_EQ(spanNumbers(row, o, layout), (std::vector<std::uint32_t>{0, 1, 2, 3, 3, 5}));
  o.invert = true;
  EXPECT_EQ(spanNumbers(row, o, layout), (std::vector<std::uint32_t>{0, 1, 1, 3, 4, 5}));
}

// --mix: (o (256 - w) + s w + 128) >> 8 with w = round(F x 256), every channel.
TEST(PixelSortMix, BlendsEachChannelWithTheOriginal) {
  const std::vector<std::uint8_t> original = {0, 255, 10, 200}, sorted = {255, 0, 10, 100};
  const auto mixed = [&](double f) {
    std::vector<std::uint8_t> out = sorted;
    mixWithOriginal(out, original, f);
    return out;
  };
  EXPECT_EQ(mixed(1.0), sorted);
  EXPECT_EQ(mixed(0.0), original);
  EXPECT_EQ(mixed(0.5), (std::vector<std::uint8_t>{128, 128, 10, 150}));  // (255 x 128 + 128) >> 8 = 128
  EXPECT_EQ(mixed(0.25), (std::vector<std::uint8_t>{64, 191, 10, 175}));  // w = 64
}

// Coming from satyarth/pixelsort (docs/pixelsort.md): its threshold keeps a pixel whose HSL
// lightness (max + min) / 510 lies in [lower, upper]; --select lightness keeps the same pixels,
// checked for every max and min against that rule read exactly (bounds in thousandths).
TEST(PixelSortThresholds, SelectLightnessIsSatyarthsLightnessRange) {
  for (const auto& [lower, upper] : std::vector<std::pair<int, int>>{{250, 800}, {100, 900}, {333, 667}, {0, 1000}, {500, 500}}) {
    PixelSortOptions o;
    o.select = PixelKey::Lightness;
    o.lower = lower / 1000.0;
    o.upper = upper / 1000.0;
    const LumaBounds b = selectBounds(o);
    for (int mx = 0; mx < 256; ++mx) {
      for (int mn = 0; mn <= mx; ++mn) {
        const std::uint32_t k = pixelKey(PixelKey::Lightness, std::uint8_t(mx), std::uint8_t(mn), std::uint8_t(mn));
        const bool theirs = (mx + mn) * 1000 >= lower * 510 && (mx + mn) * 1000 <= upper * 510;
        ASSERT_EQ(k >= b.lowest && k <= b.highest, theirs) << "max " << mx << " min " << mn << " in " << lower << ".." << upper;
      }
    }
  }
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
  EXPECT_NO_THROW(checkMaskSize(o, 3, 2, "m.png", "f.png"));
  try {
    checkMaskSize(o, 2, 3, "m.png", "f.png");
    ADD_FAILURE() << "a mask of another size";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::Usage);
    EXPECT_EQ(std::string(e.what()).rfind("m.png: ", 0), 0u) << e.what();
  }
  o.mask = nullptr;
  o.field = std::make_shared<const Image>(mask);
  try {
    checkMaskSize(o, 2, 3, "m.png", "f.png");
    ADD_FAILURE() << "a field of another size";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::Usage);
    EXPECT_EQ(std::string(e.what()).rfind("f.png: ", 0), 0u) << e.what();
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
