// The pixel sort on a real GL context (llvmpipe in CI): every pass of every line sort equals the
// CPU model and the image the plain reference, for straight lines at any angle, the curved paths,
// edges at the ends of the scale, spans across many words, and a source uploaded in parts or
// copied from a framebuffer.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <cstring>
#include <memory>
#include <random>

#include "error.h"
#include "gl/capabilities.h"
#include "sort/packing.h"
#include "pixelsort/pixel_sort.h"
#include "sort/cpu_model.h"
#include "sort/fragment_runner.h"
#include "pixelsort/pixel_runner.h"
#include "sort/compute_runner.h"
#include "sort/runner.h"
#include "gpu_fixture.h"
#include "same_state.h"
#include "test_support.h"

namespace texsort {
namespace {

using Gpu = test::GpuTest;
using test::pixelSortEveryPass;
using test::sameStateEveryPass;

// The pixel sort: every pass of every line sort over all lines at once equals the CPU model, on odd sizes,
// single rows and columns, angles 0, 30, 45, 90, -60, thresholds and whole lines; the final image is each
// span stably sorted, and the 8-bit read-back is that image.
TEST_F(Gpu, PixelSortEqualsTheCpuModelEveryPass) {
  std::mt19937 rng(43);
  std::size_t kind = 0;
  const std::pair<std::uint32_t, std::uint32_t> sizes[] = {{13, 7}, {1, 9}, {9, 1}, {31, 17}};
  for (const auto& [w, h] : sizes) {
    for (const double angle : {0.0, 30.0, 45.0, 90.0, -60.0, 180.0, -90.0}) {
      PixelSortOptions o;
      o.angle = angle;
      o.key = kPixelKeys[rng() % std::size(kPixelKeys)].key;
      o.order = rng() % 2 ? SortOrder::Descending : SortOrder::Ascending;
      o.intervals = kIntervals[kind++ % std::size(kIntervals)].intervals;  // every kind, three times or more
      o.lower = 0.1;
      o.upper = 0.7;
      o.spanLength = std::uint32_t(2 + rng() % 12);  // up to 13: wave jitter of up to 3
      o.seed = std::uint32_t(rng());
      o.maxSpan = h == 17 || w == 13 ? 5 : 0;  // 13x7: pieces and skips together
      o.skipPercent = w == 13 ? 40 : 0;
      if (o.intervals == Intervals::Mask || w == 9) o.mask = std::make_shared<const Image>(test::randomImage(w, h, rng, 2));
      SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " at " + std::to_string(angle) + " " +
                   pixelKeyInfo(o.key).name + " " + intervalsInfo(o.intervals).name);
      const Image image = test::randomImage(w, h, rng, 8);
      const LineLayout layout = lineLayout(w, h, angle, packsLines(o));  // lines share rows where they may
      pixelSortEveryPass(image, o, layout, [&](Runner& runner, const SortState& cpu) {
        const std::vector<std::uint8_t> expected = pixelSortOutput(image, cpu.pixels).rgba;
        EXPECT_EQ(runner.readPixelBytes(image.pixelCount(), {}), expected) << "the 8-bit read-back";
        // As the command reads back: over the source's bytes, in their memory.
        std::vector<std::uint8_t> used(image.pixelCount() * 4, 0xA5);
        used.reserve(cpu.source.size() * 4);  // room for every element: no path needs more
        const std::uint8_t* const memory = used.data();
        const std::vector<std::uint8_t> over = runner.readPixelBytes(image.pixelCount(), std::move(used));
        EXPECT_EQ(over, expected) << "the 8-bit read-back over bytes that held something else";
        EXPECT_EQ(over.data(), memory) << "the read-back in the memory it was given";
      });
    }
  }
}

// Every key (chroma, the packed colour, alpha and the seeded shuffle too), and the threshold on
// each colour key as --select, inside
// and outside the range (--invert): every pass equals the CPU model, the image the reference.
TEST_F(Gpu, EveryKeyAndEverySelectionEqualTheCpuModelEveryPass) {
  std::mt19937 rng(53);
  for (const PixelKeyInfo& key : kPixelKeys) {
    for (const bool invert : {false, true}) {
      PixelSortOptions o;
      o.key = key.key;
      o.select = kPixelKeys[(static_cast<std::size_t>(key.key) + 5) % 12].key;  // the 12 colour keys
      ASSERT_TRUE(colourKey(o.select));
      o.seed = std::uint32_t(rng());
      o.invert = invert;
      o.lower = 0.2;
      o.upper = 0.6;
      o.order = invert ? SortOrder::Descending : SortOrder::Ascending;
      SCOPED_TRACE(std::string("key ") + key.name + ", select " + pixelKeyInfo(o.select).name + (invert ? " outside" : ""));
      const Image image = test::randomImage(13, 7, rng, 8);
      pixelSortEveryPass(image, o, lineLayout(13, 7, o));
    }
  }
}

// Keys exactly on the bounds are inside the range (the threshold is --lower..--upper, both
// included): luma 63750 = 0.25 x 255000 is (0, 102, 34), 127500 = 0.5 x 255000 is (0, 204, 68),
// chroma 153 = 0.6 x 255 is (200, 47, 100). Rows full of them, inside and outside (--invert),
// through every pass.
TEST_F(Gpu, KeysExactlyOnTheBoundsAreInside) {
  ASSERT_EQ(lumaKey(0, 102, 34), 63750u);
  ASSERT_EQ(lumaKey(0, 204, 68), 127500u);
  ASSERT_EQ(pixelKey(PixelKey::Chroma, 200, 47, 100), 153u);
  std::mt19937 rng(61);
  Image image = test::randomImage(19, 6, rng, 8);
  const std::uint8_t onBounds[][3] = {{0, 102, 34}, {0, 204, 68}, {200, 47, 100}};
  for (std::size_t i = 0; i < image.pixelCount(); ++i) {
    if (i % 3 == 2) continue;  // a third stays random: spans start and end around the exact ones
    std::copy_n(onBounds[rng() % 3], 3, &image.rgba[4 * i]);
  }
  for (const bool invert : {false, true}) {
    for (const PixelKey select : {PixelKey::Luma, PixelKey::Chroma}) {
      PixelSortOptions o;
      o.select = select;
      o.key = PixelKey::Hue;
      o.invert = invert;
      o.lower = select == PixelKey::Luma ? 0.25 : 0.2;
      o.upper = select == PixelKey::Luma ? 0.5 : 0.6;
      SCOPED_TRACE(std::string("select ") + pixelKeyInfo(select).name + (invert ? " outside" : ""));
      const LumaBounds b = selectBounds(o);
      EXPECT_EQ(b.highest, select == PixelKey::Luma ? 127500u : 153u);
      pixelSortEveryPass(image, o, lineLayout(19, 6, o));
    }
  }
}

// One compute runner, two pictures of one element count: the second's source past its pixels is
// zero, not what the first run left there (the upload zeroes the padding; a GPU's new or reused
// buffer holds anything). Its passes, pass by pass, equal the CPU model.
TEST_F(Gpu, AComputeRunnerReusedStartsFromZeroPastTheImage) {
  ASSERT_TRUE(gl::computeAvailable()) << "llvmpipe offers GL 4.5";
  std::mt19937 rng(67);
  PixelSortOptions o;
  o.intervals = Intervals::None;
  const Image first = test::randomImage(32, 16, rng, 8), second = test::randomImage(32, 15, rng, 8);
  const LineLayout full = lineLayout(32, 16, o), cut = lineLayout(32, 15, o);
  ASSERT_EQ(full.shape().count(), cut.shape().count());
  for (const Algorithm algorithm : {Algorithm::ComputeB32, kComputePixelSort}) {
    SCOPED_TRACE(algorithmName(algorithm));
    const std::unique_ptr<Runner> runner = makeRunner(algorithm, full.shape().count());
    const PassSchedule before = pixelSortSchedule(full, algorithm, o);
    runner->prepare(before, sourceShape(full, o));
    uploadPixelSource(*runner, first, o, full);
    runner->run(before);
    const PassSchedule schedule = pixelSortSchedule(cut, algorithm, o);
    runner->prepare(schedule, sourceShape(cut, o));
    uploadPixelSource(*runner, second, o, cut);
    EXPECT_EQ(runner->readState().source, pixelSortSource(second, o, cut));
    runner->run(schedule);
    EXPECT_EQ(runner->readPixelBytes(second.pixelCount(), {}), pixelSortReference(second, o).rgba);
  }
}

// The curved paths (circles, spiral, radial, hilbert; the centre the image's or a half pixel
// elsewhere) through the same passes: every pass equals the CPU model, the image the reference, and
// the output holds the input's pixels, each once.
TEST_F(Gpu, PixelSortPathsEqualTheCpuModelEveryPass) {
  std::mt19937 rng(47);
  std::size_t kind = 0;
  for (const PathInfo& path : kPaths) {
    if (path.path == PixelPath::Lines) continue;
    for (const auto& [w, h] : {std::pair<std::uint32_t, std::uint32_t>{13, 7}, {9, 9}, {5, 12}}) {
      PixelSortOptions o;
      o.path = path.path;
      if (w == 5 && path.path != PixelPath::Hilbert) o.centerX = 1, o.centerY = 8.5;
      if (path.path == PixelPath::Flow) o.field = std::make_shared<const Image>(test::randomImage(w, h, rng, 8));
      o.key = kPixelKeys[rng() % std::size(kPixelKeys)].key;
      o.order = rng() % 2 ? SortOrder::Descending : SortOrder::Ascending;
      o.intervals = kIntervals[kind++ % std::size(kIntervals)].intervals;
      o.lower = 0.1;
      o.upper = 0.7;
      o.spanLength = std::uint32_t(2 + rng() % 8);
      o.seed = std::uint32_t(rng());
      o.maxSpan = w == 9 ? 4 : 0;
      if (o.intervals == Intervals::Mask) o.mask = std::make_shared<const Image>(test::randomImage(w, h, rng, 2));
      SCOPED_TRACE(std::string(path.name) + " " + std::to_string(w) + "x" + std::to_string(h) + " " +
                   pixelKeyInfo(o.key).name + " " + intervalsInfo(o.intervals).name);
      const Image image = test::randomImage(w, h, rng, 8);
      const LineLayout layout = lineLayout(w, h, o);
      pixelSortEveryPass(image, o, layout, [&](Runner& runner, const SortState&) {
        std::vector<std::uint32_t> before, after;
        const std::vector<std::uint8_t> out = runner.readPixelBytes(image.pixelCount(), {});
        for (std::size_t i = 0; i < image.pixelCount(); ++i) {
          std::uint32_t a = 0, b = 0;
          std::memcpy(&a, &image.rgba[4 * i], 4);
          std::memcpy(&b, &out[4 * i], 4);
          before.push_back(a);
          after.push_back(b);
        }
        std::sort(before.begin(), before.end());
        std::sort(after.begin(), after.end());
        EXPECT_EQ(after, before) << "a permutation of the input";
      });
    }
  }
}

// Edges at the ends of the scale: with --lower 0 every change of luma breaks a span; with --lower 1
// a black/white step (strength exactly 4 x 63750 = 255000, the threshold) does not, as "exceeds"
// says: every pass equals the CPU model and the result the reference, which agree on both.
TEST_F(Gpu, EdgesAtTheEndsOfTheScaleEqualTheCpuModel) {
  Image image;
  image.width = 12;
  image.height = 3;
  for (std::uint32_t i = 0; i < 36; ++i) {
    const std::uint8_t v = (i % 12) < 5 ? 0 : (i % 12) < 9 ? 255 : std::uint8_t(40 * (i % 12));
    image.rgba.insert(image.rgba.end(), {v, std::uint8_t(255 - v), v, 255});
  }
  for (const double lower : {0.0, 1.0}) {
    SCOPED_TRACE("--lower " + std::to_string(lower));
    PixelSortOptions o;
    o.intervals = Intervals::Edges;
    o.lower = lower;
    const LineLayout layout = lineLayout(image.width, image.height, 0.0);
    const std::vector<std::uint32_t> spans = spanNumbers(image, o, layout);
    if (lower == 1.0) {
      EXPECT_EQ(spans, std::vector<std::uint32_t>(36, 0)) << "an edge at the threshold does not break";
    } else {
      EXPECT_NE(spans, std::vector<std::uint32_t>(36, 0)) << "every change of luma breaks";
    }
    pixelSortEveryPass(image, o, layout);
  }
}

// compute-radix's pixel sort skips a digit that every line holds one value of: with one span a line
// and lines as long as their rows (no padding, whose pieces are their positions), the piece is 0
// everywhere, so its low digit (order bits 28-33 at lines of 1024) moves nothing; its high digit,
// the last, writes the picture and is never skipped. Random spans: nothing skipped.
TEST_F(Gpu, ComputeRadixSkipsADigitOfThePieceEveryLineShares) {
  std::mt19937 rng(48);
  const Image image = test::randomImage(1024, 2, rng, 8);
  const LineLayout layout = lineLayout(image.width, image.height, 0.0);
  PixelSortOptions whole, random;
  whole.intervals = Intervals::None;
  random.intervals = Intervals::Random;
  random.spanLength = 40;
  for (const PixelSortOptions* o : {&whole, &random}) {
    SCOPED_TRACE(intervalsInfo(o->intervals).name);
    SortState cpu;
    cpu.source = pixelSortSource(image, *o, layout);
    const PassSchedule schedule = pixelSortSchedule(layout, Algorithm::ComputeRadix, *o);
    ComputeRunner runner(cpu.source.size());
    runner.prepare(schedule, sourceShape(layout, *o));
    ASSERT_TRUE(sameStateEveryPass(runner, schedule, cpu, sourceShape(layout, *o)));
    EXPECT_EQ(pixelSortOutput(image, cpu.pixels).rgba, pixelSortReference(image, *o).rgba);
    EXPECT_EQ(runner.skippedScatters(), o == &whole ? 1u : 0u);
  }
}

// Long lines: spans that run across many 32-position span words, so positions take their start
// from the scan's running maximum (scan steps of distance 1 and 8 words on lines of 1024) as well as
// from start bits in their own word. Every pass equals the CPU model; the image equals the reference.
TEST_F(Gpu, PixelSortSpansAcrossManyWordsEqualTheCpuModel) {
  std::mt19937 rng(47);
  const Image image = test::randomImage(700, 3, rng, 8);
  const LineLayout layout = lineLayout(image.width, image.height, 0.0);
  ASSERT_EQ(layout.paddedLength, 1024u);
  PixelSortOptions whole, wide, random, waves, mask;
  whole.intervals = Intervals::None;
  wide.lower = 0.0;  // every pixel in: one span a line, as threshold
  wide.upper = 1.0;
  random.intervals = Intervals::Random;
  random.spanLength = 150;
  waves.intervals = Intervals::Waves;
  waves.spanLength = 300;
  waves.maxSpan = 70;
  mask.intervals = Intervals::Mask;
  Image white = test::randomImage(700, 3, rng, 2);  // long runs of white, a few black pixels
  for (std::size_t i = 0; i < white.pixelCount(); ++i)
    if (i % 97 != 0) std::fill_n(&white.rgba[4 * i], 3, std::uint8_t{255});
  mask.mask = std::make_shared<const Image>(white);
  std::size_t scanSteps = 0;
  for (const PixelSortOptions& o : {whole, wide, random, waves, mask}) {
    SCOPED_TRACE(intervalsInfo(o.intervals).name);
    // compute-radix: four tiles a line.
    for (const Algorithm algorithm : {Algorithm::Bitonic, Algorithm::BitonicWide, Algorithm::ComputeRadix}) {
      SortState cpu;
      cpu.source = pixelSortSource(image, o, layout);
      const PassSchedule schedule = pixelSortSchedule(layout, algorithm, o);
      scanSteps = static_cast<std::size_t>(std::count_if(
          schedule.begin(), schedule.end(), [](const Pass& p) { return std::holds_alternative<SpanScanStep>(p); }));
      const std::unique_ptr<Runner> runner = makeRunner(algorithm, cpu.source.size());
      runner->prepare(schedule, sourceShape(layout, o));
      ASSERT_TRUE(sameStateEveryPass(*runner, schedule, cpu, sourceShape(layout, o))) << algorithmName(algorithm);
      EXPECT_EQ(pixelSortOutput(image, cpu.pixels).rgba, pixelSortReference(image, o).rgba) << algorithmName(algorithm);
    }
  }
  EXPECT_EQ(scanSteps, 2u) << "32 words a line: distances 1 and 8";
}

// One plan, many pictures: a plan takes the same options again and --mix alone, and nothing that
// shapes its lines or schedule; a second picture through it, and a schedule made again on the same
// lines, give what a fresh plan gives.
// Every line sort runs a plan's pictures on the programs found when it was made: with a mask
// (maps), on a path, and the rows straight from the bytes.
TEST_F(Gpu, APlansPicturesRunOnTheProgramsFoundWhenItWasMade) {
  std::mt19937 rng(41);
  const Image picture = test::randomImage(48, 20, rng, 5);
  PixelSortOptions rows, masked, path;
  masked.mask = std::make_shared<const Image>(test::randomImage(48, 20, rng, 2));
  path.path = PixelPath::Circles;
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    const Algorithm algorithm = row.id;
    if (!pixelSortAlgorithm(algorithm)) continue;
    for (const PixelSortOptions& o : {rows, masked, path}) {
      SCOPED_TRACE(std::string(algorithmName(algorithm)) + (o.mask ? " masked" : "") + (o.path != PixelPath::Lines ? " path" : ""));
      PixelSortPlan plan("plan", 48, 20, o, algorithm, true);
      EXPECT_EQ(plan.sort(picture, {}, 1.0), pixelSortReference(picture, o).rgba);
      EXPECT_EQ(plan.sort(picture, {}, 1.0), pixelSortReference(picture, o).rgba);
      EXPECT_EQ(plan.runner().programLookups(), 0u);
    }
  }
}

