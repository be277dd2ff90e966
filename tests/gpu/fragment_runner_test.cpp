// The fragment runner on a real GL context (llvmpipe in CI): after every pass, the textures hold
// exactly what the CPU model computes. A machine without a context fails these tests; nothing is
// skipped.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <cstring>
#include <memory>
#include <thread>

#include "context/egl_context.h"
#include "error.h"
#include "image/packing.h"
#include "sort/cpu_model.h"
#include "pixelsort/pixel_sort.h"
#include "sort/fragment_runner.h"
#include "gpu_fixture.h"
#include "test_support.h"

namespace texsort {
namespace {

using Gpu = test::GpuTest;

// Bitwise equality of every channel of every element, reporting the first difference.
::testing::AssertionResult sameBits(const std::vector<Element>& gpu, const std::vector<Element>& cpu) {
  if (gpu.size() != cpu.size()) return ::testing::AssertionFailure() << "sizes differ";
  for (std::size_t i = 0; i < gpu.size(); ++i) {
    if (std::memcmp(&gpu[i], &cpu[i], sizeof(Element)) != 0) {
      return ::testing::AssertionFailure() << "element " << i << ": GPU (" << gpu[i].key << ", " << gpu[i].index
                                           << ", " << gpu[i].rgb << ", " << gpu[i].alpha << ") CPU (" << cpu[i].key
                                           << ", " << cpu[i].index << ", " << cpu[i].rgb << ", " << cpu[i].alpha << ")";
    }
  }
  return ::testing::AssertionSuccess();
}

TEST_F(Gpu, ContextIsOpenGL33CoreOrNewer) {
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  EXPECT_GE(major * 10 + minor, 33);
  EXPECT_FALSE(context_->renderer().empty());
  EXPECT_TRUE(context_->platform() == "device" || context_->platform() == "surfaceless" ||
              context_->platform() == "default");
}

// The pixel sort opens its context on a thread of its own while it reads the file, then uses it on
// the main thread. (Outside the Gpu suite: the suite's context and this one share one EGL display,
// which each ends when it goes.)
TEST(ContextThreads, AContextOpenedOnAnotherThreadSortsHereOnceMadeCurrent) {
  std::unique_ptr<HeadlessContext> context;
  std::string failure;
  std::thread([&] {
    try {
      context = std::make_unique<HeadlessContext>();
      context->releaseThread();
    } catch (const Error& e) {
      failure = e.what();
    }
  }).join();
  ASSERT_TRUE(context) << "no headless GL context (GPU tests never skip): " << failure;
  context->makeCurrent();
  std::mt19937 rng(5);
  const std::vector<Element> elements = packElements(test::randomImage(16, 8, rng), SortOrder::Ascending);
  FragmentRunner runner(elements.size());
  runner.upload(elements);
  EXPECT_TRUE(sameBits(runner.readElements(), elements));
}

TEST_F(Gpu, UploadAndReadBackAreExact) {
  std::mt19937 rng(3);
  const std::vector<Element> elements = packElements(test::randomImage(16, 8, rng), SortOrder::Ascending);
  FragmentRunner runner(elements.size());
  runner.upload(elements);
  EXPECT_TRUE(sameBits(runner.readElements(), elements));
}

// Runs `schedule` on a fresh runner from `cpu` (updated as it goes) and compares every buffer the
// CPU model keeps after every pass: elements, radix's scan, the fast path's compact state, the wide
// path's layers, the pixel sort's source and span starts.
::testing::AssertionResult sameStateEveryPass(Runner& runner, const PassSchedule& schedule, SortState& cpu,
                                              const SourceShape& shape = {}) {
  if (cpu.source.empty()) runner.upload(cpu.elements);
  else runner.uploadSource(cpu.source, shape);  // the pixel sort starts from its source texels, kept as `shape` says
  for (std::size_t p = 0; p < schedule.size(); ++p) {
    runner.runPass(schedule[p]);
    cpu = runPass(schedule[p], std::move(cpu));
    const SortState gpu = runner.readState();
    ::testing::AssertionResult same = sameBits(gpu.elements, cpu.elements);
    if (!same) return same << " after pass " << p << ": " << describe(schedule[p]);
    if (gpu.scan != cpu.scan) return ::testing::AssertionFailure() << "scan after pass " << p << ": " << describe(schedule[p]);
    if (gpu.compact != cpu.compact) {
      return ::testing::AssertionFailure() << "compact state after pass " << p << ": " << describe(schedule[p]);
    }
    if (gpu.wide != cpu.wide) {
      return ::testing::AssertionFailure() << "wide state after pass " << p << ": " << describe(schedule[p]);
    }
    if (gpu.source != cpu.source) return ::testing::AssertionFailure() << "source after pass " << p;
    if (gpu.spans != cpu.spans) {
      return ::testing::AssertionFailure() << "span starts after pass " << p << ": " << describe(schedule[p]);
    }
    if (gpu.pixels != cpu.pixels) {
      return ::testing::AssertionFailure() << "pixel-sorted image after pass " << p << ": " << describe(schedule[p]);
    }
  }
  return ::testing::AssertionSuccess();
}
::testing::AssertionResult sameStateEveryPass(const PassSchedule& schedule, SortState& cpu) {
  FragmentRunner runner(cpu.elements.size());
  return sameStateEveryPass(runner, schedule, cpu);
}

class GpuAlgorithm : public Gpu, public ::testing::WithParamInterface<Algorithm> {};

TEST_P(GpuAlgorithm, EveryPassEqualsTheCpuModel) {
  // Long schedules (transposition: N passes; radix: 18 (log2 N + 2)) get the smaller sizes.
  const bool longSchedule = GetParam() == Algorithm::Transposition || GetParam() == Algorithm::Radix;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> sizes = {{1, 1}, {2, 1}, {1, 2}, {3, 1}, {1, 7},
                                                                {5, 3}, {8, 8}, {13, 17}, {1, 64}, {64, 1}};
  if (!longSchedule) sizes.insert(sizes.end(), {{37, 50}, {64, 64}, {1, 1000}});
  std::mt19937 rng(2024);
  for (auto [w, h] : sizes) {
    for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
      SCOPED_TRACE(std::string(algorithmName(GetParam())) + " " + std::to_string(w) + "x" + std::to_string(h) +
                   (order == SortOrder::Ascending ? " asc" : " desc"));
      const Image image = test::randomImage(w, h, rng, 9);  // 9 colours: many ties
      SortState cpu{packElements(image, order), {}, {}, {}, {}, {}, {}};
      const PassSchedule schedule = scheduleFor(GetParam(), cpu.elements.size());
      const std::unique_ptr<Runner> runner = makeRunner(GetParam(), cpu.elements.size());
      ASSERT_TRUE(sameStateEveryPass(*runner, schedule, cpu));
      EXPECT_EQ(unpackElements(cpu.elements, w, h, 4).rgba, test::referenceSorted(image, order).rgba);
    }
  }
}

TEST_P(GpuAlgorithm, SortsTheBundledImagesExactly) {
  // Transposition needs N passes: 262144 on the bundled images, minutes on llvmpipe, so it sorts a
  // 64x64 crop of each here (texsort sort --algo transposition does the whole images).
  const bool crop = GetParam() == Algorithm::Transposition;
  for (const char* name : {"astronaut.png", "coffee.png"}) {
    Image image = loadImage(test::assetPath(name), kMaxElements);
    if (crop) {
      Image part;
      part.width = part.height = 64;
      part.channels = image.channels;
      for (std::uint32_t y = 200; y < 264; ++y)
        part.rgba.insert(part.rgba.end(), &image.rgba[(std::size_t{y} * image.width + 200) * 4],
                         &image.rgba[(std::size_t{y} * image.width + 264) * 4]);
      image = part;
    }
    for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
      SCOPED_TRACE(std::string(algorithmName(GetParam())) + " " + name + (order == SortOrder::Ascending ? " asc" : " desc"));
      const std::vector<Element> elements = packElements(image, order);
      const std::unique_ptr<Runner> runner = makeRunner(GetParam(), elements.size());
      runner->upload(elements);
      runner->run(scheduleFor(GetParam(), elements.size()));
      const std::vector<Element> gpu = runner->readElements();
      std::vector<Element> reference = elements;
      std::stable_sort(reference.begin(), reference.end(), elementLess);
      EXPECT_TRUE(sameBits(gpu, reference));
      EXPECT_EQ(unpackElements(gpu, image.width, image.height, image.channels).rgba,
                test::referenceSorted(image, order).rgba);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, GpuAlgorithm, ::testing::ValuesIn(kAlgorithms),
                         test::algorithmTestName<::testing::TestParamInfo<Algorithm>>);

TEST_F(Gpu, CopyPassLeavesTheState) {
  std::mt19937 rng(4);
  const std::vector<Element> elements = packElements(test::randomImage(32, 32, rng), SortOrder::Ascending);
  FragmentRunner runner(elements.size());
  runner.upload(elements);
  runner.runPass(bitonicPassFromCounter(0));
  const SortState before = runner.readState();
  runner.copyPassMs();
  EXPECT_EQ(runner.readState(), before);
}

// Every fused shape at 2^k for k odd and even (2^5 .. 2^10): a direction mistake in one shape can
// hide at one parity. Both orders, few colours for many ties.
TEST_F(Gpu, EveryFusedShapeEqualsTheCpuModelAtOddAndEvenLog2) {
  std::mt19937 rng(31);
  for (unsigned k = 5; k <= 10; ++k) {
    for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
      SCOPED_TRACE("n = 2^" + std::to_string(k));
      const Image image = test::randomImage(1u << (k / 2), 1u << (k - k / 2), rng, 7);
      SortState cpu{packElements(image, order), {}, {}, {}, {}, {}, {}};
      ASSERT_TRUE(sameStateEveryPass(fastBitonicSchedule(SortShape::whole(cpu.elements.size())), cpu));
    }
  }
}

// The wide path from 2^4 (one pass from the elements, then the gather) to 2^11 (windows at bits
// 0-7, sources from the elements and from every window): odd and even log2, both orders, few
// colours for many ties; every pass's layered state as the CPU model lays it out.
TEST_F(Gpu, EveryWideWindowEqualsTheCpuModelAtOddAndEvenLog2) {
  std::mt19937 rng(37);
  for (unsigned k = 4; k <= 11; ++k) {
    for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
      SCOPED_TRACE("n = 2^" + std::to_string(k));
      const Image image = test::randomImage(1u << (k / 2), 1u << (k - k / 2), rng, 7);
      SortState cpu{packElements(image, order), {}, {}, {}, {}, {}, {}};
      const PassSchedule schedule = wideBitonicSchedule(SortShape::whole(cpu.elements.size()));
      ASSERT_TRUE(std::holds_alternative<WideBitonicSteps>(schedule.front()));
      ASSERT_TRUE(sameStateEveryPass(schedule, cpu));
      EXPECT_EQ(unpackElements(cpu.elements, image.width, image.height, 4).rgba, test::referenceSorted(image, order).rgba);
    }
  }
}

