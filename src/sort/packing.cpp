// Packs pixels into (key, index, colour) elements for sorting, and unpacks sorted elements.
#include "sort/packing.h"

#include <stdexcept>

#include "sort/bits.h"

namespace texsort {

std::vector<Element> packElements(const Image& image, SortOrder order) {
  const std::uint64_t pixels = image.pixelCount();
  if (pixels == 0 || pixels > kMaxElements) throw std::invalid_argument("packElements: bad pixel count");
  std::vector<Element> elements(nextPowerOfTwo(pixels));
  // Beyond 2^24 elements the index's high bits go under the key in r (element.h).
  const unsigned high = indexHighBits(elements.size());
  const std::uint64_t lowMask = (std::uint64_t{1} << kIndexLowBits) - 1;
  const auto r = [&](std::uint32_t key, std::uint64_t i) {
    return static_cast<float>((std::uint64_t{key} << high) | (i >> kIndexLowBits));
  };
  for (std::uint64_t i = 0; i < pixels; ++i) {
    const std::uint8_t* p = &image.rgba[i * 4];
    const std::uint32_t luma = lumaKey(p[0], p[1], p[2]);
    Element& e = elements[i];
    e.key = r(order == SortOrder::Ascending ? luma : kMaxLuma - luma, i);
    e.index = static_cast<float>(i & lowMask);
    e.rgb = static_cast<float>((std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2]);
    e.alpha = static_cast<float>(p[3]);
  }
  for (std::uint64_t i = pixels; i < elements.size(); ++i) {
    elements[i] = Element{r(static_cast<std::uint32_t>(kSentinelKey), i), static_cast<float>(i & lowMask), 0.0f, 0.0f};
  }
  return elements;
}

Image unpackElements(const std::vector<Element>& elements, std::uint32_t width, std::uint32_t height,
                     int channels) {
  Image image;
  image.width = width;
  image.height = height;
  image.channels = channels;
  const std::uint64_t pixels = image.pixelCount();
  if (elements.size() < pixels) throw std::logic_error("unpackElements: fewer elements than pixels");
  image.rgba.resize(pixels * 4);
  const unsigned high = indexHighBits(elements.size());
  for (std::uint64_t j = 0; j < pixels; ++j) {
    const Element& e = elements[j];
    if (isPadding(e, high)) throw std::logic_error("unpackElements: padding sorted among the pixels");
    const auto rgb = static_cast<std::uint32_t>(e.rgb);
    std::uint8_t* p = &image.rgba[j * 4];
    p[0] = static_cast<std::uint8_t>(rgb >> 16);
    p[1] = static_cast<std::uint8_t>(rgb >> 8);
    p[2] = static_cast<std::uint8_t>(rgb);
    p[3] = static_cast<std::uint8_t>(e.alpha);
  }
  return image;
}

}  // namespace texsort
