// Builds the pass schedules of every network as data: bitonic (article 004) and its fast path,
// odd-even merge and transposition (article 001), radix by split (article 002).
#include "sort/schedule.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "sort/bits.h"
#include "sort/element.h"
#include "sort/wide_layout.h"

namespace texsort {
namespace {

// log2 of the line length, after checking the shape fits a texture of float-exact indices.
unsigned checkedLineLog2(const SortShape& shape, const char* who) {
  if (!isPowerOfTwo(shape.lineLength) || !isPowerOfTwo(shape.lineCount)) {
    throw std::invalid_argument(std::string(who) + ": line length and line count must be powers of two");
  }
  if (shape.count() > (std::uint64_t{1} << 31)) throw std::invalid_argument(std::string(who) + ": more than 2^31 elements");
  return log2Exact(shape.lineLength);
}

void requireOneLine(const SortShape& shape, const char* who) {
  if (shape.lineCount != 1) throw std::invalid_argument(std::string(who) + " sorts one line only");
}

// The blocks of the last merge of a line cover the whole texture: every line ascends.
std::uint32_t mergeStepno(std::uint32_t rank, unsigned lineLog2, const SortShape& shape) {
  return rank + 1 == lineLog2 ? static_cast<std::uint32_t>(shape.count()) : 2u << rank;
}

}  // namespace

std::vector<std::uint32_t> stageEnds(const PassSchedule& schedule) {
  std::vector<std::uint32_t> ends;
  for (std::size_t k = 1; k < schedule.size(); ++k) {
    if (stageOf(schedule[k - 1]) != stageOf(schedule[k])) ends.push_back(static_cast<std::uint32_t>(k));
  }
  return ends;
}

std::uint64_t networkSteps(const PassSchedule& schedule) {
  std::uint64_t steps = 0;
  for (const Pass& p : schedule) steps += networkSteps(p);
  return steps;
}

std::uint64_t bitonicPassCount(std::uint64_t n) {
  const std::uint64_t k = log2Exact(n);
  return k * (k + 1) / 2;
}

PassSchedule bitonicSchedule(const SortShape& shape) {
  const unsigned k = checkedLineLog2(shape, "bitonicSchedule");
  PassSchedule schedule{shape, {}};
  schedule.passes.reserve(k * (k + 1) / 2);
  // Merge blocks of size 2^(rank+1); inside a merge the partner distance halves each step.
  for (std::uint32_t rank = 0; rank < k; ++rank)
    for (std::uint32_t step = 0; step <= rank; ++step)
      schedule.passes.push_back(BitonicStep{rank, step, mergeStepno(rank, k, shape), 1u << (rank - step)});
  return schedule;
}

PassSchedule bitonicSchedule(std::uint64_t n) { return bitonicSchedule(SortShape::whole(n)); }

BitonicStep bitonicPassFromCounter(std::uint32_t counter) {
  // Article 004, main.cpp: subtract the length of each finished rank until the rest fits.
  std::uint32_t step = counter;
  std::uint32_t rank = 0;
  for (; rank < step; ++rank) step -= rank + 1;
  return BitonicStep{rank, step, 2u << rank, 1u << (rank - step)};
}

PassSchedule bitonicLegacySchedule(const SortShape& shape) {
  PassSchedule schedule = bitonicSchedule(shape);
  for (Pass& p : schedule.passes) {
    p = BitonicLegacyStep{std::get<BitonicStep>(p)};
  }
  return schedule;
}

PassSchedule oddEvenMergeSchedule(const SortShape& shape) {
  const unsigned k = checkedLineLog2(shape, "oddEvenMergeSchedule");
  PassSchedule schedule{shape, {}};
  for (std::uint32_t rank = 0; rank < k; ++rank)
    for (std::uint32_t step = 0; step <= rank; ++step)
      schedule.passes.push_back(OddEvenMergeStep{rank, step, 1u << rank, (1u << rank) >> step});
  return schedule;
}

PassSchedule transpositionSchedule(const SortShape& shape) {
  checkedLineLog2(shape, "transpositionSchedule");
  requireOneLine(shape, "transposition sort");
  PassSchedule schedule{shape, {}};
  if (shape.count() < 2) return schedule;
  schedule.passes.reserve(shape.count());
  for (std::uint32_t round = 0; round < shape.count(); ++round) schedule.passes.push_back(TranspositionRound{round, round % 2});
  return schedule;
}

PassSchedule radixSchedule(const SortShape& shape, unsigned keyBits, unsigned digitBits) {
  const unsigned k = checkedLineLog2(shape, "radixSchedule");
  requireOneLine(shape, "radix sort");
  if (digitBits < 1 || digitBits > 2) throw std::invalid_argument("radixSchedule: digits of 1 or 2 bits (four channels)");
  PassSchedule schedule{shape, {}};
  if (shape.count() < 2) return schedule;
  for (std::uint32_t bit = 0; bit < keyBits; bit += digitBits) {
    const std::uint32_t bits = std::min(digitBits, keyBits - bit);
    schedule.passes.push_back(RadixFlags{bit, bits});
    for (std::uint32_t d = 0; d < k; ++d) schedule.passes.push_back(RadixScanStep{bit, bits, d, 1u << d});
    schedule.passes.push_back(RadixGather{bit, bits});
  }
  return schedule;
}

PassSchedule computeRadixBitsSchedule(const SortShape& shape, unsigned firstBit, unsigned endBit, unsigned radixBits,
                                      unsigned tileLog2, bool pairs) {
  checkedLineLog2(shape, "computeRadixSchedule");
  if (radixBits < 1 || radixBits > kMaxRadixBits || firstBit >= endBit || endBit > 2 * kIndexLowBits) {
    throw std::invalid_argument("computeRadixSchedule: digits of 1 to 8 bits over bits of the 48-bit order");
  }
  PassSchedule schedule{shape, {}};
  if (shape.lineLength < 2) return schedule;
  if (pairs) schedule.passes.push_back(PackCompact{});
  RadixDigit d = computeRadixDigitShape(shape, radixBits, tileLog2);
  d.pairs = pairs ? 1 : 0;
  for (std::uint32_t shift = firstBit; shift < endBit; ++d.digit, shift += d.radixBits) {
    d.shift = shift;
    d.bits = std::min(d.radixBits, endBit - shift);
    schedule.passes.insert(schedule.passes.end(), {RadixTileCounts{d}, RadixCountScan{d}, RadixScatter{d}});
  }
  if (pairs) schedule.passes.push_back(GatherByIndex{});
  return schedule;
}

RadixDigit computeRadixDigitShape(const SortShape& shape, unsigned radixBits, unsigned tileLog2) {
  const unsigned k = checkedLineLog2(shape, "computeRadixDigitShape");
  RadixDigit d;
  d.radixBits = std::min(radixBits, k);
  d.tileLog2 = std::min(tileLog2, k);
  d.lineLog2 = k;
  return d;
}

PassSchedule computeRadixSchedule(const SortShape& shape, unsigned keyBits, unsigned radixBits, unsigned tileLog2) {
  if (keyBits < 1 || keyBits > kIndexLowBits) throw std::invalid_argument("computeRadixSchedule: keys of 1 to 24 bits");
  return computeRadixBitsSchedule(shape, kIndexLowBits, kIndexLowBits + keyBits, radixBits, tileLog2);
}

PassSchedule fastBitonicSchedule(const SortShape& shape) {
  const unsigned k = checkedLineLog2(shape, "fastBitonicSchedule");
  PassSchedule schedule{shape, {}};
  if (shape.lineLength < 2) return schedule;  // nothing to compare: no pack, no gather either
  schedule.passes.push_back(PackCompact{});
  for (std::uint32_t rank = 0; rank < k; ++rank) {
    // Steps of this merge have distances 2^rank .. 1. The tail (distances 4, 2, 1, or fewer) is one
    // pass over at most four texels; the steps above it go two per pass from the largest distance,
    // and an odd one out stays single (a distance of at least 8: two texels).
    const std::uint32_t stepno = mergeStepno(rank, k, shape);
    const std::uint32_t tail = std::min<std::uint32_t>(rank + 1, 3);
    const std::uint32_t head = rank + 1 - tail;
    for (std::uint32_t step = 0; step < head; step += 2) {
      schedule.passes.push_back(FusedBitonicSteps{rank, step, stepno, 1u << (rank - step), head - step >= 2 ? 2u : 1u});
    }
    schedule.passes.push_back(FusedBitonicSteps{rank, head, stepno, 1u << (rank - head), tail});
  }
  schedule.passes.push_back(GatherByIndex{});
  return schedule;
}

PassSchedule wideBitonicSchedule(const SortShape& shape) {
  const unsigned k = checkedLineLog2(shape, "wideBitonicSchedule");
  if (shape.count() < (std::uint64_t{1} << kWideGroupLog2)) return fastBitonicSchedule(shape);  // < 16 elements
  PassSchedule schedule{shape, {}};
  if (shape.lineLength < 2) return schedule;
  // Merges of up to 16 elements touch bits 0-3 only: all of them in the first pass, from the elements.
  const std::uint32_t first = std::min<std::uint32_t>(k, kWideGroupLog2) - 1;
  schedule.passes.push_back(
      WideBitonicSteps{0, 0, first, first, mergeStepno(first, k, shape), kWideLowWindow, kWideFromElements, {}, 0, 0});
  std::uint32_t window = kWideLowWindow;
  // Then the steps in network order, each pass taking them while their distances use at most four
  // bits: four steps a pass, a merge's last ones (bits 1, 0) sharing one with the next merge's
  // first (bits r, r - 1). Merges from rank 4 on have five or more steps, so a pass spans at most two.
  std::uint32_t rank = first + 1;
  std::uint32_t step = 0;
  while (rank < k) {
    WideBitonicSteps pass{rank, step, rank, step, 0, 0, window, {}};
    std::uint32_t bits = 0;
    while (rank < k && popCount(bits | 1u << (rank - step)) <= kWideGroupLog2) {
      bits |= 1u << (rank - step);
      pass.lastRank = rank;
      pass.lastStep = step;
      if (++step > rank) {
        ++rank;
        step = 0;
      }
    }
    // The last pass may use fewer: it owns the lowest free bits too (16 consecutive elements).
    for (std::uint32_t b = 0; popCount(bits) < kWideGroupLog2; ++b) bits |= 1u << b;
    pass.stepno = mergeStepno(pass.lastRank, k, shape);
    pass.window = bits;
    schedule.passes.push_back(pass);
    window = bits;
  }
  schedule.passes.push_back(WideGather{window});
  return schedule;
}

ComputeBitonicSteps computeMergeSteps(std::uint32_t rank, std::uint32_t firstStep, std::uint32_t stepno,
                                      std::uint32_t count) {
  const std::uint32_t lastStep = firstStep + count - 1;  // distances 2^(rank - firstStep) .. 2^(rank - lastStep)
  const std::uint32_t window = ((2u << (rank - firstStep)) - 1) & ~((1u << (rank - lastStep)) - 1);
  return ComputeBitonicSteps{rank, firstStep, rank, lastStep, stepno, window, 0, 0};
}

PassSchedule packedComputeSchedule(const SortShape& shape, unsigned windowBits) {
  const unsigned k = checkedLineLog2(shape, "packedComputeSchedule");
  if (windowBits < 1 || windowBits > kMaxComputeFusedSteps) {
    throw std::invalid_argument("packedComputeSchedule: 1 to " + std::to_string(kMaxComputeFusedSteps) +
                                " window bits");
  }
  PassSchedule schedule{shape, {}};
  if (shape.lineLength < 2) return schedule;
  schedule.passes.push_back(PackCompact{});
  // Merges of up to 2^windowBits elements touch only the low bits: all of them in the first dispatch.
  const std::uint32_t first = std::min(k, windowBits) - 1;
  const std::uint32_t low = (2u << first) - 1;  // bits 0 .. first
  schedule.passes.push_back(ComputeBitonicSteps{0, 0, first, first, mergeStepno(first, k, shape), low, 0, 0});
  for (std::uint32_t rank = first + 1, step = 0; rank < k;) {
    ComputeBitonicSteps pass{rank, step, rank, step, 0, 0, 0, 0};
    while (rank < k && popCount(pass.window | 1u << (rank - step)) <= windowBits) {
      pass.window |= 1u << (rank - step);
      pass.lastRank = rank;
      pass.lastStep = step;
      if (++step > rank) {
        ++rank;
        step = 0;
      }
    }
    pass.stepno = mergeStepno(pass.lastRank, k, shape);
    schedule.passes.push_back(pass);
  }
  schedule.passes.push_back(GatherByIndex{});
  return schedule;
}

PassSchedule computeSchedule(const SortShape& shape, unsigned maxFusedSteps, SharedMemory shared, unsigned blockLog2) {
  const unsigned k = checkedLineLog2(shape, "computeSchedule");
  if (maxFusedSteps < 1 || maxFusedSteps > kMaxComputeFusedSteps) {
    throw std::invalid_argument("computeSchedule: 1 to " + std::to_string(kMaxComputeFusedSteps) + " fused steps");
  }
  PassSchedule schedule{shape, {}};
  if (shape.lineLength < 2) return schedule;
  const unsigned block = std::min<unsigned>(blockLog2, log2Exact(shape.count()));
  // Steps per barrier: an invocation holds 2^perBarrier elements, at most the block (C4 on a block
  // of two runs as C2).
  const unsigned wanted = shared == SharedMemory::C16 ? 4 : shared == SharedMemory::C4 ? 2 : 1;
  const std::uint32_t perBarrier = std::max(1u, std::min(wanted, block));
  schedule.passes.push_back(PackCompact{});
  std::uint32_t rank = 0;
  if (shared != SharedMemory::None) {  // merges of at most a block: all of them in one dispatch
    const std::uint32_t last = std::min(block, k) - 1;
    schedule.passes.push_back(SharedBitonicSteps{0, 0, last, mergeStepno(last, k, shape), block, perBarrier});
    rank = last + 1;
  }
  for (; rank < k; ++rank) {
    const std::uint32_t stepno = mergeStepno(rank, k, shape);
    // Steps 0 .. global - 1 have distances 2^rank .. 2^block (all, without shared memory).
    const std::uint32_t global = shared == SharedMemory::None ? rank + 1 : rank + 1 - block;
    for (std::uint32_t step = 0; step < global;) {
      const std::uint32_t count = std::min<std::uint32_t>(maxFusedSteps, global - step);
      schedule.passes.push_back(computeMergeSteps(rank, step, stepno, count));
      step += count;
    }
    if (shared != SharedMemory::None) {
      schedule.passes.push_back(SharedBitonicSteps{rank, global, rank, stepno, block, perBarrier});
    }
  }
  schedule.passes.push_back(GatherByIndex{});
  return schedule;
}

}  // namespace texsort
