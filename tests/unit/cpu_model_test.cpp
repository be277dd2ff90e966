// The CPU model of the passes, checked against std::stable_sort and the 0-1 principle.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "sort/packing.h"
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

class EveryAlgorithm : public ::testing::TestWithParam<Algorithm> {};

TEST_P(EveryAlgorithm, EqualsStableSortByKeyThenIndex) {
  std::mt19937 rng(1234);
  const unsigned maxLog2 = GetParam() == Algorithm::Transposition ? 9 : 12;
  for (unsigned k = 0; k <= maxLog2; ++k) {
    for (int distinct : {1, 3, 100, 1 << 18}) {  // keys stay below 2^18, as radix sort assumes
      const std::vector<Element> input = randomElements(std::size_t{1} << k, rng, distinct);
      std::vector<Element> expected = input;
      std::stable_sort(expected.begin(), expected.end(),
                       [](const Element& a, const Element& b) { return a.key < b.key; });
      EXPECT_EQ(runSchedule(scheduleFor(GetParam(), input.size()), input), expected)
          << algorithmName(GetParam()) << " n 2^" << k << " keys " << distinct;
    }
  }
}

TEST_P(EveryAlgorithm, SortsPaddedImagesInBothOrders) {
  std::mt19937 rng(3);
  for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
    const Image image = test::randomImage(11, 9, rng, 6);
    const std::vector<Element> sorted = runSchedule(scheduleFor(GetParam(), 128), packElements(image, order));
    EXPECT_EQ(unpackElements(sorted, 11, 9, 4).rgba, test::referenceSorted(image, order).rgba);
  }
}

class EveryNetwork : public ::testing::TestWithParam<Algorithm> {};

TEST_P(EveryNetwork, SortsEveryZeroOneInputOfSixteen) {
  // 0-1 principle: a comparator network that sorts all 2^n binary inputs sorts every input.
  const PassSchedule schedule = scheduleFor(GetParam(), 16);
  for (std::uint32_t bits = 0; bits < (1u << 16); ++bits) {
    std::vector<Element> input(16);
    for (std::uint32_t i = 0; i < 16; ++i) input[i] = Element{float((bits >> i) & 1), float(i), 0, 0};
    const std::vector<Element> out = runSchedule(schedule, input);
    ASSERT_TRUE(std::is_sorted(out.begin(), out.end(), elementLess)) << "input bits " << bits;
  }
}

const auto testName = test::algorithmTestName<::testing::TestParamInfo<Algorithm>>;
INSTANTIATE_TEST_SUITE_P(Algorithms, EveryAlgorithm, ::testing::ValuesIn(kAlgorithms), testName);
INSTANTIATE_TEST_SUITE_P(Networks, EveryNetwork, ::testing::ValuesIn(test::networkAlgorithms()), testName);

// The radix tests' elements: keys 1 0 3 5 2 4 7 6, indices 0 ... 7.
SortState radixExample() {
  SortState state;
  const float keys[8] = {1, 0, 3, 5, 2, 4, 7, 6};
  for (int i = 0; i < 8; ++i) state.elements.push_back(Element{keys[i], float(i), 0, 0});
  return state;
}

std::vector<float> keysOf(const SortState& state) {
  std::vector<float> keys;
  for (const Element& e : state.elements) keys.push_back(e.key);
  return keys;
}

TEST(CpuModel, RadixPassesFollowTheSplitOfArticle002) {
  // Keys 1 0 1 1 0 0 1 0 on bit 0: e = 0 1 0 0 1 1 0 1, inclusive scan 0 1 1 1 2 3 3 4,
  // totalFalses 4; falses keep their order first, trues follow in theirs.
  SortState state = radixExample();
  const PassSchedule s = radixSchedule(SortShape::whole(8), 1, 1);
  ASSERT_EQ(s.size(), 5u);
  const auto channel = [&](unsigned c) {  // the scan buffer's channel c (e is channel 0)
    std::vector<float> out;
    for (std::size_t i = c; i < state.scan.size(); i += 4) out.push_back(state.scan[i]);
    return out;
  };
  state = runPass(s[0], state);
  EXPECT_EQ(channel(0), (std::vector<float>{0, 1, 0, 0, 1, 1, 0, 1}));
  EXPECT_EQ(channel(1), (std::vector<float>{1, 0, 1, 1, 0, 0, 1, 0}));
  for (int d = 1; d <= 3; ++d) state = runPass(s[std::size_t(d)], state);
  EXPECT_EQ(channel(0), (std::vector<float>{0, 1, 1, 1, 2, 3, 3, 4}));
  EXPECT_EQ(channel(1), (std::vector<float>{1, 1, 2, 3, 3, 3, 4, 4}));
  EXPECT_EQ(channel(2), (std::vector<float>(8, 0.0f)));
  state = runPass(s[4], state);
  EXPECT_EQ(keysOf(state), (std::vector<float>{0, 2, 4, 6, 1, 3, 5, 7}));
}

