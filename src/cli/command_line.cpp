// Parses texsort's command line with CLI11 into a Command; every subcommand's help lists its flags.
#include "cli/command_line.h"

#include <CLI/CLI.hpp>

#include <vector>

#include "error.h"
#include "sort/algorithms.h"
#include "sort/bits.h"
#include "sort/element.h"

namespace texsort {

Command parseCommandLine(int argc, const char* const* argv) {
  Command command;
  SortOptions& sort = command.sort;
  BenchOptions& bench = command.bench;
  ViewerOptions& view = command.view;
  CLI::App app{"texsort: sorts the pixels of an image by luminance with GPU sorting networks (bitonic and\n"
               "the seed articles' other sorts), each pass one OpenGL fragment-shader draw over ping-ponged\n"
               "RGBA32F textures."};
  app.require_subcommand(0, 1);
  app.footer("Exit codes: 0 ok, 1 bad input file, 2 usage, 3 output not writable, 4 GPU/EGL failure, "
             "5 --verify mismatch.\n");

  std::vector<std::string> algoNames;
  std::string algoHelp = "Sorting algorithm; all give the same result:";
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    algoNames.push_back(row.name);
    algoHelp += std::string("\n  ") + row.name + ": " + row.summary;
  }

  std::string order = "asc";
  CLI::App* sortCommand = app.add_subcommand("sort", "Sort an image's pixels on the GPU (headless) and write a PNG");
  sortCommand->add_option("input", sort.input, "Image to sort (PNG, JPEG, BMP, TGA, GIF, PSD, HDR, PNM); - reads standard input")
      ->required();
  sortCommand->add_option("-o,--output", sort.output, "PNG to write: - is standard output; a device or FIFO is written in place; a file (or a link's "
                          "target) is written to a temporary file, then renamed")
      ->required();
  sortCommand->add_option("--order", order, "asc: darkest first; desc: brightest first (ties keep file order)")
      ->check(CLI::IsMember({"asc", "desc"}))
      ->capture_default_str();
  std::string algo = "bitonic-fast";
  sortCommand->add_option("--algo", algo, algoHelp)
      ->check(CLI::IsMember(algoNames))
      ->capture_default_str();
  sortCommand->add_flag("--verify", sort.verify, "Check the GPU result against the CPU model; exit 5 on a difference");
  sortCommand->add_flag("-q,--quiet", sort.quiet, "Print nothing on success");

  std::vector<std::string> benchAlgos;
  bool json = false, csv = false;
  CLI::App* benchCommand = app.add_subcommand(
      "bench", "Time every algorithm at several sizes on random data, against a copy pass and std::sort");
  benchCommand->add_option("--algos", benchAlgos, "Algorithms to time (default: all)")
      ->check(CLI::IsMember(algoNames))
      ->delimiter(',');
  benchCommand->add_option("--sizes", bench.sizes, "Element counts, powers of two from 2 to 2^24")
      ->check(CLI::Range(std::uint64_t{2}, kMaxElements))
      ->delimiter(',')
      ->capture_default_str();
  benchCommand->add_option("--runs", bench.runs, "Measured runs per cell, after one warm-up")
      ->check(CLI::Range(1u, 1000u))
      ->capture_default_str();
  benchCommand->add_option("--max-work", bench.maxWork,
                           "Skip cells whose passes x elements exceed this (transposition needs N passes)")
      ->capture_default_str();
  benchCommand->add_flag("--json", json, "Print JSON instead of the table");
  benchCommand->add_flag("--csv", csv, "Print CSV instead of the table")->excludes("--json");
  benchCommand->add_flag("!--no-progress", bench.progress, "No progress line on stderr");
  benchCommand->add_option("--plot", bench.plot, "Also write a log-log plot of GPU ms against N as this PNG");

  CLI::App* infoCommand = app.add_subcommand("info", "Show the headless OpenGL renderer, version and limits");

