// The option table (option_table.h) as a command line: one sort's options added to a CLI11 app, and
// a line of sorts (`--angle 30 --then --key hue`, `--preset asdf`) parsed into its stages, as the
// frei0r plugin's `options` string and the command line's pixelsort take them.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "pixelsort/option_table.h"

namespace texsort {

// Where an app's sort options put their text until the parse is done.
struct SortTexts {
  std::map<std::string, std::string> text;
  std::map<std::string, bool> flag;
};

// Adds every row of the table to `app`, bound to `texts`, with its value's check (numbers and files
// by sortValueProblem, choices by CLI11's IsMember) and its help; `added` sees each option made.
void addSortOptions(CLI::App& app, SortTexts& texts,
                    const std::function<void(CLI::Option*, const SortOptionInfo&)>& added = {});
// The options `app` was given, after its parse: its sort's values for sortStageOf.
SortValues givenSortValues(const CLI::App& app, const SortTexts& texts);

// Why `--preset TEXT` names no recipe before it is looked for ("" when it may): TEXT is the next
// option, taken as the preset's name.
std::string recipeNameProblem(const std::string& text);

struct ParsedSorts {
  std::vector<PixelSortStage> stages;    // the first sort, then each --then one
  std::vector<SortValues> values;        // the options each was given, for a caller to change and remake
  std::vector<std::string> recipeFiles;  // the recipe files --preset read
};
// One sort's options, `--then` before each later sort's, `--preset NAME|FILE` standing for its
// recipe's sorts; nothing else (no files, outputs, clips' options or help). Throws
// texsort::Error(Usage) with one line for anything it cannot take, Error(BadInput) for a recipe
// file it cannot read.
ParsedSorts parseSorts(const std::vector<std::string>& words);

}  // namespace texsort
