// How many pictures a GIF holds (image_io.h): its blocks walked by their lengths, nothing decoded.
#include <cstddef>
#include <cstring>

#include "image/image_io.h"

namespace texsort {

namespace {

// A colour table's length from a descriptor's packed byte (its top bit says there is one).
std::size_t colourTable(unsigned char packed) { return (packed & 0x80) ? 3u * (2u << (packed & 7)) : 0; }

// The offset after the data sub-blocks starting at `at` (each a length byte and that many bytes,
// ended by a zero length), or `size` when they run past the end.
std::size_t afterSubBlocks(const unsigned char* bytes, std::size_t size, std::size_t at) {
  while (at < size && bytes[at] != 0) at += 1u + bytes[at];
  return at < size ? at + 1 : size;
}

}  // namespace

std::size_t gifPictureCount(const unsigned char* bytes, std::size_t size, std::size_t atMost) {
  constexpr std::size_t kScreen = 13;  // "GIF89a", then the logical screen's 7 bytes
  if (size < kScreen || (std::memcmp(bytes, "GIF87a", 6) != 0 && std::memcmp(bytes, "GIF89a", 6) != 0)) return 0;
  std::size_t at = kScreen + colourTable(bytes[10]), pictures = 0;
  while (at < size && pictures < atMost) {
    const unsigned char block = bytes[at];
    if (block == 0x2C) {  // an image: its descriptor, its own colours, the LZW code size, its data
      ++pictures;
      if (at + 10 > size) break;
      at = afterSubBlocks(bytes, size, at + 10 + colourTable(bytes[at + 9]) + 1);
    } else if (block == 0x21) {  // an extension: its label, then its sub-blocks
      at = afterSubBlocks(bytes, size, at + 2);
    } else {
      break;  // the trailer (0x3B), or the damage a decoder will name
    }
  }
  return pictures;
}

}  // namespace texsort
