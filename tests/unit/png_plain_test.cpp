// The plain PNG reader: the pixels stb_image gives for every filter, layout and chunk split it takes,
// and false (so stb decides) for every PNG it does not.
#include <gtest/gtest.h>

#include <libdeflate.h>
#include <stb_image.h>

#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "image/crc32.h"
#include "image/image_io.h"
#include "image/png_plain.h"
#include "test_support.h"

namespace texsort {
namespace {

struct PngSpec {
  std::uint32_t width = 5, height = 4;
  int colourType = 2;  // 2 RGB, 6 RGBA; 0 grey for a refusal
  int depth = 8, interlace = 0;
  int filter = -1;        // every row's filter; -1: row y gets y mod 5
  std::size_t idats = 1;  // the zlib stream cut into this many IDAT chunks
  std::vector<std::string> before;  // chunks (empty bodies) between IHDR and the first IDAT
  std::size_t extraRows = 0;        // rows the stream holds beyond the height
  bool iend = true;
};

void appendChunk(std::vector<unsigned char>& png, const char* type, const unsigned char* body, std::size_t size) {
  const auto be = [&png](std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) png.push_back(static_cast<unsigned char>(v >> s));
  };
  be(static_cast<std::uint32_t>(size));
  const std::size_t start = png.size();
  png.insert(png.end(), type, type + 4);
  png.insert(png.end(), body, body + size);
  be(crc32(png.data() + start, size + 4));
}

// A row filtered by `filter` against the row above (RFC 2083 6.3), behind its filter byte.
void filterRow(int filter, const unsigned char* row, const unsigned char* up, std::size_t n, int bpp,
               std::vector<unsigned char>& out) {
  out.push_back(static_cast<unsigned char>(filter));
  for (std::size_t i = 0; i < n; ++i) {
    const int a = i >= std::size_t(bpp) ? row[i - bpp] : 0, b = up[i], c = i >= std::size_t(bpp) ? up[i - bpp] : 0;
    const int pa = std::abs(b - c), pb = std::abs(a - c), pc = std::abs(a + b - 2 * c);
    const int predicted[5] = {0, a, b, (a + b) / 2, (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)};
    out.push_back(static_cast<unsigned char>(row[i] - predicted[filter % 5]));  // 5: no such filter, bytes as 0's
  }
}

// Noise beside smooth ramps, so every filter meets carries and ties.
std::vector<unsigned char> pngOf(const PngSpec& spec) {
  const int bpp = spec.colourType == 6 ? 4 : spec.colourType == 0 ? 1 : 3;
  const std::size_t n = std::size_t{spec.width} * bpp;
  std::mt19937 random(spec.width * 7 + spec.height);
  std::vector<unsigned char> raw, up(n, 0), row(n);
  for (std::uint32_t y = 0; y < spec.height + spec.extraRows; ++y) {
    for (std::size_t i = 0; i < n; ++i) row[i] = static_cast<unsigned char>(i % 3 ? random() : i * 9 + y * 5);
    filterRow(spec.filter >= 0 ? spec.filter : int(y % 5), row.data(), up.data(), n, bpp, raw);
    up = row;
  }
  std::vector<unsigned char> z(raw.size() + 1024);
  libdeflate_compressor* compressor = libdeflate_alloc_compressor(6);
  z.resize(libdeflate_zlib_compress(compressor, raw.data(), raw.size(), z.data(), z.size()));
  libdeflate_free_compressor(compressor);
  std::vector<unsigned char> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  const unsigned char ihdr[13] = {static_cast<unsigned char>(spec.width >> 24), static_cast<unsigned char>(spec.width >> 16),
                                  static_cast<unsigned char>(spec.width >> 8), static_cast<unsigned char>(spec.width),
                                  static_cast<unsigned char>(spec.height >> 24), static_cast<unsigned char>(spec.height >> 16),
                                  static_cast<unsigned char>(spec.height >> 8), static_cast<unsigned char>(spec.height),
                                  static_cast<unsigned char>(spec.depth), static_cast<unsigned char>(spec.colourType), 0, 0,
                                  static_cast<unsigned char>(spec.interlace)};
  appendChunk(png, "IHDR", ihdr, 13);
  for (const std::string& type : spec.before) appendChunk(png, type.c_str(), nullptr, 0);
  const std::size_t piece = spec.idats ? (z.size() + spec.idats - 1) / spec.idats : 0;
  for (std::size_t at = 0, k = 0; k < spec.idats; ++k, at += piece) {
    const std::size_t size = at < z.size() ? std::min(piece, z.size() - at) : 0;
    appendChunk(png, "IDAT", z.data() + std::min(at, z.size()), size);
  }
  if (spec.iend) appendChunk(png, "IEND", nullptr, 0);
  return png;
}

std::vector<std::uint8_t> stbPixels(const std::vector<unsigned char>& png) {
  int w = 0, h = 0, c = 0;
  stbi_uc* data = stbi_load_from_memory(png.data(), static_cast<int>(png.size()), &w, &h, &c, 4);
  EXPECT_NE(data, nullptr) << stbi_failure_reason();
  std::vector<std::uint8_t> pixels(data, data + std::size_t(w) * h * 4);
  stbi_image_free(data);
  return pixels;
}

void expectAsStb(const PngSpec& spec, const std::string& what) {
  const std::vector<unsigned char> png = pngOf(spec);
  std::vector<std::uint8_t> rgba;
  ASSERT_TRUE(decodePlainPng(png.data(), png.size(), spec.width, spec.height, rgba)) << what;
  EXPECT_TRUE(rgba == stbPixels(png)) << what;
}

bool takes(const PngSpec& spec) {
  const std::vector<unsigned char> png = pngOf(spec);
  std::vector<std::uint8_t> rgba;
  return decodePlainPng(png.data(), png.size(), spec.width, spec.height, rgba);
}

TEST(PngPlain, EveryFilterOnRgbAndRgbaGivesStbsPixels) {
  for (int colourType : {2, 6})
    for (int filter = -1; filter <= 4; ++filter)
      for (const auto& [w, h] : {std::pair{1u, 1u}, {2u, 3u}, {17u, 9u}, {300u, 7u}}) {
        PngSpec spec;
        spec.width = w;
        spec.height = h;
        spec.colourType = colourType;
        spec.filter = filter;
        expectAsStb(spec, "type " + std::to_string(colourType) + " filter " + std::to_string(filter) + " " +
                              std::to_string(w) + "x" + std::to_string(h));
      }
}

TEST(PngPlain, TheDataMaySpanManyChunksBesideAncillaryOnes) {
  PngSpec spec;
  spec.width = 64;
  spec.height = 40;
  for (std::size_t idats : {2u, 7u, 20000u}) {  // 20000: a byte each, then empty ones
    spec.idats = idats;
    spec.before = {"gAMA", "pHYs", "tEXt"};
    expectAsStb(spec, std::to_string(idats) + " IDAT chunks");
  }
}

TEST(PngPlain, APhotographGivesStbsPixels) {
  const std::vector<unsigned char> png = readImageFile(test::assetPath("coffee.png"));
  std::vector<std::uint8_t> rgba;
  ASSERT_TRUE(decodePlainPng(png.data(), png.size(), 600, 400, rgba));
  EXPECT_TRUE(rgba == stbPixels(png));
}

TEST(PngPlain, LeavesEveryOtherPngToStb) {
  const auto with = [](auto change) {
    PngSpec spec;
    change(spec);
    return spec;
  };
  EXPECT_TRUE(takes(with([](PngSpec&) {})));
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.colourType = 0; }))) << "grey";
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.colourType = 3; }))) << "a palette";
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.colourType = 4; }))) << "grey and alpha";
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.depth = 16; }))) << "16 bits";
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.interlace = 1; }))) << "interlaced";
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.before = {"tRNS"}; }))) << "a colour key";
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.before = {"PLTE"}; }))) << "a suggested palette";
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.before = {"CgBI"}; }))) << "an unknown critical chunk";
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.filter = 5; }))) << "no such filter";
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.extraRows = 1; }))) << "more rows than the height";
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.iend = false; }))) << "no IEND";
  EXPECT_FALSE(takes(with([](PngSpec& s) { s.idats = 0; }))) << "no IDAT";
  const std::vector<unsigned char> png = pngOf(PngSpec{});
  std::vector<std::uint8_t> rgba;
  EXPECT_FALSE(decodePlainPng(png.data(), png.size(), 5, 5, rgba)) << "another height than the header's";
  EXPECT_FALSE(decodePlainPng(png.data(), png.size() - 20, 5, 4, rgba)) << "cut short";
  // IEND gone and the IDAT's CRC with it: the chunk's body fits, its checksum does not.
  const std::vector<unsigned char> noCrc(png.begin(), png.end() - 16);
  EXPECT_FALSE(decodePlainPng(noCrc.data(), noCrc.size(), 5, 4, rgba)) << "a chunk without its CRC";
  std::vector<unsigned char> fewer = pngOf(with([](PngSpec& s) { s.height = 3; }));
  std::memcpy(&fewer[16 + 4], "\0\0\0\4", 4);  // says 4 rows, holds 3 (the CRC is not checked here)
  EXPECT_FALSE(decodePlainPng(fewer.data(), fewer.size(), 5, 4, rgba)) << "fewer rows than the height";
}

}  // namespace
}  // namespace texsort
