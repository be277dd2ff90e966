// compute-radix's pass kinds: a digit's tile counts, count scan and scatter. Included by
// pass.h, which holds them in Pass with the other kinds.
#pragma once

#include <cstdint>
#include <tuple>

#include "sort/pass_traits.h"

namespace texsort {

// compute-radix (GL 4.3): article 002's split grown into a least-significant-digit radix sort of
// the elements by the 48-bit order r * 2^24 + g, each line of 2^lineLog2 elements on its own (one
// line: the whole). Elements start in index order (the pixel sort's: in position order), so a
// stable sort by the order's bits from the lowest digit's up is a sort by (key, index). The plain
// sort's digits are r's bits (shift 24 and up); the pixel sort's the (span, key) bits of its 48-bit
// order above the position (PixelOrder). Each digit, bits shift .. shift + bits - 1 of the order,
// takes three dispatches over tiles of 2^tileLog2 consecutive elements of a line, an invocation a
// tile (reduce, then scan: no workgroup waits on another). The plain sort moves the elements whole,
// so no pack or gather is needed; the pixel sort moves its key pass's pairs (pairs = 1: half the
// bytes), and a gather into image order follows. Buffer::Counts has 2^radixBits rows (a row a
// digit value, the widest digit's) of one count a tile (the lines' tiles in order), then each
// line's total of every digit value.
struct RadixDigit {
  std::uint32_t digit = 0;  // 0 = the least significant
  std::uint32_t shift = 0;      // of the 48-bit order: r's bit b is shift 24 + b
  std::uint32_t bits = 0;       // this digit's width: radixBits, or less for the last
  std::uint32_t radixBits = 0;  // the counts' rows: 2^radixBits
  std::uint32_t tileLog2 = 0;   // at most lineLog2: a tile never spans two lines
  std::uint32_t lineLog2 = 0;   // elements a line
  std::uint32_t pairs = 0;      // 1: moves the (key, index) pairs (Buffer::Compact) instead of the elements
  auto fields() const { return std::tie(digit, shift, bits, radixBits, tileLog2, lineLog2, pairs); }
};
// Tiles of a sort of n elements, lines, and the counts buffer's uints.
std::uint64_t radixTiles(const RadixDigit& d, std::uint64_t n);
std::uint64_t radixLines(const RadixDigit& d, std::uint64_t n);
std::uint64_t radixCountsSize(const RadixDigit& d, std::uint64_t n);

// Each tile's count of every digit value, into row value, column tile of the counts; the totals 0.
struct RadixTileCounts {
  RadixDigit d;
  auto fields() const { return d.fields(); }
  static constexpr PassTraits kTraits{"radix tile counts", "compute_radix.comp", bufferBit(Buffer::Elements),
                                      Buffer::Counts, false, true};
};

// Each row's exclusive prefix sum along each line's tiles, in place, and each line's total of the
// value after the rows: a workgroup a (digit value, line).
struct RadixCountScan {
  RadixDigit d;
  auto fields() const { return d.fields(); }
  static constexpr PassTraits kTraits{"radix count scan", "compute_radix.comp", bufferBit(Buffer::Counts),
                                      Buffer::Counts, false, true};
};

// The stable scatter: the element at position i of tile t of line l with digit value v goes to
// (l's first element) + (l's totals of the values below v) + (row v's prefix at t) + (elements of
// value v before it in the tile), into the other element buffer. When in every line one value's
// total is the whole line, the digit is the same within each line and the pass moves nothing (the
// runner skips its dispatch).
// pixels > 0: the pixel sort's last digit, the gather into image order folded in: each pair goes
// not to the other buffer but, as the pixel bytes it names (positionBits: as GatherByIndex's), to
// the picture's pixel at its place (Buffer::Pixels); the pairs stay as they were. Never skipped.
struct RadixScatter {
  RadixDigit d;
  std::uint32_t positionBits = 0;
  std::uint32_t pixels = 0;
  auto fields() const { return std::tuple_cat(d.fields(), std::tie(positionBits, pixels)); }
  static constexpr PassTraits kTraits{"radix scatter", "compute_radix.comp",
                                      bufferBit(Buffer::Elements) | bufferBit(Buffer::Counts), Buffer::Elements,
                                      false, true};
};

}  // namespace texsort
