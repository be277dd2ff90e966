// Contact sheets: evenly spaced passes, tiles copied exactly, labels drawn.
#include <gtest/gtest.h>

#include "viewer/contact_sheet.h"

namespace texsort {
namespace {

Image solid(std::uint32_t w, std::uint32_t h, std::uint8_t v) {
  Image image;
  image.width = w;
  image.height = h;
  image.rgba.assign(std::size_t{w} * h * 4, v);
  return image;
}

TEST(ContactSheet, PassesAreEvenlySpacedFromFirstToLast) {
  const auto passes = contactSheetPasses(171, 12);
  ASSERT_EQ(passes.size(), 12u);
  EXPECT_EQ(passes.front(), 0u);
  EXPECT_EQ(passes.back(), 171u);
  for (std::size_t i = 1; i < passes.size(); ++i) {
    EXPECT_GE(passes[i] - passes[i - 1], 15u);
    EXPECT_LE(passes[i] - passes[i - 1], 16u);
  }
  EXPECT_EQ(contactSheetPasses(3, 12), (std::vector<std::uint32_t>{0, 1, 2, 3}));  // no duplicates
}

TEST(ContactSheet, TilesAreScaledCopiesWithLabels) {
  std::vector<Image> frames;
  std::vector<std::string> labels;
  for (int v : {10, 100, 200}) {
    Image f = solid(64, 32, static_cast<std::uint8_t>(v));
    f.rgba[0] = 255;  // a marker in the top-left pixel survives the 2x reduction (it is sampled)
    frames.push_back(f);
    labels.push_back("pass " + std::to_string(v));
  }
  const Image sheet = composeContactSheet(frames, labels, 2, 32);
  EXPECT_EQ(sheet.channels, 3);
  // Two columns, two rows of 32x16 tiles (64x32 halved) with label strips.
  EXPECT_GT(sheet.width, 2u * 32u);
  EXPECT_GT(sheet.height, 2u * 16u);
  auto pixel = [&](std::uint32_t x, std::uint32_t y) { return &sheet.rgba[(std::size_t{y} * sheet.width + x) * 4]; };
  EXPECT_EQ(pixel(6, 6)[0], 255);  // marker of tile 0 at the gap offset
  EXPECT_EQ(pixel(7, 6)[1], 10);
  EXPECT_EQ(pixel(6 + 31, 6 + 15)[1], 10);
  std::size_t white = 0;  // label text is white; nothing else is
  for (std::size_t i = 0; i < sheet.rgba.size(); i += 4) white += sheet.rgba[i] == 255 && sheet.rgba[i + 1] == 255;
  EXPECT_GT(white, 50u);
}

TEST(ContactSheet, RefusesMismatchedInput) {
  EXPECT_THROW(composeContactSheet({}, {}, 4, 64), std::invalid_argument);
  EXPECT_THROW(composeContactSheet({solid(4, 4, 0), solid(5, 4, 0)}, {"a", "b"}, 2, 64), std::invalid_argument);
}

}  // namespace
}  // namespace texsort
