// The CPU model of the passes, checked against std::stable_sort and the 0-1 principle.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "image/elements.h"
#include "sort/cpu_model.h"
#include "test_support.h"

namespace texsort {
namespace {

std::vector<Element> randomElements(std::size_t n, std::mt19937& rng, int distinctKeys) {
  std::uniform_int_distribution<int> key(0, distinctKeys - 1);
  std::vector<Element> elements(n);
  for (std::size_t i = 0; i < n; ++i) {
    elements[i] = Element{float(key(rng)), float(i), float(rng() % 16777216), float(rng() % 256)};
  }
  return elements;
}

TEST(CpuModel, EqualsStableSortByKeyThenIndex) {
  std::mt19937 rng(1234);
  for (unsigned k = 0; k <= 12; ++k) {
    for (int distinct : {1, 3, 100, 1 << 20}) {
      const std::vector<Element> input = randomElements(std::size_t{1} << k, rng, distinct);
      std::vector<Element> expected = input;
      std::stable_sort(expected.begin(), expected.end(),
                       [](const Element& a, const Element& b) { return a.key < b.key; });
      EXPECT_EQ(runSchedule(bitonicSchedule(input.size()), input), expected) << "n 2^" << k << " keys " << distinct;
    }
  }
}

TEST(CpuModel, SortsShuffledInputWhoseIndicesAreNotInOrder) {
  // Ties break by the stored index, not by position: shuffle elements that share keys.
  std::mt19937 rng(99);
  std::vector<Element> input = randomElements(1024, rng, 4);
  std::shuffle(input.begin(), input.end(), rng);
  std::vector<Element> expected = input;
  std::sort(expected.begin(), expected.end(), elementLess);
  EXPECT_EQ(runSchedule(bitonicSchedule(input.size()), input), expected);
}

TEST(CpuModel, SortsEveryZeroOneInputOfSixteen) {
  // 0-1 principle: a comparator network that sorts all 2^n binary inputs sorts every input.
  const PassSchedule schedule = bitonicSchedule(16);
  for (std::uint32_t bits = 0; bits < (1u << 16); ++bits) {
    std::vector<Element> input(16);
    for (std::uint32_t i = 0; i < 16; ++i) input[i] = Element{float((bits >> i) & 1), float(i), 0, 0};
    const std::vector<Element> out = runSchedule(schedule, input);
    ASSERT_TRUE(std::is_sorted(out.begin(), out.end(), elementLess)) << "input bits " << bits;
  }
}

TEST(CpuModel, PaddedImagesSortWithSentinelsLast) {
  std::mt19937 rng(7);
  for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
    const Image image = test::randomImage(13, 17, rng, 5);
    const std::vector<Element> elements = packElements(image, order);
    ASSERT_EQ(elements.size(), 256u);
    const std::vector<Element> sorted = runSchedule(bitonicSchedule(elements.size()), elements);
    for (std::size_t i = 0; i < sorted.size(); ++i) EXPECT_EQ(sorted[i].key == kSentinelKey, i >= 13 * 17);
    const Image result = unpackElements(sorted, 13, 17, 4);
    EXPECT_EQ(result.rgba, test::referenceSorted(image, order).rgba);
  }
}

TEST(CpuModel, OnePassMatchesTheSeedFormulas) {
  // Pass rank 1 step 0 on 8 elements: stepno 4, offset 2. Elements 0,1 compare ahead ascending
  // (keep min), 2,3 behind ascending (keep max), 4,5 ahead descending (max), 6,7 behind (min).
  std::vector<Element> in(8);
  const float keys[8] = {5, 1, 2, 7, 3, 6, 8, 0};
  for (int i = 0; i < 8; ++i) in[i] = Element{keys[i], float(i), 0, 0};
  const std::vector<Element> out = runPass(bitonicPassFromCounter(1), in);
  const float expected[8] = {2, 1, 5, 7, 8, 6, 3, 0};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i].key, expected[i]) << "position " << i;
}

}  // namespace
}  // namespace texsort
