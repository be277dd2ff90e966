// Photos beyond 2^24 pixels (phones take 12-50 MP): exact sorts with the index split across r and g,
// pixel sorts past 2^24 elements, the algorithms that cannot go there refused in one line, and the
// memory budget checked before anything large is allocated.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "pixelsort/pixel_sort.h"
#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;

// An opaque RGB image whose pixel (x, y) is rgb(x, y), an {r, g, b} array (each taken mod 256).
template <typename Rgb>
Image made(std::uint32_t width, std::uint32_t height, Rgb rgb) {
  Image image;
  image.width = width;
  image.height = height;
  image.channels = 3;
  image.rgba.resize(image.pixelCount() * 4);
  for (std::uint32_t y = 0; y < height; ++y) {
    for (std::uint32_t x = 0; x < width; ++x) {
      std::uint8_t* p = &image.rgba[(std::size_t{y} * width + x) * 4];
      const std::array<std::uint32_t, 3> c = rgb(x, y);
      for (int k = 0; k < 3; ++k) p[k] = static_cast<std::uint8_t>(c[k]);
      p[3] = 255;
    }
  }
  return image;
}

// A 5000 x 4000 photo-sized image of smooth bands (compresses well, so writing it stays quick)
// with every luma value and many ties: 20 MP, padded to 2^25 elements.
Image twentyMegapixels() {
  return made(5000, 4000, [](std::uint32_t x, std::uint32_t y) {
    return std::array<std::uint32_t, 3>{(x * 7 + y * 3) >> 4, (x ^ y) >> 5, (y * 11) >> 6};
  });
}

TEST(BigImages, TwentyMegapixelsSortExactlyEndToEnd) {
  test::TempFolder dir;
  const Image image = twentyMegapixels();
  saveImagePng(dir.path("photo.png"), image);
  const test::RunResult r = runTexsort({"sort", dir.path("photo.png"), "-o", dir.path("sorted.png"), "--order", "desc"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("elements  33554432 (20000000 pixels + 13554432 padding) in a 8192x4096"), std::string::npos)
      << r.out;
  const Image sorted = loadImage(dir.path("sorted.png"), kMaxElements);
  EXPECT_TRUE(sorted.rgba == test::referenceSorted(image, SortOrder::Descending).rgba)
      << "not the stable luma order of the 20 MP input";
}

TEST(BigImages, AlgorithmsWithFloatIndexArithmeticAreRefusedBeyond2To24) {
  test::TempFolder dir;
  Image image;
  image.width = 4097;  // 4097 x 4097 pixels pad to 2^25 elements
  image.height = 4097;
  image.channels = 1;
  image.rgba.assign(image.pixelCount() * 4, 7);
  saveImagePng(dir.path("grey.png"), image);
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    if (row.maxElements >= kMaxElements) continue;
    SCOPED_TRACE(row.name);
    const test::RunResult r = runTexsort({"sort", dir.path("grey.png"), "-o", dir.path("out.png"), "--algo", row.name});
    EXPECT_EQ(r.exitCode, 4) << r.err;
    EXPECT_NE(r.err.find(std::string(row.name) + " sorts at most 16777216 elements (" + row.limitReason + "); 33554432"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"grey.png"});
  }
}

