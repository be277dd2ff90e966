// The bitonic pass schedule: counts, parameters, and agreement of its three forms.
#include <gtest/gtest.h>

#include "sort/element.h"
#include "sort/schedule.h"

namespace texsort {
namespace {

TEST(Schedule, PassCountIsHalfLogTimesLogPlusOne) {
  for (unsigned k = 1; k <= 24; ++k) {
    const std::uint64_t n = std::uint64_t{1} << k;
    EXPECT_EQ(bitonicSchedule(n).size(), k * (k + 1) / 2) << "n = 2^" << k;
    EXPECT_EQ(bitonicPassCount(n), k * (k + 1) / 2);
  }
  EXPECT_EQ(bitonicSchedule(512 * 512).size(), 171u);    // article 004's demo
  EXPECT_EQ(bitonicSchedule(1024 * 1024).size(), 210u);  // article 004's 1024x1024 figure
  EXPECT_TRUE(bitonicSchedule(1).empty());
}

TEST(Schedule, EqualsTheTextbookNestedLoop) {
  // The usual form: merge size k doubles, partner distance j halves inside each merge.
  for (unsigned e = 1; e <= 24; ++e) {
    const std::uint64_t n = std::uint64_t{1} << e;
    const PassSchedule schedule = bitonicSchedule(n);
    std::size_t p = 0;
    for (std::uint64_t k = 2; k <= n; k *= 2) {
      for (std::uint64_t j = k / 2; j > 0; j /= 2, ++p) {
        ASSERT_LT(p, schedule.size());
        EXPECT_EQ(schedule[p].kind, PassKind::BitonicStep);
        EXPECT_EQ(schedule[p].stepno, k) << "n 2^" << e << " pass " << p;
        EXPECT_EQ(schedule[p].offset, j) << "n 2^" << e << " pass " << p;
        EXPECT_EQ(schedule[p].stage, 2 * j);
      }
    }
    EXPECT_EQ(p, schedule.size());
  }
}

TEST(Schedule, EqualsThePassCounterForm) {
  const PassSchedule schedule = bitonicSchedule(std::uint64_t{1} << 24);
  for (std::uint32_t counter = 0; counter < schedule.size(); ++counter) {
    EXPECT_EQ(bitonicPassFromCounter(counter), schedule[counter]) << "m_cnt " << counter;
  }
}

TEST(Schedule, RankAndStepDecomposeTheCounter) {
  // Article 004: stepno = 2^(rank+1), offset = 2^(rank-step), stage = 2*offset.
  const PassSchedule schedule = bitonicSchedule(1024);
  EXPECT_EQ(schedule[0], bitonicPassFromCounter(0));
  EXPECT_EQ(schedule[3].rank, 2u);
  EXPECT_EQ(schedule[3].step, 0u);
  EXPECT_EQ(schedule[3].stepno, 8u);
  EXPECT_EQ(schedule[3].offset, 4u);
  EXPECT_EQ(schedule[5].offset, 1u);
  for (const Pass& p : schedule) {
    EXPECT_EQ(p.stepno, 2u << p.rank);
    EXPECT_EQ(p.offset, 1u << (p.rank - p.step));
    EXPECT_EQ(p.stage, 2 * p.offset);
  }
  EXPECT_EQ(schedule.back().stepno, 1024u);  // the last merge covers everything, ascending
  EXPECT_EQ(schedule.back().offset, 1u);
}

TEST(Schedule, RefusesNonPowersOfTwo) {
  EXPECT_THROW(bitonicSchedule(0), std::invalid_argument);
  EXPECT_THROW(bitonicSchedule(3), std::invalid_argument);
  EXPECT_THROW(bitonicSchedule(600 * 400), std::invalid_argument);
}

TEST(Schedule, PowerOfTwoHelpers) {
  EXPECT_EQ(nextPowerOfTwo(1), 1u);
  EXPECT_EQ(nextPowerOfTwo(3), 4u);
  EXPECT_EQ(nextPowerOfTwo(240000), 262144u);
  EXPECT_EQ(nextPowerOfTwo(262144), 262144u);
  EXPECT_EQ(log2Exact(262144), 18u);
  EXPECT_TRUE(isPowerOfTwo(1));
  EXPECT_FALSE(isPowerOfTwo(0));
  EXPECT_FALSE(isPowerOfTwo(6));
}

TEST(Schedule, DescribeNamesTheSeedParameters) {
  EXPECT_EQ(describe(bitonicPassFromCounter(4)), "bitonic rank 2 step 1: stepno 8 offset 2 stage 4");
}

}  // namespace
}  // namespace texsort

