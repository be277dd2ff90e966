// Parses texsort's command line with CLI11 into a Command; every subcommand's help lists its flags.
#include "cli/command_line.h"

#include <CLI/CLI.hpp>

#include <cmath>
#include <vector>

#include "error.h"
#include "sort/algorithms.h"
#include "sort/bits.h"
#include "sort/element.h"

namespace texsort {
namespace {

constexpr std::uint32_t kMaxFrameSide = 4096;

// --size W or WxH, each side 1..kMaxFrameSide.
void parseRecordSize(const std::string& text, RecordOptions& options) {
  if (text.empty()) return;
  const auto side = [&](const std::string& part) {
    std::size_t used = 0;
    unsigned long value = 0;
    try {
      value = std::stoul(part, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (part.empty() || used != part.size() || part[0] == '-' || part[0] == '+' || value == 0 || value > kMaxFrameSide) {
      throw Error(ExitCode::Usage, "--size " + text + ": give WIDTH or WIDTHxHEIGHT, each 1 to " +
                                       std::to_string(kMaxFrameSide) + " pixels");
    }
    return static_cast<std::uint32_t>(value);
  };
  const std::size_t x = text.find('x');
  options.width = side(text.substr(0, x));
  options.height = x == std::string::npos ? 0 : side(text.substr(x + 1));
}

VideoFormat recordFormatFor(const std::string& chosen, const std::string& output) {
  if (!chosen.empty()) return *videoFormatNamed(chosen);
  if (output == "-") throw Error(ExitCode::Usage, "-o -: give --format (gif, mp4, webm or mkv) for standard output");
  if (const std::optional<VideoFormat> format = videoFormatForPath(output)) return *format;
  throw Error(ExitCode::Usage, output + ": cannot tell the video format from the name; end it in .gif, .mp4, .webm "
                                        "or .mkv, or give --format");
}

}  // namespace

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
             "5 --verify mismatch, 6 ffmpeg missing or failed (record).\n");

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
  std::string algo = "bitonic-wide";
  sortCommand->add_option("--algo", algo, algoHelp)
      ->check(CLI::IsMember(algoNames))
      ->capture_default_str();
  sortCommand->add_flag("--verify", sort.verify, "Check the GPU result against the CPU model; exit 5 on a difference");
  sortCommand->add_flag("-q,--quiet", sort.quiet, "Print nothing on success");

