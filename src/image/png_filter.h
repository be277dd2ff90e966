// PNG row filtering (RFC 2083 section 6): each row gets the filter whose output has the smallest
// sum of |signed bytes|, the heuristic libpng and libspng use.
#pragma once

#include <cstdint>
#include <vector>

#include "image/image_io.h"

namespace texsort {

// Rows [first, end) of the image in a `channels`-byte layout (1 grey from red, 2 grey + alpha,
// 3 RGB, 4 RGBA), each behind its filter byte; the row above `first` is the context, as in the
// whole image's stream, so runs of rows filtered apart join byte for byte.
std::vector<unsigned char> filterRows(const Image& image, std::uint32_t first, std::uint32_t end);

}  // namespace texsort