// A pixel sort past 2^24 elements, end to end: 4097 x 2049 pixels in rows of 8192 (the last row at
// elements 2^24 .. 2^24 + 4096), and at 30 degrees with random intervals (which keep a line a row:
// 2^25 elements, the lines' maps naming elements past 2^24): each equals the plain reference.
// bitonic-legacy's float index arithmetic stops at 2^24: refused in one line, exit 4 as texsort
// sort refuses it, nothing written.
TEST(BigImages, PixelSortsPast2To24ElementsEqualTheReference) {
  test::TempFolder dir;
  const Image image = made(4097, 2049, [](std::uint32_t x, std::uint32_t y) {  // speckled bands: many spans
    const std::uint32_t h = (x * 2654435761u) ^ (y * 40503u);
    return std::array<std::uint32_t, 3>{((x + 3 * y) >> 3) ^ (h >> 29), ((x * 5) >> 5) + (y >> 4), h >> 24};
  });
  saveImagePng(dir.path("photo.png"), image);
  PixelSortOptions slanted;
  slanted.angle = 30;
  slanted.intervals = Intervals::Random;
  slanted.spanLength = 50;
  slanted.seed = 7;
  const std::pair<std::vector<std::string>, PixelSortOptions> cases[] = {
      {{}, PixelSortOptions{}},
      {{"--angle", "30", "--intervals", "random", "--span-length", "50", "--seed", "7"}, slanted}};
  for (std::size_t c = 0; c < std::size(cases); ++c) {
    const auto& [args, options] = cases[c];
    std::vector<std::string> command = {"pixelsort", dir.path("photo.png"), "-o", dir.path("sorted.png")};
    command.insert(command.end(), args.begin(), args.end());
    const test::RunResult r = runTexsort(command);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("in 4096 rows of 8192 elements"), std::string::npos) << r.out;
    const Image sorted = loadImage(dir.path("sorted.png"), kMaxElements);
    EXPECT_TRUE(sorted.rgba == pixelSortReference(image, options).rgba) << "not every span stably sorted, case " << c;
  }
  const test::RunResult legacy =
      runTexsort({"pixelsort", dir.path("photo.png"), "-o", dir.path("legacy.png"), "--algo", "bitonic-legacy"});
  EXPECT_EQ(legacy.exitCode, 4) << "the algorithm's limit is exit 4, as in texsort sort: " << legacy.err;
  EXPECT_NE(legacy.err.find("photo.png: 4097x2049 needs 4096 rows of 8192 elements, more than the 16777216 that "
                            "bitonic-legacy sorts (its float index arithmetic is exact only up to 2^24)"),
            std::string::npos)
      << legacy.err;
  EXPECT_EQ(std::count(legacy.err.begin(), legacy.err.end(), '\n'), 1) << legacy.err;
  EXPECT_EQ(test::listFolder(dir.root()), (std::vector<std::string>{"photo.png", "sorted.png"}));
}

// The budget is checked before the image is decoded or a texture allocated: one line naming the
// image's size, what it needs and what is available (in host memory or, on a discrete GPU, in video
// memory); nothing written.
TEST(BigImages, AnImageBeyondTheMemoryBudgetIsRefusedInOneLine) {
  test::TempFolder dir;
  test::RunOptions options;
  options.setEnv = {{"TEXSORT_MEMORY_LIMIT", "10000000"}};  // 10 MB; sorting the coffee image needs about 150 MiB
  const test::RunResult r = runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("out.png")}, options);
  EXPECT_EQ(r.exitCode, 4) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  if (test::texturesInHostMemory()) {  // one budget for both
    EXPECT_NE(r.err.find("coffee.png: 600x400 needs 152.8 MiB (host 140.8 MiB + GPU textures 12.0 MiB"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("9.5 MiB is available"), std::string::npos) << r.err;
  } else {  // the limit caps what the GPU reports free too, and textures are checked first
    EXPECT_NE(r.err.find("coffee.png: 600x400 needs 12.0 MiB of GPU memory; the GPU reports 9.5 MiB free"),
              std::string::npos)
        << r.err;
  }
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
  options.setEnv = {{"TEXSORT_MEMORY_LIMIT", "300000000"}};  // 300 MB is enough
  EXPECT_EQ(runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("out.png"), "-q"}, options).exitCode, 0);
}

// A picture inside the documented 2^28 pixels whose state is one texture larger than the renderer
// allocates (llvmpipe: 1 GiB; 16000 x 16000 pixel-sorts into 2 GiB of pairs, sorts into 4 GiB of
// elements): one line, exit 4, before its pixels are decoded (they are cut short: decoding would
// fail with exit 1). A renderer that allocates it goes on to the pixels instead.
TEST(BigImages, ATextureLargerThanTheRendererAllocatesIsRefusedFirst) {
  test::TempFolder dir;
  const std::string big = dir.path("big.png");
  test::writeFile(big, test::pngHeaderOnly(16000, 16000));
  const bool llvmpipe = test::runTexsort({"info"}).out.find("llvmpipe") != std::string::npos;
  for (const auto& [command, gib] : {std::pair<std::string, std::string>{"pixelsort", "2.0"}, {"sort", "4.0"}}) {
    SCOPED_TRACE(command);
    const test::RunResult r = runTexsort({command, big, "-o", dir.path("out.png"), "-q"});
    if (!llvmpipe && r.exitCode == 1) continue;  // this renderer holds it: the cut pixels are what fails
    EXPECT_EQ(r.exitCode, 4) << r.err;
    EXPECT_EQ(r.err.rfind("texsort: error: " + big + ": 16000x16000 needs a texture of " + gib + " GiB, larger than this "
                          "renderer (", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(") allocates in one; give a smaller image\n"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(test::fileExists(dir.path("out.png")));
  }
}

}  // namespace
}  // namespace texsort
