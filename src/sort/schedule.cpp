// Builds the bitonic pass schedule (article 004) as data, in nested-loop and pass-counter forms.
#include "sort/schedule.h"

#include <stdexcept>

namespace texsort {

bool isPowerOfTwo(std::uint64_t n) { return n != 0 && (n & (n - 1)) == 0; }

std::uint64_t nextPowerOfTwo(std::uint64_t n) {
  std::uint64_t p = 1;
  while (p < n) p <<= 1;
  return p;
}

unsigned log2Exact(std::uint64_t n) {
  if (!isPowerOfTwo(n)) throw std::invalid_argument("log2Exact: not a power of two");
  unsigned k = 0;
  while ((std::uint64_t{1} << k) < n) ++k;
  return k;
}

std::uint64_t bitonicPassCount(std::uint64_t n) {
  const std::uint64_t k = log2Exact(n);
  return k * (k + 1) / 2;
}

static Pass bitonicPass(std::uint32_t rank, std::uint32_t step) {
  Pass p;
  p.kind = PassKind::BitonicStep;
  p.rank = rank;
  p.step = step;
  p.stepno = 1u << (rank + 1);
  p.offset = 1u << (rank - step);
  p.stage = 2 * p.offset;
  return p;
}

PassSchedule bitonicSchedule(std::uint64_t n) {
  if (!isPowerOfTwo(n)) throw std::invalid_argument("bitonicSchedule: element count must be a power of two");
  if (n > (std::uint64_t{1} << 31)) throw std::invalid_argument("bitonicSchedule: more than 2^31 elements");
  const unsigned k = log2Exact(n);
  PassSchedule passes;
  passes.reserve(k * (k + 1) / 2);
  // Merge blocks of size 2^(rank+1); inside a merge the partner distance halves each step.
  for (std::uint32_t rank = 0; rank < k; ++rank)
    for (std::uint32_t step = 0; step <= rank; ++step) passes.push_back(bitonicPass(rank, step));
  return passes;
}

Pass bitonicPassFromCounter(std::uint32_t counter) {
  // Article 004, main.cpp: subtract the length of each finished rank until the rest fits.
  std::uint32_t step = counter;
  std::uint32_t rank = 0;
  for (; rank < step; ++rank) step -= rank + 1;
  return bitonicPass(rank, step);
}

std::string describe(const Pass& pass) {
  switch (pass.kind) {
    case PassKind::BitonicStep:
      return "bitonic rank " + std::to_string(pass.rank) + " step " + std::to_string(pass.step) +
             ": stepno " + std::to_string(pass.stepno) + " offset " + std::to_string(pass.offset) +
             " stage " + std::to_string(pass.stage);
  }
  return "unknown pass";
}

}  // namespace texsort
