// The command line as data: parsing (CLI11) is separate from running, so it can be fuzzed.
#pragma once

#include <string>
#include <vector>

#include "cli/commands.h"
#include "pixelsort/option_parse.h"
#include "viewer/viewer.h"

namespace texsort {

struct Command {
  enum class Kind { Help, Sort, PixelSort, Record, Bench, Check, Info, Demo } kind = Kind::Demo;
  std::string helpText;  // Kind::Help: what to print (the help of the command asked about)
  SortOptions sort;
  PixelSortCommandOptions pixelSort;
  RecordCommandOptions record;
  BenchOptions bench;
  CheckOptions check;
  ViewerOptions view;
  bool infoOptions = false;  // info --options: the pixel sort's option table as JSON
};

// What one option of the command line accepts, read from its definition (commandLineOptions):
// the contract test feeds every option the values this says it refuses.
struct OptionSpec {
  std::string command;  // the subcommand: sort, pixelsort, ...
  std::string name;     // as CLI11 names it: "--fps", or "input" for a positional
  enum class Kind { Flag, Integer, Real, Choice, Path, Text, Untyped } kind = Kind::Untyped;
  double min = 0, max = 0;           // Integer, Real: the range, both included
  std::vector<std::string> choices;  // Choice: the words; Real: words it takes beside numbers (--speed max)
  std::vector<std::string> needs;    // options that must come with it (--screenshot needs --frames)
  bool positional = false;
};

// Every option of every subcommand, in definition order. An option added without a type comes back
// as Kind::Untyped, which the contract test refuses.
std::vector<OptionSpec> commandLineOptions();

// The sorts of a preset or recipe file (--preset NAME|FILE) as `texsort pixelsort` reads them, the
// first and every --then one; masks and fields named, not loaded. Throws texsort::Error as
// pixelsort's parsing would (Usage for a bad option, BadInput for an unreadable file).
std::vector<PixelSortStage> recipeStages(const std::string& nameOrFile);

// Parses argv (argv[0] is the program). Throws texsort::Error(Usage) with a one-line message for
// an unknown command, flag or value; never prints, never exits.
Command parseCommandLine(int argc, const char* const* argv);

}  // namespace texsort
