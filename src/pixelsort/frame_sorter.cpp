// FrameSorter (frame_sorter.h): a recipe's plans for one frame size, and a frame through each.
#include "pixelsort/frame_sorter.h"

#include <cstring>
#include <utility>

#include "error.h"
#include "pixelsort/recipe.h"

namespace texsort {

FrameSorter::FrameSorter(std::vector<PixelSortStage> stages, std::string name)
    : stages_(std::move(stages)), name_(std::move(name)) {
  if (stages_.empty()) throw Error(ExitCode::Usage, "a pixel sort needs one sort at least");
  for (PixelSortStage& stage : stages_) {
    for (const auto& [path, option] : {std::pair{&stage.mask, "--mask"}, std::pair{&stage.field, "--field"}}) {
      if (*path == "-") throw Error(ExitCode::Usage, std::string(option) + " must be a file, not -");
    }
    readSidePictures(stage);
  }
}

void FrameSorter::prepare(std::uint32_t width, std::uint32_t height) {
  // Plans of this size (an earlier recipe's: inherit()) lend their runners to the new ones; of
  // another size, they go before the new ones are made.
  std::vector<std::unique_ptr<PixelSortPlan>> earlier;
  if (width == width_ && height == height_) earlier = std::move(plans_);
  plans_.clear();
  width_ = height_ = 0;
  inherited_ = false;
  const std::string name =
      name_.empty() ? "a frame of " + std::to_string(width) + "x" + std::to_string(height) : name_;
  for (std::size_t k = 0; k < stages_.size(); ++k) {
    PixelSortPlan* before = k < earlier.size() ? earlier[k].get() : nullptr;
    plans_.push_back(planStage(name, width, height, stages_[k], before));
    if (before) earlier[k].reset();  // its runner taken, or freed before the next plan is made
  }
  width_ = width;
  height_ = height;
}

void FrameSorter::inherit(FrameSorter& earlier) {
  plans_ = std::move(earlier.plans_);
  width_ = earlier.width_;
  height_ = earlier.height_;
  inherited_ = true;
  earlier.width_ = earlier.height_ = 0;
}

void FrameSorter::sort(const std::uint8_t* in, std::size_t inStride, std::uint8_t* out, std::size_t outStride,
                       std::uint32_t width, std::uint32_t height) {
  if (width == 0 || height == 0) throw Error(ExitCode::Usage, "a frame of no pixels");
  if (width != width_ || height != height_ || inherited_) prepare(width, height);
  const std::size_t row = std::size_t{width} * 4;
  frame_.width = width;
  frame_.height = height;
  frame_.channels = 4;
  frame_.rgba.resize(row * height);
  for (std::uint32_t y = 0; y < height; ++y) std::memcpy(frame_.rgba.data() + y * row, in + y * inStride, row);
  for (const std::unique_ptr<PixelSortPlan>& plan : plans_) {  // each sort on the result of the one before
    spare_ = plan->sort(frame_, std::move(spare_), plan->options().mix);  // read back over the spare's memory
    std::swap(frame_.rgba, spare_);
  }
  for (std::uint32_t y = 0; y < height; ++y) std::memcpy(out + y * outStride, frame_.rgba.data() + y * row, row);
}

}  // namespace texsort
