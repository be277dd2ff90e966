// The pixel sort's options, declared once: what each of one sort's options is called, takes, means
// and starts as. The command line's pixelsort options, a recipe's lines, the frei0r plugin's
// `options` string and typed parameters, and --animate's ranges are all made from this table.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "pixelsort/presets.h"

namespace texsort {

struct SortOptionInfo {
  enum class Kind { Real, Integer, Choice, Flag, Path, Text };
  std::string name;  // the command line's --NAME
  Kind kind = Kind::Real;
  double min = 0, max = 0;           // Real, Integer: both included
  std::vector<std::string> choices;  // Choice: its words
  std::string initial;               // the value a sort takes when it is not given ("" for none)
  std::string help;                  // the command line's help, one paragraph (choices: a line each)
  bool animated = false;             // --animate moves it over a clip's frames
  std::string metavar;               // Text: what it looks like (X,Y)
};

// Every option of one sort, in the order the help lists them.
const std::vector<SortOptionInfo>& sortOptionTable();
// The kind's word, as `info --options` and the page's option table give it: real, integer,
// choice, flag, file, text.
const char* kindName(SortOptionInfo::Kind kind);
// The row of --NAME (NAME without dashes); null when there is none.
const SortOptionInfo* sortOptionNamed(const std::string& name);

// Why TEXT is no value of the option (one phrase, the text echoed at most 40 characters), or ""
// when it is one: numbers finite, whole where the option counts, in range; words from the list;
// file names not empty and not an option's spelling; --center X,Y.
std::string sortValueProblem(const SortOptionInfo& option, const std::string& text);

// One sort's options as given: by name, the text of each option given (a flag: "true").
struct SortValues {
  std::map<std::string, std::string> given;
};

// The sort `values` describe: the table's initial values where an option is not given. Throws
// texsort::Error(Usage) with the command line's one line for a value out of its range or options
// that do not hold together (--angle with --path circles, --intervals mask without --mask, ...).
PixelSortStage sortStageOf(const SortValues& values);

}  // namespace texsort
