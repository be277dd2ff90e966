// The pixel source between the CPU model's texels and the bytes and maps every GPU runner keeps
// (textures on the fragment runner, storage buffers on the compute runner: the same bytes).
#include "sort/cpu_model.h"

namespace texsort {

void encodeSourceTexels(const PixelTexel* texels, std::uint64_t first, std::uint64_t count, const SourceShape& shape,
                        std::uint8_t* bytes, std::uint32_t* maps) {
  for (std::uint64_t t = 0; t < count; ++t) {
    const PixelTexel& texel = texels[t];
    const auto rgb = static_cast<std::uint32_t>(texel.rgb), alphaMask = static_cast<std::uint32_t>(texel.alphaMask);
    bytes[4 * t] = static_cast<std::uint8_t>(rgb >> 16);
    bytes[4 * t + 1] = static_cast<std::uint8_t>(rgb >> 8);
    bytes[4 * t + 2] = static_cast<std::uint8_t>(rgb);
    bytes[4 * t + 3] = static_cast<std::uint8_t>(alphaMask);
    if (maps != nullptr) {
      maps[2 * t] = static_cast<std::uint32_t>(texel.pixel);
      const bool pixel = first + t < shape.pixelCount();
      maps[2 * t + 1] = static_cast<std::uint32_t>(texel.element) |
                        (pixel && (alphaMask & kMaskAllowsFlag) ? kMapsMaskBit : 0) |
                        (pixel && (alphaMask & kLineStartFlag) ? kMapsLineStartBit : 0);
    }
  }
}

std::vector<PixelTexel> decodeSourceTexels(const std::uint8_t* bytes, const std::uint32_t* maps, std::uint64_t n,
                                           const SourceShape& s) {
  std::vector<PixelTexel> texels(n);
  for (std::uint64_t j = 0; j < n; ++j) {
    PixelTexel& t = texels[j];
    const bool pixel = j < s.pixelCount();
    const std::uint32_t g = maps == nullptr ? 0 : maps[2 * j + 1];
    const bool allowed = !s.masked || (g & kMapsMaskBit) != 0;
    const bool lineStart = pixel && maps != nullptr && (g & kMapsLineStartBit) != 0;
    t.rgb = float((std::uint32_t{bytes[4 * j]} << 16) | (std::uint32_t{bytes[4 * j + 1]} << 8) | bytes[4 * j + 2]);
    t.alphaMask = float(bytes[4 * j + 3] + (pixel && allowed ? kMaskAllowsFlag : 0) + (lineStart ? kLineStartFlag : 0));
    if (s.axis == LineAxis::None) {
      t.pixel = static_cast<std::int32_t>(maps[2 * j]);
      t.element = pixel ? static_cast<std::int32_t>(g & ~(kMapsMaskBit | kMapsLineStartBit)) : -1;
    } else {
      t.pixel = static_cast<std::int32_t>(sourcePixelOf(s, j));
      t.element = pixel ? static_cast<std::int32_t>(sourceElementOf(s, j)) : -1;
    }
  }
  return texels;
}

}  // namespace texsort
