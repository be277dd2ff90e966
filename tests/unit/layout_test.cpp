// 1D <-> 2D index mapping: texture layout of the elements and the image's row-major order.
#include <gtest/gtest.h>

#include <random>

#include "sort/packing.h"
#include "sort/element.h"
#include "sort/bits.h"
#include "sort/schedule.h"

namespace texsort {
namespace {

TEST(Layout, PowerOfTwoTextureHoldsExactlyTheElements) {
  for (unsigned k = 0; k <= 24; ++k) {
    const std::uint64_t n = std::uint64_t{1} << k;
    const TextureLayout layout = TextureLayout::forCount(n);
    EXPECT_EQ(layout.count(), n);
    EXPECT_TRUE(isPowerOfTwo(layout.width));
    EXPECT_TRUE(layout.width == layout.height || layout.width == 2 * layout.height) << "k " << k;
  }
  const TextureLayout demo = TextureLayout::forCount(512 * 512);
  EXPECT_EQ(demo.width, 512u);
  EXPECT_EQ(demo.height, 512u);
}

TEST(Layout, IndexRoundTripsThroughTexelCoordinates) {
  for (unsigned k = 0; k <= 12; ++k) {
    const TextureLayout layout = TextureLayout::forCount(std::uint64_t{1} << k);
    for (std::uint64_t i = 0; i < layout.count(); ++i) {
      ASSERT_LT(layout.xOf(i), layout.width);
      ASSERT_LT(layout.yOf(i), layout.height);
      ASSERT_EQ(layout.indexOf(layout.xOf(i), layout.yOf(i)), i);
    }
  }
  const TextureLayout layout = TextureLayout::forCount(512 * 512);
  EXPECT_EQ(layout.xOf(513), 1u);  // the seed's convert1dto2d: (i mod W, floor(i / W))
  EXPECT_EQ(layout.yOf(513), 1u);
}

TEST(Layout, ImagePixelsMapRowMajorFromTheTopLeft) {
  // Each pixel gets a colour that encodes its (x, y); element i must be pixel (i mod W, i div W),
  // for widths that are not powers of two too.
  for (auto [w, h] : {std::pair{7u, 3u}, {1u, 9u}, {9u, 1u}, {13u, 17u}, {600u, 2u}}) {
    Image image;
    image.width = w;
    image.height = h;
    image.rgba.resize(image.pixelCount() * 4);
    for (std::uint32_t y = 0; y < h; ++y) {
      for (std::uint32_t x = 0; x < w; ++x) {
        std::uint8_t* p = &image.rgba[(std::size_t{y} * w + x) * 4];
        p[0] = std::uint8_t(x);
        p[1] = std::uint8_t(x >> 8);
        p[2] = std::uint8_t(y);
        p[3] = 255;
      }
    }
    const std::vector<Element> elements = packElements(image, SortOrder::Ascending);
    for (std::uint64_t i = 0; i < image.pixelCount(); ++i) {
      const auto rgb = static_cast<std::uint32_t>(elements[i].rgb);
      const std::uint32_t x = ((rgb >> 16) & 255) | (((rgb >> 8) & 255) << 8), y = rgb & 255;
      ASSERT_EQ(x, i % w) << w << "x" << h << " element " << i;
      ASSERT_EQ(y, i / w) << w << "x" << h << " element " << i;
      ASSERT_EQ(elements[i].index, float(i));
    }
  }
}

}  // namespace
}  // namespace texsort
