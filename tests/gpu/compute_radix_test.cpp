// compute-radix on a real GL 4.3 context (llvmpipe in CI): after every dispatch the elements and
// the counts equal the CPU model's, over many tiles, digit widths and tile sizes, with digits the keys
// do not use (skipped) and with ties; the result is the stable sort by (key, index).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <vector>

#include "gpu_fixture.h"
#include "same_state.h"
#include "sort/algorithms.h"
#include "sort/compute_runner.h"
#include "sort/radix_model.h"
#include "sort/runner.h"

namespace texsort {
namespace {

using ComputeRadix = test::GpuTest;

// n elements in index order whose keys are drawn below `keys` (the padding key for a few).
std::vector<Element> elementsWithKeys(std::uint64_t n, std::uint32_t keys, std::mt19937& rng) {
  std::vector<Element> elements(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    const bool padding = i % 97 == 5;
    elements[i] = {padding ? kSentinelKey : float(rng() % keys), float(i), float(rng() % 16777216u), 255.0f};
  }
  return elements;
}

// Each line of lineLength elements sorted on its own, stably by (key, index).
std::vector<Element> stableSorted(std::vector<Element> elements, std::uint64_t lineLength = 0) {
  if (lineLength == 0) lineLength = elements.size();
  for (auto line = elements.begin(); line != elements.end(); line += static_cast<std::ptrdiff_t>(lineLength))
    std::stable_sort(line, line + static_cast<std::ptrdiff_t>(lineLength), elementLess);
  return elements;
}

void expectEveryDispatch(const PassSchedule& schedule, std::vector<Element> elements) {
  SortState cpu{elements, {}, {}, {}, {}, {}, {}, {}};
  ComputeRunner runner(elements.size());
  runner.prepare(schedule);
  ASSERT_TRUE(test::sameStateEveryPass(runner, schedule, cpu));
  EXPECT_TRUE(test::sameBits(cpu.elements, stableSorted(elements, schedule.shape.lineLength)));
}

TEST_F(ComputeRadix, EveryDispatchEqualsTheCpuModelOverManyTiles) {
  std::mt19937 rng(67);
  const std::uint64_t n = std::uint64_t{1} << 15;  // 128 tiles of 256, two workgroups
  const PassSchedule schedule = scheduleFor(Algorithm::ComputeRadix, n);
  EXPECT_EQ(schedule.size(), 3u * 3u);  // three 6-bit digits of 18, three dispatches each
  expectEveryDispatch(schedule, elementsWithKeys(n, 1u << 18, rng));
}

TEST_F(ComputeRadix, DigitWidthsAndTilesAllGiveTheStableSort) {
  std::mt19937 rng(2);
  const std::uint64_t n = std::uint64_t{1} << 12;
  for (const unsigned bits : {1u, 4u, 7u, 8u}) {
    for (const unsigned tileLog2 : {5u, 8u, 12u}) {
      SCOPED_TRACE(std::to_string(bits) + "-bit digits, tiles of 2^" + std::to_string(tileLog2));
      expectEveryDispatch(computeRadixSchedule(SortShape::whole(n), kKeyBits, bits, tileLog2),
                          elementsWithKeys(n, 300, rng));  // many ties
    }
  }
}

TEST_F(ComputeRadix, EveryLineSortsOnItsOwnWhateverItsTiles) {
  // Lines shorter than a tile (a tile a line), of a few tiles, of 32 and 64 (the most an invocation
  // of the scan walks alone), and of more tiles than the scan's 64 invocations (chunks of several
  // tiles each).
  std::mt19937 rng(4);
  struct Case {
    SortShape shape;
    unsigned tileLog2;
  };
  for (const Case c : {Case{{2, 512}, 8}, Case{{64, 16}, 8}, Case{{1024, 4}, 8}, Case{{8192, 2}, 8},
                       Case{{16384, 1}, 8}, Case{{4096, 2}, 5}}) {
    SCOPED_TRACE(std::to_string(c.shape.lineCount) + " lines of " + std::to_string(c.shape.lineLength) +
                 ", tiles of 2^" + std::to_string(c.tileLog2));
    expectEveryDispatch(computeRadixSchedule(c.shape, kKeyBits, kRadixBits, c.tileLog2),
                        elementsWithKeys(c.shape.count(), 1000, rng));
  }
}

TEST_F(ComputeRadix, OnPairsEveryDispatchEqualsTheCpuModelAndTheGatherGivesTheStableSort) {
  // The pixel sort's shape on plain elements: pack, the digits on the pairs, gather by index.
  std::mt19937 rng(6);
  const SortShape shape{1024, 8};
  const PassSchedule schedule = computeRadixBitsSchedule(shape, kIndexLowBits, kIndexLowBits + kKeyBits, kRadixBits,
                                                         kRadixTileLog2, true);
  ASSERT_EQ(schedule.size(), 1u + 3u * 3u + 1u);
  EXPECT_EQ(passWrites(schedule[3]), Buffer::Compact);  // the first scatter moves the pairs
  EXPECT_EQ(passReads(schedule[1]), bufferBit(Buffer::Compact));
  expectEveryDispatch(schedule, elementsWithKeys(shape.count(), 5000, rng));
}

TEST_F(ComputeRadix, ADigitEachLineHoldsOneValueOfMovesNothing) {
  // Every key of line l is l * 64 + (a few values): digit 1 differs between lines but not within
  // one, so its scatter is skipped though no single value holds every element.
  std::mt19937 rng(5);
  const SortShape shape{256, 16};
  std::vector<Element> elements = elementsWithKeys(shape.count(), 8, rng);
  for (std::uint64_t i = 0; i < elements.size(); ++i) elements[i].key = float((i / 256) * 64 + (rng() % 8));
  const PassSchedule schedule = scheduleFor(Algorithm::ComputeRadix, shape);
  ComputeRunner runner(shape.count());
  runner.prepare(schedule);
  runner.upload(elements);
  runner.run(schedule);
  EXPECT_TRUE(test::sameBits(runner.readElements(), stableSorted(elements, 256)));
  EXPECT_EQ(runner.skippedScatters(), 2u);  // digits 1 (the line's) and 2 (none)
}

TEST_F(ComputeRadix, DigitsTheKeysDoNotUseMoveNothing) {
  // Keys below 64: digit 1 (bits 6-11) and digit 2 (12-17) are 0 for every key, so their scatters
  // are skipped and the elements stand where digit 0 left them.
  std::mt19937 rng(9);
  const std::uint64_t n = 4096;
  std::vector<Element> elements = elementsWithKeys(n, 64, rng);
  for (Element& e : elements) e.key = std::min(e.key, 63.0f);
  const PassSchedule schedule = scheduleFor(Algorithm::ComputeRadix, n);
  SortState cpu{elements, {}, {}, {}, {}, {}, {}, {}};
  ComputeRunner runner(n);
  runner.upload(elements);
  std::vector<Element> afterFirstDigit;
  for (std::size_t p = 0; p < schedule.size(); ++p) {
    runner.runPass(schedule[p]);
    cpu = runPass(schedule[p], std::move(cpu));
    const SortState gpu = runner.readState();
    ASSERT_TRUE(test::sameBits(gpu.elements, cpu.elements)) << "after " << describe(schedule[p]);
    ASSERT_EQ(gpu.counts, cpu.counts) << "after " << describe(schedule[p]);
    const auto* scatter = std::get_if<RadixScatter>(&schedule[p]);
    if (scatter == nullptr) continue;
    EXPECT_EQ(radixDigitIsConstant(scatter->d, n, gpu.counts), scatter->d.digit > 0);
    if (scatter->d.digit == 0) {
      afterFirstDigit = gpu.elements;
    } else {
      EXPECT_TRUE(test::sameBits(gpu.elements, afterFirstDigit));
    }
  }
  EXPECT_TRUE(test::sameBits(runner.readElements(), stableSorted(elements)));
  EXPECT_EQ(runner.skippedScatters(), 2u);  // the dispatches did not run, not only moved nothing
  runner.upload(elementsWithKeys(n, 1u << 18, rng));
  runner.run(schedule);
  EXPECT_EQ(runner.skippedScatters(), 0u);
}

TEST_F(ComputeRadix, PastTwoToTheTwentyFourItSortsTheIndexBitsUnderTheKeyToo) {
  // 2^25 would be slow here; what changes past 2^24 is the schedule's width of r: 18 + 1 bits.
  const PassSchedule big = scheduleFor(Algorithm::ComputeRadix, std::uint64_t{1} << 25);
  ASSERT_EQ(big.size(), 3u * 4u);
  EXPECT_EQ(std::get<RadixScatter>(big[11]).d.shift, 24u + 18u);  // r's bit 18
  EXPECT_EQ(std::get<RadixScatter>(big[11]).d.bits, 1u);
  EXPECT_EQ(scheduleFor(Algorithm::ComputeRadix, std::uint64_t{1} << 24).size(), 3u * 3u);
}

}  // namespace
}  // namespace texsort
