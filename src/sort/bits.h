// Power-of-two helpers shared by schedules, layouts and runners. Pure C++, no GL.
#pragma once

#include <cstdint>
#include <stdexcept>

namespace texsort {

constexpr bool isPowerOfTwo(std::uint64_t n) { return n != 0 && (n & (n - 1)) == 0; }

// Smallest 2^k >= n, for n >= 1.
constexpr std::uint64_t nextPowerOfTwo(std::uint64_t n) {
  std::uint64_t p = 1;
  while (p < n) p <<= 1;
  return p;
}

// k for n = 2^k; throws std::invalid_argument for anything else.
inline unsigned log2Exact(std::uint64_t n) {
  if (!isPowerOfTwo(n)) throw std::invalid_argument("log2Exact: not a power of two");
  unsigned k = 0;
  while ((std::uint64_t{1} << k) < n) ++k;
  return k;
}

// How many bits of v are set.
constexpr unsigned popCount(std::uint32_t v) { return static_cast<unsigned>(__builtin_popcount(v)); }
// The place of v's lowest and highest set bit; v must not be 0.
constexpr unsigned lowestSetBit(std::uint32_t v) { return static_cast<unsigned>(__builtin_ctz(v)); }
constexpr unsigned highestSetBit(std::uint32_t v) { return 31u - static_cast<unsigned>(__builtin_clz(v)); }

// Bits needed to write v (0 for 0).
constexpr unsigned bitWidth(std::uint64_t v) {
  unsigned bits = 0;
  while (bits < 64 && (v >> bits) != 0) ++bits;
  return bits;
}

}  // namespace texsort
