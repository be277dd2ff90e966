// The memory budget's GPU terms against what the runners really allocate: the textures counted by
// the RAII handles (gl::liveTextureBytes) after a runner is made and prepared for its schedule.
#include <gtest/gtest.h>

#include <random>

#include "gl/objects.h"
#include "gpu_fixture.h"
#include "pixelsort/pixel_sort.h"
#include "sort/memory_budget.h"
#include "sort/runner.h"
#include "test_support.h"

namespace texsort {
namespace {

class MemoryBudgetTest : public test::GpuTest {};

// Each fragment algorithm's estimate covers its textures, and by no more than a tenth: an estimate
// that dropped a texture pair (bitonic-fast's compact pair, radix's scan pair) fails here.
TEST_F(MemoryBudgetTest, TheGpuTermIsWhatTheRunnerAllocates) {
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    if (usesCompute(row.id)) continue;  // storage buffers, not textures
    SCOPED_TRACE(row.name);
    for (const std::uint32_t side : {64u, 256u}) {
      const std::uint64_t n = std::uint64_t{side} * side;
      const std::int64_t before = gl::liveTextureBytes();
      std::unique_ptr<Runner> runner = makeRunner(row.id, n);
      runner->prepare(scheduleFor(row.id, n));
      const auto allocated = static_cast<std::uint64_t>(gl::liveTextureBytes() - before);
      const std::uint64_t estimate = memoryNeed(side, side, 0, row.id).gpuBytes;
      EXPECT_GE(estimate, allocated) << side << "x" << side;
      EXPECT_LE(estimate, allocated + allocated / 10) << side << "x" << side;
      runner.reset();
      EXPECT_EQ(gl::liveTextureBytes(), before) << "a runner gives back every texture it made";
    }
  }
}

// The compute rows' pixel sort keeps storage buffers, not textures: what a run leaves allocated (pairs,
// compute-radix's second pair buffer and counts, the source, span words, the picture) is within the
// estimate, and by no more than a quarter.
TEST_F(MemoryBudgetTest, TheComputePixelSortsBuffersAreWithinTheEstimate) {
  std::mt19937 rng(5);
  const Image image = test::randomImage(300, 200, rng, 8);
  const PixelSortOptions o;
  const LineLayout layout = lineLayout(image.width, image.height, 0.0);
  const std::vector<PixelTexel> source = pixelSortSource(image, o, layout);
  for (const Algorithm a : {Algorithm::ComputeB32, Algorithm::ComputeB32C16, Algorithm::ComputeRadix}) {
    SCOPED_TRACE(algorithmName(a));
    const std::int64_t before = gl::liveBufferBytes();
    const PassSchedule schedule = pixelSortSchedule(layout, a, o);
    std::unique_ptr<Runner> runner = makeRunner(a, source.size());
    runner->prepare(schedule, sourceShape(layout, o));
    runner->uploadSource(source, sourceShape(layout, o));
    runner->run(schedule);
    const auto allocated = static_cast<std::uint64_t>(gl::liveBufferBytes() - before);
    const std::uint64_t estimate =
        pixelSortMemoryNeed(image.width, image.height, layout.shape(), 0, a, sourceShape(layout, o).maps()).gpuBytes;
    EXPECT_GE(estimate, allocated);
    EXPECT_LE(estimate, allocated + allocated / 4);
    runner.reset();
    EXPECT_EQ(gl::liveBufferBytes(), before) << "a runner gives back every buffer it made";
  }
}

}  // namespace
}  // namespace texsort
