// The GPU sorter on a real GL context (llvmpipe in CI): after every pass, the textures hold exactly
// what the CPU model computes. A machine without a context fails these tests; nothing is skipped.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "context/egl_context.h"
#include "error.h"
#include "image/elements.h"
#include "sort/cpu_model.h"
#include "sort/gpu_sorter.h"
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

TEST_F(Gpu, UploadAndReadBackAreExact) {
  std::mt19937 rng(3);
  const std::vector<Element> elements = packElements(test::randomImage(16, 8, rng), SortOrder::Ascending);
  GpuSorter sorter(elements.size());
  sorter.upload(elements);
  EXPECT_TRUE(sameBits(sorter.readBack(), elements));
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
      SortState cpu{packElements(image, order), {}, {}};
      GpuSorter sorter(cpu.elements.size());
      sorter.upload(cpu.elements);
      const PassSchedule schedule = scheduleFor(GetParam(), cpu.elements.size());
      for (std::size_t p = 0; p < schedule.size(); ++p) {
        sorter.runPass(schedule[p]);
        cpu = runPass(schedule[p], std::move(cpu));
        ASSERT_TRUE(sameBits(sorter.readBack(), cpu.elements)) << "after pass " << p << ": " << describe(schedule[p]);
        if (!cpu.scan.empty()) {
          ASSERT_EQ(sorter.readBackScan(), cpu.scan) << "scan after pass " << p;
        }
        if (!cpu.compact.empty()) {
          ASSERT_EQ(sorter.readBackCompact(), cpu.compact) << "compact state after pass " << p << ": " << describe(schedule[p]);
        }
      }
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
      GpuSorter sorter(elements.size());
      sorter.upload(elements);
      sorter.run(scheduleFor(GetParam(), elements.size()));
      const std::vector<Element> gpu = sorter.readBack();
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

TEST_F(Gpu, CopyPassLeavesTheStateAndTakesTime) {
  std::mt19937 rng(4);
  const std::vector<Element> elements = packElements(test::randomImage(32, 32, rng), SortOrder::Ascending);
  GpuSorter sorter(elements.size());
  sorter.upload(elements);
  EXPECT_GE(sorter.copyPass(), 0.0);
  EXPECT_TRUE(sameBits(sorter.readBack(), elements));
}

TEST_F(Gpu, TimesTheSortWithTheGpuClock) {
  std::mt19937 rng(11);
  const std::vector<Element> elements = packElements(test::randomImage(128, 128, rng), SortOrder::Ascending);
  GpuSorter sorter(elements.size());
  sorter.upload(elements);
  const double ms = sorter.run(bitonicSchedule(elements.size()));
  EXPECT_GT(ms, 0.0);
  EXPECT_LT(ms, 60'000.0);  // sanity of the units only, not a speed requirement
}

TEST_F(Gpu, RefusesCountsItCannotHold) {
  EXPECT_THROW(GpuSorter(3), Error);
  EXPECT_THROW(GpuSorter(kMaxElements * 2), Error);
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  EXPECT_GE(maxSize, 4096);  // so every count up to kMaxElements fits a square-ish texture
}

}  // namespace
}  // namespace texsort
