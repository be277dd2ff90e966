// CRC-32 as PNG chunks (and zlib's crc32) define it: reflected polynomial 0xEDB88320.
#pragma once

#include <cstddef>
#include <cstdint>

namespace texsort {

// The CRC of data, continuing from `crc` (0 for a fresh start), so a chunk's type and data can be
// summed one after the other.
std::uint32_t crc32(const unsigned char* data, std::size_t size, std::uint32_t crc = 0);

}  // namespace texsort
