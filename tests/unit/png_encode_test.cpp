// The PNG encoder: files that decode to the same pixels, zlib streams of independently deflated
// runs that decode to the same bytes, and the checksums and code lengths they rest on.
#include <gtest/gtest.h>

#include <stb_image.h>

#include <cmath>
#include <cstdlib>
#include <numeric>
#include <random>

#include "image/image_io.h"
#include "image/deflate.h"
#include "image/png_encode.h"
#include "sort/element.h"
#include "test_support.h"

namespace texsort {
namespace {

// Noise, smooth gradients and flat areas: every filter type and long matches get used.
Image testImage(std::uint32_t width, std::uint32_t height, int channels, unsigned seed) {
  Image image;
  image.width = width;
  image.height = height;
  image.channels = channels;
  image.rgba.resize(std::size_t{width} * height * 4);
  std::mt19937 random(seed);
  for (std::uint32_t y = 0; y < height; ++y)
    for (std::uint32_t x = 0; x < width; ++x) {
      std::uint8_t* p = &image.rgba[(std::size_t{y} * width + x) * 4];
      const bool noisy = (x / 7 + y / 5) % 3 == 0, flat = (x / 11 + y / 3) % 4 == 1;
      for (int c = 0; c < 4; ++c)
        p[c] = noisy ? static_cast<std::uint8_t>(random()) : flat ? std::uint8_t{200} : static_cast<std::uint8_t>(x * (c + 1) + y * 3);
      if (channels <= 2) p[1] = p[2] = p[0];  // grey images hold R = G = B
      if (channels % 2) p[3] = 255;           // and no alpha when the file has none
    }
  return image;
}

TEST(PngEncode, DecodesToTheSamePixelsForEveryLayoutAndRunCount) {
  for (int channels = 1; channels <= 4; ++channels)
    for (const auto& [w, h] : {std::pair{1u, 1u}, {3u, 5u}, {17u, 9u}, {300u, 7u}, {61u, 130u}})
      for (unsigned runs : {1u, 2u, 3u, 7u}) {
        const Image image = testImage(w, h, channels, w * 31 + h + runs);
        const std::vector<unsigned char> png = encodePng(image, runs);
        // decodeImage walks the chunks and checks every CRC before stb decodes the pixels.
        const Image back = decodeImage("encoded.png", png.data(), png.size(), std::uint64_t{1} << 20);
        EXPECT_EQ(back.width, w);
        EXPECT_EQ(back.height, h);
        EXPECT_EQ(back.channels, channels);
        EXPECT_TRUE(back.rgba == image.rgba) << channels << " channels, " << w << "x" << h << ", " << runs << " runs";
      }
}

TEST(PngEncode, RunsJoinIntoOneZlibStreamWithTheWholeAdler) {
  // Runs of noise, a byte repeated far past the longest match, a pattern repeating at the window's
  // edge and beyond it, and an empty run.
  std::mt19937 random(7);
  std::vector<unsigned char> data(200000);
  for (std::size_t i = 0; i < data.size(); ++i) {
    const std::size_t zone = i / 25000;
    data[i] = zone % 3 == 0 ? static_cast<unsigned char>(random()) : zone % 3 == 1 ? 42 : data[i - 32768 - zone % 2];
  }
  const std::vector<std::size_t> cuts = {0, 1, 1, 40000, 123457, 123460, data.size()};
  std::vector<unsigned char> zlib = {0x78, 0x01};
  std::uint32_t adler = 1;
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    const std::size_t size = cuts[k + 1] - cuts[k];
    png_detail::deflateRun(data.data() + cuts[k], size, k + 2 == cuts.size(), zlib);
    adler = png_detail::adler32Combine(adler, png_detail::adler32(data.data() + cuts[k], size), size);
  }
  EXPECT_LT(zlib.size(), data.size() / 2) << "the repeats compress";
  int length = 0;
  char* decoded = stbi_zlib_decode_malloc_guesssize_headerflag(reinterpret_cast<const char*>(zlib.data()),
                                                               static_cast<int>(zlib.size()), 1024, &length, 1);
  ASSERT_NE(decoded, nullptr) << stbi_failure_reason();
  EXPECT_TRUE(std::vector<unsigned char>(decoded, decoded + length) == data);
  std::free(decoded);
  EXPECT_EQ(adler, png_detail::adler32(data.data(), data.size()));
}

// The per-row filter choice is what keeps photos small: the bundled astronaut (512x512 RGB) encodes
// to 439415 bytes (2026-11-26); a bound 3 % above it fails if the choice goes (no filter: ~30 %
// larger) or gets much worse, on one run and on several.
TEST(PngEncode, TheFilterChoiceKeepsAPhotoSmall) {
  Image astronaut = loadImage(test::assetPath("astronaut.png"), kMaxElements);
  ASSERT_EQ(astronaut.channels, 3);
  for (const unsigned runs : {1u, 4u}) {
    EXPECT_LE(encodePng(astronaut, runs).size(), 452600u) << runs << " runs";
  }
}

TEST(PngEncode, AdlerMatchesItsDefinition) {
  std::vector<unsigned char> data(20000);
  std::mt19937 random(3);
  for (unsigned char& b : data) b = static_cast<unsigned char>(random() | 0xF0u);  // large bytes: the sums wrap often
  std::uint64_t a = 1, b = 0;
  for (unsigned char byte : data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  EXPECT_EQ(png_detail::adler32(data.data(), data.size()), static_cast<std::uint32_t>(b << 16 | a));
  EXPECT_EQ(png_detail::adler32(data.data(), 0), 1u);
}

TEST(PngEncode, HuffmanLengthsStayWithinTheLimitAndFormCompleteCodes) {
  // Fibonacci frequencies make a Huffman tree as deep as there are symbols.
  std::vector<std::uint32_t> freq(40, 0);
  freq[0] = freq[1] = 1;
  for (std::size_t k = 2; k < 30; ++k) freq[k] = freq[k - 1] + freq[k - 2];
  for (int limit : {7, 15}) {
    const std::vector<std::uint8_t> lengths = png_detail::huffmanLengths(freq, limit);
    double kraft = 0;
    for (std::size_t s = 0; s < freq.size(); ++s) {
      EXPECT_EQ(lengths[s] != 0, freq[s] != 0) << "symbol " << s;
      EXPECT_LE(lengths[s], limit);
      if (lengths[s]) kraft += std::ldexp(1.0, -lengths[s]);
    }
    EXPECT_EQ(kraft, 1.0) << "limit " << limit;
    EXPECT_LE(lengths[29], lengths[0]) << "the most frequent symbol gets the shortest code";
  }
  const std::vector<std::uint8_t> lone = png_detail::huffmanLengths({0, 0, 5}, 15);
  EXPECT_EQ(lone, (std::vector<std::uint8_t>{1, 0, 1}));
}

}  // namespace
}  // namespace texsort
