// The wide path's layouts: where element i lives in the 8-layer array texture (Buffer::Wide).
//
// A fragment owns 16 elements: 8 texels (one per layer, at the fragment's own position) of two
// lanes each (xy and zw). The layout of a window, a set of four index bits b0 < b1 < b2 < b3 (a
// mask here, an ivec4 of the bits in the shaders), gives it the 16 elements whose indices differ
// only in those bits, the bits the pass's steps compare across:
//   w        = bit b0 of i | bit b1 << 1 | bit b2 << 2 | bit b3 << 3
//   lane     = w & 1, layer = w >> 1
//   position = the other bits of i, in order (i with the four taken out)
// so consecutive passes change the layout for free, on write. The bits need not be adjacent: a
// merge's last steps (bits 1, 0) can share a pass with the next merge's first (bits r, r - 1).
// Each layer is a texture of N / 16 texels laid out as TextureLayout::forCount(N / 16): position p
// at (p mod width, p div width).
#pragma once

#include <array>
#include <cstdint>

#include "sort/bits.h"

namespace texsort {

constexpr std::uint32_t kWideGroupLog2 = 4;  // elements a fragment owns: 2 lanes x 8 layers
constexpr std::uint32_t kWideLayers = 8;
constexpr std::uint32_t kWideLowWindow = (1u << kWideGroupLog2) - 1;  // bits 0-3: 16 consecutive elements

struct WideSlot {
  std::uint64_t position = 0;
  std::uint32_t layer = 0;
  std::uint32_t lane = 0;
};

constexpr WideSlot wideSlot(std::uint64_t i, std::uint32_t window) {
  std::uint64_t position = i;
  std::uint32_t w = 0;
  std::uint32_t taken = 0;  // window bits below this one, already out of position
  for (std::uint32_t rest = window; rest != 0; rest &= rest - 1, ++taken) {
    const auto bit = static_cast<std::uint32_t>(lowestSetBit(rest));
    w |= static_cast<std::uint32_t>((i >> bit) & 1u) << taken;
    const std::uint32_t at = bit - taken;
    position = (position & ((std::uint64_t{1} << at) - 1)) | ((position >> (at + 1)) << at);
  }
  return WideSlot{position, w >> 1, w & 1u};
}

// The window's four bits from the lowest, as the shaders take it (ivec4 u_window).
inline std::array<int, kWideGroupLog2> wideWindowBits(std::uint32_t window) {
  std::array<int, kWideGroupLog2> bits{};
  std::uint32_t rest = window;
  for (int& bit : bits) {
    bit = rest != 0 ? static_cast<int>(lowestSetBit(rest)) : 0;
    rest &= rest - 1;
  }
  return bits;
}

// Offset of element i's (key, index) in the wide state as read back (SortState::wide): layer by
// layer, each layer's texels in position order, four floats a texel.
constexpr std::uint64_t wideOffset(std::uint64_t i, std::uint32_t window, std::uint64_t count) {
  const WideSlot s = wideSlot(i, window);
  return (s.layer * (count >> kWideGroupLog2) + s.position) * 4 + s.lane * 2;
}

}  // namespace texsort
