// Deflate streams (RFC 1951) in runs that join byte for byte, and zlib's Adler-32 (RFC 1950): what
// the PNG encoder (png_encode.h) puts in its IDAT chunks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace texsort {

namespace png_detail {

// Appends deflate blocks (RFC 1951) holding data[0, size): LZ77 matches within these bytes only,
// dynamic Huffman codes per block. With `last` the final block is marked final and the stream
// padded to a byte; without it an empty stored block follows, which ends on a byte boundary, so the
// next run's blocks can be appended as bytes (what zlib calls a sync flush).
void deflateRun(const unsigned char* data, std::size_t size, bool last, std::vector<unsigned char>& out);

// Code lengths of a Huffman code for the frequencies, none longer than maxBits (frequencies are
// halved until the tree is shallow enough); 0 for unused symbols. With fewer than two symbols used,
// two get length 1, so every code is complete.
std::vector<std::uint8_t> huffmanLengths(std::vector<std::uint32_t> freq, int maxBits);

// Adler-32 (RFC 1950) of data, continuing from `adler` (1 for a fresh start); and the Adler-32 of
// A followed by B from the two parts' sums and B's length.
std::uint32_t adler32(const unsigned char* data, std::size_t size, std::uint32_t adler = 1);
std::uint32_t adler32Combine(std::uint32_t first, std::uint32_t second, std::size_t secondLength);

}  // namespace png_detail

}  // namespace texsort
