// The GPU tests' comparisons with the CPU model (same_state.h).
#include "same_state.h"

#include <cstring>
#include <memory>

#include "sort/fragment_runner.h"
#include "test_support.h"

namespace texsort::test {

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


::testing::AssertionResult sameStateEveryPass(Runner& runner, const PassSchedule& schedule, SortState& cpu,
                                              const SourceShape& shape) {
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
    if (gpu.counts != cpu.counts) {
      return ::testing::AssertionFailure() << "radix counts after pass " << p << ": " << describe(schedule[p]);
    }
  }
  return ::testing::AssertionSuccess();
}
::testing::AssertionResult sameStateEveryPass(const PassSchedule& schedule, SortState& cpu) {
  FragmentRunner runner(cpu.elements.size());
  return sameStateEveryPass(runner, schedule, cpu);
}

void pixelSortEveryPass(const Image& image, const PixelSortOptions& o, const LineLayout& layout,
                        const std::function<void(Runner&, const SortState&)>& more) {
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

}  // namespace texsort::test
