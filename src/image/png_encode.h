// PNG encoding on every core: the rows are cut into runs, and each run is filtered and deflated on
// its own thread into its own IDAT chunk; the runs join into one zlib stream byte for byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "image/image_io.h"

namespace texsort {

// The PNG file of `image` with image.channels 8-bit channels (grey, grey + alpha, RGB, RGBA; grey is
// taken from red). Each row gets the filter whose output has the smallest sum of |signed bytes|;
// the deflate blocks carry their own Huffman codes. The rows are split into `runs` runs (0: one a
// MiB of filtered rows, so the file is the same on any machine), deflated on the cores there are.
std::vector<unsigned char> encodePng(const Image& image, unsigned runs = 0);

}  // namespace texsort
