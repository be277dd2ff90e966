// The element being sorted and its place in a texture: one RGBA32F texel per element.
#pragma once

#include <cstdint>

namespace texsort {

// One element = one RGBA32F texel. Every channel holds an integer below 2^24, which a 32-bit float
// represents exactly, so the GPU compares and moves the same bits the CPU model does:
//   r: key     the sort key (Rec.601 luma 0..255000, or 255000 - luma for descending order,
//              or kSentinelKey for padding). Precomputed once so a pass only compares.
//   g: index   the element's original 1D index (ties break on it: the sort is stable and unique).
//   b: rgb     the pixel's colour packed as R*65536 + G*256 + B.
//   a: alpha   the pixel's alpha 0..255.
// On the classic paths the colour travels inside the texel, so every intermediate state is a real
// picture and read-back needs no second lookup. The fast path moves only (key, index) pairs in a
// compact texture and gathers each element's texel by its index at the end (GatherByIndex).
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

// The order every pass uses: by key, ties by original index. Descending order is encoded in the key.
inline bool elementLess(const Element& a, const Element& b) {
  return a.key < b.key || (a.key == b.key && a.index < b.index);
}

// Largest element count: original indices must stay exact in a float's 24-bit significand.
constexpr std::uint64_t kMaxElements = std::uint64_t{1} << 24;

// Padding sorts after every real element in both orders: real keys are at most 255000. It is the
// largest 18-bit value, so radix sort needs 18 key bits (kKeyBits) for pixels and padding alike.
constexpr float kSentinelKey = 262143.0f;  // 2^18 - 1

// Bits of the sort keys radix sort needs: luma keys and the padding key are below 2^18.
constexpr unsigned kKeyBits = 18;

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
