// CRC-32, eight bytes at a time (slicing by 8): the PNG encoder sums every compressed byte.
#include "image/crc32.h"

#include <array>

namespace texsort {
namespace {

using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

// tables[0] is the classic byte table; tables[k][b] is the CRC of byte b followed by k zero bytes.
Tables makeTables() {
  Tables t{};
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[0][n] = c;
  }
  for (std::size_t k = 1; k < 8; ++k)
    for (std::uint32_t n = 0; n < 256; ++n) t[k][n] = (t[k - 1][n] >> 8) ^ t[0][t[k - 1][n] & 0xFFu];
  return t;
}

}  // namespace

std::uint32_t crc32(const unsigned char* data, std::size_t size, std::uint32_t crc) {
  static const Tables t = makeTables();
  crc = ~crc;
  for (; size >= 8; size -= 8, data += 8) {
    const std::uint32_t low = crc ^ (std::uint32_t{data[0]} | std::uint32_t{data[1]} << 8 |
                                     std::uint32_t{data[2]} << 16 | std::uint32_t{data[3]} << 24);
    crc = t[7][low & 0xFFu] ^ t[6][(low >> 8) & 0xFFu] ^ t[5][(low >> 16) & 0xFFu] ^ t[4][low >> 24] ^
          t[3][data[4]] ^ t[2][data[5]] ^ t[1][data[6]] ^ t[0][data[7]];
  }
  for (; size > 0; --size, ++data) crc = t[0][(crc ^ *data) & 0xFFu] ^ (crc >> 8);
  return ~crc;
}

}  // namespace texsort
