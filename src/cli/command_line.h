// The command line as data: parsing (CLI11) is separate from running, so it can be fuzzed.
#pragma once

#include <string>

#include "cli/commands.h"
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
};

// Parses argv (argv[0] is the program). Throws texsort::Error(Usage) with a one-line message for
// an unknown command, flag or value; never prints, never exits.
Command parseCommandLine(int argc, const char* const* argv);

}  // namespace texsort
