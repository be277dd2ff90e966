// The ImGui desktop viewer: animates a sort pass by pass (`texsort demo`).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sort/packing.h"
#include "pixelsort/presets.h"
#include "sort/algorithms.h"

namespace texsort {

struct ViewerOptions {
  std::string image;              // empty: the bundled astronaut
  SortOrder order = SortOrder::Ascending;
  Algorithm algorithm = Algorithm::Bitonic;
  bool benchmark = false;         // open the Benchmark window and start measuring (small sizes)
  bool autoplay = false;          // start playing at once
  float speed = 0.0f;             // passes per second; 0 = as fast as possible
  std::uint32_t frames = 0;       // quit after this many frames (0 = run until closed)
  std::string screenshot;         // after the last frame, write the window's pixels here (PNG)
  std::string exportState;        // after the last frame, Export's "Save state PNG" to this file
  std::string exportSheet;        // after the last frame, Export's "Contact sheet" to this file
  bool zoomOneToOne = false;      // start at 1:1 instead of fitted to the window
  bool showRoles = false;         // start with the min/max role overlay on
  bool showChanged = false;       // start with the changed-pixels overlay on
  bool showDiagram = false;       // open the network diagram (small inputs only)
  bool showBars = false;          // the bar view: each element a bar of its luma, in position order
  bool showcase = false;          // play a queue of algorithm x input, one after another
  std::string record;             // record the whole sort to this video (.gif, .mp4, .webm, .mkv), then quit
  std::string input;              // scripted input, "FRAME: ACTION; ..." (viewer/input_queue.h)
  std::uint32_t generate = 0;     // nonzero: start on a generated random image of this side
  bool pixelSort = false;         // start in the Pixel sort mode
  bool pixelDrag = false;         // Pixel sort mode, --lower moved every frame; reports the frame rate
  bool showSpans = false;         // Pixel sort mode: the span overlay on
  std::string preset;             // Pixel sort mode with this recipe (--preset NAME|FILE), read by `recipe`
  // The sorts of a preset or recipe file as `texsort pixelsort` reads them (the command line's
  // parser, cli/command_line.h recipeStages); throws texsort::Error. Unset: no recipes in the window.
  std::function<std::vector<PixelSortStage>(const std::string& nameOrFile)> recipe;
  std::uint32_t soakFrames = 0;   // drive the viewer with random actions for this many frames and
                                  // report GL errors, GL objects held and memory (reliability test)
  int width = 1280, height = 820;
};

// Runs the viewer until the window closes (or options.frames). Throws texsort::Error when no
// window can be opened; returns the exit code.
int runViewer(const ViewerOptions& options);

// Path of a bundled image: $TEXSORT_ASSETS, then assets/ next to the source tree the binary was
// built from, then ../../assets from the binary (the build folder layout).
std::string bundledAsset(const std::string& name);

}  // namespace texsort
