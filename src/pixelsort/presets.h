// Presets: named recipes of `texsort pixelsort` options (--preset NAME), and recipe files of one's
// own (--preset FILE): each line one sort's options, the lines joined by --then.
#pragma once

#include <string>
#include <vector>

#include "pixelsort/pixel_sort.h"

namespace texsort {

// One sort of a recipe (the first, or a later one after `--then`, run on the result of the one before).
struct PixelSortStage {
  PixelSortOptions options;
  std::string mask;   // its --mask FILE
  std::string field;  // its --field FILE
  Algorithm algorithm = Algorithm::BitonicWide;
  bool algorithmChosen = false;  // its --algo named `algorithm`; else the context's faster backend (pixelSortBackendHere)
};

struct PresetInfo {
  const char* name;
  const char* summary;  // for --help and the README
  const char* recipe;   // one sort a line
};
extern const PresetInfo kPresets[6];

// The words of a recipe's text: '#' starts a comment to the end of its line, words are separated by
// blanks, and each further non-empty line starts with --then.
std::vector<std::string> recipeWords(const std::string& text);

// --preset NAME (a shipped preset) or FILE (a name with '/' or '.' in it): its words. Throws
// texsort::Error(Usage) naming the presets for an unknown name, Error(BadInput) naming the file
// when it cannot be read.
std::vector<std::string> presetWords(const std::string& nameOrFile);

}  // namespace texsort