// A source uploaded in another shape than the one prepared for (here with the mask's maps) runs on
// programs looked up for it, not the prepared ones, and still equals the CPU model.
TEST_F(Gpu, ASourceOfAnotherShapeThanPreparedLooksItsProgramsUp) {
  std::mt19937 rng(43);
  const Image picture = test::randomImage(48, 20, rng, 5);
  PixelSortOptions masked;
  masked.mask = std::make_shared<const Image>(test::randomImage(48, 20, rng, 2));
  for (const Algorithm algorithm : {kFragmentPixelSort, Algorithm::ComputeB32, Algorithm::ComputeRadix}) {
    SCOPED_TRACE(algorithmName(algorithm));
    PixelSortPlan plan("plan", 48, 20, PixelSortOptions{}, algorithm, true);  // rows: no maps
    SortState source;
    source.source = pixelSortSource(picture, masked, plan.layout());
    const SourceShape shape = sourceShape(plan.layout(), masked);
    ASSERT_FALSE(shape == sourceShape(plan.layout(), PixelSortOptions{}));
    plan.runner().uploadSource(source.source, shape);
    plan.runner().run(plan.schedule());
    EXPECT_GT(plan.runner().programLookups(), 0u);
    EXPECT_EQ(plan.runner().readState(), runScheduleState(plan.schedule(), source));
  }
}

