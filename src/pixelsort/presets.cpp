// The shipped presets and recipe files (presets.h).
#include "pixelsort/presets.h"

#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "error.h"

namespace texsort {

const PresetInfo kPresets[6] = {
    {"asdf", "Kim Asendorf's look: columns, then rows, by the packed colour, the bright runs",
     "--direction vertical --key rgb --lower 0.3 --upper 1\n--key rgb --lower 0.3 --upper 1"},
    {"melt", "columns falling from the edges, darkest last",
     "--direction vertical --intervals edges --lower 0.5 --order desc"},
    {"rings", "hue rings round the middle", "--path circles --key hue --lower 0.1 --upper 0.9"},
    {"rays", "rays from the middle, half blended back", "--path radial --lower 0.2 --upper 0.95 --mix 0.6"},
    {"static", "a Hilbert curve shuffled in short seeded runs", "--path hilbert --key shuffle --intervals random --span-length 48 --seed 7"},
    {"weave", "columns by saturation outside the middle tones, then rows by hue",
     "--direction vertical --key saturation --lower 0.35 --upper 0.65 --invert\n--key hue --intervals random --span-length 40 --seed 3"},
};

std::vector<RecipeLine> recipeLines(const std::string& text) {
  std::vector<RecipeLine> lines;
  // A byte-order mark (what Windows editors write first) is not a word of the first line.
  const bool marked = text.compare(0, 3, "\xEF\xBB\xBF") == 0;
  std::istringstream in(marked ? text.substr(3) : text);
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    RecipeLine sort{++number, {}};
    std::istringstream words(line.substr(0, line.find('#')));
    for (std::string word; words >> word;) sort.words.push_back(word);
    if (!sort.words.empty()) lines.push_back(std::move(sort));
  }
  return lines;
}

std::vector<std::string> recipeWords(const std::string& text) {
  std::vector<std::string> words;
  for (const RecipeLine& line : recipeLines(text)) {
    if (!words.empty()) words.push_back("--then");
    words.insert(words.end(), line.words.begin(), line.words.end());
  }
  return words;
}

std::vector<RecipeLine> presetLines(const std::string& nameOrFile) {
  if (!namesRecipeFile(nameOrFile)) {
    std::string names;
    for (const PresetInfo& p : kPresets) {
      if (nameOrFile == p.name) return recipeLines(p.recipe);
      names += std::string(names.empty() ? "" : ", ") + p.name;
    }
    throw Error(ExitCode::Usage, "--preset: no preset named '" + nameOrFile + "'; the presets are " + names +
                                     ", or give a recipe file (a path)");
  }
  struct stat st {};
  if (::stat(nameOrFile.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    // Opening a FIFO waits for a writer; a pipe may be the image's too; a device is no recipe.
    const char* what = S_ISDIR(st.st_mode) ? "a folder" : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device" : "a pipe or socket";
    throw Error(ExitCode::BadInput, nameOrFile + ": " + what + "; a recipe is read from a file (--preset)");
  }
  std::ifstream in(nameOrFile, std::ios::binary);
  if (!in) throw Error(ExitCode::BadInput, nameOrFile + ": cannot read this recipe file (--preset)");
  constexpr std::size_t kLongest = 1 << 16;  // a recipe is a few lines; /dev/zero is not one
  std::string text(kLongest + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (in.bad()) throw Error(ExitCode::BadInput, nameOrFile + ": cannot read this recipe file (--preset)");
  if (text.size() > kLongest) throw Error(ExitCode::BadInput, nameOrFile + ": over 64 KiB, too long for a recipe (--preset)");
  std::vector<RecipeLine> lines = recipeLines(text);
  if (lines.empty()) throw Error(ExitCode::BadInput, nameOrFile + ": an empty recipe (--preset): no options in it");
  return lines;
}

}  // namespace texsort
