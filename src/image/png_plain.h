// The PNGs photographs and texsort's own outputs are: 8-bit RGB or RGBA, not interlaced, no colour
// key. Those decode here, libdeflate inflating the image data and the row filters undone in place,
// about twice as fast as stb_image (docs/performance.md); every other PNG, and any file this reader
// finds unusual, is left to stb_image, so what a file decodes to and its refusals stay stb's. One
// exception, found by review: image data that breaks the deflate format in two ways libdeflate
// tolerates (distance codes 30 and 31; a one-code Huffman table read through its unused codeword)
// and still matches its Adler-32 decodes as libdeflate reads it, where stb refused it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace texsort {

// Decodes `bytes` into `rgba` (width * height * 4, alpha 255 for RGB) and returns true when they are
// a plain PNG of that size; false, with `rgba` unspecified, for anything else. Never throws for bad
// data. The browser edition, which has no libdeflate, always returns false.
bool decodePlainPng(const unsigned char* bytes, std::size_t size, std::uint32_t width, std::uint32_t height,
                    std::vector<std::uint8_t>& rgba);

}  // namespace texsort
