// The plain PNG reader: the chunk walk, libdeflate's inflate, the row filters undone.
#include "image/png_plain.h"

#include <libdeflate.h>

#include <cstring>
#include <memory>

#include "image/byte_order.h"
#include "image/png_filter.h"

namespace texsort {
namespace {

// The image data of a plain PNG of width x height: its IDAT chunks' bytes in order (one chunk's
// without a copy), and its bytes a pixel (3 or 4). Empty when the file is anything else.
struct ImageData {
  const unsigned char* bytes = nullptr;
  std::size_t size = 0;
  std::vector<unsigned char> joined;  // several IDAT chunks, one after another
  int pixelBytes = 0;
};

bool plainHeader(const unsigned char* ihdr, std::uint32_t width, std::uint32_t height, int& pixelBytes) {
  const unsigned char depth = ihdr[8], colourType = ihdr[9];
  const bool plain = depth == 8 && (colourType == 2 || colourType == 6) && ihdr[10] == 0 && ihdr[11] == 0 && ihdr[12] == 0;
  pixelBytes = colourType == 6 ? 4 : 3;
  return plain && bigEndian32(ihdr) == width && bigEndian32(ihdr + 4) == height;
}

// Walks the chunks: IHDR first, then any ancillary chunks but a colour key (tRNS), the IDATs, IEND.
// A critical chunk other than those (PLTE, Apple's CgBI), a cut-short chunk or no IEND: not plain.
bool findImageData(const unsigned char* data, std::size_t size, std::uint32_t width, std::uint32_t height, ImageData& out) {
  static const unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (size < 8 + 25 || std::memcmp(data, kSignature, 8) != 0) return false;
  if (bigEndian32(data + 8) != 13 || std::memcmp(data + 12, "IHDR", 4) != 0) return false;
  if (!plainHeader(data + 16, width, height, out.pixelBytes)) return false;
  std::size_t idatChunks = 0;
  for (std::size_t at = 8 + 25; size - at >= 12;) {
    const std::uint32_t length = bigEndian32(data + at);
    if (length > size - at - 12) return false;
    const unsigned char* type = data + at + 4;
    const unsigned char* body = data + at + 8;
    if (std::memcmp(type, "IEND", 4) == 0) return idatChunks > 0;
    if (std::memcmp(type, "IDAT", 4) == 0) {
      if (++idatChunks == 1) {
        out.bytes = body;
        out.size = length;
      } else {
        if (idatChunks == 2) out.joined.assign(out.bytes, out.bytes + out.size);
        out.joined.insert(out.joined.end(), body, body + length);
        out.bytes = out.joined.data();
        out.size = out.joined.size();
      }
    } else if (std::memcmp(type, "tRNS", 4) == 0 || (type[0] & 0x20) == 0) {
      return false;
    }
    at += 12 + length;
  }
  return false;
}

// Sub, Average and Paeth read the pixel to the left as just undone: it is kept in registers, one
// chain a channel, rather than read back from the row each byte.
template <int B, int Filter>
void unfilterLeftwards(const unsigned char* in, const unsigned char* up, unsigned char* out, std::size_t n) {
  int left[B] = {}, upLeft[B] = {};
  for (std::size_t i = 0; i < n; i += B) {
    for (int c = 0; c < B; ++c) {
      const int b = up[i + c];
      const int predicted = Filter == 1 ? left[c] : Filter == 3 ? (left[c] + b) >> 1 : paethPredictor(left[c], b, upLeft[c]);
      left[c] = (in[i + c] + predicted) & 0xFF;
      upLeft[c] = b;
      out[i + c] = static_cast<unsigned char>(left[c]);
    }
  }
}

template <int B>
void unfilterRow(unsigned char filter, const unsigned char* in, const unsigned char* up, unsigned char* out, std::size_t n) {
  switch (filter) {
    case 0: std::memmove(out, in, n); break;
    case 1: unfilterLeftwards<B, 1>(in, up, out, n); break;
    case 2:
      for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<unsigned char>(in[i] + up[i]);
      break;
    case 3: unfilterLeftwards<B, 3>(in, up, out, n); break;
    default: unfilterLeftwards<B, 4>(in, up, out, n);
  }
}

// RGB to RGBA with alpha 255: four bytes copied a pixel, the fourth then made opaque (the last
// pixel's three apart, as the row ends).
void spreadToRgba(const unsigned char* rgb, unsigned char* rgba, std::uint32_t width) {
  for (std::uint32_t x = 0; x + 1 < width; ++x) {
    std::memcpy(rgba + 4 * std::size_t{x}, rgb + 3 * std::size_t{x}, 4);
    rgba[4 * std::size_t{x} + 3] = 255;
  }
  unsigned char* last = rgba + 4 * (std::size_t{width} - 1);
  std::memcpy(last, rgb + 3 * (std::size_t{width} - 1), 3);
  last[3] = 255;
}

// Undoes the filters of `raw` (rows of a filter byte and width * B bytes) into `rgba`. RGBA rows are
// undone straight into the image; RGB rows in place in `raw` (the row above is needed as it was),
// then spread to four bytes a pixel.
template <int B>
bool unfilter(unsigned char* raw, std::uint32_t width, std::uint32_t height, std::vector<std::uint8_t>& rgba) {
  const std::size_t rowBytes = std::size_t{width} * B;
  const std::vector<unsigned char> zeros(rowBytes, 0);
  const unsigned char* up = zeros.data();
  for (std::uint32_t y = 0; y < height; ++y) {
    unsigned char* row = raw + std::size_t{y} * (rowBytes + 1);
    if (row[0] > 4) return false;
    unsigned char* image = rgba.data() + std::size_t{y} * width * 4;
    unsigned char* out = B == 4 ? image : row + 1;
    unfilterRow<B>(row[0], row + 1, up, out, rowBytes);
    if (B == 3) spreadToRgba(out, image, width);
    up = out;
  }
  return true;
}

}  // namespace

bool decodePlainPng(const unsigned char* bytes, std::size_t size, std::uint32_t width, std::uint32_t height,
                    std::vector<std::uint8_t>& rgba) {
  ImageData data;
  if (width == 0 || height == 0 || !findImageData(bytes, size, width, height, data)) return false;
  const std::size_t rawBytes = std::size_t{height} * (std::size_t{width} * data.pixelBytes + 1);
  std::unique_ptr<unsigned char[]> raw(new unsigned char[rawBytes]);  // not zeroed: inflate fills it all or fails
  const std::unique_ptr<libdeflate_decompressor, void (*)(libdeflate_decompressor*)> inflater(
      libdeflate_alloc_decompressor(), libdeflate_free_decompressor);
  if (!inflater) return false;
  // No actual-size argument: the stream must fill the rows exactly, neither short nor long.
  if (libdeflate_zlib_decompress(inflater.get(), data.bytes, data.size, raw.get(), rawBytes, nullptr) != LIBDEFLATE_SUCCESS) {
    return false;
  }
  rgba.resize(std::size_t{width} * height * 4);
  return data.pixelBytes == 4 ? unfilter<4>(raw.get(), width, height, rgba) : unfilter<3>(raw.get(), width, height, rgba);
}

}  // namespace texsort
