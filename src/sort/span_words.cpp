// The pixel sort's span words read on the host (cpu_model.h): a position's span start, and how many
// spans of two or more positions they mark (the report's count).
#include <algorithm>
#include <stdexcept>

#include "sort/bits.h"
#include "sort/cpu_model.h"
#include "sort/pixel_rules.h"

namespace texsort {

std::uint32_t spanStartOf(const std::vector<std::uint32_t>& spans, std::uint64_t j, std::uint32_t lineBits) {
  const std::uint64_t word = j / kSpanWordBits;
  const std::uint32_t bits = spans.at(2 * word) & (0xFFFFFFFFu >> (kSpanWordBits - 1 - j % kSpanWordBits));
  if (bits != 0) {
    const auto highest = static_cast<std::uint32_t>(highestSetBit(bits));
    return static_cast<std::uint32_t>((word * kSpanWordBits + highest) & ((std::uint64_t{1} << lineBits) - 1));
  }
  if (word == 0) throw std::logic_error("spanStartOf: no span starts at or before element 0");
  return spans.at(2 * (word - 1) + 1);
}

std::uint64_t longSpanCount(const std::vector<std::uint32_t>& spans, std::uint64_t positions, std::uint32_t lineBits,
                            std::uint32_t maxSpan, std::uint32_t skipPercent, std::uint32_t seed) {
  const std::uint64_t words = (positions + kSpanWordBits - 1) / kSpanWordBits;
  if (spans.size() < 2 * words) throw std::logic_error("longSpanCount: fewer span words than positions");
  const auto startBits = [&](std::uint64_t w) {  // the start bits of the positions there are
    const std::uint64_t left = positions - w * kSpanWordBits;
    return spans[2 * w] & (left >= kSpanWordBits ? 0xFFFFFFFFu : (1u << left) - 1);
  };
  std::uint64_t count = 0;
  if (maxSpan == 0 && skipPercent == 0) {  // a start whose next position (none after the last) starts none
    for (std::uint64_t w = 0; w < words; ++w) {
      const std::uint32_t next = w + 1 < words ? startBits(w + 1) << 31 : 0x80000000u;
      const std::uint64_t left = positions - w * kSpanWordBits;
      const std::uint32_t pastEnd = left >= kSpanWordBits ? 0 : ~((1u << left) - 1) >> 1;  // the last one's next
      count += std::uint64_t(popCount(startBits(w) & ~(startBits(w) >> 1 | next | pastEnd)));
    }
    return count;
  }
  const std::uint64_t lineMask = (std::uint64_t{1} << lineBits) - 1;
  const auto addSpan = [&](std::uint64_t start, std::uint64_t end) {
    const auto line = static_cast<std::uint32_t>(start >> lineBits);
    const std::uint64_t length = end - start, piece = maxSpan ? maxSpan : length;
    for (std::uint64_t at = 0; at + 1 < length; at += piece) {
      const auto first = static_cast<std::uint32_t>((start & lineMask) + at);
      count += std::min(piece, length - at) >= 2 && !skipRun(seed, line, first, skipPercent);
    }
  };
  std::uint64_t start = 0;
  for (std::uint64_t w = 0; w < words; ++w) {
    for (std::uint32_t bits = startBits(w); bits != 0; bits &= bits - 1) {
      const std::uint64_t at = w * kSpanWordBits + std::uint64_t{lowestSetBit(bits)};
      if (at > start) addSpan(start, at);
      start = at;
    }
  }
  if (positions > start) addSpan(start, positions);
  return count;
}

}  // namespace texsort
