// The pass kinds and the algorithm registry: every row complete, every kind's shader, buffers,
// words and comparator count.
#include <gtest/gtest.h>

#include <set>

#include "sort/algorithms.h"
#include "sort/bits.h"
#include "sort/element.h"
#include "sort/pass_words.h"
#include "sort/wide_layout.h"
#include "test_support.h"

namespace texsort {
namespace {

TEST(Registry, RowsAreCompleteAndNamesRoundTrip) {
  std::set<std::string> names, labels;
  std::set<std::uint32_t> colours;
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    Algorithm parsed = Algorithm::Bitonic;
    EXPECT_TRUE(parseAlgorithm(row.name, parsed));
    EXPECT_EQ(parsed, row.id);
    EXPECT_EQ(&info(row.id), &row);
    names.insert(row.name);
    labels.insert(row.label);
    colours.insert(std::uint32_t(row.colour.r) << 16 | std::uint32_t(row.colour.g) << 8 | row.colour.b);
    if (usesCompute(row.id)) {  // the compute backend: GL 4.3 and later only
      EXPECT_EQ(std::string(row.name).rfind("compute-", 0), 0u) << row.name;
      EXPECT_TRUE(algorithmAvailable(row.id, 43)) << row.name;
      EXPECT_FALSE(algorithmAvailable(row.id, 42)) << row.name;
    } else {
      EXPECT_TRUE(algorithmAvailable(row.id, 33)) << row.name << ": every fragment algorithm runs on GL 3.3";
    }
    EXPECT_EQ(scheduleFor(row.id, 64).shape, SortShape::whole(64));
  }
  EXPECT_EQ(names.size(), kAlgorithmCount);
  EXPECT_EQ(labels.size(), kAlgorithmCount);
  EXPECT_EQ(colours.size(), kAlgorithmCount) << "each algorithm its own colour in plots";
  Algorithm unused = Algorithm::Bitonic;
  EXPECT_FALSE(parseAlgorithm("quicksort", unused));
  EXPECT_EQ(scheduleFor(Algorithm::Radix, 64), radixSchedule(SortShape::whole(64), kKeyBits, kRadixDigitBits));
  EXPECT_LT(static_cast<std::uint32_t>(kSentinelKey), 1u << kKeyBits);  // radix needs no more bits
}

TEST(PassTraits, NameEachKindsShaderAndBuffers) {
  EXPECT_EQ(kPassTraits.size(), kPassKindCount);
  EXPECT_STREQ(traitsOf(BitonicStep{}).shader, "bitonic.frag");
  EXPECT_EQ(traitsOf(RadixFlags{}).writes, Buffer::Scan);
  EXPECT_EQ(traitsOf(RadixGather{}).reads, bufferBit(Buffer::Elements) | bufferBit(Buffer::Scan));
  EXPECT_EQ(traitsOf(PackCompact{}).writes, Buffer::Compact);
  EXPECT_EQ(traitsOf(GatherByIndex{}).writes, Buffer::Elements);
  EXPECT_TRUE(traitsOf(FusedBitonicSteps{}).network);
  EXPECT_FALSE(traitsOf(RadixScanStep{}).network);
  std::set<std::string> shaders;
  for (const PassTraits& t : kPassTraits) shaders.insert(t.shader);
  // compute-radix's three dispatches are the phases of one shader.
  EXPECT_STREQ(traitsOf(RadixTileCounts{}).shader, traitsOf(RadixScatter{}).shader);
  EXPECT_STREQ(traitsOf(RadixCountScan{}).shader, traitsOf(RadixScatter{}).shader);
  EXPECT_EQ(shaders.size(), kPassKindCount - 2) << "one shader per kind";
  EXPECT_EQ(traitsOf(RadixTileCounts{}).writes, Buffer::Counts);
  EXPECT_TRUE(sideBuffer(Buffer::Counts));
  EXPECT_EQ(passWrites(RadixScatter{}), Buffer::Elements);
}

// One text per kind, the fused passes included: title, parameters as set, what a fragment does.
TEST(PassText, DescribesEveryKind) {
  struct Case {
    Pass pass;
    const char* describe;
    const char* inExplanation;
  };
  const Case cases[] = {
      {bitonicPassFromCounter(4), "bitonic rank 2 step 1: stepno 8 offset 2 stage 4", "partner = i +/- 2"},
      {BitonicLegacyStep{{2, 1, 8, 2}}, "bitonic (legacy) rank 2 step 1: stepno 8 offset 2 stage 4", "float"},
      {OddEvenMergeStep{2, 1, 4, 2}, "odd-even merge of runs of 4: runLength 4 distance 2", "into runs of 8"},
      {TranspositionRound{5, 1}, "transposition round 5: parity 1", "with i odd"},
      {RadixFlags{3}, "radix bit 3: flags", "e = 1 - bit"},
      {RadixScanStep{3, 1, 2, 4}, "radix bit 3: scan step 2: distance 4", "4 positions before"},
      {RadixGather{3}, "radix bit 3: gather", "binary search"},
      {RadixFlags{2, 2}, "radix bits 2-3: flags", "4 groups"},
      {RadixGather{2, 2}, "radix bits 2-3: gather", "smaller digits"},
      {PackCompact{}, "fast path: pack (key, index) two per texel", "half the fragments"},
      {FusedBitonicSteps{5, 0, 64, 32, 2}, "fast bitonic rank 5 steps 0-1: stepno 64 distances 32, 16",
       "2 steps in one pass: each fragment owns texel t (elements 2t, 2t+1) and reads the 4 texels"},
      {FusedBitonicSteps{5, 3, 64, 4, 3}, "fast bitonic rank 5 steps 3-5: stepno 64 distances 4, 2, 1",
       "3 steps in one pass: each fragment owns texel t (elements 2t, 2t+1) and reads the 4 texels"},
      {FusedBitonicSteps{5, 2, 64, 8, 1}, "fast bitonic rank 5 step 2: stepno 64 distance 8", "reads the 2 texels"},
      {FusedBitonicSteps{0, 0, 2, 1, 1}, "fast bitonic rank 0 step 0: stepno 2 distance 1", "reads the 1 texel "},
      {GatherByIndex{}, "fast path: gather each element's texel by its original index", "original index"},
      {computeMergeSteps(5, 0, 64, 4), "compute B16 rank 5 steps 0-3: stepno 64 distances 32, 16, 8, 4",
       "each invocation loads the 16 (key, index) pairs its steps connect"},
      {computeMergeSteps(5, 5, 64, 1), "compute B2 rank 5 step 5: stepno 64 distance 1", "loads the 2 "},
      {ComputeBitonicSteps{5, 4, 6, 2, 128, 0x73, 0, 0},
       "compute B32 ranks 5-6, 5 steps: stepno 128 distances 2, 1, 64, 32, 16",
       "each invocation loads the 32 (key, index) pairs its steps connect"},
      {SharedBitonicSteps{0, 0, 9, 1024, 10, 1}, "compute C2 ranks 0-9, 55 steps: block 1024 stepno 1024 distances 512 ... 1",
       "a barrier after each (an invocation owns two elements)"},
      {SharedBitonicSteps{12, 3, 12, 8192, 10, 2}, "compute C4 rank 12, 10 steps: block 1024 stepno 8192 distances 512 ... 1",
       "a barrier after each chunk of up to 2 steps (an invocation owns 4 elements)"},
      {SharedBitonicSteps{0, 0, 11, 4096, 12, 4},
       "compute C16 ranks 0-11, 78 steps: block 4096 stepno 4096 distances 2048 ... 1",
       "a barrier after each chunk of up to 4 steps (an invocation owns 16 elements)"},
      {WideBitonicSteps{7, 0, 7, 3, 256, 0xf0, 0xf, {}, 0, 0},
       "wide bitonic rank 7, 4 steps: stepno 256 distances 128, 64, 32, 16 window 4-7",
       "reads them from the layout of bits 0-3"},
      {WideBitonicSteps{6, 5, 7, 1, 256, 0xc3, 0x3c, {}, 0, 0},
       "wide bitonic ranks 6-7, 4 steps: stepno 256 distances 2, 1, 128, 64 window 0-1, 6-7",
       "differ in index bits 0-1, 6-7, reads them from the layout of bits 2-5"},
      {WideBitonicSteps{10, 7, 10, 10, 2048, kWideLowWindow, 0xf0, {}, 11, 300},
       "wide bitonic rank 10, 4 steps, into the image's bytes: stepno 2048 distances 8, 4, 2, 1 window 0-3 pixels 300",
       "4 to a texel of 4 render targets"},
      {WideBitonicSteps{0, 0, 3, 3, 16, kWideLowWindow, kWideFromElements, {}, 0, 0},
       "wide bitonic ranks 0-3, 10 steps: stepno 16 distances 1, 2, 1, 4, 2, 1, 8, 4, 2, 1 window 0-3",
       "from the element texture (the pack folded in)"},
      {WideGather{kWideLowWindow}, "wide path: gather each element's texel by its original index: window 0-3",
       "layered wide state"},
      {SpanStarts{2, 100, 200, 64, 7, 16, 8, 4}, "pixel sort: span starts (edges): lowest 100 highest 200 span length 64 seed 7",
       "where a span starts"},
      {SpanScanStep{1, 8, 4}, "pixel sort: span scan step 1: distance 8 words", "times 8 words before"},
      {PixelOrder{0, 255000, 18, 0, 5, 10, 3, 4}, "pixel sort: (span, key, position) order: key bits 18 line bits 4 max span 5 skip 10%",
       "48-bit order"},
      {ImageOrder{100}, "pixel sort: back to image order", "line and position"},
      {RadixTileCounts{{1, 30, 6, 6, 12, 20}},
       "radix digit 1 (key bits 6-11): tile counts: shift 30 bits 6 values 64 tile 4096 line 1048576",
       "each of the 64 digit values"},
      {RadixCountScan{{2, 36, 6, 6, 12, 12}},
       "radix digit 2 (key bits 12-17): count scan: shift 36 bits 6 values 64 tile 4096 line 4096", "exclusive prefix sum"},
      {RadixScatter{{3, 19, 1, 6, 10, 11}}, "radix digit 3 (order bits 19-19): scatter: shift 19 bits 1 values 64 tile 1024 line 2048",
       "a stable split by the digit"},
  };
  std::set<std::size_t> kinds;
  for (const Case& c : cases) {
    kinds.insert(c.pass.index());
    EXPECT_EQ(describe(c.pass), c.describe);
    const PassText text = passText(c.pass, 1024);
    EXPECT_EQ(describe(c.pass), text.parameters.empty() ? text.title : text.title + ": " + text.parameters);
    EXPECT_NE(text.explanation.find(c.inExplanation), std::string::npos) << c.describe << ": " << text.explanation;
  }
  EXPECT_EQ(kinds.size(), kPassKindCount) << "a case for every pass kind";
  EXPECT_NE(passText(bitonicSchedule(64).back(), 64).explanation.find("sorts ascending"), std::string::npos);
  EXPECT_NE(passText(bitonicSchedule(64)[1], 64).explanation.find("blocks of 4 alternate"), std::string::npos);
}

}  // namespace
}  // namespace texsort

