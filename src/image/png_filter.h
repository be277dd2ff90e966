// PNG row filtering (RFC 2083 section 6): each row gets the filter whose output has the smallest
// sum of |signed bytes|, the heuristic libpng and libspng use.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "image/image_io.h"

namespace texsort {

// The Paeth predictor (RFC 2083 6.6): of left a, up b and upper left c, the nearest to a + b - c,
// ties to a, then b. Without branches: photographs' bytes are noise to a branch predictor. The
// encoder's filters and the plain PNG reader's unfiltering share it.
inline int paethPredictor(int a, int b, int c) {
  const int pa = std::abs(b - c), pb = std::abs(a - c), pc = std::abs(a + b - 2 * c);
  const int bOrC = pb <= pc ? b : c;
  return pa <= std::min(pb, pc) ? a : bOrC;
}

// Rows [first, end) of the image in a `channels`-byte layout (1 grey from red, 2 grey + alpha,
// 3 RGB, 4 RGBA), each behind its filter byte; the row above `first` is the context, as in the
// whole image's stream, so runs of rows filtered apart join byte for byte.
std::vector<unsigned char> filterRows(const Image& image, std::uint32_t first, std::uint32_t end);

}  // namespace texsort
