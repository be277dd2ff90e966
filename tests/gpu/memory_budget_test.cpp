// The memory budget's GPU terms against what the runners really allocate: the textures counted by
// the RAII handles (gl::liveTextureBytes) after a runner is made and prepared for its schedule.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace texsort
