// Pass schedules: which passes each sorting network makes for a shape, in order, as plain data.
#pragma once

#include <cstdint>
#include <vector>

#include "sort/pass.h"

namespace texsort {

// What a schedule sorts: lineCount independent lines of lineLength elements each, laid out one
// after another (line j holds elements j * lineLength ... j * lineLength + lineLength - 1). A sort
// of a whole image is one line; sorting every row of an image is one line per row. Both counts are
// powers of two, so the elements fill a power-of-two texture.
struct SortShape {
  std::uint64_t lineLength = 1;
  std::uint64_t lineCount = 1;

  std::uint64_t count() const { return lineLength * lineCount; }
  static SortShape whole(std::uint64_t n) { return SortShape{n, 1}; }
  friend bool operator==(const SortShape& a, const SortShape& b) {
    return a.lineLength == b.lineLength && a.lineCount == b.lineCount;
  }
};

// The passes of one sort, with the shape they were built for.
struct PassSchedule {
  SortShape shape;
  std::vector<Pass> passes;

  std::size_t size() const { return passes.size(); }
  bool empty() const { return passes.empty(); }
  const Pass& operator[](std::size_t i) const { return passes[i]; }
  const Pass& front() const { return passes.front(); }
  const Pass& back() const { return passes.back(); }
  std::vector<Pass>::const_iterator begin() const { return passes.begin(); }
  std::vector<Pass>::const_iterator end() const { return passes.end(); }
  friend bool operator==(const PassSchedule& a, const PassSchedule& b) {
    return a.shape == b.shape && a.passes == b.passes;
  }
};

// Network steps the schedule carries (a fused pass counts its steps; pack, gather and radix passes
// none): the denominator of "cost per network step".
std::uint64_t networkSteps(const PassSchedule& schedule);

// The passes (1-based: the state after pass k) that end a stage (stageOf) before the last pass:
// where a plot over passes draws a mark.
std::vector<std::uint32_t> stageEnds(const PassSchedule& schedule);

// Passes of the bitonic network on n = 2^k elements: k(k+1)/2.
std::uint64_t bitonicPassCount(std::uint64_t n);

// Bitonic sort (article 004), one pass per compare-exchange step: for each rank (merge size
// 2^(rank+1)) its steps with halving partner distance. Lines sort independently: every step stays
// inside a line, and the last merge sorts each line ascending. Throws std::invalid_argument for a
// line length or count that is not a power of two.
PassSchedule bitonicSchedule(const SortShape& shape);
PassSchedule bitonicSchedule(std::uint64_t n);  // one line

// Pass number `counter` (0-based) of a whole-array bitonic sort, derived from the counter alone the
// way article 004 decomposes its m_cnt into (rank, step). Equal to bitonicSchedule(n)[counter] for
// every n it fits.
BitonicStep bitonicPassFromCounter(std::uint32_t counter);

// The bitonic network as article 004's float-arithmetic shader runs it: the same steps.
PassSchedule bitonicLegacySchedule(const SortShape& shape);

// Batcher's odd-even merge sort: k(k+1)/2 passes for lines of 2^k, like bitonic. Every comparison
// stays inside a run of 2p <= lineLength, so lines sort independently.
PassSchedule oddEvenMergeSchedule(const SortShape& shape);

// Odd-even transposition sort of one line of n elements: n rounds (none for n = 1).
PassSchedule transpositionSchedule(const SortShape& shape);

// LSD radix sort by split on keys of `keyBits` bits, one line, a digit of `digitBits` (1 or 2; the
// last digit what is left) at a time: per digit one flags pass, log2(n) scan passes and one gather
// pass. Stable, so elements that start in index order end sorted by (key, index). One bit is
// article 002's split; two split four ways for the same passes a digit (docs/performance.md).
PassSchedule radixSchedule(const SortShape& shape, unsigned keyBits, unsigned digitBits);

// compute-radix (GL 4.3): for each digit of radixBits bits of the 48-bit order r * 2^24 + g, from
// bit firstBit to endBit (the last digit what is left), a tile-counts, a count-scan and a scatter
// dispatch over tiles of 2^tileLog2 elements (fewer when the line is shorter), every line on its
// own (digits no wider than log2 of the line), on the elements themselves, or with `pairs` on their
// (key, index) pairs between a pack and a
// gather by index (the pixel sort's shape: its key pass writes the pairs, its gather the picture).
// Stable, so its result equals every other algorithm's.
constexpr unsigned kMaxRadixBits = 8;
constexpr unsigned kRadixBits = 6;       // three digits for the 18-bit luma key
constexpr unsigned kRadixTileLog2 = 8;  // 256 elements a tile, one invocation's run (measured: docs/performance.md)
PassSchedule computeRadixBitsSchedule(const SortShape& shape, unsigned firstBit, unsigned endBit,
                                      unsigned radixBits = kRadixBits, unsigned tileLog2 = kRadixTileLog2,
                                      bool pairs = false);
// The shape of compute-radix's digits on `shape` (their shift and width aside): digits no wider than
// log2 of the line (so the counts, values x (tiles + lines), stay within two uints an element however
// short the lines), tiles no longer than a line.
RadixDigit computeRadixDigitShape(const SortShape& shape, unsigned radixBits = kRadixBits,
                                  unsigned tileLog2 = kRadixTileLog2);
// The plain sort's: the keyBits low bits of r (the key, the index's high bits under it).
PassSchedule computeRadixSchedule(const SortShape& shape, unsigned keyBits, unsigned radixBits = kRadixBits,
                                  unsigned tileLog2 = kRadixTileLog2);

// The bitonic network on the fast path: pack the (key, index) pairs two per texel, run each merge's
// steps two per pass and its last three (distances 4, 2, 1) in one, then gather every element's full
// texel by its original index. Needs the state right after upload (element i at position i); the
// result equals bitonicSchedule's. Lines sort independently as in bitonicSchedule.
PassSchedule fastBitonicSchedule(const SortShape& shape);

// The bitonic network on the wide path (article 000's B16 on fragment shaders): the first pass
// runs every merge of up to 16 elements straight from the element texture, later passes four steps
// each (a merge's last one to three steps in one pass over bits 0-3), each fragment owning 16
// elements through 8 render targets; a gather ends it. Below 16 elements it is the fast path.
// Needs the state right after upload; the result equals bitonicSchedule's; lines sort independently.
PassSchedule wideBitonicSchedule(const SortShape& shape);

// Article 000's compute ladder. Global dispatches fuse up to maxFusedSteps (1-5: kernels B2, B4,
// B8, B16, and B32 beyond the article) consecutive steps of a merge, largest distances first, the
// last group of a merge taking what is left. With shared memory (C2: a barrier per step, C4: per
// two steps, C16 beyond the article: per four) every step whose distance is below the block of
// 2^blockLog2 elements (or the element count, if smaller) runs in one shared-memory dispatch per
// merge, and the merges that fit a block wholly run in one dispatch together. Pack first, gather
// last, as on the fast path; lines sort independently.
enum class SharedMemory : std::uint8_t { None, C2, C4, C16 };
constexpr unsigned kMaxComputeFusedSteps = 5;  // B32: 32 pairs in an invocation's registers
constexpr unsigned kSharedBlockLog2 = 10;  // 1024 pairs = 8 KiB of shared memory per workgroup
// 4096 pairs = 32 KiB, the shared memory OpenGL 4.3 guarantees (GL_MAX_COMPUTE_SHARED_MEMORY_SIZE),
// with C4's 1024 invocations (GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS' guaranteed minimum; C16 has 256).
constexpr unsigned kLargeSharedBlockLog2 = 12;
PassSchedule computeSchedule(const SortShape& shape, unsigned maxFusedSteps, SharedMemory shared,
                             unsigned blockLog2 = kSharedBlockLog2);
// `count` consecutive steps of merge `rank` from `firstStep` in one dispatch (article 000's B2^count).
ComputeBitonicSteps computeMergeSteps(std::uint32_t rank, std::uint32_t firstStep, std::uint32_t stepno,
                                      std::uint32_t count);
// compute-b32's schedule: the steps in network order, a dispatch taking them while their distances
// use at most `windowBits` (1-5) bits, so a merge's last steps (bits 1, 0) share one with the next
// merge's first (bits r + 1, r, ...); the first dispatch every merge of up to 2^windowBits elements.
// Pack first, gather last. 2^20: 42 dispatches with 5 bits (one merge a dispatch: 52).
PassSchedule packedComputeSchedule(const SortShape& shape, unsigned windowBits);

}  // namespace texsort
