// The pass schedule: which full-screen passes a sorting network makes, as plain data. No GL here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace texsort {

// What a pass does. The GPU sorter picks a program per kind and the CPU model a rule per kind, so a
// new network (odd-even merge, transposition) or a pass that fuses several steps is a new kind plus
// its schedule function; the loop that runs passes does not change.
enum class PassKind : std::uint8_t {
  BitonicStep,  // one compare-exchange step of the bitonic network (article 004)
};

// One full-screen pass. For BitonicStep the fields keep the names of article 004's uniforms:
//   stepno = 2^(rank+1): size of the blocks that alternate direction; an element's block sorts
//            ascending when floor(i / stepno) is even, descending when odd (the seed's cdir);
//   offset = 2^(rank-step): distance to the partner, partner = i + offset when
//            i mod stage < offset (the seed's csign = +1), else i - offset (csign = -1);
//   stage  = 2 * offset: size of the groups in which the first half compares forward.
// rank and step are the pass counter's decomposition (rank 0.., step 0..rank) and exist for display.
struct Pass {
  PassKind kind = PassKind::BitonicStep;
  std::uint32_t stepno = 0;
  std::uint32_t offset = 0;
  std::uint32_t stage = 0;
  std::uint32_t rank = 0;
  std::uint32_t step = 0;

  friend bool operator==(const Pass& a, const Pass& b) {
    return a.kind == b.kind && a.stepno == b.stepno && a.offset == b.offset && a.stage == b.stage &&
           a.rank == b.rank && a.step == b.step;
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

// Human-readable one-line description, e.g. "bitonic rank 3 step 1: stepno 16 offset 4 stage 8".
std::string describe(const Pass& pass);

}  // namespace texsort
