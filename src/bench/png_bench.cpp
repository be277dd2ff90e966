// texsort-png-bench: today's PNG encoder against library encoders on the same images, time and
// bytes in one run (issue 36), then its decoder against stb_image and libspng on the same files
// (issue 67). Every output is decoded and compared with the image first.
//   texsort-png-bench [--repeats N] IMAGE.png...
#include <libdeflate.h>
#include <spng.h>
#include <stb_image.h>
#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "error.h"
#include "image/image_io.h"
#include "image/byte_order.h"
#include "image/png_encode.h"
#include "image/png_filter.h"
#include "image/png_plain.h"
#include "sort/element.h"

namespace texsort {
namespace {

using Bytes = std::vector<unsigned char>;

void put32(Bytes& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<unsigned char>(v >> shift));
}

// A PNG around a finished zlib stream, chunks summed by zlib's crc32.
Bytes wrapPng(const Image& image, const Bytes& zlibStream) {
  Bytes png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  const auto chunk = [&](const char* type, const unsigned char* data, std::size_t size) {
    put32(png, static_cast<std::uint32_t>(size));
    png.insert(png.end(), type, type + 4);
    if (size) png.insert(png.end(), data, data + size);
    uLong crc = crc32(0, reinterpret_cast<const Bytef*>(type), 4);
    crc = crc32_z(crc, data, size);
    put32(png, static_cast<std::uint32_t>(crc));
  };
  Bytes header;
  put32(header, image.width);
  put32(header, image.height);
  static constexpr unsigned char kColourType[4] = {0, 4, 2, 6};
  for (unsigned char b : {std::uint8_t{8}, kColourType[image.channels - 1], std::uint8_t{0}, std::uint8_t{0}, std::uint8_t{0}})
    header.push_back(b);
  chunk("IHDR", header.data(), header.size());
  chunk("IDAT", zlibStream.data(), zlibStream.size());
  chunk("IEND", nullptr, 0);
  return png;
}

unsigned threadsFor(const Image& image) {
  const std::uint64_t bytes = std::uint64_t{image.width} * image.height * image.channels;
  return static_cast<unsigned>(std::clamp<std::uint64_t>(bytes / (256 * 1024), 1, std::max(1u, std::thread::hardware_concurrency())));
}

// Rows filtered on every core (the same bytes as one sweep: each run has the row above as context).
Bytes filteredOnEveryCore(const Image& image) {
  const unsigned runs = std::min(threadsFor(image), image.height);
  std::vector<Bytes> parts(runs);
  std::vector<std::thread> threads;
  for (unsigned k = 0; k < runs; ++k) {
    const auto first = static_cast<std::uint32_t>(std::uint64_t{image.height} * k / runs);
    const auto end = static_cast<std::uint32_t>(std::uint64_t{image.height} * (k + 1) / runs);
    threads.emplace_back([&, k, first, end] { parts[k] = filterRows(image, first, end); });
  }
  for (std::thread& t : threads) t.join();
  Bytes all;
  for (const Bytes& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

Bytes libdeflateWhole(const Image& image, int level) {
  const Bytes filtered = filteredOnEveryCore(image);
  libdeflate_compressor* c = libdeflate_alloc_compressor(level);
  Bytes z(libdeflate_zlib_compress_bound(c, filtered.size()));
  z.resize(libdeflate_zlib_compress(c, filtered.data(), filtered.size(), z.data(), z.size()));
  libdeflate_free_compressor(c);
  return wrapPng(image, z);
}

// pigz's way: each run of rows deflated on its own thread by zlib, ended by a sync flush (an empty
// stored block on a byte boundary) so the runs join into one stream; Adler-32s combined.
Bytes zlibRuns(const Image& image, int level) {
  const unsigned runs = std::min(threadsFor(image), image.height);
  std::vector<Bytes> parts(runs);
  std::vector<uLong> adlers(runs);
  std::vector<std::size_t> sizes(runs);
  std::vector<std::thread> threads;
  for (unsigned k = 0; k < runs; ++k) {
    threads.emplace_back([&, k] {
      const auto first = static_cast<std::uint32_t>(std::uint64_t{image.height} * k / runs);
      const auto end = static_cast<std::uint32_t>(std::uint64_t{image.height} * (k + 1) / runs);
      Bytes in = filterRows(image, first, end);
      sizes[k] = in.size();
      adlers[k] = adler32_z(adler32(0, nullptr, 0), in.data(), in.size());
      z_stream s{};
      if (deflateInit2(&s, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) throw std::runtime_error("deflateInit2");
      Bytes& out = parts[k];
      out.resize(deflateBound(&s, in.size()) + 16);
      s.next_in = in.data();
      s.avail_in = static_cast<uInt>(in.size());
      s.next_out = out.data();
      s.avail_out = static_cast<uInt>(out.size());
      deflate(&s, k + 1 == runs ? Z_FINISH : Z_SYNC_FLUSH);
      out.resize(out.size() - s.avail_out);
      deflateEnd(&s);
    });
  }
  for (std::thread& t : threads) t.join();
  Bytes z = {0x78, 0x01};
  uLong adler = adlers[0];
  for (unsigned k = 0; k < runs; ++k) {
    z.insert(z.end(), parts[k].begin(), parts[k].end());
    if (k > 0) adler = adler32_combine(adler, adlers[k], static_cast<z_off_t>(sizes[k]));
  }
  put32(z, static_cast<std::uint32_t>(adler));
  return wrapPng(image, z);
}

Bytes spngEncode(const Image& image, int level) {
  static constexpr std::uint8_t kColourType[4] = {SPNG_COLOR_TYPE_GRAYSCALE, SPNG_COLOR_TYPE_GRAYSCALE_ALPHA,
                                                   SPNG_COLOR_TYPE_TRUECOLOR, SPNG_COLOR_TYPE_TRUECOLOR_ALPHA};
  Bytes pixels(std::size_t{image.width} * image.height * image.channels);
  static constexpr int kSource[4][4] = {{0}, {0, 3}, {0, 1, 2}, {0, 1, 2, 3}};
  for (std::size_t i = 0, n = std::size_t{image.width} * image.height; i < n; ++i)
    for (int c = 0; c < image.channels; ++c) pixels[i * image.channels + c] = image.rgba[i * 4 + kSource[image.channels - 1][c]];
  spng_ctx* ctx = spng_ctx_new(SPNG_CTX_ENCODER);
  spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
  spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, level);
  spng_ihdr ihdr{};
  ihdr.width = image.width;
  ihdr.height = image.height;
  ihdr.bit_depth = 8;
  ihdr.color_type = kColourType[image.channels - 1];
  spng_set_ihdr(ctx, &ihdr);
  if (int e = spng_encode_image(ctx, pixels.data(), pixels.size(), SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE))
    throw std::runtime_error(std::string("spng: ") + spng_strerror(e));
  std::size_t size = 0;
  int error = 0;
  auto* buffer = static_cast<unsigned char*>(spng_get_png_buffer(ctx, &size, &error));
  Bytes png(buffer, buffer + size);
  std::free(buffer);
  spng_ctx_free(ctx);
  return png;
}

// The PNG decodes (stb) to the image's pixels in its channel layout.
bool samePixels(const Image& image, const Bytes& png) {
  int w = 0, h = 0, n = 0;
  unsigned char* decoded = stbi_load_from_memory(png.data(), static_cast<int>(png.size()), &w, &h, &n, 4);
  if (!decoded) return false;
  bool same = std::uint32_t(w) == image.width && std::uint32_t(h) == image.height;
  static constexpr int kSource[4][4] = {{0, 0, 0, -1}, {0, 0, 0, 3}, {0, 1, 2, -1}, {0, 1, 2, 3}};
  for (std::size_t i = 0, count = std::size_t{image.width} * image.height; same && i < count; ++i)
    for (int c = 0; c < 4 && same; ++c) {
      const int from = kSource[image.channels - 1][c];
      same = decoded[i * 4 + c] == (from < 0 ? 255 : image.rgba[i * 4 + from]);
    }
  stbi_image_free(decoded);
  return same;
}

struct Candidate {
  std::string name;
  std::function<Bytes(const Image&)> encode;
};

// Decoders, each to RGBA; an empty result is a refusal.
Bytes stbDecode(const Bytes& png) {
  int w = 0, h = 0, n = 0;
  unsigned char* data = stbi_load_from_memory(png.data(), static_cast<int>(png.size()), &w, &h, &n, 4);
  Bytes rgba = data ? Bytes(data, data + std::size_t(w) * h * 4) : Bytes();
  stbi_image_free(data);
  return rgba;
}

Bytes spngDecode(const Bytes& png) {
  spng_ctx* ctx = spng_ctx_new(0);
  spng_set_png_buffer(ctx, png.data(), png.size());
  std::size_t size = 0;
  Bytes rgba;
  if (spng_decoded_image_size(ctx, SPNG_FMT_RGBA8, &size) == 0) {
    rgba.resize(size);
    if (spng_decode_image(ctx, rgba.data(), size, SPNG_FMT_RGBA8, SPNG_DECODE_TRNS) != 0) rgba.clear();
  }
  spng_ctx_free(ctx);
  return rgba;
}

Bytes plainDecode(const Bytes& png) {
  Bytes rgba;
  if (png.size() < 24 || !decodePlainPng(png.data(), png.size(), bigEndian32(&png[16]), bigEndian32(&png[20]), rgba)) rgba.clear();
  return rgba;
}

double medianMs(int repeats, const std::function<void()>& work) {
  std::vector<double> ms;
  for (int r = 0; r < repeats + 1; ++r) {  // the first run warms up and is not counted
    const auto start = std::chrono::steady_clock::now();
    work();
    const double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (r > 0) ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

// Each decoder's median time on each file, against stb's; all must give stb's pixels (texsort's
// reader, where it takes the file: it leaves grey, palette, 16-bit and interlaced PNGs to stb).
int compareDecoders(const std::vector<std::string>& files, int repeats) {
  const std::vector<std::pair<std::string, Bytes (*)(const Bytes&)>> decoders = {
      {"stb_image (texsort before; still, for other PNGs)", stbDecode},
      {"texsort: plain PNG reader (libdeflate)", plainDecode},
      {"libspng (zlib)", spngDecode},
  };
  std::printf("\n| file | decoder | ms | time / stb |\n|---|---|---:|---:|\n");
  for (const std::string& file : files) {
    const Bytes png = readImageFile(file);
    const Bytes expected = stbDecode(png);
    double baseMs = 0;
    for (const auto& [name, decode] : decoders) {
      if (decode == plainDecode && plainDecode(png).empty()) {
        std::printf("| %s | %s | left to stb | |\n", file.substr(file.find_last_of('/') + 1).c_str(), name.c_str());
        continue;
      }
      Bytes rgba;
      const double median = medianMs(repeats, [&] { rgba = decode(png); });
      if (rgba != expected) {
        std::fprintf(stderr, "texsort-png-bench: %s: %s gave other pixels (or refused it)\n", file.c_str(), name.c_str());
        return 1;
      }
      if (baseMs == 0) baseMs = median;
      std::printf("| %s | %s | %.1f | %.2f |\n", file.substr(file.find_last_of('/') + 1).c_str(), name.c_str(), median, median / baseMs);
      std::fflush(stdout);
    }
  }
  return 0;
}

int run(int argc, char** argv) {
  int repeats = 5;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--repeats") == 0 && i + 1 < argc) repeats = std::max(1, std::atoi(argv[++i]));
    else files.emplace_back(argv[i]);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: texsort-png-bench [--repeats N] IMAGE.png...\n");
    return 2;
  }
  const std::vector<Candidate> candidates = {
      {"texsort deflate, runs on every core", [](const Image& i) { return encodePng(i); }},
      {"libdeflate 1, whole image", [](const Image& i) { return libdeflateWhole(i, 1); }},
      {"libdeflate 3, whole image", [](const Image& i) { return libdeflateWhole(i, 3); }},
      {"libdeflate 6, whole image", [](const Image& i) { return libdeflateWhole(i, 6); }},
      {"zlib 1, runs on every core", [](const Image& i) { return zlibRuns(i, 1); }},
      {"zlib 3, runs on every core", [](const Image& i) { return zlibRuns(i, 3); }},
      {"zlib 6, runs on every core", [](const Image& i) { return zlibRuns(i, 6); }},
      {"libspng (zlib 6), whole image", [](const Image& i) { return spngEncode(i, 6); }},
  };
  std::printf("%u hardware threads, %d runs each, medians\n\n", std::thread::hardware_concurrency(), repeats);
  std::printf("| image | encoder | ms | bytes | time / texsort | bytes / texsort |\n|---|---|---:|---:|---:|---:|\n");
  for (const std::string& file : files) {
    const Image image = loadImage(file, kMaxElements);
    double baseMs = 0, baseBytes = 0;
    for (const Candidate& c : candidates) {
      Bytes png;
      const double median = medianMs(repeats, [&] { png = c.encode(image); });
      if (!samePixels(image, png)) {
        std::fprintf(stderr, "texsort-png-bench: %s: %s wrote other pixels\n", file.c_str(), c.name.c_str());
        return 1;
      }
      if (baseMs == 0) baseMs = median, baseBytes = double(png.size());
      const std::string name = file.substr(file.find_last_of('/') + 1);
      std::printf("| %s %ux%u | %s | %.1f | %zu | %.2f | %.3f |\n", name.c_str(), image.width, image.height, c.name.c_str(),
                  median, png.size(), median / baseMs, double(png.size()) / baseBytes);
      std::fflush(stdout);
    }
  }
  return compareDecoders(files, repeats);
}

}  // namespace
}  // namespace texsort

int main(int argc, char** argv) {
  try {
    return texsort::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "texsort-png-bench: error: %s\n", e.what());
    return 1;
  }
}
