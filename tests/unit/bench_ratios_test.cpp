// The benchmark's ratios from hand-picked timings: what each column of `texsort bench` means.
#include <gtest/gtest.h>

#include "bench/benchmark.h"

namespace texsort {
namespace {

BenchCell cell() {
  BenchCell c;
  c.algorithm = Algorithm::BitonicFast;
  c.n = 1024;
  c.passes = 20;      // pack, 18 fused passes, gather
  c.steps = 55;       // bitonic's k(k+1)/2 for k = 10
  c.gpuMs = 8.0;
  c.wallMs = 11.0;
  c.copyMs = 0.5;
  c.stdSortMs = 2.0;
  c.bytes = 4.0e6;
  c.classicWallMs = 33.0;
  c.naiveWallMs = 44.0;
  return c;
}

TEST(BenchRatios, FromHandPickedTimings) {
  const BenchCell c = cell();
  EXPECT_DOUBLE_EQ(c.msPerPass(), 8.0 / 20);            // GPU time per pass
  EXPECT_DOUBLE_EQ(c.passPerCopy(), 11.0 / 20 / 0.5);   // one pass, in copy passes (wall clock both sides)
  EXPECT_DOUBLE_EQ(c.stepPerCopy(), 11.0 / 55 / 0.5);   // one network step, in copy passes
  EXPECT_DOUBLE_EQ(c.sortPerCopy(), 11.0 / 0.5);        // the whole sort, in copy passes
  EXPECT_DOUBLE_EQ(c.sortPerStdSort(), 11.0 / 2.0);     // > 1: slower than std::sort
  EXPECT_DOUBLE_EQ(c.speedupVsClassic(), 33.0 / 11.0);  // > 1: faster than one step per pass
  EXPECT_DOUBLE_EQ(c.speedupVsNaive(), 44.0 / 11.0);    // > 1: faster than the naive seed-004 shader
  EXPECT_DOUBLE_EQ(c.elementsPerSecond(), 1024 / 0.011);
  EXPECT_DOUBLE_EQ(c.gbPerSecond(), 4.0e6 / 0.008 / 1e9);
}

TEST(BenchRatios, MissingYardsticksGiveZeroNotInfinity) {
  BenchCell c = cell();
  c.steps = 0;  // radix: no network steps
  EXPECT_EQ(c.stepPerCopy(), 0.0);
  c.classicWallMs = 0;  // only the fast path is timed against the classic path
  EXPECT_EQ(c.speedupVsClassic(), 0.0);
  c.naiveWallMs = 0;  // bench --no-naive
  EXPECT_EQ(c.speedupVsNaive(), 0.0);
  c.naiveWallMs = 44.0;
  c.naive = true;  // the naive row itself has no ratio to itself
  EXPECT_EQ(c.speedupVsNaive(), 0.0);
  EXPECT_STREQ(c.label(), "naive");
  c.copyMs = 0;
  EXPECT_EQ(c.passPerCopy(), 0.0);
  EXPECT_EQ(c.sortPerCopy(), 0.0);
  c.stdSortMs = 0;
  EXPECT_EQ(c.sortPerStdSort(), 0.0);
}

TEST(BenchRatios, MedianOfOddAndEvenCounts) {
  EXPECT_EQ(median({5, 1, 3}), 3.0);
  EXPECT_EQ(median({4, 1, 3, 2}), 2.5);
  EXPECT_EQ(median({}), 0.0);
}

// --per-pass's GB/s: a pass's bytes over its median time; no time, no figure.
TEST(BenchRatios, PerPassBandwidth) {
  EXPECT_DOUBLE_EQ((PassShapeCost{"compute B32", 3, 2.0, 6.0, 16e6}).gbPerSecond(), 8.0);
  EXPECT_EQ((PassShapeCost{"x", 1, 0.0, 0.0, 16e6}).gbPerSecond(), 0.0);
}

}  // namespace
}  // namespace texsort
