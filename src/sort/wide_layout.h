// The wide path's layouts: where element i lives in the 8-layer array texture (Buffer::Wide).
//
// A fragment owns 16 elements: 8 texels (one per layer, at the fragment's own position) of two
// lanes each (xy and zw). The layout of window s gives it the 16 elements whose indices differ only
// in bits s .. s+3, the bits the pass's steps compare across:
//   w        = (i >> s) & 15        lane = w & 1 (bit s), layer = w >> 1 (bits s+1 .. s+3)
//   position = the other bits of i, in order: (i mod 2^s) | (i >> (s + 4)) << s
// so consecutive passes change the layout for free, on write. Each layer is a texture of N / 16
// texels laid out as TextureLayout::forCount(N / 16): position p at (p mod width, p div width).
#pragma once

#include <cstdint>

namespace texsort {

constexpr std::uint32_t kWideGroupLog2 = 4;  // elements a fragment owns: 2 lanes x 8 layers
constexpr std::uint32_t kWideLayers = 8;

struct WideSlot {
  std::uint64_t position = 0;
  std::uint32_t layer = 0;
  std::uint32_t lane = 0;
};

constexpr WideSlot wideSlot(std::uint64_t i, std::uint32_t window) {
  const std::uint64_t low = i & ((std::uint64_t{1} << window) - 1);
  const std::uint32_t w = static_cast<std::uint32_t>(i >> window) & 15u;
  return WideSlot{low | ((i >> (window + kWideGroupLog2)) << window), w >> 1, w & 1u};
}

// Offset of element i's (key, index) in the wide state as read back (SortState::wide): layer by
// layer, each layer's texels in position order, four floats a texel.
constexpr std::uint64_t wideOffset(std::uint64_t i, std::uint32_t window, std::uint64_t count) {
  const WideSlot s = wideSlot(i, window);
  return (s.layer * (count >> kWideGroupLog2) + s.position) * 4 + s.lane * 2;
}

}  // namespace texsort
