// The page's mask brush (texsort_live_brush, texsort_live_brush_from, texsort_live_brush_overlay):
// the desktop's strokes on the live picture's mask, written as texsort's PNG for --mask to read,
// and the mask as the brush shows it over the picture. web/texsort.js wraps them.
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "error.h"
#include "image/draw.h"
#include "image/image_io.h"
#include "playback/mask_overlay.h"
#include "sort/element.h"
#include "web/live_pixel_sort.h"

using namespace texsort;

// The page's mask brush, the desktop's (paintStroke): on the opened picture's mask (black, or as
// texsort_live_brush_from set it), a round stroke from (x0, y0) to (x1, y1) in picture pixels of `radius`,
// white to paint (`level` 255) or black to erase (0); or, with a negative radius, the whole mask at
// `level` (Fill, Clear). The mask is written to `path` as texsort's PNG for --mask to read; returns
// the pixels changed, or minus the exit code with the one-line error on standard error.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_brush(const char* path, double x0, double y0, double x1, double y1,
                                                       double radius, int level) {
  Live& l = live();
  try {
    if (l.image.width == 0) throw Error(ExitCode::Usage, "no picture is open");
    const auto byte = static_cast<std::uint8_t>(std::clamp(level, 0, 255));
    if (l.brush.width != l.image.width || l.brush.height != l.image.height || radius < 0) {
      l.brush = flatMask(l.image.width, l.image.height, radius < 0 ? byte : 0);
    }
    const std::uint64_t changed =
        radius < 0 ? l.brush.pixelCount() : paintStroke(l.brush, x0, y0, x1, y1, radius, Rgb{byte, byte, byte});
    saveImagePng(path, l.brush);
    return static_cast<int>(std::min<std::uint64_t>(changed, 0x7fffffff));
  } catch (const Error& e) {
    return failed(e);
  }
}

// The mask the brush's next stroke paints on: the mask file at `path` (the one --mask names now:
// a file the user chose, or a painted one brought back by Undo) when it has the picture's size,
// else black; "" for black. Returns 0, or minus the exit code with the one-line error.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_brush_from(const char* path) {
  Live& l = live();
  try {
    l.brush = Image{};
    if (*path == '\0' || l.image.width == 0) return 0;
    Image mask = loadImage(path, kMaxElements);
    if (mask.width == l.image.width && mask.height == l.image.height) l.brush = std::move(mask);
    return 0;
  } catch (const Error& e) {
    return failed(e);
  }
}

// The mask the brush paints on as the page shows it over the picture while brushing (maskOverlay:
// its black pixels red, the white clear), RGBA from the top row at the picture's size; null when
// the brush has no mask (none painted or chosen on this picture).
extern "C" EMSCRIPTEN_KEEPALIVE const std::uint8_t* texsort_live_brush_overlay() {
  static std::vector<std::uint8_t> tint;
  const Live& l = live();
  if (l.brush.width == 0 || l.brush.width != l.image.width || l.brush.height != l.image.height) return nullptr;
  tint = maskOverlay(l.brush);
  return tint.data();
}
