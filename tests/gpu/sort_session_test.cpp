// The viewer's compute side on a real context: stepping, going back and scrubbing land on exactly
// the texture a direct run produces; the GPU statistics and the picture agree with the CPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "context/egl_context.h"
#include "error.h"
#include "sort/cpu_model.h"
#include "gpu_fixture.h"
#include "test_support.h"
#include "viewer/sort_session.h"
#include "viewer/state_display.h"

namespace texsort {
namespace {

using Session = test::GpuTest;

std::vector<Element> directRun(const Image& image, SortOrder order, Algorithm algorithm, std::uint32_t passes) {
  std::vector<Element> elements = packElements(image, order);
  GpuSorter sorter(elements.size());
  sorter.upload(elements);
  const PassSchedule schedule = scheduleFor(algorithm, elements.size());
  for (std::uint32_t p = 0; p < passes; ++p) sorter.runPass(schedule[p]);
  return sorter.readBack();
}

bool sameBits(const std::vector<Element>& a, const std::vector<Element>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(Element)) == 0;
}

class SessionAlgorithm : public Session, public ::testing::WithParamInterface<Algorithm> {};

TEST_P(SessionAlgorithm, StepBackAndScrubLandOnTheDirectRunsState) {
  std::mt19937 rng(17);
  const Image image = test::randomImage(24, 20, rng, 11);  // 480 pixels, padded to 512
  SortSession session(image, SortOrder::Descending, GetParam(), "random");
  const std::uint32_t last = session.passCount();
  ASSERT_EQ(last, scheduleFor(GetParam(), 512).size());
  // Forward one pass at a time, back one at a time, then jumps in both directions.
  const std::uint32_t visits[] = {1, 2, 3, 10, 9, 8, last, last - 1, 0, last / 2, 12, last, 1, 0};
  for (std::uint32_t target : visits) {
    if (target == session.pass() + 1) session.stepForward();
    else session.seek(target);
    ASSERT_EQ(session.pass(), target);
    EXPECT_TRUE(sameBits(session.sorter().readBack(), directRun(image, SortOrder::Descending, GetParam(), target)))
        << algorithmName(GetParam()) << " at pass " << target;
  }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, SessionAlgorithm, ::testing::ValuesIn(kAlgorithms),
                         test::algorithmTestName<::testing::TestParamInfo<Algorithm>>);

TEST_F(Session, StatisticsMatchTheCpuModel) {
  std::mt19937 rng(5);
  const Image image = test::randomImage(16, 16, rng, 5);
  SortSession session(image, SortOrder::Ascending, Algorithm::Bitonic, "random");
  std::vector<Element> cpu = packElements(image, SortOrder::Ascending);
  for (std::uint32_t k = 1; k <= session.passCount(); ++k) {
    const std::vector<Element> before = cpu;
    cpu = runPass(session.schedule()[k - 1], cpu);
    session.stepForward();
    std::size_t moved = 0, inOrder = 0;
    for (std::size_t i = 0; i < cpu.size(); ++i) {
      moved += cpu[i].index != before[i].index;
      if (i + 1 < cpu.size()) inOrder += elementLess(cpu[i], cpu[i + 1]);
    }
    const PassStats& s = session.stats(k);
    ASSERT_TRUE(s.known);
    EXPECT_DOUBLE_EQ(s.movedPercent, 100.0 * double(moved) / double(cpu.size())) << "pass " << k;
    EXPECT_DOUBLE_EQ(s.inOrderPercent, 100.0 * double(inOrder) / double(cpu.size() - 1)) << "pass " << k;
    EXPECT_GE(s.gpuMs, 0.0);
  }
  EXPECT_DOUBLE_EQ(session.stats(session.passCount()).inOrderPercent, 100.0);
}

TEST_F(Session, PictureShowsTheImageThenTheSortedImage) {
  std::mt19937 rng(9);
  Image image = test::randomImage(12, 10, rng, 30);
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;  // the picture is opaque
  SortSession session(image, SortOrder::Ascending, Algorithm::Bitonic, "random");
  StateDisplay display;
  display.render(session, DisplayOptions{});
  EXPECT_EQ(display.width(), 12u);
  EXPECT_EQ(display.height(), 11u);  // 128 elements in rows of 12: one extra row holds the padding
  EXPECT_EQ(display.readBack(10).rgba, image.rgba);
  session.seek(session.passCount());
  display.render(session, DisplayOptions{true, true});  // overlays change colours...
  EXPECT_NE(display.readBack(10).rgba, test::referenceSorted(image, SortOrder::Ascending).rgba);
  display.render(session, DisplayOptions{});  // ...and without them the picture is the result
  EXPECT_EQ(display.readBack(10).rgba, test::referenceSorted(image, SortOrder::Ascending).rgba);
}

}  // namespace
}  // namespace texsort
