// Keys and element packing: exact Rec.601 luma, order encoding, padding, unpacking.
#include <gtest/gtest.h>

#include <array>

#include "sort/packing.h"

namespace texsort {
namespace {

Image onePixelPerColour(const std::vector<std::array<std::uint8_t, 4>>& colours) {
  Image image;
  image.width = static_cast<std::uint32_t>(colours.size());
  image.height = 1;
  for (const auto& c : colours) image.rgba.insert(image.rgba.end(), c.begin(), c.end());
  return image;
}

TEST(Key, IsIntegerRec601Luma) {
  EXPECT_EQ(lumaKey(0, 0, 0), 0u);
  EXPECT_EQ(lumaKey(255, 255, 255), 255000u);
  EXPECT_EQ(lumaKey(255, 0, 0), 76245u);
  EXPECT_EQ(lumaKey(0, 255, 0), 149685u);
  EXPECT_EQ(lumaKey(0, 0, 255), 29070u);
  EXPECT_EQ(lumaKey(10, 20, 30), 2990u + 11740u + 3420u);
  // Every key is exact in float32 (below 2^24), so CPU and GPU compare the same numbers.
  EXPECT_LT(kMaxLuma, 1u << 24);
  EXPECT_GT(kSentinelKey, float(kMaxLuma));
}

TEST(Pack, CarriesKeyIndexColourAndAlpha) {
  const Image image = onePixelPerColour({{10, 20, 30, 40}, {255, 255, 255, 0}, {1, 2, 3, 255}});
  const std::vector<Element> asc = packElements(image, SortOrder::Ascending);
  ASSERT_EQ(asc.size(), 4u);
  EXPECT_EQ(asc[0], (Element{float(lumaKey(10, 20, 30)), 0.0f, float(10 * 65536 + 20 * 256 + 30), 40.0f}));
  EXPECT_EQ(asc[1].key, 255000.0f);
  EXPECT_EQ(asc[2].index, 2.0f);
  EXPECT_EQ(asc[3], (Element{kSentinelKey, 3.0f, 0.0f, 0.0f}));

  const std::vector<Element> desc = packElements(image, SortOrder::Descending);
  EXPECT_EQ(desc[0].key, float(kMaxLuma - lumaKey(10, 20, 30)));
  EXPECT_EQ(desc[1].key, 0.0f);  // the brightest pixel comes first
  EXPECT_EQ(desc[3].key, kSentinelKey);
}

TEST(Pack, UnpackRestoresThePixelsAndCropsPadding) {
  const Image image = onePixelPerColour({{10, 20, 30, 40}, {255, 255, 255, 0}, {1, 2, 3, 255}});
  const Image back = unpackElements(packElements(image, SortOrder::Ascending), 3, 1, 4);
  EXPECT_EQ(back.rgba, image.rgba);
  EXPECT_EQ(back.channels, 4);
}

// Beyond 2^24 elements the index's high bits ride in r under the key: (r, g) orders exactly as
// (key, index), round-trips both, and keeps every channel below 2^24 (exact in float32).
TEST(Pack, IndicesBeyond2To24SplitAcrossKeyAndIndexChannels) {
  EXPECT_EQ(indexHighBits(1), 0u);
  EXPECT_EQ(indexHighBits(std::uint64_t{1} << 24), 0u);
  EXPECT_EQ(indexHighBits(std::uint64_t{1} << 25), 1u);
  EXPECT_EQ(indexHighBits(kMaxElements), 4u);
  const std::uint64_t n = kMaxElements;
  const auto element = [&](std::uint32_t key, std::uint64_t i) {
    return Element{float((std::uint64_t{key} << indexHighBits(n)) | (i >> kIndexLowBits)), float(i & 0xFFFFFF), 0, 0};
  };
  const std::uint64_t indices[] = {0, 1, (1u << 24) - 1, 1u << 24, (1u << 24) + 5, n - 1};
  const std::uint32_t keys[] = {0, 1, kMaxLuma, static_cast<std::uint32_t>(kSentinelKey)};
  for (std::uint32_t key : keys) {
    for (std::uint64_t i : indices) {
      const Element e = element(key, i);
      EXPECT_LT(e.key, 16777216.0f);
      EXPECT_EQ(originalIndex(e, indexHighBits(n)), i);
      EXPECT_EQ(sortKey(e, indexHighBits(n)), key);
      EXPECT_EQ(isPadding(e, indexHighBits(n)), float(key) == kSentinelKey);
      for (std::uint32_t key2 : keys)
        for (std::uint64_t j : indices)
          EXPECT_EQ(elementLess(e, element(key2, j)), key < key2 || (key == key2 && i < j)) << key << " " << i;
    }
  }
}

TEST(Pack, UnpackRefusesPaddingAmongPixels) {
  const Image image = onePixelPerColour({{1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}});
  std::vector<Element> elements = packElements(image, SortOrder::Ascending);
  std::swap(elements[0], elements[3]);
  EXPECT_THROW(unpackElements(elements, 3, 1, 4), std::logic_error);
}

}  // namespace
}  // namespace texsort
