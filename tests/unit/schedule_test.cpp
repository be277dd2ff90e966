// Pass schedules: counts, parameters, the seed's forms, fused shapes, line shapes, and pass text.
#include <gtest/gtest.h>

#include <set>

#include "sort/algorithms.h"
#include "sort/bits.h"
#include "sort/element.h"
#include "sort/wide_layout.h"
#include "test_support.h"

namespace texsort {
namespace {

const BitonicStep& bitonic(const Pass& p) { return std::get<BitonicStep>(p); }

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
        ASSERT_TRUE(std::holds_alternative<BitonicStep>(schedule[p]));
        EXPECT_EQ(bitonic(schedule[p]).stepno, k) << "n 2^" << e << " pass " << p;
        EXPECT_EQ(bitonic(schedule[p]).offset, j) << "n 2^" << e << " pass " << p;
        EXPECT_EQ(bitonic(schedule[p]).stage(), 2 * j);
      }
    }
    EXPECT_EQ(p, schedule.size());
  }
}

TEST(Schedule, EqualsThePassCounterForm) {
  const PassSchedule schedule = bitonicSchedule(std::uint64_t{1} << 24);
  for (std::uint32_t counter = 0; counter < schedule.size(); ++counter) {
    EXPECT_EQ(Pass(bitonicPassFromCounter(counter)), schedule[counter]) << "m_cnt " << counter;
  }
}

TEST(Schedule, RankAndStepDecomposeTheCounter) {
  // Article 004: stepno = 2^(rank+1), offset = 2^(rank-step), stage = 2*offset.
  const PassSchedule schedule = bitonicSchedule(1024);
  EXPECT_EQ(bitonic(schedule[3]).rank, 2u);
  EXPECT_EQ(bitonic(schedule[3]).step, 0u);
  EXPECT_EQ(bitonic(schedule[3]).stepno, 8u);
  EXPECT_EQ(bitonic(schedule[3]).offset, 4u);
  EXPECT_EQ(bitonic(schedule[5]).offset, 1u);
  for (const Pass& pass : schedule) {
    const BitonicStep& p = bitonic(pass);
    EXPECT_EQ(p.stepno, 2u << p.rank);
    EXPECT_EQ(p.offset, 1u << (p.rank - p.step));
    EXPECT_EQ(p.stage(), 2 * p.offset);
  }
  EXPECT_EQ(bitonic(schedule.back()).stepno, 1024u);  // the last merge covers everything, ascending
  EXPECT_EQ(bitonic(schedule.back()).offset, 1u);
}

