// Sort keys (Rec.601 luma) and the packing of image pixels into elements, and back.
#pragma once

#include <cstdint>
#include <vector>

#include "image/image_io.h"
#include "sort/element.h"

namespace texsort {

enum class SortOrder { Ascending, Descending };

// Rec.601 integer luma on 8-bit channels: 299 R + 587 G + 114 B, 0..255000, exact in float32.
constexpr std::uint32_t lumaKey(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  return 299u * r + 587u * g + 114u * b;
}
constexpr std::uint32_t kMaxLuma = 255000;

// The elements of `image`: element i is pixel (i mod W, i / W), counted from the top-left pixel of
// the file, carrying its key for `order`, its index i and its colour. The array is padded to the
// next power of two with sentinels (key kSentinelKey, index i) that sort after every pixel.
std::vector<Element> packElements(const Image& image, SortOrder order);

// The image whose pixel j (row-major from the top-left) is the colour of elements[j]; the sentinel
// padding at the end is cropped. Throws std::logic_error if a sentinel sits among the first W*H.
Image unpackElements(const std::vector<Element>& elements, std::uint32_t width, std::uint32_t height,
                     int channels);

}  // namespace texsort
