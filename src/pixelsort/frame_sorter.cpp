// FrameSorter (frame_sorter.h): a recipe's plans for one frame size, and a frame through each.
#include "pixelsort/frame_sorter.h"

#include <cstring>
#include <utility>

#include "error.h"

namespace texsort {
namespace {

std::shared_ptr<const Image> loadSide(const std::string& path, const char* option) {
  if (path.empty()) return nullptr;
  if (path == "-") throw Error(ExitCode::Usage, std::string(option) + " must be a file, not -");
  return std::make_shared<const Image>(loadImage(path, kMaxElements));
}

}  // namespace

FrameSorter::FrameSorter(std::vector<PixelSortStage> stages) : stages_(std::move(stages)) {
  if (stages_.empty()) throw Error(ExitCode::Usage, "a pixel sort needs one sort at least");
  for (PixelSortStage& stage : stages_) {
    stage.options.mask = loadSide(stage.mask, "--mask");
    stage.options.field = loadSide(stage.field, "--field");
  }
}

void FrameSorter::plan(std::uint32_t width, std::uint32_t height) {
  plans_.clear();  // the old plans' textures go before the new ones are made
  width_ = height_ = 0;
  const std::string name = "a frame of " + std::to_string(width) + "x" + std::to_string(height);
  for (const PixelSortStage& stage : stages_) {
    checkMaskSize(stage.options, width, height, stage.mask, stage.field);
    checkPixelSortPlanOnHost(name, width, height, stage.options, stage.algorithm);
    plans_.push_back(
        std::make_unique<PixelSortPlan>(name, width, height, stage.options, stage.algorithm, stage.algorithmChosen));
  }
  width_ = width;
  height_ = height;
}

void FrameSorter::sort(const std::uint8_t* in, std::size_t inStride, std::uint8_t* out, std::size_t outStride,
                       std::uint32_t width, std::uint32_t height) {
  if (width == 0 || height == 0) throw Error(ExitCode::Usage, "a frame of no pixels");
  if (width != width_ || height != height_) plan(width, height);
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