TEST(Schedule, RefusesNonPowersOfTwo) {
  EXPECT_THROW(bitonicSchedule(0), std::invalid_argument);
  EXPECT_THROW(bitonicSchedule(3), std::invalid_argument);
  EXPECT_THROW(bitonicSchedule(600 * 400), std::invalid_argument);
  EXPECT_THROW(bitonicSchedule(SortShape{8, 3}), std::invalid_argument);
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

TEST(Schedules, PassCountsOfEveryAlgorithm) {
  for (unsigned k = 1; k <= 20; ++k) {
    const SortShape n = SortShape::whole(std::uint64_t{1} << k);
    EXPECT_EQ(oddEvenMergeSchedule(n).size(), k * (k + 1) / 2);
    EXPECT_EQ(bitonicLegacySchedule(n).size(), k * (k + 1) / 2);
    EXPECT_EQ(radixSchedule(n, kKeyBits, 1).size(), kKeyBits * (k + 2));  // flags + k scan steps + gather
    EXPECT_EQ(radixSchedule(n, kKeyBits, 2).size(), kKeyBits / 2 * (k + 2));  // a digit of two bits
    EXPECT_EQ(radixSchedule(n, 5, 2).size(), 3 * (k + 2));  // the last digit the one bit left
    if (k <= 12) {
      EXPECT_EQ(transpositionSchedule(n).size(), n.count());
    }
  }
  EXPECT_TRUE(transpositionSchedule(SortShape::whole(1)).empty());
  EXPECT_TRUE(radixSchedule(SortShape::whole(1), kKeyBits, 2).empty());
  EXPECT_THROW(radixSchedule(SortShape::whole(4), kKeyBits, 3), std::invalid_argument);  // four channels hold 2 bits
}

TEST(Schedules, LegacyRunsTheBitonicParameters) {
  const PassSchedule modern = bitonicSchedule(4096), legacy = bitonicLegacySchedule(SortShape::whole(4096));
  ASSERT_EQ(modern.size(), legacy.size());
  for (std::size_t i = 0; i < modern.size(); ++i) {
    const BitonicLegacyStep& l = std::get<BitonicLegacyStep>(legacy[i]);
    EXPECT_EQ(l.fields(), bitonic(modern[i]).fields());
  }
}

TEST(Schedules, OddEvenMergeFollowsBatchersLoops) {
  // for (p = 1; p < n; p *= 2) for (k = p; k >= 1; k /= 2): one pass (p, k).
  const PassSchedule s = oddEvenMergeSchedule(SortShape::whole(256));
  std::size_t i = 0;
  for (std::uint32_t p = 1; p < 256; p *= 2) {
    for (std::uint32_t k = p; k >= 1; k /= 2, ++i) {
      ASSERT_LT(i, s.size());
      EXPECT_EQ(std::get<OddEvenMergeStep>(s[i]).runLength, p);
      EXPECT_EQ(std::get<OddEvenMergeStep>(s[i]).distance, k);
    }
  }
  EXPECT_EQ(i, s.size());
}

TEST(Schedules, TranspositionRoundsAlternateParityFromEven) {
  const PassSchedule s = transpositionSchedule(SortShape::whole(16));
  ASSERT_EQ(s.size(), 16u);
  for (std::uint32_t r = 0; r < 16; ++r) {
    const TranspositionRound& round = std::get<TranspositionRound>(s[r]);
    EXPECT_EQ(round.round, r);
    EXPECT_EQ(round.parity, r % 2) << "round " << r;
  }
}

TEST(Schedules, RadixScansEveryDigitWithDoublingDistances) {
  const PassSchedule s = radixSchedule(SortShape::whole(16), 3, 1);
  ASSERT_EQ(s.size(), 3u * 6u);
  for (std::uint32_t bit = 0; bit < 3; ++bit) {
    const std::size_t at = bit * 6;
    EXPECT_EQ(s[at], Pass(RadixFlags{bit, 1}));
    for (std::uint32_t d = 0; d < 4; ++d) EXPECT_EQ(s[at + 1 + d], Pass(RadixScanStep{bit, 1, d, 1u << d}));
    EXPECT_EQ(s[at + 5], Pass(RadixGather{bit, 1}));
  }
  // Two-bit digits over 3 bits: bits 0-1, then bit 2 alone.
  const PassSchedule wide = radixSchedule(SortShape::whole(16), 3, 2);
  ASSERT_EQ(wide.size(), 2u * 6u);
  EXPECT_EQ(wide[0], Pass(RadixFlags{0, 2}));
  EXPECT_EQ(wide[3], Pass(RadixScanStep{0, 2, 2, 4}));
  EXPECT_EQ(wide[5], Pass(RadixGather{0, 2}));
  EXPECT_EQ(wide[6], Pass(RadixFlags{2, 1}));
  EXPECT_EQ(wide[11], Pass(RadixGather{2, 1}));
}

TEST(Schedules, FastPathCarriesEveryBitonicStepInKnownShapes) {
  for (unsigned k = 1; k <= 24; ++k) {
    const std::uint64_t n = std::uint64_t{1} << k;
    const PassSchedule fast = fastBitonicSchedule(SortShape::whole(n));
    EXPECT_EQ(networkSteps(fast), k * (k + 1) / 2) << "n 2^" << k;
    EXPECT_TRUE(std::holds_alternative<PackCompact>(fast.front()));
    EXPECT_TRUE(std::holds_alternative<GatherByIndex>(fast.back()));
    // Walking the fused passes step by step gives exactly the classic steps, in order.
    PassSchedule expanded{SortShape::whole(n), {}};
    for (const Pass& p : fast) {
      const auto* fused = std::get_if<FusedBitonicSteps>(&p);
      if (!fused) continue;
      EXPECT_NE(fusedShape(*fused), FusedShape::Unknown) << describe(p);
      for (const BitonicStep& s : fusedSteps(*fused)) expanded.passes.push_back(s);
    }
    EXPECT_EQ(expanded, bitonicSchedule(n)) << "n 2^" << k;
  }
  EXPECT_EQ(fastBitonicSchedule(SortShape::whole(512 * 512)).size(), 84u);  // 171 steps in 82 passes, plus pack and gather
}

// The wide path: its passes walk the classic steps in order, each step's distance among the pass's
// window of four index bits (inside a line), each pass reading the layout the one before wrote.
// After the first (the merges of 16, from the elements) every pass but the last is full: four
// steps, across two merges where one ends.
TEST(Schedules, WidePathCarriesEveryBitonicStepInsideItsWindows) {
  for (unsigned k = 4; k <= 24; ++k) {
    for (const SortShape shape : {SortShape::whole(std::uint64_t{1} << k), SortShape{std::uint64_t{1} << (k / 2), std::uint64_t{1} << (k - k / 2)}}) {
      SCOPED_TRACE("lines of " + std::to_string(shape.lineLength) + " x " + std::to_string(shape.lineCount));
      const PassSchedule wide = wideBitonicSchedule(shape);
      PassSchedule expanded{shape, {}};
      std::uint32_t layout = kWideFromElements;
      for (std::size_t p = 0; p < wide.size(); ++p) {
        if (const auto* gather = std::get_if<WideGather>(&wide[p])) {
          EXPECT_EQ(gather->window, layout);
          continue;
        }
        const auto& steps = std::get<WideBitonicSteps>(wide[p]);
        EXPECT_EQ(steps.source, layout) << describe(wide[p]);
        EXPECT_EQ(__builtin_popcount(steps.window), 4) << describe(wide[p]);
        EXPECT_LT(steps.window, std::uint64_t{1} << std::max(4u, log2Exact(shape.lineLength))) << describe(wide[p]);
        EXPECT_LE(steps.lastRank - steps.firstRank, 3u) << describe(wide[p]);  // u_stepnos[4]
        const std::vector<BitonicStep> carried = wideSteps(steps);
        if (p > 0 && p + 2 < wide.size()) {
          EXPECT_EQ(carried.size(), 4u) << describe(wide[p]);
        }
        for (const BitonicStep& s : carried) {
          EXPECT_TRUE((steps.window >> (s.rank - s.step)) & 1u) << describe(wide[p]);
          expanded.passes.push_back(s);
        }
        layout = steps.window;
      }
      EXPECT_TRUE(std::holds_alternative<WideGather>(wide.back()));
      EXPECT_EQ(expanded, bitonicSchedule(shape));
    }
  }
  // 2^18: the first pass sorts blocks of 16 (10 steps), the other 161 steps go four a pass.
  EXPECT_EQ(wideBitonicSchedule(SortShape::whole(512 * 512)).size(), 1u + 41u + 1u);
  EXPECT_EQ(wideBitonicSchedule(SortShape::whole(8)), fastBitonicSchedule(SortShape::whole(8)));  // below 16
}

TEST(Schedules, FusedShapesReadTheTexelsTheirStepsNeed) {
  EXPECT_EQ(fusedTexelsRead(FusedBitonicSteps{0, 0, 2, 1, 1}), 1u);
  EXPECT_EQ(fusedTexelsRead(FusedBitonicSteps{1, 0, 4, 2, 2}), 2u);
  EXPECT_EQ(fusedTexelsRead(FusedBitonicSteps{2, 0, 8, 4, 3}), 4u);
  EXPECT_EQ(fusedTexelsRead(FusedBitonicSteps{5, 0, 64, 32, 2}), 4u);
  EXPECT_EQ(fusedTexelsRead(FusedBitonicSteps{5, 0, 64, 32, 1}), 2u);
  EXPECT_EQ(fusedShape(FusedBitonicSteps{5, 0, 64, 32, 3}), FusedShape::Unknown);
}

// Every fused shape occurs at element counts 2^k with k even and with k odd in the sizes the GPU
// tests run (a direction mistake in one shape can hide at one parity).
TEST(Schedules, EveryFusedShapeOccursAtEvenAndOddLog2) {
  std::set<std::pair<FusedShape, unsigned>> seen;
  for (unsigned k = 1; k <= 12; ++k)
    for (const Pass& p : fastBitonicSchedule(SortShape::whole(std::uint64_t{1} << k)))
      if (const auto* fused = std::get_if<FusedBitonicSteps>(&p)) seen.insert({fusedShape(*fused), k % 2});
  for (FusedShape shape : {FusedShape::InTexel, FusedShape::TexelPair, FusedShape::MergeTail, FusedShape::TwoFarSteps,
                           FusedShape::OneFarStep}) {
    EXPECT_TRUE(seen.count({shape, 0})) << "shape " << int(shape) << " at even log2 n";
    EXPECT_TRUE(seen.count({shape, 1})) << "shape " << int(shape) << " at odd log2 n";
  }
}

TEST(Schedules, LineShapesRunEachLinesNetworkWithAnAscendingLastMerge) {
  const SortShape rows{16, 8};  // 8 lines of 16
  for (Algorithm a : {Algorithm::Bitonic, Algorithm::BitonicLegacy, Algorithm::OddEvenMerge, Algorithm::BitonicFast}) {
    ASSERT_TRUE(info(a).sortsLines);
    const PassSchedule lines = scheduleFor(a, rows), one = scheduleFor(a, 16);
    EXPECT_EQ(lines.shape, rows);
    ASSERT_EQ(lines.size(), one.size()) << algorithmName(a) << ": a line's network, once for all lines";
  }
  const PassSchedule lines = bitonicSchedule(rows);
  const PassSchedule one = bitonicSchedule(16);
  for (std::size_t p = 0; p < lines.size(); ++p) {
    const BitonicStep& l = bitonic(lines[p]);
    const BitonicStep& o = bitonic(one[p]);
    EXPECT_EQ(l.offset, o.offset);
    EXPECT_EQ(l.stepno, l.rank == 3 ? 128u : o.stepno) << "pass " << p;  // the last merge: all ascending
  }
  EXPECT_THROW(scheduleFor(Algorithm::Transposition, rows), std::invalid_argument);
  EXPECT_THROW(scheduleFor(Algorithm::Radix, rows), std::invalid_argument);
  EXPECT_FALSE(info(Algorithm::Transposition).sortsLines);
  EXPECT_FALSE(info(Algorithm::Radix).sortsLines);
}

TEST(StageEnds, MarkEachMergeEachRadixBitAndTheFastPathsEnds) {
  // Bitonic on 2^5: ranks 1..5, each ends after 1, 3, 6, 10 passes (the last, 15, is the end).
  EXPECT_EQ(stageEnds(bitonicSchedule(SortShape{32, 1})), (std::vector<std::uint32_t>{1, 3, 6, 10}));
  EXPECT_EQ(stageEnds(oddEvenMergeSchedule(SortShape{32, 1})), (std::vector<std::uint32_t>{1, 3, 6, 10}));
  EXPECT_TRUE(stageEnds(transpositionSchedule(SortShape{16, 1})).empty()) << "one long stage of rounds";
  // Radix: per bit 1 flags + log2 n scans + 1 gather passes.
  const std::vector<std::uint32_t> radix = stageEnds(radixSchedule(SortShape{16, 1}, 3, 1));
  EXPECT_EQ(radix, (std::vector<std::uint32_t>{6, 12}));
  // The fast path: pack, then one stage per rank, then gather.
  const PassSchedule fast = fastBitonicSchedule(SortShape{64, 1});
  const std::vector<std::uint32_t> ends = stageEnds(fast);
  ASSERT_EQ(ends.size(), 6u + 1u);
  EXPECT_EQ(ends.front(), 1u) << "pack is a stage of its own";
  EXPECT_EQ(ends.back(), fast.size() - 1) << "so is gather";
}

}  // namespace
}  // namespace texsort

