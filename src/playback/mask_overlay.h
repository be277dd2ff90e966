// The mask as the brush shows it over the picture (the desktop viewer's Mask section and the page's
// brush): its black pixels, which the sort leaves alone, red; its white ones, which it may sort, clear.
#pragma once

#include <cstdint>
#include <vector>

#include "image/image_io.h"

namespace texsort {

// RGBA of `mask`'s size, row for row: (255, 40, 40, 255) where maskWhite says black, else zero.
std::vector<std::uint8_t> maskOverlay(const Image& mask);

}  // namespace texsort