  std::string viewOrder = "asc", speed = "max", zoom = "fit";
  CLI::App* demoCommand =
      app.add_subcommand("demo", "Open the viewer: watch the sort pass by pass (the default command)");
  demoCommand->add_option("image", view.image, "Image to open (default: the bundled astronaut)");
  demoCommand->add_option("--order", viewOrder, "asc or desc")->check(CLI::IsMember({"asc", "desc"}))->capture_default_str();
  std::string viewAlgo = "bitonic";
  demoCommand->add_option("--algo", viewAlgo, algoHelp)->check(CLI::IsMember(algoNames))->capture_default_str();
  demoCommand->add_flag("--bench", view.benchmark, "Open the Benchmark window and measure every algorithm up to 65536");
  demoCommand->add_flag("--autoplay", view.autoplay, "Start playing at once");
  demoCommand->add_option("--speed", speed, "Passes per second (1-240), or max: as many as fit each frame")
      ->check(CLI::IsMember({"max"}) | CLI::Range(1.0, 240.0))
      ->capture_default_str();
  demoCommand->add_option("--frames", view.frames, "Quit after this many frames (for scripts and tests)");
  demoCommand->add_option("--screenshot", view.screenshot, "After the last frame, save the window as this PNG")
      ->needs("--frames");
  demoCommand->add_option("--export-state", view.exportState, "After the last frame, save the current state as this PNG")
      ->needs("--frames");
  demoCommand->add_option("--export-sheet", view.exportSheet,
                          "After the last frame, save a contact sheet of 12 passes as this PNG")
      ->needs("--frames");
  std::vector<std::string> overlays;
  demoCommand->add_option("--overlay", overlays, "Start with overlays on: roles (min/max), changed (last pass)")
      ->check(CLI::IsMember({"roles", "changed"}))
      ->delimiter(',');
  demoCommand->add_flag("--diagram", view.showDiagram, "Open the network diagram (inputs of at most 64 elements)");
  demoCommand->add_option("--generate", view.generate, "Start on a generated random image of this side (4-2048)")
      ->check(CLI::Range(4, 2048))
      ->excludes("image");
  demoCommand->add_option("--soak", view.soakFrames,
                          "Drive the viewer with random actions for N frames; report GL errors, objects, memory")
      ->check(CLI::Range(10u, 1000000u));
  demoCommand->add_option("--zoom", zoom, "fit: fit the window; 1: one texel per screen pixel")
      ->check(CLI::IsMember({"fit", "1"}))
      ->capture_default_str();

  app.allow_extras();  // after the subcommands, so they still reject unknown flags; see below
  try {
    app.parse(argc, argv);
    if (!app.remaining().empty()) {
      throw CLI::ExtrasError("unknown command '" + app.remaining().front() + "'", CLI::ExitCodes::ExtrasError);
    }
  } catch (const CLI::CallForHelp&) {
    command.kind = Command::Kind::Help;
    command.helpText = app.help();
    return command;
  } catch (const CLI::CallForAllHelp&) {
    command.kind = Command::Kind::Help;
    command.helpText = app.help("", CLI::AppFormatMode::All);
    return command;
  } catch (const CLI::ParseError& e) {
    throw Error(ExitCode::Usage, std::string(e.what()) + " (see texsort --help)");
  }

  if (*sortCommand) {
    command.kind = Command::Kind::Sort;
    sort.order = order == "desc" ? SortOrder::Descending : SortOrder::Ascending;
    parseAlgorithm(algo, sort.algorithm);
  } else if (*infoCommand) {
    command.kind = Command::Kind::Info;
  } else if (*benchCommand) {
    command.kind = Command::Kind::Bench;
    if (!benchAlgos.empty()) {
      bench.algorithms.clear();
      for (const std::string& name : benchAlgos) parseAlgorithm(name, bench.algorithms.emplace_back());
    }
    for (std::uint64_t n : bench.sizes) {
      if (!isPowerOfTwo(n)) throw Error(ExitCode::Usage, "--sizes: " + std::to_string(n) + " is not a power of two");
    }
    bench.format = json ? BenchOptions::Format::Json : csv ? BenchOptions::Format::Csv : BenchOptions::Format::Table;
  } else {  // `texsort demo`, and `texsort` alone
    command.kind = Command::Kind::Demo;
    view.order = viewOrder == "desc" ? SortOrder::Descending : SortOrder::Ascending;
    parseAlgorithm(viewAlgo, view.algorithm);
    view.speed = speed == "max" ? 0.0f : std::stof(speed);
    view.zoomOneToOne = zoom == "1";
    for (const std::string& o : overlays) (o == "roles" ? view.showRoles : view.showChanged) = true;
  }
  return command;
}

}  // namespace texsort