namespace texsort {
namespace {

// The viewer's compare-exchange counter: a single layer's comparators as listed, n / 2 per bitonic
// step a fused, wide or compute pass carries, none for a split; over a bitonic network in all,
// n / 2 x k(k+1)/2 whatever the algorithm carries its steps in.
TEST(CompareExchangeCount, CountsTheComparatorsOfEveryPass) {
  const std::uint64_t n = 256;  // k = 8: 36 steps of 128 comparators
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    SCOPED_TRACE(row.name);
    std::uint64_t total = 0;
    for (const Pass& pass : scheduleFor(row.id, n)) {
      const std::uint64_t count = compareExchangeCount(pass, n);
      const std::vector<CompareExchange> layer = compareExchanges(pass, n);
      if (!layer.empty()) {
        EXPECT_EQ(count, layer.size()) << describe(pass);
      } else {
        EXPECT_EQ(count, networkSteps(pass) * n / 2) << describe(pass);
      }
      total += count;
    }
    if (row.id == Algorithm::Radix || row.id == Algorithm::ComputeRadix) {
      EXPECT_EQ(total, 0u);
    } else if (row.id == Algorithm::Bitonic || row.id == Algorithm::BitonicFast || row.id == Algorithm::BitonicWide ||
               usesCompute(row.id)) {
      EXPECT_EQ(total, 36u * 128u);
    }
    if (row.id == Algorithm::OddEvenMerge) {
      EXPECT_LT(total, 36u * 128u) << "Batcher's network has fewer comparators";
    }
  }
}

// The plain words say what every pixel does, in the sort's own order: a descending sort's passes
// put the brighter pixel first, though its network sorts the turned-over key ascending.
TEST(PassText, PlainWordsInTheSortsOwnOrder) {
  const BitonicStep step{2, 1, 8, 2};
  EXPECT_EQ(plainWords(step, 1024, SortOrder::Ascending),
            "Every pixel looks at the one 2 places away; the pair swaps if it is out of order: blocks of 8 pixels run "
            "darker to brighter and brighter to darker in turn, so the next rank can merge two into one.");
  EXPECT_NE(plainWords(bitonicSchedule(64).back(), 64, SortOrder::Descending).find("the whole picture runs one way, "
                                                                                    "brighter first"),
            std::string::npos);
  EXPECT_NE(plainWords(bitonicSchedule(64).back(), 64, SortOrder::Ascending).find("one way, darker first"),
            std::string::npos);
  EXPECT_NE(plainWords(TranspositionRound{5, 1}, 16, SortOrder::Descending).find("Every odd-numbered pixel"),
            std::string::npos);
  // Radix splits by the key's bits: a descending sort's key is turned over, and its words say so.
  EXPECT_NE(plainWords(RadixFlags{3}, 64, SortOrder::Descending).find("bit 3 of its turned-over key"), std::string::npos);
  EXPECT_NE(plainWords(RadixGather{3}, 64, SortOrder::Descending).find("so brighter goes first"), std::string::npos);
  EXPECT_EQ(plainWords(RadixGather{3}, 64, SortOrder::Ascending).find("turned-over"), std::string::npos);
  // Every pass of every algorithm has its sentence, in either order.
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
      for (const Pass& pass : scheduleFor(row.id, 64).passes) {
        const std::string words = plainWords(pass, 64, order);
        EXPECT_TRUE(words.size() > 40 && words.back() == '.') << describe(pass) << ": " << words;
        EXPECT_EQ(words.find(order == SortOrder::Ascending ? "brighter first" : "darker first"), std::string::npos);
      }
    }
  }
}

// The bytes a pass must move per element, from the formats: RGBA32F elements and radix scan texels
// (16 bytes), a network step reading two elements and writing one.
TEST(PassCost, BytesFollowTheBuffersFormats) {
  EXPECT_DOUBLE_EQ(bytesPerElement(BitonicStep{}, 64), 3 * 16.0);
  EXPECT_DOUBLE_EQ(bytesPerElement(RadixFlags{}, 64), 16.0 + 16.0);
  EXPECT_DOUBLE_EQ(bytesPerElement(RadixScanStep{}, 64), 3 * 16.0);
  EXPECT_DOUBLE_EQ(bytesPerElement(RadixGather{}, 64), (6 + 1) * 16.0 + 2 * 16.0);  // log2(64) + 1 probes, the move
}

}  // namespace
}  // namespace texsort
