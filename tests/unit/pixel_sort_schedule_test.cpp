// The pixel sort's schedules: which line sorts run the spans, and that the fast and wide paths
// never read a buffer while they write it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <tuple>
#include <variant>

#include "error.h"
#include "pixelsort/pixel_sort.h"
#include "sort/bits.h"
#include "sort/cpu_model.h"
#include "sort/wide_layout.h"
#include "test_support.h"

namespace texsort {
namespace {

TEST(PixelSortAlgorithms, AreTheLineSortsByPair) {
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::Bitonic));
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::BitonicFast));
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::BitonicWide));
  EXPECT_TRUE(pixelSortAlgorithm(Algorithm::OddEvenMerge));
  EXPECT_FALSE(pixelSortAlgorithm(Algorithm::Radix));
  EXPECT_FALSE(pixelSortAlgorithm(Algorithm::Transposition));
  EXPECT_THROW(checkPixelSortAlgorithm(Algorithm::Radix), Error);
  // The compute rows: span, scan and key passes and the compute schedule's steps on the pairs, its
  // last dispatch (every line's last steps, in shared memory or in registers) writing the image's
  // bytes as the gather would, which no longer runs.
  for (const Algorithm a :
       {Algorithm::ComputeB2, Algorithm::ComputeB32, Algorithm::ComputeB16, Algorithm::ComputeB32C4}) {
    SCOPED_TRACE(algorithmName(a));
    EXPECT_TRUE(pixelSortAlgorithm(a));
    const PassSchedule compute = pixelSortSchedule(lineLayout(100, 3, 0.0), a, PixelSortOptions{});
    ASSERT_TRUE(std::holds_alternative<SpanStarts>(compute.front()));
    EXPECT_EQ(passWrites(compute.back()), Buffer::Pixels);
    if (a == Algorithm::ComputeB2 || a == Algorithm::ComputeB32) {
      ASSERT_TRUE(std::holds_alternative<ComputeBitonicSteps>(compute.back()));
      const auto& last = std::get<ComputeBitonicSteps>(compute.back());
      EXPECT_EQ(last.positionBits, 7u) << "lines of 128";
      EXPECT_EQ(last.pixels, 300u);
      EXPECT_EQ(last.lastRank, 6u) << "the lines' last merge";
      EXPECT_EQ(last.lastStep, 6u) << "the lines' last step";
    } else {
      ASSERT_TRUE(std::holds_alternative<SharedBitonicSteps>(compute.back()));
      const auto& last = std::get<SharedBitonicSteps>(compute.back());
      EXPECT_EQ(last.positionBits, 7u);
      EXPECT_EQ(last.pixels, 300u);
      EXPECT_EQ(last.lastRank, 6u) << "the lines' last merge";
      EXPECT_NE(passReads(compute.back()) & bufferBit(Buffer::Source), 0u) << "colours from the source";
    }
    EXPECT_EQ(std::count_if(compute.begin(), compute.end(), [](const Pass& p) { return std::holds_alternative<PixelOrder>(p); }), 1);
    EXPECT_EQ(std::count_if(compute.begin(), compute.end(), [](const Pass& p) { return std::holds_alternative<PackCompact>(p); }),
              0) << "the key pass writes the pairs itself";
    EXPECT_EQ(std::count_if(compute.begin(), compute.end(), [](const Pass& p) { return traitsOf(p).compute; }),
              static_cast<std::ptrdiff_t>(scheduleFor(a, SortShape{128, 4}).size()) - 2) << "every sort pass but pack and gather";
    EXPECT_NE(passReads(compute.back()) & bufferBit(Buffer::Source), 0u) << "colours from the source";
    EXPECT_EQ(compute.size(), scheduleFor(a, SortShape{128, 4}).size() + 1)
        << "span starts, one scan step and the key pass in, the pack and the gather out";
    EXPECT_EQ(std::count_if(compute.begin(), compute.end(), [](const Pass& p) { return std::holds_alternative<GatherByIndex>(p); }),
              0);
  }
  // Rows on the wide path: line order is image order, so the last sort pass (bits 0-3: 16
  // consecutive positions a fragment) writes the image's bytes and no gather follows. Columns keep
  // the gather, which also takes the lines back to image order; bitonic has its own pass for that.
  const PassSchedule wide = pixelSortSchedule(lineLayout(100, 3, 0.0), Algorithm::BitonicWide, PixelSortOptions{});
  ASSERT_TRUE(std::holds_alternative<WideBitonicSteps>(wide.back()));
  const auto& last = std::get<WideBitonicSteps>(wide.back());
  EXPECT_EQ(last.positionBits, 7u) << "lines of 128";
  EXPECT_EQ(last.pixels, 300u);
  EXPECT_EQ(last.window, kWideLowWindow);
  EXPECT_EQ(passWrites(wide.back()), Buffer::Groups);
  EXPECT_EQ(std::count_if(wide.begin(), wide.end(), [](const Pass& p) { return passWrites(p) == Buffer::Groups; }), 1);
  const PassSchedule columns = pixelSortSchedule(lineLayout(100, 3, -90.0), Algorithm::BitonicWide, PixelSortOptions{});
  ASSERT_TRUE(std::holds_alternative<WideGather>(columns.back()));
  EXPECT_EQ(std::get<WideGather>(columns.back()).positionBits, 2u) << "lines of 4";
  EXPECT_EQ(std::get<WideGather>(columns.back()).pixels, 300u);
  const PassSchedule fast = pixelSortSchedule(lineLayout(100, 3, 0.0), Algorithm::BitonicFast, PixelSortOptions{});
  ASSERT_TRUE(std::holds_alternative<GatherByIndex>(fast.back()));
  // The fast path's pack is folded into the key pass, which writes the pairs (Buffer::Compact).
  const auto order = std::find_if(fast.begin(), fast.end(), [](const Pass& p) { return std::holds_alternative<PixelOrder>(p); });
  ASSERT_NE(order, fast.end());
  EXPECT_EQ(std::get<PixelOrder>(*order).intoPairs, 1u);
  EXPECT_EQ(passWrites(*order), Buffer::Compact);
  EXPECT_TRUE(std::holds_alternative<FusedBitonicSteps>(*(order + 1)));
  EXPECT_EQ(std::get<GatherByIndex>(fast.back()).pixels, 300u);
  const PassSchedule plain = pixelSortSchedule(lineLayout(100, 3, 0.0), Algorithm::Bitonic, PixelSortOptions{});
  ASSERT_TRUE(std::holds_alternative<ImageOrder>(plain.back()));
  EXPECT_EQ(std::get<ImageOrder>(plain.back()).pixels, 300u);
  ASSERT_TRUE(std::holds_alternative<SpanStarts>(wide.front()));
  EXPECT_EQ(std::count_if(wide.begin(), wide.end(), [](const Pass& p) { return std::holds_alternative<SpanScanStep>(p); }),
            1) << "distance 1 covers lines of 128: 4 words";
}