  PixelSortCommandOptions& pixel = command.pixelSort;
  PixelSortOptions& ps = pixel.pixelSort;
  std::string pixelDirection = "horizontal", pixelIntervals = "threshold", pixelKey = "luma", pixelOrder = "asc";
  std::vector<std::string> keyNames;
  std::string keyHelp = "Sort key, an integer function of the 8-bit channels:";
  for (const PixelKeyInfo& k : kPixelKeys) {
    keyNames.push_back(k.name);
    keyHelp += std::string("\n  ") + k.name + ": " + k.formula;
  }
  CLI::App* pixelCommand = app.add_subcommand(
      "pixelsort", "The pixel-sort effect: sort the runs of pixels (spans) inside every row or column by a key, on "
                   "the GPU, and write a PNG");
  pixelCommand->add_option("input", pixel.input, "Image to sort; - reads standard input")->required();
  pixelCommand->add_option("-o,--output", pixel.output, "PNG to write, as texsort sort writes it (- is standard output)")
      ->required();
  CLI::Option* directionOption =
      pixelCommand
          ->add_option("--direction", pixelDirection,
                       "horizontal: lines are rows, left to right (--angle 0); vertical: columns, top to bottom "
                       "(--angle -90)")
          ->check(CLI::IsMember({"horizontal", "vertical"}))
          ->capture_default_str();
  pixelCommand
      ->add_option("--angle", ps.angle,
                   "Lines at this many degrees counter-clockwise on screen, any value: 0 rows left to right, 90 "
                   "columns bottom to top, 45 up and to the right; parallel straight lines one pixel apart that "
                   "cover every pixel once")
      ->excludes(directionOption);
  std::vector<std::string> intervalNames;
  std::string intervalsHelp = "How lines are cut into spans (luma Y = 299 R + 587 G + 114 B):";
  for (const IntervalsInfo& k : kIntervals) {
    intervalNames.push_back(k.name);
    intervalsHelp += std::string("\n  ") + k.name + ": " + k.meaning;
  }
  pixelCommand->add_option("--intervals", pixelIntervals, intervalsHelp)
      ->check(CLI::IsMember(intervalNames))
      ->capture_default_str();
  pixelCommand->add_option("--lower", ps.lower,
                           "Threshold's lower bound, a fraction 0..1: Y >= ceil(lower x 255000); edges: the break level")
      ->capture_default_str();
  pixelCommand->add_option("--upper", ps.upper, "Threshold's upper bound, a fraction 0..1: Y <= floor(upper x 255000)")
      ->capture_default_str();
  pixelCommand->add_option("--span-length", ps.spanLength, "random, waves: the spans' mean length in pixels (>= 1)")
      ->capture_default_str();
  pixelCommand->add_option("--seed", ps.seed, "random, waves, --skip: the seed of every random choice (0 .. 2^32 - 1)")
      ->capture_default_str();
  pixelCommand->add_option("--mask", pixel.mask,
                           "Image of the same size: only pixels whose mask luma is at least half (white) may be in a "
                           "span, with any --intervals; --intervals mask: spans are the runs of white");
  pixelCommand->add_option("--max-span", ps.maxSpan,
                           "Cut every span into pieces of at most N pixels, counted from its start (0: no limit)")
      ->capture_default_str();
  pixelCommand->add_option("--skip", ps.skipPercent,
                           "Leave P percent of the spans (pieces, with --max-span) unsorted, chosen by --seed (0..100)")
      ->capture_default_str();
  pixelCommand->add_option("--key", pixelKey, keyHelp)->check(CLI::IsMember(keyNames))->capture_default_str();
  pixelCommand->add_option("--order", pixelOrder, "asc: smallest key first along the line; desc: largest first (ties "
                           "keep their order either way)")
      ->check(CLI::IsMember({"asc", "desc"}))
      ->capture_default_str();
  std::vector<std::string> pixelAlgoNames;
  std::string pixelAlgo = "bitonic-wide", pixelAlgoHelp = "Line sort that runs the spans, all giving the same result:";
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    if (!pixelSortAlgorithm(row.id)) continue;
    pixelAlgoNames.push_back(row.name);
    pixelAlgoHelp += std::string("\n  ") + row.name + ": " + row.summary;
  }
  pixelCommand->add_option("--algo", pixelAlgo, pixelAlgoHelp)->check(CLI::IsMember(pixelAlgoNames))->capture_default_str();
  pixelCommand->add_flag("--verify", pixel.verify,
                         "Check the GPU result against the CPU model and a plain stable sort per span; exit 5 on a difference");
  pixelCommand->add_flag("-q,--quiet", pixel.quiet, "Print nothing on success");

