// The CPU model of compute-radix's three dispatches (pass.h: RadixTileCounts, RadixCountScan,
// RadixScatter) on the state as the compute runner keeps it: the (key, index) pairs, two floats a
// pair (SortState::compact), and the counts buffer (SortState::counts, radixCountsSize uints).
#pragma once

#include <cstdint>
#include <vector>

#include "sort/pass.h"

namespace texsort {

// Pair `pair`'s value of digit d (bits d.shift .. d.shift + d.bits - 1 of its r).
inline std::uint32_t radixDigitOf(const RadixDigit& d, float r) {
  return (static_cast<std::uint32_t>(r) >> d.shift) & ((1u << d.bits) - 1u);
}

// Each tile's count of each digit value into the counts' rows, and zero totals after them.
void radixTileCounts(const RadixDigit& d, const std::vector<float>& pairs, std::vector<std::uint32_t>& counts);
// Each row's exclusive prefix sum along the tiles, in place, and its total after the rows.
void radixCountScan(const RadixDigit& d, std::uint64_t n, std::vector<std::uint32_t>& counts);
// Whether one digit value holds every pair (the totals say so): the scatter then moves nothing.
bool radixDigitIsConstant(const RadixDigit& d, std::uint64_t n, const std::vector<std::uint32_t>& counts);
// The stable scatter by the counts as scanned: the pairs in their new order.
std::vector<float> radixScatter(const RadixDigit& d, const std::vector<float>& pairs,
                                const std::vector<std::uint32_t>& counts);

}  // namespace texsort