// The runner keeps one half of a buffer that no pass reads while writing it. On the fast and wide
// paths and the compute rows no pass touches an element buffer at all: the wide path's first pass
// makes the elements from the pixels, the others' key pass writes the pairs, and the gather writes
// the image's bytes, taking colour from the source. Every line sort's last pass writes the image's bytes.
TEST(PixelSortAlgorithms, FastAndWidePathsNeverReadTheElementsWhileWritingThem) {
  const auto readWhileWritten = [](const PassSchedule& schedule) {
    unsigned buffers = 0;
    for (const Pass& pass : schedule) buffers |= passReads(pass) & bufferBit(passWrites(pass));
    return buffers;
  };
  // The wide path's first pass makes the elements from the pixels: no pass touches an element texture.
  unsigned wideUses = 0;
  const PassSchedule wide = pixelSortSchedule(lineLayout(300, 3, 0.0), Algorithm::BitonicWide, PixelSortOptions{});
  ASSERT_GT(std::count_if(wide.begin(), wide.end(), [](const Pass& p) { return std::holds_alternative<WideBitonicSteps>(p); }),
            4) << "lines of 512: wide passes after the first";
  for (const Pass& pass : wide) wideUses |= passReads(pass) | bufferBit(passWrites(pass));
  EXPECT_EQ(wideUses & bufferBit(Buffer::Elements), 0u);
  EXPECT_NE(wideUses & bufferBit(Buffer::Source), 0u);
  for (const Algorithm a : test::lineAlgorithms()) {
    if (!pixelSortAlgorithm(a)) continue;
    const PassSchedule schedule = pixelSortSchedule(lineLayout(100, 3, 30.0), a, PixelSortOptions{});
    const auto keyPasses =
        std::count_if(schedule.begin(), schedule.end(), [](const Pass& p) { return std::holds_alternative<PixelOrder>(p); });
    EXPECT_EQ(keyPasses, a == Algorithm::BitonicWide ? 0 : 1) << algorithmName(a);
    EXPECT_EQ(passWrites(schedule.passes.back()), Buffer::Pixels) << algorithmName(a);
    EXPECT_EQ(std::count_if(schedule.begin(), schedule.end(), [](const Pass& p) { return passWrites(p) == Buffer::Pixels; }),
              1) << algorithmName(a);
  }
  const LineLayout layout = lineLayout(100, 3, 30.0);
  for (const Algorithm a : {Algorithm::BitonicFast, Algorithm::ComputeB2, Algorithm::ComputeB32C4}) {
    unsigned uses = 0;
    for (const Pass& pass : pixelSortSchedule(layout, a, PixelSortOptions{})) uses |= passReads(pass) | bufferBit(passWrites(pass));
    EXPECT_EQ(uses & bufferBit(Buffer::Elements), 0u) << algorithmName(a);
  }
  for (const Algorithm a : {Algorithm::BitonicFast, Algorithm::BitonicWide}) {
    EXPECT_EQ(readWhileWritten(pixelSortSchedule(layout, a, PixelSortOptions{})) & bufferBit(Buffer::Elements), 0u)
        << algorithmName(a);
    EXPECT_NE(readWhileWritten(scheduleFor(a, 1024)) & bufferBit(Buffer::Elements), 0u)
        << algorithmName(a) << ": sorting elements, the gather reads them as uploaded";
  }
  EXPECT_NE(readWhileWritten(pixelSortSchedule(layout, Algorithm::Bitonic, PixelSortOptions{})) & bufferBit(Buffer::Elements), 0u)
      << "bitonic steps read and write the elements";
}