  RecordCommandOptions& record = command.record;
  RecordOptions& rec = record.record;
  std::string recordOrder = "asc", recordAlgo = "bitonic", recordFormat, recordSize;
  std::vector<std::string> recordOverlays;
  std::string formatHelp = "Video format (default: from the output's extension):";
  std::vector<std::string> formatNames;
  for (const VideoFormatInfo& f : kVideoFormats) {
    formatNames.push_back(f.name);
    formatHelp += std::string("\n  ") + f.name + ": " + f.summary;
  }
  CLI::App* recordCommand = app.add_subcommand(
      "record", "Record the sort pass by pass as an animated GIF, MP4, WebM or lossless MKV (through ffmpeg)");
  recordCommand->add_option("input", record.input, "Image to sort; - reads standard input")->required();
  recordCommand->add_option("-o,--output", record.output,
                            "Video to write (.gif, .mp4, .webm, .mkv): - is standard output (give --format); "
                            "written like sort's output")
      ->required();
  recordCommand->add_option("--format", recordFormat, formatHelp)->check(CLI::IsMember(formatNames));
  recordCommand->add_option("--algo", recordAlgo, algoHelp)->check(CLI::IsMember(algoNames))->capture_default_str();
  recordCommand->add_option("--order", recordOrder, "asc or desc")->check(CLI::IsMember({"asc", "desc"}))->capture_default_str();
  recordCommand->add_option("--every", rec.every, "One frame every K passes (the first and last pass always)")
      ->check(CLI::Range(1u, 1000000u))
      ->capture_default_str();
  recordCommand->add_option("--fps", rec.fps, "Frames per second")->check(CLI::Range(1.0, 60.0))->capture_default_str();
  recordCommand->add_option("--hold", rec.holdSeconds, "Seconds the first and the last frame stay")
      ->check(CLI::Range(0.0, 60.0))
      ->capture_default_str();
  recordCommand->add_option("--from", rec.from, "First pass shown (0: the unsorted image)")->capture_default_str();
  recordCommand->add_option("--to", rec.to, "Last pass shown (default: the last, the sorted image)");
  CLI::Option* scaleOption = recordCommand->add_option("--scale", rec.scale, "Multiply the image's size (nearest when "
                                                       "enlarging, pixel means when shrinking)")
                                 ->check(CLI::Range(0.01, 16.0));
  recordCommand->add_option("--size", recordSize, "Picture size WIDTH or WIDTHxHEIGHT (height keeps the aspect when left out)")
      ->excludes(scaleOption);
  recordCommand->add_option("--overlay", recordOverlays, "Overlays drawn on the frames: roles (min/max), changed (last pass)")
      ->check(CLI::IsMember({"roles", "changed"}))
      ->delimiter(',');
  recordCommand->add_flag("!--no-caption", rec.caption, "No caption strip (pass k of P and its parameters) under the picture");
  recordCommand->add_flag("-q,--quiet", record.quiet, "Print nothing on success, no progress line");

  std::vector<std::string> benchAlgos;
  bool json = false, csv = false;
  CLI::App* benchCommand = app.add_subcommand(
      "bench", "Time every algorithm at several sizes on random data, against a copy pass and std::sort");
  benchCommand->add_option("--algos", benchAlgos, "Algorithms to time (default: all this context runs)")
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
  benchCommand->add_flag("!--no-naive", bench.naive,
                         "Leave out the naive yardstick (article 004's shader as first written: colour texels, one "
                         "step per pass, keys computed per fragment) and its x naive column");
  benchCommand->add_option("--plot", bench.plot, "Also write a log-log plot of GPU ms against N as this PNG");
  benchCommand->add_flag("--ladder", bench.ladder,
                         "Article 000's table: rows N = 2^8 ... 2^20, columns the compute ladder (compute-b2 ... "
                         "compute-noshared) and the fragment ladder (bitonic, bitonic-fast, bitonic-wide), ms, speed-up and GB/s")
      ->excludes("--csv");
  benchCommand->add_option("--pixelsort", bench.pixelSortImage,
                           "Time texsort pixelsort (default options) on this image scaled to each of --sides, against "
                           "a stable sort of every span on one CPU core");
  benchCommand->add_option("--sides", bench.pixelSortSides, "Image sides for --pixelsort")
      ->check(CLI::Range(1u, 16384u))
      ->delimiter(',')
      ->capture_default_str();
  benchCommand->add_flag("--per-pass", bench.perPass,
                         "Where the cost goes: time each pass of one sort alone, grouped by shape (steps carried, "
                         "texels read), in ms and in copy passes of the same texture; with --pixelsort, the pixel sort's passes "
                         "at each of --sides")
      ->excludes("--csv")
      ->excludes("--json")
      ->excludes("--ladder");

