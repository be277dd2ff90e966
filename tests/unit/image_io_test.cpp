// Image loading, validation and atomic saving.
#include <gtest/gtest.h>

#include <stb_image_write.h>

#include <cstdio>
#include <filesystem>
#include <random>

#include "error.h"
#include "image/image_io.h"
#include "io/files.h"
#include "test_support.h"

namespace texsort {
namespace {

constexpr std::uint64_t kLimit = std::uint64_t{1} << 24;

// Runs `f`, expecting texsort::Error with `code` whose message contains `needle`.
template <typename F>
void expectError(F&& f, ExitCode code, const std::string& needle) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one containing '" << needle << "'";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "one line: " << e.what();
  }
}

TEST(LoadImage, ReadsTheBundledImages) {
  const Image astronaut = loadImage(test::assetPath("astronaut.png"), kLimit);
  EXPECT_EQ(astronaut.width, 512u);
  EXPECT_EQ(astronaut.height, 512u);
  EXPECT_EQ(astronaut.channels, 3);
  EXPECT_EQ(astronaut.rgba.size(), 512u * 512u * 4u);
  const Image coffee = loadImage(test::assetPath("coffee.png"), kLimit);
  EXPECT_EQ(coffee.width, 600u);
  EXPECT_EQ(coffee.height, 400u);
}

TEST(LoadImage, RefusesBadFilesNamingThem) {
  test::TempFolder dir;
  expectError([&] { loadImage(dir.path("missing.png"), kLimit); }, ExitCode::BadInput, "missing.png: no such file");
  expectError([&] { loadImage(dir.root(), kLimit); }, ExitCode::BadInput, "is a folder");
  test::writeFile(dir.path("empty.png"), {});
  expectError([&] { loadImage(dir.path("empty.png"), kLimit); }, ExitCode::BadInput, "empty.png: empty file");
  test::writeFile(dir.path("text.png"), {'h', 'e', 'l', 'l', 'o'});
  expectError([&] { loadImage(dir.path("text.png"), kLimit); }, ExitCode::BadInput, "text.png: not an image");
  std::vector<std::uint8_t> png = test::readFile(test::assetPath("astronaut.png"));
  png.resize(png.size() / 2);
  test::writeFile(dir.path("truncated.png"), png);
  expectError([&] { loadImage(dir.path("truncated.png"), kLimit); }, ExitCode::BadInput, "truncated.png: truncated PNG");
}

TEST(LoadImage, RefusesTooManyPixelsFromTheHeader) {
  expectError([&] { loadImage(test::assetPath("astronaut.png"), 512 * 511); }, ExitCode::BadInput,
              "512x512 is 262144 pixels, more than the limit of 261632");
}

TEST(LoadImage, ExpandsGreyAndPaletteToRgbaAndRemembersChannels) {
  test::TempFolder dir;
  const std::uint8_t grey[4] = {0, 100, 200, 255};
  ASSERT_TRUE(stbi_write_png(dir.path("grey.png").c_str(), 2, 2, 1, grey, 2));
  const Image g = loadImage(dir.path("grey.png"), kLimit);
  EXPECT_EQ(g.channels, 1);
  EXPECT_EQ(g.rgba, (std::vector<std::uint8_t>{0, 0, 0, 255, 100, 100, 100, 255, 200, 200, 200, 255, 255, 255, 255, 255}));

  test::writeFile(dir.path("palette.png"), test::palettePng(3, 1, {10, 20, 30, 128, 200, 100, 0, 255}, {1, 0, 1}));
  const Image p = loadImage(dir.path("palette.png"), kLimit);
  EXPECT_EQ(p.width, 3u);
  EXPECT_EQ(p.rgba, (std::vector<std::uint8_t>{200, 100, 0, 255, 10, 20, 30, 128, 200, 100, 0, 255}));
}

