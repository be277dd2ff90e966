// Frame times as runs of equal steps: every frame's time comes back from the runs, a constant
// rate needs none, and the times are sorted from decoding order.
#include "record/timestamps.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace texsort {
namespace {

TEST(FrameTimes, EveryFrameKeepsItsTime) {
  // A phone's clip: 30 fps, a stall, 24 fps, single odd frames; given in a B-frame decoding order.
  std::vector<std::int64_t> pts;
  for (int k = 0; k < 30; ++k) pts.push_back(1000 + k * 33);
  pts.push_back(pts.back() + 250);
  for (int k = 0; k < 24; ++k) pts.push_back(pts.back() + 41);
  pts.push_back(pts.back() + 7);
  pts.push_back(pts.back() + 90);
  std::vector<std::int64_t> shuffled = pts;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(7));
  const FrameTimes times = frameTimes(shuffled, 1000, 33, "1/1000");
  EXPECT_EQ(times.runs.size(), 3u);  // 30 at 33; the stall's frame and 24 at 41; the 7 and the 90
  for (std::size_t k = 0; k < pts.size(); ++k) EXPECT_EQ(times.ptsOf(k), pts[k] - 1000) << "frame " << k;
  EXPECT_DOUBLE_EQ(times.secondsOf(1), 0.033);
  // A frame past the last goes on at the last run's step.
  EXPECT_EQ(times.ptsOf(pts.size()), pts.back() - 1000 + 90);
  const std::string expression = times.setptsExpression();
  EXPECT_EQ(expression.substr(0, 11), "if(lt(N,30)") << expression;  // halved at the middle run
  EXPECT_NE(expression.find("0+(N-0)*33"), std::string::npos) << expression;
}

TEST(FrameTimes, AConstantRateNeedsNoRuns) {
  std::vector<std::int64_t> pts;
  for (int k = 0; k < 50; ++k) pts.push_back(512 * k);
  EXPECT_TRUE(frameTimes(pts, 0, 512, "1/15360").runs.empty());
  // The same rate starting after the file's start (its sound comes first) keeps the offset.
  const FrameTimes late = frameTimes(pts, -1024, 512, "1/15360");
  ASSERT_EQ(late.runs.size(), 1u);
  EXPECT_EQ(late.ptsOf(3), 1024 + 3 * 512);
  // Two frames at one time have no order to keep: a constant rate then.
  pts[7] = pts[6];
  EXPECT_TRUE(frameTimes(pts, 0, 512, "1/15360").runs.empty());
}

// A rate from the frames' own steps only when every step is the same: one that differs anywhere
// (the second step, the last) leaves the frames' times to say it.
TEST(FrameTimes, ARateOfStepsOnlyWhenEveryStepIsTheSame) {
  EXPECT_EQ(rateOfSteps({0, 4, 8, 12}, "1/100"), "25/1");
  EXPECT_EQ(rateOfSteps({0, 20}, "1/100"), "5/1");
  EXPECT_EQ(rateOfSteps({0, 3, 6}, "1/1000"), "1000/3");
  EXPECT_EQ(rateOfSteps({0, 10, 30, 40, 50}, "1/100"), "") << "the second step differs";
  EXPECT_EQ(rateOfSteps({0, 10, 20, 30, 45}, "1/100"), "") << "the last step differs";
  EXPECT_EQ(rateOfSteps({0}, "1/100"), "");
  EXPECT_EQ(rateOfSteps({5, 5, 5}, "1/100"), "") << "no step";
  EXPECT_EQ(rateOfSteps({0, 10, 20}, "junk"), "");
}

TEST(FrameTimes, RationalValues) {
  EXPECT_DOUBLE_EQ(rationalValue("30000/1001"), 30000.0 / 1001);
  EXPECT_DOUBLE_EQ(rationalValue("25"), 25.0);
  EXPECT_EQ(rationalValue("1/0"), 0.0);
  EXPECT_EQ(rationalValue("N/A"), 0.0);
}

}  // namespace
}  // namespace texsort
