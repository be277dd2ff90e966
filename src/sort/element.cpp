// Texture layout of a power-of-two element count.
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

}  // namespace texsort
