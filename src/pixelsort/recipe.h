// A recipe's sorts run in one place, below every front-end: each sort's side pictures (--mask,
// --field) read and checked, a sort planned as every caller plans one, a picture taken through the
// sorts in turn (each on the result of the one before), checked against the CPU model where asked.
// The command line, the viewer, the page and FrameSorter (the plugin's frames) all run them here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pixelsort/pixel_runner.h"
#include "pixelsort/presets.h"
#include "sort/cpu_model.h"

namespace texsort {

// The stage's --mask and --field read into its options, unless they hold them already (each file
// read once); "-" is standard input, named in messages by its role ("standard input (mask)").
void readSidePictures(PixelSortStage& stage);
// Throws the one-line error for a mask or field that is not width x height, naming its file.
void checkSidePictures(const PixelSortStage& stage, std::uint32_t width, std::uint32_t height);
// The stage with its side pictures read and checked for a picture of width x height (both above).
PixelSortStage withSidePictures(PixelSortStage stage, std::uint32_t width, std::uint32_t height);

// The stage made ready for pictures of width x height on the current context, after the host's
// checks (side pictures, limits, memory budget); errors name `name`. With `earlier` (a plan of the
// same size, done with), on its runner where that serves (PixelSortPlan's re-plan).
std::unique_ptr<PixelSortPlan> planStage(const std::string& name, std::uint32_t width, std::uint32_t height,
                                         const PixelSortStage& stage, PixelSortPlan* earlier = nullptr);

// Throws Error(Mismatch), naming the picture `name`, unless `sorted` (the GPU's result, read back
// before --mix) equals the CPU model's run of `schedule` from `source`, and that equals a plain
// stable sort of every span.
void verifyPixelSort(const std::string& name, const Image& image, const PixelSortOptions& options,
                     const SortState& source, const PassSchedule& schedule, const Image& sorted);

// `image` through `stages` in turn, each planned, run, mixed by its --mix, and its textures given
// back before the next is planned (a still's recipe: one plan at a time in memory). `verify`: each
// sort checked as verifyPixelSort checks it. `ran`, where given, gets each sort's line sort as it ran
// (auto's choice for its lines).
Image sortThrough(Image image, const std::vector<PixelSortStage>& stages, const std::string& name, bool verify = false,
                  std::vector<Algorithm>* ran = nullptr);

}  // namespace texsort