TEST(SaveImagePng, RoundTripsEveryChannelCount) {
  test::TempFolder dir;
  std::mt19937 rng(5);
  for (int channels = 1; channels <= 4; ++channels) {
    Image image = test::randomImage(5, 3, rng);
    for (std::size_t i = 0; i < image.pixelCount(); ++i) {
      std::uint8_t* p = &image.rgba[i * 4];
      if (channels <= 2) p[1] = p[2] = p[0];  // grey images have R = G = B
      if (channels % 2 == 1) p[3] = 255;      // no alpha channel: opaque
    }
    image.channels = channels;
    const std::string path = dir.path("out" + std::to_string(channels) + ".png");
    saveImagePng(path, image);
    const Image back = loadImage(path, kLimit);
    EXPECT_EQ(back.channels, channels);
    EXPECT_EQ(back.rgba, image.rgba) << channels << " channels";
  }
  EXPECT_EQ(test::listFolder(dir.root()).size(), 4u);  // no temporary files left
}

TEST(SaveImagePng, FailsCleanlyWhereItCannotWrite) {
  test::TempFolder dir;
  std::mt19937 rng(5);
  const Image image = test::randomImage(2, 2, rng);
  expectError([&] { saveImagePng(dir.path("no/such/folder/out.png"), image); }, ExitCode::BadOutput,
              "folder " + dir.path("no/such/folder") + " does not exist");
  expectError([&] { saveImagePng(dir.root(), image); }, ExitCode::BadOutput, "is a folder");
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
}

// Files are read into a buffer sized from the file (standard input: one that doubles); every byte
// arrives whatever the size, and a file over the limit is refused by its size.
TEST(ReadWholeFile, ReadsEveryByteAndRefusesFilesOverTheLimit) {
  test::TempFolder dir;
  std::mt19937 rng(8);
  for (const std::size_t size : {std::size_t{1}, std::size_t{65535}, std::size_t{65536}, std::size_t{65537},
                                 std::size_t{200000}}) {
    std::vector<unsigned char> bytes(size);
    for (unsigned char& b : bytes) b = static_cast<unsigned char>(rng());
    const std::string path = dir.path("f" + std::to_string(size));
    test::writeFile(path, bytes);
    EXPECT_EQ(readWholeFile(path, size), bytes) << size << " bytes, the limit exactly";
    expectError([&] { readWholeFile(path, size - 1); }, ExitCode::BadInput, "file is larger than");
    ASSERT_NE(std::freopen(path.c_str(), "rb", stdin), nullptr);  // standard input: no size known
    EXPECT_EQ(readWholeFile("-", size), bytes) << size << " bytes from standard input";
    ASSERT_NE(std::freopen(path.c_str(), "rb", stdin), nullptr);
    expectError([&] { readWholeFile("-", size - 1); }, ExitCode::BadInput, "standard input: file is larger than");
  }
  test::writeFile(dir.path("empty"), {});
  expectError([&] { readWholeFile(dir.path("empty"), 100); }, ExitCode::BadInput, "empty file");
}

// A GIF made by hand: two colours in the screen's table, then `pictures` images (the first with a
// local table of four colours, each with one data sub-block), an extension between them.
std::vector<unsigned char> handMadeGif(const char* version, int pictures) {
  std::vector<unsigned char> gif(version, version + 6);
  gif.insert(gif.end(), {2, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255});  // 2x1, a global table of 2
  for (int k = 0; k < pictures; ++k) {
    gif.insert(gif.end(), {0x21, 0xF9, 4, 0, 10, 0, 0, 0});               // a delay of 10 hundredths
    gif.insert(gif.end(), {0x2C, 0, 0, 0, 0, 2, 0, 1, 0, static_cast<unsigned char>(k == 0 ? 0x81 : 0)});  // 4 colours on the first
    if (k == 0) gif.insert(gif.end(), 12, 0x2C);  // its colours: bytes that read as image blocks if not skipped
    gif.insert(gif.end(), {2, 2, 0x44, 0x01, 0});  // the LZW code size, a sub-block of 2, the end
  }
  gif.push_back(0x3B);
  return gif;
}

