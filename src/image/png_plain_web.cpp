// The browser edition's plain PNG reader: there is no libdeflate for WebAssembly among Debian's
// packages, so every PNG goes to stb_image there (the same pixels, more slowly).
#include "image/png_plain.h"

namespace texsort {

bool decodePlainPng(const unsigned char*, std::size_t, std::uint32_t, std::uint32_t, std::vector<std::uint8_t>&) {
  return false;
}

}  // namespace texsort