TEST_F(Gpu, APlanSortsEveryPictureAsAFreshOneAndKnowsWhatItTakes) {
  std::mt19937 rng(31);
  const Image first = test::randomImage(37, 23, rng, 4), second = test::randomImage(37, 23, rng, 4);
  PixelSortOptions o;
  o.angle = 30.0;
  o.lower = 0.2;
  PixelSortPlan plan("plan", 37, 23, o, kFragmentPixelSort, true);
  PixelSortOptions same = o;
  same.mix = 0.5;
  EXPECT_TRUE(plan.takes(same)) << "mix is applied after the read-back";
  const auto shaped = [&](const char* name, const std::function<void(PixelSortOptions&)>& change) {
    PixelSortOptions other = o;
    change(other);
    EXPECT_FALSE(plan.takes(other)) << name;
  };
  shaped("angle", [](PixelSortOptions& x) { x.angle = 31.0; });
  shaped("intervals", [](PixelSortOptions& x) { x.intervals = Intervals::Edges; });
  shaped("lower", [](PixelSortOptions& x) { x.lower = 0.3; });
  shaped("upper", [](PixelSortOptions& x) { x.upper = 0.7; });
  shaped("span length", [](PixelSortOptions& x) { x.spanLength = 9; });
  shaped("seed", [](PixelSortOptions& x) { x.seed = 5; });
  shaped("max span", [](PixelSortOptions& x) { x.maxSpan = 3; });
  shaped("skip", [](PixelSortOptions& x) { x.skipPercent = 10; });
  shaped("key", [](PixelSortOptions& x) { x.key = PixelKey::Hue; });
  shaped("order", [](PixelSortOptions& x) { x.order = SortOrder::Descending; });
  shaped("mask", [&](PixelSortOptions& x) { x.mask = std::make_shared<const Image>(first); });
  shaped("select", [](PixelSortOptions& x) { x.select = PixelKey::Red; });
  shaped("invert", [](PixelSortOptions& x) { x.invert = true; });
  shaped("path", [](PixelSortOptions& x) { x.path = PixelPath::Circles; });
  shaped("centre x", [](PixelSortOptions& x) { x.centerX = 3.0; });
  shaped("centre y", [](PixelSortOptions& x) { x.centerY = 3.0; });
  shaped("field", [&](PixelSortOptions& x) { x.field = std::make_shared<const Image>(first); });

  EXPECT_EQ(plan.sort(first, {}, 1.0), pixelSortReference(first, o).rgba);
  EXPECT_EQ(plan.sort(second, {}, 1.0), pixelSortReference(second, o).rgba) << "the second picture through the same plan";
  PixelSortOptions later = o;
  later.lower = 0.5;
  later.order = SortOrder::Descending;
  ASSERT_TRUE(plan.keepsLines(later, kFragmentPixelSort));
  plan.upload(second);
  plan.reschedule(later);
  plan.runner().run(plan.schedule());
  EXPECT_EQ(plan.readSorted(second, {}, 1.0), pixelSortReference(second, later).rgba) << "a new schedule on the same lines";
  EXPECT_EQ(plan.runner().programLookups(), 0u) << "every pass ran on the program its schedule's prepare() found";
  later.angle = 45.0;
  EXPECT_FALSE(plan.keepsLines(later, kFragmentPixelSort));
  plan.releaseRunner();
  EXPECT_THROW(plan.run(first), Error);

  // Rows of 4100 pixels pad to 8192 elements: a new schedule on them with the rgb key (a 48-bit
  // order that holds lines up to 4096) is refused as a new plan would be, and the plan stays.
  const Image wide = test::randomImage(4100, 2, rng, 4);
  PixelSortPlan rows("wide.png", 4100, 2, PixelSortOptions{}, kFragmentPixelSort, true);
  PixelSortOptions rgb;
  rgb.key = PixelKey::Rgb;
  ASSERT_TRUE(rows.keepsLines(rgb, kFragmentPixelSort));
  try {
    rows.reschedule(rgb);
    ADD_FAILURE() << "rgb on lines of 8192 elements was taken";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::BadInput);
    EXPECT_NE(std::string(e.what()).find("wide.png: 4100x2 needs lines of 8192 elements"), std::string::npos) << e.what();
  }
  EXPECT_EQ(rows.options().key, PixelKey::Luma);
  EXPECT_EQ(rows.sort(wide, {}, 1.0), pixelSortReference(wide, PixelSortOptions{}).rgba);
}


