// Texture layout of a power-of-two element count, and the elements' (key, index) pairs.
#include "sort/element.h"

#include "sort/bits.h"

namespace texsort {

TextureLayout TextureLayout::forCount(std::uint64_t n) {
  const unsigned k = log2Exact(n);
  TextureLayout layout;
  layout.width = 1u << ((k + 1) / 2);  // wider than high when k is odd: rows stay long
  layout.height = 1u << (k / 2);
  return layout;
}

std::vector<float> pairsOf(const std::vector<Element>& elements) {
  std::vector<float> pairs(2 * elements.size());
  for (std::size_t e = 0; e < elements.size(); ++e) {
    pairs[2 * e] = elements[e].key;
    pairs[2 * e + 1] = elements[e].index;
  }
  return pairs;
}

}  // namespace texsort