namespace texsort {
namespace {

// Article 000's ladder carries exactly the bitonic network's steps, in order, whatever the fusing
// and shared memory: flattened, every compute schedule is bitonicSchedule's step list, for whole
// arrays and lines. Global dispatches fuse at most their limit; shared ones stay inside a block.
TEST(ComputeSchedule, CarriesTheBitonicStepsInOrder) {
  struct Column {
    unsigned fused;
    SharedMemory shared;
  };
  const Column columns[] = {{1, SharedMemory::None}, {1, SharedMemory::C2}, {2, SharedMemory::C2},
                            {3, SharedMemory::C2},   {4, SharedMemory::C2}, {4, SharedMemory::C4},
                            {4, SharedMemory::None}, {5, SharedMemory::None}, {5, SharedMemory::C4},
                            {5, SharedMemory::C16}};
  // Steps per barrier: an invocation holds 2^s elements of the block, at most all of it.
  const auto perBarrier = [](SharedMemory shared, std::uint32_t blockLog2) {
    return std::min<std::uint32_t>(shared == SharedMemory::C16 ? 4 : shared == SharedMemory::C4 ? 2 : 1, blockLog2);
  };
  std::size_t checked = 0;
  for (const Column& column : columns) {
    for (unsigned blockLog2 : {1u, 2u, 3u, 10u}) {
      for (const SortShape shape : {SortShape::whole(2), SortShape::whole(4), SortShape::whole(1u << 7),
                                    SortShape::whole(1u << 13), SortShape{16, 8}, SortShape{2, 64}, SortShape{512, 4}}) {
        SCOPED_TRACE(std::to_string(column.fused) + " fused, shared " + std::to_string(int(column.shared)) + ", block 2^" +
                     std::to_string(blockLog2) + ", lines of " + std::to_string(shape.lineLength));
        const PassSchedule schedule = computeSchedule(shape, column.fused, column.shared, blockLog2);
        std::vector<BitonicStep> carried;
        for (const Pass& p : schedule) {
          if (const auto* c = std::get_if<ComputeBitonicSteps>(&p)) {
            EXPECT_EQ(c->firstRank, c->lastRank) << "the article's kernels take steps of one merge";
            EXPECT_GE(computeSteps(*c).size(), 1u);
            EXPECT_LE(computeSteps(*c).size(), column.fused);
            for (const BitonicStep& s : computeSteps(*c)) carried.push_back(s);
          } else if (const auto* sh = std::get_if<SharedBitonicSteps>(&p)) {
            EXPECT_NE(column.shared, SharedMemory::None);
            EXPECT_EQ(sh->stepsPerBarrier, perBarrier(column.shared, sh->blockLog2));
            for (const BitonicStep& s : sharedSteps(*sh)) {
              EXPECT_LT(s.offset, 1u << sh->blockLog2) << "a shared step's partner outside the block";
              carried.push_back(s);
            }
          } else {
            EXPECT_TRUE(std::holds_alternative<PackCompact>(p) || std::holds_alternative<GatherByIndex>(p)) << describe(p);
          }
        }
        std::vector<BitonicStep> expected;
        for (const Pass& p : bitonicSchedule(shape)) expected.push_back(std::get<BitonicStep>(p));
        EXPECT_EQ(carried, expected);
        EXPECT_EQ(networkSteps(schedule), expected.size());
        EXPECT_TRUE(std::holds_alternative<PackCompact>(schedule.front()));
        EXPECT_TRUE(std::holds_alternative<GatherByIndex>(schedule.back()));
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 10u * 4u * 7u);
  // The shared-memory rows need few dispatches: at 2^20 with blocks of 2^10, one for the first ten
  // merges, then per merge its global dispatches and one shared.
  EXPECT_EQ(computeSchedule(SortShape::whole(1u << 20), 1, SharedMemory::C2).size(), 2u + 1u + (1u + 10u) * 10u / 2u + 10u);
  // B16: merge r >= 10 has r - 9 global steps, in ceil((r - 9) / 4) dispatches: 4 x 1 + 4 x 2 + 2 x 3.
  EXPECT_EQ(computeSchedule(SortShape::whole(1u << 20), 4, SharedMemory::C2).size(), 2u + 1u + 18u + 10u);
  EXPECT_EQ(scheduleFor(Algorithm::ComputeB2, 1u << 20).size(), 2u + 210u);
  // B32 by merges: merge r (r + 1 steps) in ceil((r + 1) / 5) dispatches: 5 x (1 + 2 + 3 + 4) over 20 merges.
  EXPECT_EQ(computeSchedule(SortShape::whole(1u << 20), 5, SharedMemory::None).size(), 2u + 50u);
  EXPECT_THROW(computeSchedule(SortShape::whole(64), kMaxComputeFusedSteps + 1, SharedMemory::None), std::invalid_argument);
  // B32 + C4 on blocks of 4096: one shared dispatch for the first 12 merges, then per merge r its
  // r - 11 global steps in ceil((r - 11) / 5) dispatches and one shared.
  EXPECT_EQ(scheduleFor(Algorithm::ComputeB32C4, 1u << 20).size(), 2u + 1u + 11u + 8u);
  EXPECT_EQ(scheduleFor(Algorithm::ComputeB32C4, 1u << 24).size(), 2u + 1u + 21u + 12u);
  EXPECT_EQ(scheduleFor(Algorithm::ComputeB32C16, 1u << 24).size(), 2u + 1u + 21u + 12u);
}

// compute-b32's packed schedule carries the bitonic network's steps in order too, each dispatch's
// distances bits of its window of at most five; the first dispatch takes every merge of up to 32
// elements, later ones fill their five bits across a merge's end, so 2^20 takes 1 + ceil(195 / 5)
// dispatches (210 steps, 15 in the first) where one merge a dispatch takes 50.
TEST(ComputeSchedule, PackedDispatchesFillTheirWindowAcrossMerges) {
  for (const SortShape shape : {SortShape::whole(2), SortShape::whole(8), SortShape::whole(32), SortShape::whole(64),
                                SortShape::whole(1u << 13), SortShape::whole(1u << 20), SortShape{16, 8},
                                SortShape{512, 4}}) {
    for (const unsigned bits : {1u, 2u, 4u, 5u}) {
      SCOPED_TRACE(std::to_string(shape.lineLength) + " x " + std::to_string(shape.lineCount) + ", " +
                   std::to_string(bits) + " bits");
      const PassSchedule schedule = packedComputeSchedule(shape, bits);
      std::vector<BitonicStep> carried;
      for (std::size_t i = 1; i + 1 < schedule.size(); ++i) {
        const auto& c = std::get<ComputeBitonicSteps>(schedule.passes[i]);
        EXPECT_LE(__builtin_popcount(c.window), static_cast<int>(bits));
        for (const BitonicStep& s : computeSteps(c)) {
          EXPECT_NE(c.window & s.offset, 0u) << describe(schedule.passes[i]);
          carried.push_back(s);
        }
        // Full: the next step's distance would be one bit too many.
        if (i + 2 < schedule.size()) {
          const auto& next = std::get<ComputeBitonicSteps>(schedule.passes[i + 1]);
          EXPECT_EQ(__builtin_popcount(c.window | 1u << (next.firstRank - next.firstStep)), static_cast<int>(bits) + 1);
        }
      }
      std::vector<BitonicStep> expected;
      for (const Pass& p : bitonicSchedule(shape)) expected.push_back(std::get<BitonicStep>(p));
      EXPECT_EQ(carried, expected);
      EXPECT_TRUE(std::holds_alternative<PackCompact>(schedule.front()));
      EXPECT_TRUE(std::holds_alternative<GatherByIndex>(schedule.back()));
    }
  }
  EXPECT_EQ(scheduleFor(Algorithm::ComputeB32, 1u << 20).size(), 2u + 1u + 39u);
  const PassSchedule packed = scheduleFor(Algorithm::ComputeB32, 1u << 20);
  EXPECT_EQ(std::get<ComputeBitonicSteps>(packed.passes[1]).lastRank, 4u) << "merges 0-4 first";
  EXPECT_THROW(packedComputeSchedule(SortShape::whole(64), kMaxComputeFusedSteps + 1), std::invalid_argument);
}

// compute-radix's counts (a uint a digit value and tile, and a value and line) stay within two uints
// an element at every line length, short lines too (a million lines of four: narrower digits), so
// they never outgrow the pairs' buffer: the storage-block limit is the pairs', not the counts'.
TEST(Schedules, ComputeRadixCountsStayWithinTwoUintsAnElement) {
  const std::uint64_t n = std::uint64_t{1} << 22;
  for (std::uint64_t line = 2; line <= n; line *= 2) {
    const SortShape shape{static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(n / line)};
    const RadixDigit d = computeRadixDigitShape(shape);
    EXPECT_LE(radixCountsSize(d, n), 2 * n) << "lines of " << line;
    const PassSchedule schedule = computeRadixSchedule(shape, kKeyBits);
    unsigned bits = 0;
    for (const Pass& p : schedule)
      if (const auto* scatter = std::get_if<RadixScatter>(&p)) bits += scatter->d.bits;
    EXPECT_EQ(bits, kKeyBits) << "every key bit in one digit, lines of " << line;
  }
}

}  // namespace
}  // namespace texsort