// The CLI uploads the source a few texture rows at a time (PixelSource), or for rows and columns
// without a mask straight from the pixels' bytes; the runner keeps each pixel's bytes and, for
// listed lines or a mask, the maps: read back as texels (from the maps, or for rows and columns by
// their arithmetic) they must equal the texels built whole. 700x300 at 30 degrees pads to 2^20
// elements: a 1024-wide texture, four parts of 256 rows.
TEST_F(Gpu, SourceUploadedInPartsEqualsTheWholeTexels) {
  std::mt19937 rng(29);
  const Image image = test::randomImage(700, 300, rng, 8);
  PixelSortOptions masked, plain;
  Image mask = test::randomImage(700, 300, rng, 2);  // black and white, in runs of 1 to 3
  for (std::size_t i = 0; i < mask.pixelCount(); ++i) std::fill_n(&mask.rgba[4 * i], 3, i % 5 < 3 ? 255 : 0);
  masked.mask = std::make_shared<const Image>(mask);
  for (const auto& [angle, o] : {std::pair<double, const PixelSortOptions&>{30.0, masked}, {0.0, plain}, {180.0, plain},
                                 {-90.0, masked}, {90.0, plain}}) {
    SCOPED_TRACE("at " + std::to_string(angle) + (o.mask ? " with a mask" : ""));
    const LineLayout layout = lineLayout(image.width, image.height, angle);
    const std::vector<PixelTexel> whole = pixelSortSource(image, o, layout);
    FragmentRunner runner(whole.size());
    const PixelSource source(image, o, layout);
    std::vector<std::uint64_t> firsts;
    runner.uploadSource([&](std::uint64_t first, std::uint64_t count, PixelTexel* out) {
      firsts.push_back(first);
      source.fill(first, count, out);
    }, sourceShape(layout, o));
    if (angle == 30.0) {
      ASSERT_EQ(whole.size(), std::size_t{1} << 20);
      EXPECT_EQ(firsts, (std::vector<std::uint64_t>{0, 1u << 18, 2u << 18, 3u << 18})) << "parts of 256 rows, in order";
    }
    EXPECT_EQ(runner.view().pixelMaps != nullptr, angle == 30.0 || o.mask != nullptr) << "maps only where needed";
    const std::vector<PixelTexel> uploaded = runner.readState().source;
    ASSERT_EQ(uploaded.size(), whole.size());
    for (std::size_t j = 0; j < whole.size(); ++j) {
      ASSERT_TRUE(uploaded[j] == whole[j]) << "texel " << j << ": (" << uploaded[j].rgb << ", " << uploaded[j].alphaMask
                                           << ", " << uploaded[j].pixel << ", " << uploaded[j].element << ") expected ("
                                           << whole[j].rgb << ", " << whole[j].alphaMask << ", " << whole[j].pixel << ", "
                                           << whole[j].element << ")";
    }
    if (!sourceShape(layout, o).maps()) {
      // Rows and columns without a mask: the pixels' bytes as they are, over a taller image's (the
      // same element count), so the texels past the last pixel must be cleared again.
      const Image taller = test::randomImage(image.width, image.height + 100, rng, 8);
      const LineLayout tallerLayout = lineLayout(taller.width, taller.height, angle);
      ASSERT_EQ(tallerLayout.paddedCount, layout.paddedCount);
      runner.uploadSourceBytes(taller.rgba.data(), sourceShape(tallerLayout, o));
      runner.uploadSourceBytes(image.rgba.data(), sourceShape(layout, o));
      EXPECT_TRUE(runner.readState().source == whole) << "the bytes straight from the pixels";
    }
  }
}

