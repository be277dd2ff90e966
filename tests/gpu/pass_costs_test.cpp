// `texsort bench --per-pass`: every pass of the sort is timed once and lands in exactly one shape.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "bench/benchmark.h"
#include "gpu_fixture.h"
#include "sort/schedule.h"
#include "test_support.h"

namespace texsort {
namespace {

class PassCostsTest : public test::GpuTest {};

TEST_F(PassCostsTest, EveryPassIsCountedOnceUnderItsShape) {
  for (const Algorithm algorithm : {Algorithm::Bitonic, Algorithm::BitonicFast, Algorithm::BitonicWide, Algorithm::Radix}) {
    SCOPED_TRACE(algorithmName(algorithm));
    const std::uint64_t n = 1024;
    const PassSchedule schedule = scheduleFor(algorithm, n);
    const PassCosts costs = measurePassCosts(algorithm, n, 1);
    std::multiset<std::string> expected, counted;
    for (const Pass& pass : schedule) expected.insert(passShape(pass));
    std::set<std::string> distinct;
    for (const PassShapeCost& c : costs.shapes) {
      EXPECT_TRUE(distinct.insert(c.shape).second) << c.shape << " listed twice";
      for (std::size_t k = 0; k < c.passes; ++k) counted.insert(c.shape);
      EXPECT_GT(c.msPerPass, 0.0) << c.shape;
      EXPECT_GE(c.totalMs, c.msPerPass) << c.shape;
    }
    EXPECT_EQ(counted, expected);
    EXPECT_GT(costs.copyMs, 0.0);
    // With one run the copy yardstick is still timed warm: a cold one (its shader compiled in the
    // timing) cost more than all the passes together and made every pass/copy read ~0.01.
    double total = 0.0;
    for (const PassShapeCost& c : costs.shapes) total += c.totalMs;
    EXPECT_LT(costs.copyMs, total) << "the copy pass was timed cold";
    EXPECT_EQ(passShape(schedule.front()), passShape(scheduleFor(algorithm, 4 * n).front()))
        << "a shape names no rank or size";
  }
}

TEST_F(PassCostsTest, ThePixelSortsPassesAreEachCountedOnce) {
  std::mt19937 rng(5);
  const Image image = test::randomImage(40, 24, rng, 8);
  const PixelSortOptions options;
  for (const Algorithm a : {Algorithm::BitonicWide, Algorithm::ComputeB2, Algorithm::ComputeB32C4}) {
    SCOPED_TRACE(algorithmName(a));
    const PassSchedule schedule = pixelSortSchedule(lineLayout(40, 24, 0.0), a, options);
    const PassCosts costs = measurePixelSortPassCosts(image, options, a, 1);
    std::multiset<std::string> expected, counted;
    for (const Pass& pass : schedule) expected.insert(passShape(pass));
    for (const PassShapeCost& c : costs.shapes)
      for (std::size_t k = 0; k < c.passes; ++k) counted.insert(c.shape);
    EXPECT_EQ(counted, expected);
    EXPECT_EQ(costs.n, schedule.shape.count());
    ASSERT_FALSE(costs.shapes.empty());
    EXPECT_EQ(costs.shapes.front().shape, passShape(schedule.front())) << "in schedule order: the span starts first";
    EXPECT_GT(costs.copyMs, 0.0) << "the copy yardstick";
  }
}

TEST(PassShape, NamesWhatAPassReadsAndCarries) {
  const PassSchedule wide = scheduleFor(Algorithm::BitonicWide, 4096);
  EXPECT_EQ(passShape(wide.front()), "wide: 10 steps from the element texture");
  EXPECT_EQ(passShape(wide.back()), "wide: gather by index");
  EXPECT_EQ(passShape(wide[1]), "wide: 4 steps from the wide layout");
  EXPECT_EQ(passShape(scheduleFor(Algorithm::Bitonic, 16).front()), "bitonic rank step");
  // Compute dispatches by kernel and distance (issue 40: where a kernel's time goes with the stride).
  const PassSchedule b32 = scheduleFor(Algorithm::ComputeB32, 1024), c4 = scheduleFor(Algorithm::ComputeC4, 4096);
  EXPECT_EQ(passShape(b32[1]), "compute B32: merges 0-4 whole");
  EXPECT_EQ(passShape(b32[3]), "compute B32: distance 2^0 then 2^6..2^3")
      << "merge 5's last step, merge 6's first four";
  EXPECT_EQ(passShape(b32[b32.size() - 3]), "compute B32: distance 2^9..2^5");
  EXPECT_EQ(passShape(b32[b32.size() - 2]), "compute B32: distance 2^4..2^0");
  EXPECT_EQ(passShape(c4[1]), "compute shared C4, block 2^10: 55 steps");
  const PassSchedule pixels = pixelSortSchedule(lineLayout(64, 4, 0.0), Algorithm::BitonicWide, PixelSortOptions{});
  const auto firstWide =
      std::find_if(pixels.begin(), pixels.end(), [](const Pass& p) { return std::holds_alternative<WideBitonicSteps>(p); });
  ASSERT_NE(firstWide, pixels.end());
  EXPECT_EQ(passShape(*firstWide), "wide: 10 steps from the pixels (keys made here)");
  // The compute rows' pixel sort: the key pass writes pairs; the last dispatch writes the image's
  // bytes; the fast path's gather does.
  const PassSchedule b2 = pixelSortSchedule(lineLayout(64, 4, 0.0), Algorithm::ComputeB2, PixelSortOptions{});
  EXPECT_EQ(passShape(b2[2]), "pixel sort: (span, key, position) order into pairs");
  EXPECT_EQ(passShape(b2.back()), "compute B2: distance 2^0, into the image's bytes");
  const PassSchedule fast = pixelSortSchedule(lineLayout(64, 4, 0.0), Algorithm::BitonicFast, PixelSortOptions{});
  EXPECT_EQ(passShape(fast.back()), "gather by index, into the image's bytes");
  const PassSchedule c4Pixels = pixelSortSchedule(lineLayout(64, 4, 0.0), Algorithm::ComputeC4, PixelSortOptions{});
  EXPECT_EQ(passShape(c4Pixels.back()), "compute shared C4, block 2^8: 21 steps, into the image's bytes");
}

}  // namespace
}  // namespace texsort