TEST(CpuModel, RadixSplitsFourWaysOnTwoBitDigits) {
  // Keys 1 0 3 5 2 4 7 6 have low digits 1 0 3 1 2 0 3 2: two of each, so the runs of digits 0 ... 3
  // start at 0, 2, 4, 6, and each keeps its keys' order: (0 4) (1 5) (2 6) (3 7).
  SortState state = radixExample();
  const PassSchedule s = radixSchedule(SortShape::whole(8), 2, 2);
  ASSERT_EQ(s.size(), 5u);
  state = runPass(s[0], state);
  EXPECT_EQ(std::vector<float>(state.scan.begin(), state.scan.begin() + 12),
            (std::vector<float>{0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1}));
  for (int d = 1; d <= 3; ++d) state = runPass(s[std::size_t(d)], state);
  EXPECT_EQ(std::vector<float>(state.scan.end() - 4, state.scan.end()), (std::vector<float>{2, 2, 2, 2}));
  state = runPass(s[4], state);
  EXPECT_EQ(keysOf(state), (std::vector<float>{0, 4, 1, 5, 2, 6, 3, 7}));
}

// A schedule built for lines sorts every line on its own, ascending, like std::stable_sort per line.
class LineAlgorithm : public ::testing::TestWithParam<Algorithm> {};

TEST_P(LineAlgorithm, LineShapesSortEachLineLikeStableSort) {
  std::mt19937 rng(77);
  for (const SortShape shape : {SortShape{2, 4}, SortShape{16, 8}, SortShape{64, 2}, SortShape{1, 8}}) {
    const std::vector<Element> input = randomElements(shape.count(), rng, 5);
    std::vector<Element> expected = input;
    for (std::uint64_t line = 0; line < shape.lineCount; ++line) {
      const auto first = expected.begin() + static_cast<std::ptrdiff_t>(line * shape.lineLength);
      std::stable_sort(first, first + static_cast<std::ptrdiff_t>(shape.lineLength), elementLess);
    }
    EXPECT_EQ(runSchedule(scheduleFor(GetParam(), shape), input), expected)
        << algorithmName(GetParam()) << " lines of " << shape.lineLength << " x " << shape.lineCount;
  }
}

INSTANTIATE_TEST_SUITE_P(Lines, LineAlgorithm, ::testing::ValuesIn(test::lineAlgorithms()),
                         test::algorithmTestName<::testing::TestParamInfo<Algorithm>>);

TEST(CpuModel, SortsShuffledInputWhoseIndicesAreNotInOrder) {
  // Ties break by the stored index, not by position: shuffle elements that share keys.
  std::mt19937 rng(99);
  std::vector<Element> input = randomElements(1024, rng, 4);
  std::shuffle(input.begin(), input.end(), rng);
  std::vector<Element> expected = input;
  std::sort(expected.begin(), expected.end(), elementLess);
  EXPECT_EQ(runSchedule(bitonicSchedule(input.size()), input), expected);
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

namespace texsort {
namespace {

TEST(CompareExchanges, ApplyingThemEqualsTheCpuModelsPass) {
  std::mt19937 rng(21);
  std::size_t layered = 0;
  for (Algorithm algorithm : kAlgorithms) {
    const PassSchedule sample = scheduleFor(algorithm, 16);
    if (!std::all_of(sample.begin(), sample.end(), [](const Pass& p) { return !compareExchanges(p, 16).empty(); }))
      continue;  // not single comparator layers (radix, the fused fast path)
    ++layered;
    for (std::uint32_t n : {2u, 8u, 64u, 256u}) {
      std::vector<Element> state(n);
      for (std::uint32_t i = 0; i < n; ++i) state[i] = Element{float(rng() % 50), float(i), 0, 0};
      for (const Pass& pass : scheduleFor(algorithm, n)) {
        std::vector<Element> applied = state;
        std::vector<bool> touched(n, false);
        for (const CompareExchange& c : compareExchanges(pass, n)) {
          ASSERT_FALSE(touched[c.low] || touched[c.high]) << "an element in two comparators: " << describe(pass);
          touched[c.low] = touched[c.high] = true;
          const bool swap = elementLess(state[c.high], state[c.low]) == c.ascending;
          if (swap) std::swap(applied[c.low], applied[c.high]);
        }
        const std::vector<Element> modelled = runPass(pass, state);
        ASSERT_EQ(applied, modelled) << algorithmName(algorithm) << " n " << n << ": " << describe(pass);
        state = modelled;
      }
    }
  }
  EXPECT_EQ(layered, 4u);  // bitonic, legacy bitonic, odd-even merge, transposition
  EXPECT_TRUE(compareExchanges(radixSchedule(SortShape::whole(16), 2, 2)[0], 16).empty());
}

}  // namespace
}  // namespace texsort
