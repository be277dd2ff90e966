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

// One sort of a recipe's text: its line's number (from 1) and its words.
struct RecipeLine {
  std::size_t number = 0;
  std::vector<std::string> words;
};

// The sorts of a recipe's text: '#' starts a comment to the end of its line, words are separated
// by blanks, and each non-empty line is one sort. A UTF-8 byte-order mark at the start is skipped.
std::vector<RecipeLine> recipeLines(const std::string& text);

// The words of a recipe's text: its lines' words, each line after the first starting with --then.
std::vector<std::string> recipeWords(const std::string& text);

// Whether --preset TEXT names a recipe file (a name with '/' or '.' in it), not a shipped preset.
inline bool namesRecipeFile(const std::string& nameOrFile) { return nameOrFile.find_first_of("/.") != std::string::npos; }

// --preset NAME (a shipped preset) or FILE (namesRecipeFile): its sorts. Throws
// texsort::Error(Usage) naming the presets for an unknown name, Error(BadInput) naming the file
// when it cannot be read, is over 64 KiB or holds no options.
std::vector<RecipeLine> presetLines(const std::string& nameOrFile);

}  // namespace texsort
