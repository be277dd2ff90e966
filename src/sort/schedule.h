// The pass schedule: which full-screen passes a sorting network makes, as plain data. No GL here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace texsort {

// What a pass does. The GPU sorter picks a program per kind and the CPU model a rule per kind, so a
// new network or a pass that fuses several steps is a new kind plus its schedule function; the loop
// that runs passes does not change.
enum class PassKind : std::uint8_t {
  BitonicStep,        // one compare-exchange step of the bitonic network, integer shader
  BitonicLegacyStep,  // the same step in article 004's float arithmetic (fmod, floor, convert1dto2d)
  OddEvenMergeStep,   // one step of Batcher's odd-even merge sort (article 001)
  TranspositionStep,  // one round of odd-even transposition sort: neighbours compare (article 001)
  RadixFlags,         // radix split, article 002: e = 1 - bit, written to the scan buffer
  RadixScanStep,      // one doubling step of the inclusive prefix sum of e (Hillis-Steele)
  RadixGather,        // the split's move d = b ? i - f + totalFalses : f, done as a gather
  FastPack,           // fast path: (key, index) of elements 2t, 2t+1 into compact texel t
  FastBitonic,        // fast path: one or two bitonic steps fused, on compact texels
  FastGather,         // fast path: each position fetches its full element by original index
};

// One full-screen pass. Which fields matter depends on the kind:
// BitonicStep, BitonicLegacyStep keep the names of article 004's uniforms:
//   stepno = 2^(rank+1): size of the blocks that alternate direction; an element's block sorts
//            ascending when floor(i / stepno) is even, descending when odd (the seed's cdir);
//   offset = 2^(rank-step): distance to the partner, partner = i + offset when
//            i mod stage < offset (the seed's csign = +1), else i - offset (csign = -1);
//   stage  = 2 * offset: size of the groups in which the first half compares forward.
//   rank and step are the pass counter's decomposition (rank 0.., step 0..rank).
// OddEvenMergeStep: stepno = p, the length of the sorted runs being merged into runs of 2p;
//   offset = k, the partner distance; stage = 2k. Element i compares with i + k when
//   (i - k mod p) mod 2k < k and both lie in the same run of 2p; all comparisons ascending.
//   rank = log2 p, step = log2 p - log2 k.
// TranspositionStep: parity 0 compares pairs (0,1) (2,3) ..., parity 1 pairs (1,2) (3,4) ...;
//   offset = 1; step = the round number.
// RadixFlags, RadixGather: bit = the key bit this split sorts by (0 = least significant).
// RadixScanStep: offset = 2^d, the distance each doubling step adds from; bit as above.
// FastBitonic: stepno as bitonic; offset = the first step's partner distance; stage = 2 * offset;
//   parity = how many steps the pass fuses (1 to 3: distances offset, offset / 2, ...).
struct Pass {
  PassKind kind = PassKind::BitonicStep;
  std::uint32_t stepno = 0;
  std::uint32_t offset = 0;
  std::uint32_t stage = 0;
  std::uint32_t rank = 0;
  std::uint32_t step = 0;
  std::uint32_t parity = 0;
  std::uint32_t bit = 0;

  friend bool operator==(const Pass& a, const Pass& b) {
    return a.kind == b.kind && a.stepno == b.stepno && a.offset == b.offset && a.stage == b.stage &&
           a.rank == b.rank && a.step == b.step && a.parity == b.parity && a.bit == b.bit;
  }
  friend bool operator!=(const Pass& a, const Pass& b) { return !(a == b); }
};

using PassSchedule = std::vector<Pass>;

bool isPowerOfTwo(std::uint64_t n);
std::uint64_t nextPowerOfTwo(std::uint64_t n);  // smallest 2^k >= n, n >= 1
unsigned log2Exact(std::uint64_t n);             // n must be a power of two

// Number of passes of the bitonic network on n = 2^k elements: k(k+1)/2.
std::uint64_t bitonicPassCount(std::uint64_t n);

