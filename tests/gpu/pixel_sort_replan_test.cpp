// What a pixel sort starts from after a change on the same GL objects: new options on the same
// lines (a reschedule) and a new picture copied from a framebuffer both start from the source
// alone, as the CPU model does, and a new --center lays the lines out again.
#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "gl/capabilities.h"
#include "gl/objects.h"
#include "pixelsort/pixel_runner.h"
#include "pixelsort/pixel_sort.h"
#include "playback/pixel_sort_view.h"
#include "sort/cpu_model.h"
#include "gpu_fixture.h"
#include "same_state.h"
#include "test_support.h"

namespace texsort {
namespace {

using Gpu = test::GpuTest;

// The state the CPU model starts a pixel sort from: the source, nothing sorted yet. (The span words
// are the GPU's own scratch, cleared by the first pass.)
void expectStartState(const Runner& runner, const std::vector<PixelTexel>& source) {
  const SortState gpu = runner.readState();
  EXPECT_TRUE(gpu.source == source) << "the source";
  EXPECT_TRUE(gpu.elements.empty()) << "no elements of the last sort";
  EXPECT_TRUE(gpu.pixels.empty()) << "no picture of the last sort";
  EXPECT_TRUE(gpu.wide.empty() && gpu.compact.empty() && gpu.scan.empty()) << "no layers of the last sort";
}

// Right after a reschedule (new options, same lines) and right after a new picture from a
// framebuffer, on both runners: the whole state is the CPU model's start, and every pass from
// there equals the model's.
TEST_F(Gpu, AReplannedSortStartsFromTheSourceAlone) {
  std::mt19937 rng(79);
  const Image image = test::randomImage(33, 19, rng, 8), next = test::randomImage(33, 19, rng, 8);
  const gl::Texture frame(next.width, next.height, gl::TextureFormat::Rgba8, next.rgba.data(), "frame");
  const gl::Framebuffer frameTarget(frame, "frame target");
  PixelSortOptions o;
  o.angle = 30.0;
  o.lower = 0.2;
  PixelSortOptions other = o;
  other.lower = 0.4;
  other.key = PixelKey::Hue;
  for (const Algorithm algorithm : {kFragmentPixelSort, kComputePixelSort}) {
    SCOPED_TRACE(algorithmName(algorithm));
    PixelSortPlan plan("test", image.width, image.height, o, algorithm, true);
    plan.run(image);
    ASSERT_TRUE(plan.keepsLines(other, algorithm));
    plan.reschedule(other);
    const std::vector<PixelTexel> source = pixelSortSource(image, other, plan.layout());
    expectStartState(plan.runner(), source);
    SortState cpu;
    cpu.source = source;
    EXPECT_TRUE(test::sameStateEveryPass(plan.runner(), plan.schedule(), cpu, sourceShape(plan.layout(), other)));
    plan.uploadPixels(frameTarget.id());
    expectStartState(plan.runner(), pixelSortSource(next, other, plan.layout()));
  }
}

// New lines (another angle) on a new plan that takes the last plan's runner where the backend and
// the size match: its textures and programs serve again, the sort starts from the source alone and
// equals the CPU model's pass by pass. The runner given back (as after a failure) serves the last
// plan again; a plan on the other backend makes its own.
TEST_F(Gpu, ANewPlanTakesTheLastPlansRunner) {
  std::mt19937 rng(89);
  const Image image = test::randomImage(33, 19, rng, 8);
  PixelSortOptions o;
  o.angle = 30.0;
  o.lower = 0.2;
  PixelSortOptions turned = o;
  turned.angle = 60.0;
  for (const Algorithm algorithm : {kFragmentPixelSort, kComputePixelSort}) {
    SCOPED_TRACE(algorithmName(algorithm));
    PixelSortPlan first("test", image.width, image.height, o, algorithm, true);
    const std::vector<std::uint8_t> firstSorted = first.sort(image, {}, 1.0);
    const Runner* runner = &first.runner();
    ASSERT_FALSE(first.keepsLines(turned, algorithm));
    PixelSortPlan second(first, turned, algorithm, true);
    EXPECT_EQ(&second.runner(), runner);
    EXPECT_THROW(first.runner(), Error);
    second.upload(image);
    const std::vector<PixelTexel> source = pixelSortSource(image, turned, second.layout());
    expectStartState(second.runner(), source);
    SortState cpu;
    cpu.source = source;
    EXPECT_TRUE(test::sameStateEveryPass(second.runner(), second.schedule(), cpu, sourceShape(second.layout(), turned)));
    second.giveRunnerBack(first);
    EXPECT_TRUE(first.gotRunnerBack());
    EXPECT_FALSE(first.gotRunnerBack()) << "said once";
    EXPECT_EQ(first.sort(image, {}, 1.0), firstSorted);
    EXPECT_EQ(first.runner().programLookups(), 0u) << "given back prepared for the first plan's schedule";
    const Algorithm other = algorithm == kFragmentPixelSort ? kComputePixelSort : kFragmentPixelSort;
    const PixelSortPlan third(first, turned, other, true);
    EXPECT_NE(&third.runner(), &first.runner()) << "another backend's runner";
    PixelSortOptions rows = o;
    rows.angle = 0.0;  // 33 pixels a row pad to 64: 19 lines of them
    ASSERT_NE(lineShape(image.width, image.height, rows).count(), lineShape(image.width, image.height, o).count());
    const PixelSortPlan fourth(first, rows, algorithm, true, true);
    EXPECT_THROW(first.runner(), Error) << "another element count, with freeEarlier: the first plan's runner freed";
  }
}

// A new --center lays circles out again (then its x alone, then its y alone): the view's result is
// the reference's at the new centre.
TEST_F(Gpu, ANewCentreLaysTheLinesOutAgain) {
  std::mt19937 rng(83);
  const Image image = test::randomImage(29, 23, rng, 8);
  PixelSortOptions o;
  o.path = PixelPath::Circles;
  o.intervals = Intervals::None;
  PixelSortView view(image, o, Algorithm::BitonicWide);
  for (const auto& [x, y] : {std::pair{14.5, 4.0}, std::pair{23.0, 4.0}, std::pair{23.0, 18.0}}) {
    SCOPED_TRACE("centre " + std::to_string(x) + ", " + std::to_string(y));
    PixelSortOptions moved = o;
    moved.centerX = x;
    moved.centerY = y;
    ASSERT_NE(pixelSortReference(image, moved).rgba, pixelSortReference(image, o).rgba);
    view.setOptions(moved, Algorithm::BitonicWide);
    EXPECT_EQ(view.result().rgba, pixelSortReference(image, moved).rgba);
    o = moved;
  }
}

// auto past one storage block: a compute backend holds a pair (8 bytes) an element in one storage
// block, so it serves up to block / 8 elements (twice the plain sort's 16-byte elements) and the
// fragment path takes over beyond; a line sort named is kept whatever the count.
TEST_F(Gpu, AutoTakesTheFragmentPathPastOneStorageBlockOfPairs) {
  ASSERT_TRUE(gl::computeAvailable()) << "llvmpipe has compute shaders";
  const auto most = static_cast<std::uint64_t>(gl::computeLimits().storageBlockBytes) / kPairBytes;
  EXPECT_EQ(fittedPixelSortBackend(Algorithm::ComputeB32, most), Algorithm::ComputeB32);
  EXPECT_EQ(fittedPixelSortBackend(Algorithm::ComputeB32C16, most), Algorithm::ComputeB32C16);
  EXPECT_EQ(fittedPixelSortBackend(Algorithm::ComputeB32, most + 1), kFragmentPixelSort);
  EXPECT_EQ(fittedPixelSortBackend(Algorithm::BitonicWide, 4 * most), Algorithm::BitonicWide);
  EXPECT_EQ(pixelSortAlgorithmHere(Algorithm::ComputeB32, true, 4 * most), Algorithm::ComputeB32) << "named: kept";
  EXPECT_EQ(pixelSortAlgorithmHere(Algorithm::Bitonic, false, 64), pixelSortBackendHere()) << "auto: the backend";
}

// A view on auto (chosen false) runs auto's line sort for its lines, before and after new lines,
// whatever algorithm it is handed; a named one runs as named, and back on auto, auto's again (the
// same lines too).
TEST_F(Gpu, AViewOnAutoRunsAutosLineSort) {
  std::mt19937 rng(89);
  const Image image = test::randomImage(31, 17, rng, 8);
  PixelSortOptions o;
  PixelSortView automatic(image, o, Algorithm::Bitonic, "auto", false);
  EXPECT_EQ(automatic.algorithm(), pixelSortBackendHere());
  PixelSortOptions turned = o;
  turned.angle = 30.0;
  automatic.setOptions(turned, Algorithm::Bitonic, true, false);
  EXPECT_EQ(automatic.algorithm(), pixelSortBackendHere()) << "new lines: auto's again";
  EXPECT_EQ(automatic.result().rgba, pixelSortReference(image, turned).rgba);
  PixelSortView named(image, o, Algorithm::Bitonic, "named", true);
  EXPECT_EQ(named.algorithm(), Algorithm::Bitonic);
  named.setOptions(turned, Algorithm::OddEvenMerge);
  EXPECT_EQ(named.algorithm(), Algorithm::OddEvenMerge);
  named.setOptions(turned, Algorithm::OddEvenMerge, true, false);
  EXPECT_EQ(named.algorithm(), pixelSortBackendHere()) << "auto again on the same lines";
  EXPECT_EQ(named.result().rgba, pixelSortReference(image, turned).rgba);
  PixelSortOptions mixed = turned;
  mixed.mix = 0.5;
  named.setOptions(mixed, Algorithm::OddEvenMerge, true, false);
  EXPECT_EQ(named.algorithm(), pixelSortBackendHere()) << "a new --mix alone keeps auto's";
}

}  // namespace
}  // namespace texsort