// The pictures of a GIF, counted by its blocks' lengths: both versions, local colour tables and
// extensions skipped, counting stopped at atMost, nothing for bytes that are not a GIF.
TEST(GifPictureCount, CountsTheImagesOfBothVersions) {
  for (const char* version : {"GIF87a", "GIF89a"}) {
    SCOPED_TRACE(version);
    for (int pictures : {1, 2, 3}) {
      const std::vector<unsigned char> gif = handMadeGif(version, pictures);
      EXPECT_EQ(gifPictureCount(gif.data(), gif.size(), 10), std::size_t(pictures));
      EXPECT_EQ(gifPictureCount(gif.data(), gif.size(), 2), std::size_t(std::min(pictures, 2)));
    }
    std::vector<unsigned char> cut = handMadeGif(version, 2);
    cut.resize(cut.size() - 8);  // inside the second image's descriptor: it is there, if damaged
    EXPECT_EQ(gifPictureCount(cut.data(), cut.size(), 10), 2u);
  }
  const std::vector<unsigned char> png = test::readFile(test::assetPath("coffee.png"));
  EXPECT_EQ(gifPictureCount(png.data(), png.size(), 10), 0u);
  std::vector<unsigned char> other = handMadeGif("GIF88a", 2);
  EXPECT_EQ(gifPictureCount(other.data(), other.size(), 10), 0u);
}

TEST(SamePath, SeesThroughDifferentSpellings) {
  test::TempFolder dir;
  test::writeFile(dir.path("a.png"), {1});
  EXPECT_TRUE(samePath(dir.path("a.png"), dir.root() + "/./a.png"));
  EXPECT_TRUE(samePath(dir.path("new.png"), dir.root() + "//new.png"));
  EXPECT_FALSE(samePath(dir.path("a.png"), dir.path("b.png")));
}

}  // namespace
}  // namespace texsort

namespace texsort {
namespace {

// Inputs the fuzzer found crashing stb_image (Debian's 2.27) before the loader learned to refuse
// them; each must now be refused with a clear error, never decoded.
TEST(FuzzRegressions, EveryKeptCrashIsRefused) {
  namespace fs = std::filesystem;
  std::size_t count = 0;
  for (const auto& entry : fs::directory_iterator(std::string(TEXSORT_SOURCE_DIR) + "/fuzz/regressions")) {
    if (entry.path().filename().string()[0] == '.') continue;
    ++count;
    SCOPED_TRACE(entry.path().filename().string());
    const std::string name = entry.path().filename().string();
    const std::vector<std::uint8_t> bytes = test::readFile(entry.path().string());
    // The file name says which check must catch it, so a check that stops working is noticed
    // even where stb would happen to fail on the input for another reason.
    const std::string reason = name.rfind("jpeg-undefined-huffman", 0) == 0 ? "corrupt JPEG (a scan uses a Huffman table"
                               : name.rfind("jpeg-huffman", 0) == 0      ? "corrupt JPEG (Huffman table with"
                               : name.rfind("jpeg-dc-huffman", 0) == 0 ? "corrupt JPEG (DC Huffman value"
                               : name.rfind("pnm-16bit", 0) == 0    ? "16-bit PNM"
                               : name.rfind("pnm-header", 0) == 0   ? "corrupt PNM header"
                                                                    : "?";
    expectError([&] { decodeImage(name, bytes.data(), bytes.size(), kLimit); }, ExitCode::BadInput, reason);
  }
  EXPECT_GE(count, 5u);
}

TEST(FuzzRegressions, SeedImagesDecode) {
  namespace fs = std::filesystem;
  for (const auto& entry : fs::directory_iterator(std::string(TEXSORT_SOURCE_DIR) + "/fuzz/seeds/images")) {
    SCOPED_TRACE(entry.path().filename().string());
    const Image image = loadImage(entry.path().string(), kLimit);
    EXPECT_GT(image.pixelCount(), 0u);
  }
}

}  // namespace
}  // namespace texsort
