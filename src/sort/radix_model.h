// The CPU model of compute-radix's three dispatches (pass.h: RadixTileCounts, RadixCountScan,
// RadixScatter) on the state as the compute runner keeps it: the elements, and the counts buffer
// (SortState::counts, radixCountsSize uints).
#pragma once

#include <cstdint>
#include <vector>

#include "sort/element.h"
#include "sort/pass.h"

namespace texsort {

// The value of digit d of an element's 48-bit order r * 2^24 + g (bits d.shift .. d.shift + d.bits - 1).
inline std::uint32_t radixDigitOf(const RadixDigit& d, const Element& e) {
  const std::uint64_t order = (std::uint64_t{static_cast<std::uint32_t>(e.key)} << kIndexLowBits) |
                              static_cast<std::uint32_t>(e.index);
  return static_cast<std::uint32_t>(order >> d.shift) & ((1u << d.bits) - 1u);
}

// Each tile's count of each digit value into the counts' rows, and zero totals after them.
void radixTileCounts(const RadixDigit& d, const std::vector<Element>& elements, std::vector<std::uint32_t>& counts);
// Each row's exclusive prefix sum along each line's tiles, in place, and each line's totals after the rows.
void radixCountScan(const RadixDigit& d, std::uint64_t n, std::vector<std::uint32_t>& counts);
// Whether in every line one digit value holds the whole line (the totals say so): the scatter then
// moves nothing.
bool radixDigitIsConstant(const RadixDigit& d, std::uint64_t n, const std::vector<std::uint32_t>& counts);
// The same rule on the totals alone (the counts' end: radixLines(d, n) lines of 2^radixBits each),
// which is all the compute runner reads back.
bool radixTotalsHoldOneValue(const RadixDigit& d, std::uint64_t n, const std::uint32_t* totals);
// The stable scatter by the counts as scanned: the elements in their new order.
std::vector<Element> radixScatter(const RadixDigit& d, const std::vector<Element>& elements,
                                  const std::vector<std::uint32_t>& counts);

// The same on (key, index) pairs (RadixDigit::pairs; two floats a pair, SortState::compact).
void radixTileCounts(const RadixDigit& d, const std::vector<float>& pairs, std::vector<std::uint32_t>& counts);
std::vector<float> radixScatter(const RadixDigit& d, const std::vector<float>& pairs,
                                const std::vector<std::uint32_t>& counts);

}  // namespace texsort
