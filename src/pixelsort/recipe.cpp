// A recipe's sorts: side pictures, plans, a picture through each sort, the CPU model's check (recipe.h).
#include "pixelsort/recipe.h"

#include <cstring>
#include <utility>

#include "error.h"
#include "fault.h"
#include "image/image_io.h"

namespace texsort {
namespace {

// A mask or a field; one read from standard input is named by its role in messages.
std::shared_ptr<const Image> loadSide(const std::string& path, const char* role) {
  try {
    return std::make_shared<const Image>(loadImage(path, kMaxElements));
  } catch (const Error& e) {
    const std::string message = e.what(), stdinName = "standard input";
    if (path != "-" || message.rfind(stdinName, 0) != 0) throw;
    throw Error(e.code(), stdinName + " (" + role + ")" + message.substr(stdinName.size()));
  }
}

std::string sideName(const std::string& path, const char* role) {
  return path == "-" ? std::string("standard input (") + role + ")" : path;
}

}  // namespace

void readSidePictures(PixelSortStage& stage) {
  if (!stage.mask.empty() && !stage.options.mask) stage.options.mask = loadSide(stage.mask, "mask");
  if (!stage.field.empty() && !stage.options.field) stage.options.field = loadSide(stage.field, "field");
}

void checkSidePictures(const PixelSortStage& stage, std::uint32_t width, std::uint32_t height) {
  checkMaskSize(stage.options, width, height, sideName(stage.mask, "mask"), sideName(stage.field, "field"));
}

PixelSortStage withSidePictures(PixelSortStage stage, std::uint32_t width, std::uint32_t height) {
  readSidePictures(stage);
  checkSidePictures(stage, width, height);
  return stage;
}

std::unique_ptr<PixelSortPlan> planStage(const std::string& name, std::uint32_t width, std::uint32_t height,
                                         const PixelSortStage& stage, PixelSortPlan* earlier) {
  checkSidePictures(stage, width, height);
  checkPixelSortPlanOnHost(name, width, height, stage.options, stage.algorithm);
  if (earlier) return std::make_unique<PixelSortPlan>(*earlier, stage.options, stage.algorithm, stage.algorithmChosen, true);
  return std::make_unique<PixelSortPlan>(name, width, height, stage.options, stage.algorithm, stage.algorithmChosen);
}

void verifyPixelSort(const std::string& name, const Image& image, const PixelSortOptions& options,
                     const SortState& source, const PassSchedule& schedule, const Image& sorted) {
  const Image cpuImage = pixelSortOutput(image, runScheduleState(schedule, source).pixels);
  for (std::size_t i = 0; i < image.pixelCount(); ++i) {
    if (std::memcmp(&sorted.rgba[4 * i], &cpuImage.rgba[4 * i], 4) != 0) {
      throw Error(ExitCode::Mismatch, name + ": verify: the image read back differs from the CPU model at pixel (" +
                                          std::to_string(i % image.width) + ", " + std::to_string(i / image.width) + ")");
    }
  }
  if (cpuImage.rgba != pixelSortReference(image, options).rgba) {
    throw Error(ExitCode::Mismatch, name + ": verify: the CPU model differs from a stable sort of every span");
  }
}

Image sortThrough(Image image, const std::vector<PixelSortStage>& stages, const std::string& name, bool verify,
                  std::vector<Algorithm>* ran) {
  for (PixelSortStage stage : stages) {
    readSidePictures(stage);
    const std::unique_ptr<PixelSortPlan> plan = planStage(name, image.width, image.height, stage);
    if (ran) ran->push_back(plan->algorithm());
    plan->run(image);
    Image sorted = withPixels(image, plan->readSorted(image, {}, 1.0));  // mixed after --verify
    if (forcedFailure("verify-then")) sorted.rgba[0] ^= 1;
    if (verify) {
      SortState source;
      source.source = pixelSortSource(image, stage.options, plan->layout());
      verifyPixelSort(name, image, stage.options, source, plan->schedule(), sorted);
    }
    mixWithOriginal(sorted.rgba, image.rgba, stage.options.mix);
    image = std::move(sorted);
  }
  return image;
}

}  // namespace texsort