// A clip's next frame comes as a picture drawn in a framebuffer (the page's decoded video frame)
// and goes into the source on the GPU: on both runners, for rows (no maps), a masked angle and a
// listed angle, the source read back equals the new picture's texels built whole (the maps stand,
// the padding stays zero), and the sort from it equals the reference's.
TEST_F(Gpu, SourcePixelsFromAFramebufferEqualTheNewPicturesTexels) {
  ASSERT_TRUE(gl::computeAvailable()) << "llvmpipe offers GL 4.5";
  std::mt19937 rng(71);
  const Image first = test::randomImage(45, 21, rng, 8), second = test::randomImage(45, 21, rng, 8);
  const gl::Texture frame(second.width, second.height, gl::TextureFormat::Rgba8, second.rgba.data(), "frame");
  const gl::Framebuffer frameTarget(frame, "frame target");
  PixelSortOptions masked;
  Image mask = test::randomImage(45, 21, rng, 2);
  for (std::size_t i = 0; i < mask.pixelCount(); ++i) std::fill_n(&mask.rgba[4 * i], 3, i % 7 < 4 ? 255 : 0);
  masked.mask = std::make_shared<const Image>(mask);
  PixelSortOptions rows, listed;
  listed.angle = 30.0;
  masked.angle = 90.0;
  for (const Algorithm algorithm : {kFragmentPixelSort, kComputePixelSort}) {
    for (const PixelSortOptions& o : {rows, masked, listed}) {
      SCOPED_TRACE(std::string(algorithmName(algorithm)) + " at " + std::to_string(o.angle) + (o.mask ? " masked" : ""));
      const LineLayout layout = lineLayout(first.width, first.height, o);
      const std::unique_ptr<Runner> runner = makeRunner(algorithm, layout.shape().count());
      const PassSchedule schedule = pixelSortSchedule(layout, algorithm, o);
      runner->prepare(schedule, sourceShape(layout, o));
      uploadPixelSource(*runner, first, o, layout);
      runner->run(schedule);
      runner->uploadSourcePixels(frameTarget.id());
      EXPECT_TRUE(runner->readState().source == pixelSortSource(second, o, layout));
      runner->run(schedule);
      EXPECT_EQ(runner->readPixelBytes(second.pixelCount(), {}), pixelSortReference(second, o).rgba);
    }
    // A shorter picture on the same runner (as many elements): its padding is zero again.
    SCOPED_TRACE(std::string(algorithmName(algorithm)) + ": 45x21, then 45x20");
    const LineLayout tall = lineLayout(45, 21, rows), shorter = lineLayout(45, 20, rows);
    ASSERT_EQ(tall.shape().count(), shorter.shape().count());
    const Image cut = test::randomImage(45, 20, rng, 8);
    const gl::Texture cutFrame(45, 20, gl::TextureFormat::Rgba8, cut.rgba.data(), "cut frame");
    const std::unique_ptr<Runner> runner = makeRunner(algorithm, tall.shape().count());
    runner->prepare(pixelSortSchedule(tall, algorithm, rows), sourceShape(tall, rows));
    uploadPixelSource(*runner, first, rows, tall);
    runner->uploadSourcePixels(frameTarget.id());
    runner->prepare(pixelSortSchedule(shorter, algorithm, rows), sourceShape(shorter, rows));
    uploadPixelSource(*runner, first, rows, shorter);
    runner->uploadSourcePixels(gl::Framebuffer(cutFrame, "cut frame target").id());
    EXPECT_TRUE(runner->readState().source == pixelSortSource(cut, rows, shorter));
  }
}

}  // namespace
}  // namespace texsort