  CheckOptions& check = command.check;
  std::vector<std::string> checkAlgos;
  CLI::App* checkCommand = app.add_subcommand(
      "check", "Conformance run for this GPU and driver: every algorithm, size, order and input pattern, the GPU "
               "state compared with the CPU model after every pass (exit 5 on a difference)");
  checkCommand->add_option("--algos", checkAlgos, "Algorithms to check (default: all this context runs)")
      ->check(CLI::IsMember(algoNames))
      ->delimiter(',');
  checkCommand->add_flag("--quick", check.quick, "Sizes up to 1024 pixels (the CI set); else up to 65536");
  checkCommand->add_flag("--json", check.json, "Every case with its result and the digest of the state after each pass");
  checkCommand->add_flag("--digests", check.digests, "After the table, one line per pass: case, pass, state digest")
      ->excludes("--json");
  checkCommand->add_option("--max-work", check.maxWork, "Skip cases whose passes x elements exceed this")
      ->capture_default_str();

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
  demoCommand->add_option("--record", view.record,
                          "Record the whole sort as shown (overlays too) to this .gif, .mp4, .webm or .mkv, then quit");
  demoCommand->add_flag("--diagram", view.showDiagram, "Open the network diagram (inputs of at most 64 elements)");
  demoCommand->add_option("--generate", view.generate, "Start on a generated random image of this side (4-2048)")
      ->check(CLI::Range(4, 2048))
      ->excludes("image");
  demoCommand->add_option("--soak", view.soakFrames,
                          "Drive the viewer with random actions for N frames; report GL errors, objects, memory")
      ->check(CLI::Range(10u, 1000000u));
  demoCommand->add_flag("--pixelsort", view.pixelSort,
                        "Start in the Pixel sort mode (texsort pixelsort's default options, every one a live control); "
                        "--export-state then saves the pixel-sorted image");
  demoCommand->add_flag("--spans", view.showSpans, "Pixel sort mode: start with the span overlay on");
  demoCommand->add_flag("--drag-threshold", view.pixelDrag,
                        "Pixel sort mode with --lower moved every frame, as a dragged slider moves it; prints the frame "
                        "rate at the end (use with --frames)");
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
  } else if (*pixelCommand) {
    command.kind = Command::Kind::PixelSort;
    if (pixelDirection == "vertical") ps.angle = kVerticalAngle;
    if (!std::isfinite(ps.angle)) throw Error(ExitCode::Usage, "--angle must be a finite number of degrees");
    for (const IntervalsInfo& k : kIntervals)
      if (pixelIntervals == k.name) ps.intervals = k.intervals;
    if (ps.intervals == Intervals::Mask && pixel.mask.empty()) {
      throw Error(ExitCode::Usage, "pixelsort: --intervals mask needs --mask FILE");
    }
    ps.order = pixelOrder == "desc" ? SortOrder::Descending : SortOrder::Ascending;
    for (const PixelKeyInfo& k : kPixelKeys)
      if (pixelKey == k.name) ps.key = k.key;
    checkPixelSortOptions(ps);
    parseAlgorithm(pixelAlgo, pixel.algorithm);
  } else if (*recordCommand) {
    command.kind = Command::Kind::Record;
    record.order = recordOrder == "desc" ? SortOrder::Descending : SortOrder::Ascending;
    parseAlgorithm(recordAlgo, record.algorithm);
    for (const std::string& o : recordOverlays) (o == "roles" ? rec.overlay.showRoles : rec.overlay.showChanged) = true;
    parseRecordSize(recordSize, rec);
    rec.format = recordFormatFor(recordFormat, record.output);
    if (rec.from > rec.to) throw Error(ExitCode::Usage, "--from " + std::to_string(rec.from) + " is after --to " + std::to_string(rec.to));
  } else if (*checkCommand) {
    command.kind = Command::Kind::Check;
    if (!checkAlgos.empty()) {
      check.algorithmsGiven = true;
      check.algorithms.clear();
      for (const std::string& name : checkAlgos) parseAlgorithm(name, check.algorithms.emplace_back());
    }
  } else if (*infoCommand) {
    command.kind = Command::Kind::Info;
  } else if (*benchCommand) {
    command.kind = Command::Kind::Bench;
    if (!benchAlgos.empty()) {
      bench.algorithmsGiven = true;
      bench.algorithms.clear();
      for (const std::string& name : benchAlgos) parseAlgorithm(name, bench.algorithms.emplace_back());
    } else if (bench.ladder) {
      bench.algorithms = ladderAlgorithms();
    }
    bench.sizesGiven = benchCommand->count("--sizes") > 0;
    if (bench.ladder && !bench.sizesGiven) bench.sizes = ladderSizes();
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
