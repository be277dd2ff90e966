// The bitonic pass schedule: counts, parameters, and agreement of its three forms.
#include <gtest/gtest.h>

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
