// The element being sorted and its place in a texture: one RGBA32F texel per element.
#pragma once

#include <cstdint>
#include <vector>

namespace texsort {

// One element = one RGBA32F texel. Every channel holds an integer below 2^24, which a 32-bit float
// represents exactly, so the GPU compares and moves the same bits the CPU model does:
//   r: key     the sort key (Rec.601 luma 0..255000, or 255000 - luma for descending order, or
//              kSentinelKey for padding), shifted left by indexHighBits(n) with the original
//              index's bits above 2^24 below it (see below). Precomputed once so a pass only compares.
//   g: index   the element's original 1D index, its low 24 bits (ties break on it: the sort is
//              stable and unique).
//   b: rgb     the pixel's colour packed as R*65536 + G*256 + B.
//   a: alpha   the pixel's alpha 0..255.
// Up to 2^24 elements r is the key itself. Beyond, one float cannot hold every index exactly, so
// the index is split: its high bits ride in r under the key (an 18-bit key leaves 6 bits), its low
// 24 bits in g. Ordering by (r, g) is then exactly ordering by (key, index), so no comparison in
// any shader changes, and the fast path's (r, g) pairs still identify their element.
// On the classic paths the colour travels inside the texel, so every intermediate state is a real
// picture and read-back needs no second lookup. The fast path moves only (r, g) pairs in a compact
// texture and gathers each element's texel by its index at the end (GatherByIndex).
struct Element {
  float key = 0.0f;
  float index = 0.0f;
  float rgb = 0.0f;
  float alpha = 0.0f;

  friend bool operator==(const Element& a, const Element& b) {
    return a.key == b.key && a.index == b.index && a.rgb == b.rgb && a.alpha == b.alpha;
  }
  friend bool operator!=(const Element& a, const Element& b) { return !(a == b); }
};
static_assert(sizeof(Element) == 16, "Element must match an RGBA32F texel");

// The order every pass uses: by (r, g), which is by key, ties by original index. Descending order
// is encoded in the key.
inline bool elementLess(const Element& a, const Element& b) {
  return a.key < b.key || (a.key == b.key && a.index < b.index);
}

// The elements' (key, index) pairs, element e's at 2e and 2e + 1: the fast path's and the compute
// path's state (Buffer::Compact).
std::vector<float> pairsOf(const std::vector<Element>& elements);

// Largest element count: a 16384 x 16384 texture (GL_MAX_TEXTURE_SIZE of llvmpipe and of most
// GPUs; the runner checks the context's own). Indices then need 28 bits: 24 in g, 4 in r.
constexpr std::uint64_t kMaxElements = std::uint64_t{1} << 28;
constexpr unsigned kIndexLowBits = 24;  // original-index bits g holds exactly

// Padding sorts after every real element in both orders: real keys are at most 255000. It is the
// largest 18-bit value, so radix sort needs 18 key bits (kKeyBits) for pixels and padding alike.
constexpr float kSentinelKey = 262143.0f;  // 2^18 - 1

// Bits of the sort keys radix sort needs: luma keys and the padding key are below 2^18.
constexpr unsigned kKeyBits = 18;

// Original-index bits carried in r for n elements (a power of two): 0 up to 2^24, then log2 n - 24.
constexpr unsigned indexHighBits(std::uint64_t n) {
  unsigned k = 0;
  while ((std::uint64_t{1} << k) < n) ++k;
  return k > kIndexLowBits ? k - kIndexLowBits : 0;
}
// The element's original index and its key, given highBits = indexHighBits(n) for its array (a
// loop computes that once, not per element).
inline std::uint64_t originalIndex(const Element& e, unsigned highBits) {
  const std::uint64_t high = static_cast<std::uint64_t>(e.key) & ((std::uint64_t{1} << highBits) - 1);
  return (high << kIndexLowBits) | static_cast<std::uint64_t>(e.index);
}
inline std::uint32_t sortKey(const Element& e, unsigned highBits) { return static_cast<std::uint32_t>(e.key) >> highBits; }
inline bool isPadding(const Element& e, unsigned highBits) { return float(sortKey(e, highBits)) == kSentinelKey; }

// Where 1D element i lives in the sorting texture: texel (i mod width, floor(i / width)), the seed's
// convert1dto2d. Row 0 is the first row uploaded and read back (GL calls it the bottom row; nothing
// is displayed from it without the viewer flipping it, so in memory it is simply row 0 = top).
// For n = 2^k elements the texture is 2^ceil(k/2) wide and 2^floor(k/2) high: a 512x512 image gets
// a 512x512 texture whose element i is exactly pixel (i mod 512, i / 512) of the image.
struct TextureLayout {
  std::uint32_t width = 1;
  std::uint32_t height = 1;

  std::uint64_t count() const { return std::uint64_t{width} * height; }
  std::uint32_t xOf(std::uint64_t i) const { return static_cast<std::uint32_t>(i % width); }
  std::uint32_t yOf(std::uint64_t i) const { return static_cast<std::uint32_t>(i / width); }
  std::uint64_t indexOf(std::uint32_t x, std::uint32_t y) const { return std::uint64_t{y} * width + x; }

  static TextureLayout forCount(std::uint64_t powerOfTwoCount);
};

}  // namespace texsort