// Schedules for many lines: each line's network in the same passes, every pass as the CPU model has it.
TEST_F(Gpu, LineShapesEqualTheCpuModelEveryPass) {
  std::mt19937 rng(41);
  for (Algorithm a : test::lineAlgorithms()) {
    for (const SortShape shape : {SortShape{32, 16}, SortShape{8, 64}, SortShape{128, 2}}) {
      SCOPED_TRACE(std::string(algorithmName(a)) + " lines of " + std::to_string(shape.lineLength));
      const Image image = test::randomImage(static_cast<std::uint32_t>(shape.lineLength),
                                            static_cast<std::uint32_t>(shape.lineCount), rng, 6);
      SortState cpu{packElements(image, SortOrder::Ascending), {}, {}, {}, {}, {}, {}};
      ASSERT_TRUE(sameStateEveryPass(*makeRunner(a, shape.count()), scheduleFor(a, shape), cpu));
      for (std::uint64_t line = 0; line < shape.lineCount; ++line) {
        const auto first = cpu.elements.begin() + static_cast<std::ptrdiff_t>(line * shape.lineLength);
        EXPECT_TRUE(std::is_sorted(first, first + static_cast<std::ptrdiff_t>(shape.lineLength), elementLess));
      }
    }
  }
}

// The pixel sort of `image` on every line algorithm: every pass equals the CPU model and the image
// the plain reference; `more` checks the runner and the model's final state after.
void pixelSortEveryPass(const Image& image, const PixelSortOptions& o, const LineLayout& layout,
                        const std::function<void(Runner&, const SortState&)>& more = {}) {
  for (const Algorithm algorithm : test::lineAlgorithms()) {
    if (!pixelSortAlgorithm(algorithm)) continue;
    SCOPED_TRACE(algorithmName(algorithm));
    SortState cpu;
    cpu.source = pixelSortSource(image, o, layout);
    const PassSchedule schedule = pixelSortSchedule(layout, algorithm, o);
    const std::unique_ptr<Runner> runner = makeRunner(algorithm, cpu.source.size());
    // As the command: the fast and wide paths keep one half of the elements.
    runner->prepare(schedule, sourceShape(layout, o));
    ASSERT_TRUE(sameStateEveryPass(*runner, schedule, cpu, sourceShape(layout, o)));
    EXPECT_EQ(pixelSortOutput(image, cpu.pixels).rgba, pixelSortReference(image, o).rgba);
    if (more) more(*runner, cpu);
  }
}

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
    for (const Algorithm algorithm : {Algorithm::Bitonic, Algorithm::BitonicWide}) {
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

TEST_F(Gpu, TimesTheSortWithTheGpuClock) {
  std::mt19937 rng(11);
  const std::vector<Element> elements = packElements(test::randomImage(128, 128, rng), SortOrder::Ascending);
  FragmentRunner runner(elements.size());
  runner.upload(elements);
  const double ms = runner.run(bitonicSchedule(elements.size()));
  EXPECT_GT(ms, 0.0);
  EXPECT_LT(ms, 60'000.0);  // sanity of the units only, not a speed requirement
}

TEST_F(Gpu, RefusesCountsItCannotHold) {
  EXPECT_THROW(FragmentRunner(3), Error);
  EXPECT_THROW(FragmentRunner(kMaxElements * 2), Error);
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  EXPECT_GE(maxSize, 4096);  // so every count up to 2^24 fits a square-ish texture
  if (static_cast<std::uint64_t>(maxSize) * std::uint64_t(maxSize) / 2 < kMaxElements) {
    EXPECT_THROW(FragmentRunner(std::uint64_t(maxSize) * std::uint64_t(maxSize) * 2), Error);  // refused before allocating
  }
}

}  // namespace
}  // namespace texsort