namespace texsort {
namespace {

TEST(Schedules, PassCountsOfEveryAlgorithm) {
  for (unsigned k = 1; k <= 20; ++k) {
    const std::uint64_t n = std::uint64_t{1} << k;
    EXPECT_EQ(oddEvenMergeSchedule(n).size(), k * (k + 1) / 2);
    EXPECT_EQ(bitonicLegacySchedule(n).size(), k * (k + 1) / 2);
    EXPECT_EQ(radixSchedule(n, kKeyBits).size(), kKeyBits * (k + 2));  // flags + k scan steps + gather
    if (k <= 12) {
      EXPECT_EQ(transpositionSchedule(n).size(), n);
    }
  }
  EXPECT_TRUE(transpositionSchedule(1).empty());
  EXPECT_TRUE(radixSchedule(1, kKeyBits).empty());
}

TEST(Schedules, LegacyRunsTheBitonicParameters) {
  const PassSchedule modern = bitonicSchedule(4096), legacy = bitonicLegacySchedule(4096);
  ASSERT_EQ(modern.size(), legacy.size());
  for (std::size_t i = 0; i < modern.size(); ++i) {
    EXPECT_EQ(legacy[i].kind, PassKind::BitonicLegacyStep);
    EXPECT_EQ(legacy[i].stepno, modern[i].stepno);
    EXPECT_EQ(legacy[i].offset, modern[i].offset);
    EXPECT_EQ(legacy[i].stage, modern[i].stage);
  }
}

TEST(Schedules, OddEvenMergeFollowsBatchersLoops) {
  // for (p = 1; p < n; p *= 2) for (k = p; k >= 1; k /= 2): one pass (p, k).
  const PassSchedule s = oddEvenMergeSchedule(256);
  std::size_t i = 0;
  for (std::uint32_t p = 1; p < 256; p *= 2) {
    for (std::uint32_t k = p; k >= 1; k /= 2, ++i) {
      ASSERT_LT(i, s.size());
      EXPECT_EQ(s[i].stepno, p);
      EXPECT_EQ(s[i].offset, k);
    }
  }
  EXPECT_EQ(i, s.size());
}

TEST(Schedules, RadixScansEveryBitWithDoublingDistances) {
  const PassSchedule s = radixSchedule(16, 3);
  ASSERT_EQ(s.size(), 3u * 6u);
  for (std::uint32_t bit = 0; bit < 3; ++bit) {
    const Pass* p = &s[bit * 6];
    EXPECT_EQ(p[0].kind, PassKind::RadixFlags);
    for (std::uint32_t d = 0; d < 4; ++d) {
      EXPECT_EQ(p[1 + d].kind, PassKind::RadixScanStep);
      EXPECT_EQ(p[1 + d].offset, 1u << d);
    }
    EXPECT_EQ(p[5].kind, PassKind::RadixGather);
    for (int j = 0; j < 6; ++j) EXPECT_EQ(p[j].bit, bit);
  }
}

TEST(Schedules, FastPathCarriesEveryBitonicStepInKnownShapes) {
  for (unsigned k = 1; k <= 24; ++k) {
    const std::uint64_t n = std::uint64_t{1} << k;
    const PassSchedule fast = fastBitonicSchedule(n);
    EXPECT_EQ(networkSteps(fast), k * (k + 1) / 2) << "n 2^" << k;
    EXPECT_EQ(fast.front().kind, PassKind::FastPack);
    EXPECT_EQ(fast.back().kind, PassKind::FastGather);
    // Walking the fused passes step by step gives exactly the classic steps, in order.
    PassSchedule expanded;
    for (const Pass& p : fast) {
      if (p.kind != PassKind::FastBitonic) continue;
      EXPECT_NE(fastShape(p), 0) << describe(p);
      for (std::uint32_t s = 0; s < p.parity; ++s) expanded.push_back(bitonicPassFromCounter(0));
      for (std::uint32_t s = 0; s < p.parity; ++s) {
        Pass& step = expanded[expanded.size() - p.parity + s];
        step.stepno = p.stepno;
        step.offset = p.offset >> s;
        step.stage = 2 * step.offset;
        step.rank = p.rank;
        step.step = p.step + s;
      }
    }
    EXPECT_EQ(expanded, bitonicSchedule(n)) << "n 2^" << k;
  }
  EXPECT_EQ(fastBitonicSchedule(512 * 512).size(), 84u);  // 171 steps in 82 passes, plus pack and gather
}

TEST(Schedules, AlgorithmNamesRoundTrip) {
  for (Algorithm a : kAlgorithms) {
    Algorithm parsed = Algorithm::Bitonic;
    EXPECT_TRUE(parseAlgorithm(algorithmName(a), parsed));
    EXPECT_EQ(parsed, a);
  }
  Algorithm unused = Algorithm::Bitonic;
  EXPECT_FALSE(parseAlgorithm("quicksort", unused));
  EXPECT_EQ(scheduleFor(Algorithm::Radix, 64), radixSchedule(64, kKeyBits));
  EXPECT_LT(static_cast<std::uint32_t>(kSentinelKey), 1u << kKeyBits);  // radix needs no more bits
}

}  // namespace
}  // namespace texsort
