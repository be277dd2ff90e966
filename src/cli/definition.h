// texsort's command line as CLI11 sees it: the Definition that binds every option to a Command
// (command_options.cpp) and checks what needs the whole line (command_line.cpp). Internal to src/cli.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cli/command_line.h"
#include "cli/typed_options.h"
#include "pixelsort/option_parse.h"

namespace texsort::cli {

constexpr std::uint32_t kMaxFrameSide = 4096;
constexpr double kMaxPassNumber = 1e9;     // above any schedule's length; the sort's own count is checked later

// --size W or WxH, each side 1..kMaxFrameSide, into options.width and options.height.
void parseRecordSize(const std::string& text, RecordOptions& options);

// The whole command line: texsort's options bound to `command`, each with its type's check.
struct Definition {
  CLI::App app{"texsort: sorts the pixels of an image by luminance with GPU sorting networks (bitonic and\n"
               "the seed articles' other sorts), each pass one OpenGL fragment-shader draw over ping-ponged\n"
               "RGBA32F textures."};
  std::vector<std::pair<const CLI::Option*, OptionSpec>> specs;
  explicit Definition(Command& command);
  // Values that need the whole line (or other values) to check: after a successful parse.
  void finish(Command& command);

 private:
  void finishPixelSort(Command& command);
  void finishRecord(Command& command);
  void finishBench(Command& command);
  void finishDemo(Command& command);
  CLI::App *sortCommand, *pixelCommand, *recordCommand, *benchCommand, *checkCommand, *infoCommand, *demoCommand;
  std::string order = "asc", algo = "bitonic-wide";
  SortTexts pixelTexts;  // one sort's options as typed, until sortStageOf reads them
  std::string recordOrder = "asc", recordAlgo = "bitonic", recordFormat, recordSize;
  std::vector<std::string> recordOverlays, benchAlgos, checkAlgos, overlays;
  bool json = false, csv = false;
  std::string viewOrder = "asc", speed = "max", zoom = "fit", viewAlgo = "bitonic";
};

}  // namespace texsort::cli
