// libFuzzer target, differential: the plain PNG reader against stb_image on the same bytes, before
// any CRC check (the load path refuses a damaged chunk first, which would hide this reader from the
// fuzzer). Whatever the reader takes, stb must decode to the same pixels; nothing may crash.
#include <stb_image.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "image/byte_order.h"
#include "image/png_plain.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 24) return 0;
  const std::uint32_t width = texsort::bigEndian32(data + 16), height = texsort::bigEndian32(data + 20);
  if (std::uint64_t{width} * height > (std::uint64_t{1} << 20)) return 0;  // the load path's limit
  std::vector<std::uint8_t> rgba;
  if (!texsort::decodePlainPng(data, size, width, height, rgba)) return 0;
  if (rgba.size() != std::size_t{width} * height * 4) std::abort();
  int w = 0, h = 0, n = 0;
  stbi_uc* expected = stbi_load_from_memory(data, static_cast<int>(size), &w, &h, &n, 4);
  // stb may refuse what the reader took: libdeflate reads two kinds of malformed deflate data that
  // stb refuses (png_plain.h), which this target cannot tell from others; where both decode, the
  // pixels are the same.
  if (expected && (std::uint32_t(w) != width || std::uint32_t(h) != height || std::memcmp(expected, rgba.data(), rgba.size()) != 0)) {
    std::abort();
  }
  stbi_image_free(expected);
  return 0;
}
