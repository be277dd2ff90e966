// What the page compiles ahead while it is idle (texsort_live_warm): the programs a first change of
// key, of the threshold's key or of the kind of intervals would compile (the browser builds a
// program's code at its first draw: half a second each on SwiftShader), by sorting once with each
// a strip of two lines of the picture's length (rows and columns: the same pass shapes, so the
// same programs), or the whole picture (other lines, a mask, a flow field) up to kWholePixels.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "gl/objects.h"
#include "pixelsort/pixel_sort.h"
#include "playback/pixel_sort_view.h"

namespace texsort {

// What picks the live view's programs besides the key, the threshold's key and the kind of
// intervals (what the warm varies): when it changes, the warm starts again.
struct WarmKey {
  std::uint32_t width = 0, height = 0;
  Algorithm algorithm = Algorithm::BitonicWide;
  LineAxis axis = LineAxis::None;
  std::uint64_t paddedLength = 0, paddedCount = 0;
  bool packed = false, mask = false, field = false, pieces = false, skip = false, outside = false;
  bool threshold = false;  // its keys are warmed too
  PixelPath path = PixelPath::Lines;  // the lines of candidates laid out otherwise (unpacked, a path's key pieces)
  double angle = 0.0, centerX = 0.0, centerY = 0.0;

  static WarmKey of(const PixelSortView& view);
  bool operator==(const WarmKey& other) const;
};

class IdleWarm {
 public:
  static constexpr std::uint64_t kWholePixels = std::uint64_t{1} << 19;  // 512x1024: a second plan's memory

  // One step: sorts the strip (or the picture) with the next options not yet warmed for `view`,
  // unless the GPU is still busy with the last one. Returns how many are left (0: all done, or
  // nothing to warm). Options it cannot take are skipped; nothing is printed.
  int step(const PixelSortView& view);

 private:
  std::optional<WarmKey> made_;          // what left_ was made for
  std::vector<PixelSortOptions> left_;   // still to sort, the next last
  std::uint32_t width_ = 0, height_ = 0;  // the strip, or the picture
  GLsync fence_ = nullptr;               // the last warm sort's GPU work
};

}  // namespace texsort
