// PNG encoding: each run of rows filtered (png_filter) and deflated (deflate) on its own thread into
// its own IDAT chunk; the chunks, their CRCs and the joined Adler-32.
#include "image/png_encode.h"

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "image/crc32.h"
#include "image/deflate.h"
#include "image/png_filter.h"

namespace texsort {
namespace {

void putBigEndian32(std::vector<unsigned char>& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<unsigned char>(v >> shift));
}

// Appends a chunk: length, type, data, CRC of type and data.
void putChunk(std::vector<unsigned char>& out, const char* type, const unsigned char* data, std::size_t size) {
  if (size > 0x7FFFFFFFu) throw std::length_error("PNG chunk over 2^31 - 1 bytes");
  putBigEndian32(out, static_cast<std::uint32_t>(size));
  const auto* typeBytes = reinterpret_cast<const unsigned char*>(type);
  out.insert(out.end(), typeBytes, typeBytes + 4);
  out.insert(out.end(), data, data + size);
  putBigEndian32(out, crc32(data, size, crc32(typeBytes, 4)));
}

// Rows [first, end) of the image in its channel layout, each behind its filter byte.
struct RowRun {
  std::uint32_t first = 0, end = 0;
  std::vector<unsigned char> chunk;  // the whole IDAT chunk
  std::uint32_t adler = 1;
  std::size_t filteredSize = 0;
};

void encodeRun(const Image& image, RowRun& run, bool firstRun, bool lastRun) {
  const std::vector<unsigned char> filtered = filterRows(image, run.first, run.end);
  run.filteredSize = filtered.size();
  run.adler = png_detail::adler32(filtered.data(), filtered.size());
  std::vector<unsigned char> zlib;
  zlib.reserve(filtered.size() / 2 + 1024);
  if (firstRun) zlib = {0x78, 0x01};  // deflate, 32 KiB window, no dictionary (0x7801 % 31 == 0)
  png_detail::deflateRun(filtered.data(), filtered.size(), lastRun, zlib);
  putChunk(run.chunk, "IDAT", zlib.data(), zlib.size());
}

}  // namespace

std::vector<unsigned char> encodePng(const Image& image, unsigned runs) {
  if (image.channels < 1 || image.channels > 4 || image.width == 0 || image.height == 0)
    throw std::invalid_argument("encodePng: no pixels or an unsupported channel count");
  const std::uint64_t rowBytes = std::uint64_t{image.width} * image.channels + 1;
  // The runs by size alone, never by the cores: the same picture gives the same file on any
  // machine (the browser's one thread included), and the cores share the runs.
  constexpr std::uint64_t kRunBytes = 1024 * 1024;
  if (runs == 0) runs = static_cast<unsigned>(std::max<std::uint64_t>(1, rowBytes * image.height / kRunBytes));
  runs = std::min(runs, image.height);
  std::vector<RowRun> parts(runs);
  for (unsigned k = 0; k < runs; ++k) {
    parts[k].first = static_cast<std::uint32_t>(std::uint64_t{image.height} * k / runs);
    parts[k].end = static_cast<std::uint32_t>(std::uint64_t{image.height} * (k + 1) / runs);
  }
  const unsigned workers = std::max(1u, std::min(std::thread::hardware_concurrency(), runs));
  const auto work = [&](unsigned first) {
    for (unsigned k = first; k < runs; k += workers) encodeRun(image, parts[k], k == 0, k + 1 == runs);
  };
  std::vector<std::thread> threads;
  for (unsigned w = 1; w < workers; ++w) threads.emplace_back(work, w);
  work(0);
  for (std::thread& t : threads) t.join();

  std::vector<unsigned char> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<unsigned char> header;
  putBigEndian32(header, image.width);
  putBigEndian32(header, image.height);
  static constexpr unsigned char kColourType[4] = {0, 4, 2, 6};
  for (unsigned char b : {std::uint8_t{8}, kColourType[image.channels - 1], std::uint8_t{0}, std::uint8_t{0}, std::uint8_t{0}})
    header.push_back(b);
  putChunk(png, "IHDR", header.data(), header.size());
  std::uint32_t adler = parts[0].adler;
  for (std::size_t k = 1; k < parts.size(); ++k) adler = png_detail::adler32Combine(adler, parts[k].adler, parts[k].filteredSize);
  std::size_t total = png.size() + 12 + 4 + 12;
  for (const RowRun& part : parts) total += part.chunk.size();
  png.reserve(total);
  for (const RowRun& part : parts) png.insert(png.end(), part.chunk.begin(), part.chunk.end());
  // The zlib stream's Adler-32 closes it in a small IDAT of its own: decoders join IDAT data.
  std::vector<unsigned char> trailer;
  putBigEndian32(trailer, adler);
  putChunk(png, "IDAT", trailer.data(), trailer.size());
  putChunk(png, "IEND", nullptr, 0);
  return png;
}

}  // namespace texsort
