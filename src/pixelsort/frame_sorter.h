// The one pixel-sort interface for frames: a recipe's sorts (the first and every --then one) made
// ready on the current GL context for frames of one size, each frame RGBA8 bytes in and RGBA8 bytes
// out, exactly `texsort pixelsort` of that frame. The plugin sorts through it; a host that keeps
// its own GL context calls it on the thread where that context is current.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pixelsort/pixel_runner.h"
#include "pixelsort/presets.h"

namespace texsort {

class FrameSorter {
 public:
  // The sorts as parseSorts gives them; each --mask and --field named is read here, once (a file's
  // problem throws texsort::Error naming it; "-" is refused: a frame's sort reads no standard input).
  // Errors of a frame name `name`, or "a frame of WxH" when it is empty.
  explicit FrameSorter(std::vector<PixelSortStage> stages, std::string name = "");

  // Sorts a frame of width x height RGBA8 pixels, rows `inStride` bytes apart from `in`, into `out`
  // (rows `outStride` apart; `out` may be `in`). The plans are made at the first frame of a size
  // (a mask or field of another size, or a picture too large for the line sort, throws
  // texsort::Error naming `name`), then reused: a frame costs its upload, passes and read-back.
  void sort(const std::uint8_t* in, std::size_t inStride, std::uint8_t* out, std::size_t outStride, std::uint32_t width,
            std::uint32_t height);

  // The plans for frames of width x height made now (sort() makes them at a frame of a new size),
  // so that a run can refuse before its first frame.
  void prepare(std::uint32_t width, std::uint32_t height);

  // `earlier`'s plans (another recipe's, as a filter's parameters change) lend their runners, where
  // they serve, to this sorter's plans at its first frame of their size: the textures and programs
  // serve again. `earlier` has no plans after.
  void inherit(FrameSorter& earlier);

  const std::vector<PixelSortStage>& stages() const { return stages_; }
  const PixelSortPlan& plan(std::size_t k) const { return *plans_.at(k); }  // after prepare()

 private:
  std::vector<PixelSortStage> stages_;  // their options hold the masks and fields read
  std::string name_;
  std::vector<std::unique_ptr<PixelSortPlan>> plans_;
  std::uint32_t width_ = 0, height_ = 0;  // the plans' size (0: none yet)
  bool inherited_ = false;                // plans_ are an earlier recipe's (inherit())
  Image frame_;                           // the frame being sorted, its storage kept between frames
  std::vector<std::uint8_t> spare_;       // what a sort reads back into: no allocation a frame
};

}  // namespace texsort
