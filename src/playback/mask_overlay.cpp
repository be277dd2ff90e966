// The brush's mask overlay (mask_overlay.h).
#include "playback/mask_overlay.h"

#include "sort/pixel_rules.h"

namespace texsort {

std::vector<std::uint8_t> maskOverlay(const Image& mask) {
  std::vector<std::uint8_t> tint(4 * mask.pixelCount(), 0);
  for (std::uint64_t i = 0; i < mask.pixelCount(); ++i) {
    const std::uint8_t* m = &mask.rgba[4 * i];
    if (!maskWhite(m[0], m[1], m[2])) tint[4 * i] = 255, tint[4 * i + 1] = 40, tint[4 * i + 2] = 40, tint[4 * i + 3] = 255;
  }
  return tint;
}

}  // namespace texsort