// auto's rule (--algo auto, the default): the fragment path without compute shaders or copies
// measured; on hardware compute-b32c16 once a compute copy takes at most half a fragment copy's time
// (the H100's figures, docs/h100: a full-screen copy of 2^24 RGBA32F texels at ~107 GB/s, its memory
// ~2 TB/s, take compute; equal copies keep the fragment path); on a software renderer compute-b32
// while a compute copy takes at most twice a fragment copy's time.
TEST(PixelSortAlgorithms, AutoTakesComputeWhereItsCopiesPayForItsPasses) {
  const double fragmentMs = 2.0 * 16 * (1 << 22) / 107e9 * 1e3, computeMs = 2.0 * 16 * (1 << 22) / 2e12 * 1e3;
  EXPECT_EQ(fasterPixelSortBackend(true, false, fragmentMs, computeMs), Algorithm::ComputeB32C16);
  EXPECT_EQ(fasterPixelSortBackend(false, false, fragmentMs, computeMs), Algorithm::BitonicWide);
  EXPECT_EQ(fasterPixelSortBackend(true, false, 1.0, 1.0), Algorithm::BitonicWide);
  EXPECT_EQ(fasterPixelSortBackend(true, false, 1.0, 0.5), Algorithm::ComputeB32C16) << "half the time: compute";
  EXPECT_EQ(fasterPixelSortBackend(true, false, 1.0, 0.51), Algorithm::BitonicWide);
  EXPECT_EQ(fasterPixelSortBackend(true, false, 0.0, 0.0), Algorithm::BitonicWide) << "not measured: the fragment path";
  // llvmpipe: a Xeon VM's copies (compute 0.46-0.86 ms, fragment 0.37-0.59 at 2^17) take compute-b32;
  // an EPYC VM's (compute four times fragment) keep the fragment path.
  EXPECT_EQ(fasterPixelSortBackend(true, true, 0.5, 0.8), Algorithm::ComputeB32);
  EXPECT_EQ(fasterPixelSortBackend(true, true, 1.0, 2.0), Algorithm::ComputeB32) << "twice the time: compute-b32";
  EXPECT_EQ(fasterPixelSortBackend(true, true, 1.0, 2.01), Algorithm::BitonicWide);
  EXPECT_EQ(fasterPixelSortBackend(true, true, 1.0, 4.0), Algorithm::BitonicWide);
  EXPECT_EQ(fasterPixelSortBackend(false, true, 1.0, 0.5), Algorithm::BitonicWide) << "no compute shaders";
  EXPECT_EQ(fasterPixelSortBackend(true, true, 0.0, 0.0), Algorithm::BitonicWide) << "not measured";
  EXPECT_EQ(fasterPixelSortBackend(true, true, 0.0, 1.0), Algorithm::BitonicWide) << "a fragment copy not measured";
  EXPECT_TRUE(pixelSortAlgorithm(kFragmentPixelSort));
  EXPECT_TRUE(pixelSortAlgorithm(kComputePixelSort));
}

}  // namespace
}  // namespace texsort
