// The live pixel sort's mask brush (LivePixelSort::brush, brushFrom, brushOverlay): the desktop's
// strokes on the live picture's mask, written as texsort's PNG for --mask to read, and the mask as
// the brush shows it over the picture.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "error.h"
#include "image/draw.h"
#include "image/image_io.h"
#include "playback/mask_overlay.h"
#include "sort/element.h"
#include "web/live_pixel_sort.h"

namespace texsort {

// On the opened picture's mask: black, or as brushFrom set it.
std::uint64_t LivePixelSort::brush(const std::string& path, double x0, double y0, double x1, double y1, double radius,
                                   int level) {
  if (image_.width == 0) throw Error(ExitCode::Usage, "no picture is open");
  const auto byte = static_cast<std::uint8_t>(std::clamp(level, 0, 255));
  if (brush_.width != image_.width || brush_.height != image_.height || radius < 0) {
    brush_ = flatMask(image_.width, image_.height, radius < 0 ? byte : 0);
  }
  const std::uint64_t changed =
      radius < 0 ? brush_.pixelCount() : paintStroke(brush_, x0, y0, x1, y1, radius, Rgb{byte, byte, byte});
  saveImagePng(path, brush_);
  return changed;
}

// `path` is the mask --mask names now: a file the user chose, or a painted one Undo brought back.
void LivePixelSort::brushFrom(const std::string& path) {
  brush_ = Image{};
  if (path.empty() || image_.width == 0) return;
  Image mask = loadImage(path, kMaxElements);
  if (mask.width == image_.width && mask.height == image_.height) brush_ = std::move(mask);
}

const std::vector<std::uint8_t>& LivePixelSort::brushOverlay() {
  overlay_.clear();
  if (brush_.width != 0 && brush_.width == image_.width && brush_.height == image_.height) overlay_ = maskOverlay(brush_);
  return overlay_;
}

}  // namespace texsort
