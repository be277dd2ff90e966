// Packs pixels into (key, index, colour) elements for sorting, and unpacks sorted elements.
#include "image/packing.h"

#include <stdexcept>

#include "sort/bits.h"

namespace texsort {

std::vector<Element> packElements(const Image& image, SortOrder order) {
  const std::uint64_t pixels = image.pixelCount();
  if (pixels == 0 || pixels > kMaxElements) throw std::invalid_argument("packElements: bad pixel count");
  std::vector<Element> elements(nextPowerOfTwo(pixels));
  for (std::uint64_t i = 0; i < pixels; ++i) {
    const std::uint8_t* p = &image.rgba[i * 4];
    const std::uint32_t luma = lumaKey(p[0], p[1], p[2]);
    Element& e = elements[i];
    e.key = static_cast<float>(order == SortOrder::Ascending ? luma : kMaxLuma - luma);
    e.index = static_cast<float>(i);
    e.rgb = static_cast<float>((std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2]);
    e.alpha = static_cast<float>(p[3]);
  }
  for (std::uint64_t i = pixels; i < elements.size(); ++i) {
    elements[i] = Element{kSentinelKey, static_cast<float>(i), 0.0f, 0.0f};
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
  for (std::uint64_t j = 0; j < pixels; ++j) {
    const Element& e = elements[j];
    if (e.key == kSentinelKey) throw std::logic_error("unpackElements: padding sorted among the pixels");
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