// The bitonic network on n = 2^k elements (n >= 1), one pass per compare-exchange step, in order.
// Throws std::invalid_argument if n is not a power of two.
PassSchedule bitonicSchedule(std::uint64_t n);

// Pass number `counter` (0-based) derived from the counter alone, the way article 004 decomposes its
// m_cnt into (rank, step). Equal to bitonicSchedule(n)[counter] for every n it fits.
Pass bitonicPassFromCounter(std::uint32_t counter);

// The bitonic network as article 004's float-arithmetic shader runs it: the same passes, of kind
// BitonicLegacyStep.
PassSchedule bitonicLegacySchedule(std::uint64_t n);

// Batcher's odd-even merge sort on n = 2^k elements: k(k+1)/2 passes, like bitonic.
PassSchedule oddEvenMergeSchedule(std::uint64_t n);

// Odd-even transposition sort on n elements: n rounds (1 for n = 1... 0 passes).
PassSchedule transpositionSchedule(std::uint64_t n);

// LSD radix sort by split on keys of `keyBits` bits: per bit one flags pass, log2(n) scan passes
// and one gather pass. Stable, so elements that start in index order end sorted by (key, index).
PassSchedule radixSchedule(std::uint64_t n, unsigned keyBits);

// The bitonic network on the fast path: pack the (key, index) pairs two per texel, run each merge's
// steps two per pass and its last three (distances 4, 2, 1) in one, then gather every element's full
// texel by its original index. Needs the state right after upload (element i at position i); the
// result equals bitonicSchedule's. n >= 2.
PassSchedule fastBitonicSchedule(std::uint64_t n);

// The fast bitonic pass shapes the shader implements, one program each (0: not a FastBitonic pass
// of a known shape): 1 distance 1; 2 distances 2, 1; 3 distances 4, 2, 1; 4 two steps from d >= 8;
// 5 one step of d >= 8.
int fastShape(const Pass& pass);
unsigned fastTexelsRead(const Pass& pass);  // compact texels a fragment reads: 1, 2 or 4

// The algorithms texsort offers; all produce the same result on the same elements.
enum class Algorithm { Bitonic, BitonicLegacy, OddEvenMerge, Transposition, Radix, BitonicFast };
constexpr Algorithm kAlgorithms[] = {Algorithm::Bitonic,       Algorithm::BitonicLegacy, Algorithm::OddEvenMerge,
                                     Algorithm::Transposition, Algorithm::Radix,         Algorithm::BitonicFast};
const char* algorithmName(Algorithm algorithm);  // "bitonic", "bitonic-legacy", "oddeven-merge", ...
bool parseAlgorithm(const std::string& name, Algorithm& algorithm);

// Bits of the sort keys radix sort needs: luma keys and the padding key are below 2^18.
constexpr unsigned kKeyBits = 18;

// Network steps an algorithm's schedule performs (a fused pass counts its steps; pack and gather
// count none): the denominator of "cost per network step".
std::uint64_t networkSteps(const PassSchedule& schedule);

// The passes of `algorithm` on n = 2^k elements.
PassSchedule scheduleFor(Algorithm algorithm, std::uint64_t n);

// Bytes a pass reads and writes per element (texture traffic), for effective-bandwidth figures.
double bytesPerElement(const Pass& pass, std::uint64_t n);

// True for passes that compare and exchange elements (the sorting networks' passes).
bool isNetworkPass(PassKind kind);

// One comparator of a sorting-network pass: after the pass, position `low` holds the smaller of
// the two elements when `ascending` (the larger otherwise), position `high` the other.
struct CompareExchange {
  std::uint32_t low = 0;
  std::uint32_t high = 0;
  bool ascending = true;
};

// The comparators of a network pass on n elements, by increasing `low` (empty for radix passes).
// The network diagram draws these; tests check them against the CPU model's per-element rule.
std::vector<CompareExchange> compareExchanges(const Pass& pass, std::uint32_t n);

// Human-readable one-line description, e.g. "bitonic rank 3 step 1: stepno 16 offset 4 stage 8".
std::string describe(const Pass& pass);

}  // namespace texsort
