// Every subcommand's options, each bound to its field of the Command with its type's check
// (cli/typed_options.h); the help text each option prints.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "cli/definition.h"
#include "error.h"
#include "pixelsort/animation.h"
#include "pixelsort/option_parse.h"
#include "pixelsort/presets.h"
#include "sort/algorithms.h"
#include "sort/element.h"
#include "viewer/input_script.h"
#include "playback/transport.h"

namespace texsort::cli {
namespace {

// Why --size TEXT is not a size ("" when it is one), for its validator.
std::string sizeProblem(const std::string& text) {
  RecordOptions scratch;
  try {
    if (text.empty()) return "an empty value; give WIDTH or WIDTHxHEIGHT, each 1 to " + std::to_string(kMaxFrameSide);
    parseRecordSize(text, scratch);
  } catch (const Error& e) {
    return e.what();
  }
  return {};
}

// The shipped presets for the help: "asdf (...), melt (...), ...".
std::string presetList() {
  std::string list;
  for (const PresetInfo& p : kPresets) list += std::string(list.empty() ? "" : ", ") + p.name + " (" + p.summary + ")";
  return list;
}

// Why --preset TEXT is no recipe ("" when it is one): the reason pixelsort --preset would give.
std::string recipeProblem(const std::string& text) {
  if (const std::string why = recipeNameProblem(text); !why.empty()) return why;
  try {
    recipeStages(text);
    return "";
  } catch (const Error& e) {
    std::string why = e.what();
    const std::string hint = " (see texsort --help)";  // the validator's error adds it again
    if (why.size() > hint.size() && why.compare(why.size() - hint.size(), hint.size(), hint) == 0) why.resize(why.size() - hint.size());
    return why.rfind("--preset: ", 0) == 0 ? why.substr(10) : why;  // the option's name comes first anyway
  }
}

// The options --animate moves, for its help: "angle, lower, ... or skip".
std::string animatedNames() {
  const std::vector<std::string>& names = animatableOptions();
  std::string list;
  for (std::size_t k = 0; k < names.size(); ++k) list += (k == 0 ? "" : k + 1 == names.size() ? " or " : ", ") + names[k];
  return list;
}

// Why --input TEXT is not a script ("" when it is one), for its validator.
std::string inputScriptProblem(const std::string& text) {
  if (text.find_first_not_of(" ;") == std::string::npos) return "an empty script; give FRAME: ACTION; ...";
  try {
    parseInputScript(text);
  } catch (const Error& e) {
    return e.what();
  }
  return {};
}

// The words a choice option takes, and its help: a title, then each word with what it means.
// `meaning` gives a row's meaning, or null to leave the row out.
struct Words {
  std::vector<std::string> names;
  std::string help;
};
template <typename Rows, typename Meaning>
Words wordsOf(const Rows& rows, const std::string& title, Meaning meaning) {
  Words words{{}, title};
  for (const auto& row : rows) {
    const char* what = meaning(row);
    if (!what) continue;
    words.names.emplace_back(row.name);
    words.help += std::string("\n  ") + row.name + ": " + what;
  }
  return words;
}

}  // namespace

Definition::Definition(Command& command) {
  SortOptions& sort = command.sort;
  BenchOptions& bench = command.bench;
  ViewerOptions& view = command.view;
  app.require_subcommand(0, 1);
  app.footer("Exit codes: 0 ok, 1 bad input file, 2 usage, 3 output not writable, 4 GPU/EGL failure or the GPU "
             "cannot hold the image, 5 --verify mismatch, 6 ffmpeg missing or failed (record).\n");

  const Words algos = wordsOf(kAlgorithmRegistry, "Sorting algorithm; all give the same result:",
                              [](const AlgorithmInfo& row) { return row.summary; });
  const std::vector<std::string>& algoNames = algos.names;
  const std::string& algoHelp = algos.help;
  const std::vector<std::string> orders = {"asc", "desc"};

  sortCommand = app.add_subcommand("sort", "Sort an image's pixels on the GPU (headless) and write a PNG");
  Options sorting(sortCommand, specs);
  sorting.path("input", sort.input, "Image to sort (PNG, JPEG, BMP, TGA, GIF, PSD, HDR, PNM); - reads standard input")
      ->required();
  sorting.path("-o,--output", sort.output, "PNG to write: - is standard output; a device or FIFO is written in place; a "
                                           "file (or a link's target) is written to a temporary file, then renamed")
      ->required();
  sorting.choice("--order", order, orders, "asc: darkest first; desc: brightest first (ties keep file order)")
      ->capture_default_str();
  std::vector<std::string> sortAlgoNames = algoNames;
  sortAlgoNames.insert(sortAlgoNames.begin(), "auto");
  sorting.choice("--algo", algo, sortAlgoNames,
                 algoHelp + "\n  auto: compute-radix where the context has compute shaders and one storage block holds the elements, else "
                           "bitonic-wide (bitonic-fast where a draw cannot write 8 targets)\n  No --algo: bitonic-wide, "
                           "bitonic-fast where a draw cannot write 8 targets")
      ->capture_default_str();
  sorting.flag("--verify", sort.verify, "Check the GPU result against the CPU model; exit 5 on a difference");
  sorting.flag("-q,--quiet", sort.quiet, "Print nothing on success");

  PixelSortCommandOptions& pixel = command.pixelSort;
  pixelCommand = app.add_subcommand(
      "pixelsort", "The pixel-sort effect: sort the runs of pixels (spans) inside every row or column by a key, on "
                   "the GPU, and write a PNG");
  Options pixels(pixelCommand, specs);
  pixelCommand->footer(
      "--then OPTIONS starts another sort of the result, with options of its own (a recipe): e.g. --direction "
      "vertical --then --direction horizontal --key hue. Input, output, --format, --animate, --frames, --fps, "
      "--verify and -q are the whole run's, wherever they stand.\n--preset NAME|FILE puts a recipe's options in its place (its "
      "later sorts as --then): " + presetList() + "; or a recipe file, one sort's options a line, # comments.");
  pixels.path("input", pixel.inputs,
              "Image or video to sort; - reads standard input. Several (a batch, one GL context): each is written "
              "into the folder -o names, after its input (a picture as NAME.png, a video in its own format)")
      ->required();
  pixels.path("-o,--output", pixel.output,
              "PNG to write, as texsort sort writes it (- is standard output); .gif, .mp4, .webm or .mkv: every "
              "frame of a video or animated GIF in, sorted; DIR/ (a folder) for a batch")
      ->required();
  // One sort's options, from the pixel sort's table (pixelsort/option_table.h).
  addSortOptions(*pixelCommand, pixelTexts, [&](CLI::Option* option, const SortOptionInfo& row) { pixels.adopt(option, row); });
  pixels.flag("--verify", pixel.verify,
              "Check the GPU result against the CPU model and a plain stable sort per span; exit 5 on a difference");
  pixels.flag("-q,--quiet", pixel.quiet, "Print nothing on success");

  RecordCommandOptions& record = command.record;
  RecordOptions& rec = record.record;
  const auto formatSummary = [](const VideoFormatInfo& f) { return f.summary; };
  const Words formats = wordsOf(kVideoFormats, "Video format (default: from the output's extension):", formatSummary);
  pixels.choice("--format", pixel.format, formats.names,
                wordsOf(kVideoFormats,
                        "A video out (the input a video, an animated GIF or any picture ffmpeg reads; every frame sorted):",
                        formatSummary)
                        .help +
                    "\nDefault: from the output's extension (.gif, .mp4, .webm, .mkv); else a PNG");
  pixels.texts("--animate", pixel.animate,
               CLI::Validator(
                   [](std::string& text) {
                     try {
                       parseAnimation(text);
                     } catch (const Error& e) {  // CLI11 puts "--animate: " before it
                       const std::string message = e.what();
                       return message.rfind("--animate: ", 0) == 0 ? message.substr(11) : message;
                     }
                     return std::string();
                   },
                   "NAME=KEYFRAMES"),
               "With a video out: move an option over the frames, NAME=POSITION:VALUE,... (NAME " + animatedNames() +
                   "; POSITION a frame, a time like 1.5s, or 0%..100%; linear, "
               "held before the first and after the last, integers rounded), e.g. lower=0:0.1,50%:0.6,100%:0.2");
  pixels.number("--frames", pixel.frames, 1, 100000, "With a video out: a still picture in becomes this many frames");
  pixels.number("--fps", pixel.fps, 0.1, 240, "With --frames: the frames per second (default 30)");
  recordCommand = app.add_subcommand(
      "record", "Record the sort pass by pass as an animated GIF, MP4, WebM or lossless MKV (through ffmpeg)");
  Options recording(recordCommand, specs);
  recording.path("input", record.input, "Image to sort; - reads standard input")->required();
  recording.path("-o,--output", record.output,
                 "Video to write (.gif, .mp4, .webm, .mkv): - is standard output (give --format); written like "
                 "sort's output")
      ->required();
  recording.choice("--format", recordFormat, formats.names, formats.help);
  recording.choice("--algo", recordAlgo, algoNames, algoHelp)->capture_default_str();
  recording.choice("--order", recordOrder, orders, "asc or desc")->capture_default_str();
  recording.number("--every", rec.every, 1, 1000000, "One frame every K passes (the first and last pass always)")
      ->capture_default_str();
  recording.number("--fps", rec.fps, 1, 60, "Frames per second")->capture_default_str();
  recording.number("--hold", rec.holdSeconds, 0, 60, "Seconds the first and the last frame stay")->capture_default_str();
  recording.number("--from", rec.from, 0, kMaxPassNumber, "First pass shown (0: the unsorted image)")->capture_default_str();
  recording.number("--to", rec.to, 0, kMaxPassNumber, "Last pass shown (default: the last, the sorted image)");
  CLI::Option* scaleOption = recording.number(
      "--scale", rec.scale, 0.01, 16, "Multiply the image's size (nearest when enlarging, pixel means when shrinking)");
  recording
      .text("--size", recordSize, CLI::Validator([](std::string& text) { return sizeProblem(text); }, "W[xH]"),
            "Picture size WIDTH or WIDTHxHEIGHT (height keeps the aspect when left out), each 1 to " +
                std::to_string(kMaxFrameSide))
      ->excludes(scaleOption);
  recording.choice("--overlay", recordOverlays, {"roles", "changed"},
                   "Overlays drawn on the frames: roles (min/max), changed (last pass)")
      ->delimiter(',');
  recording.flag("!--no-caption", rec.caption, "No caption strip (pass k of P and its parameters) under the picture");
  recording.flag("--sound", rec.sound,
                 "A sound track (MP4, WebM, MKV): a tone a pass, its pitch the mean luma of the pixels it moved (220 to "
                 "880 Hz), its loudness how many moved; held frames are silent");
  recording.flag("-q,--quiet", record.quiet, "Print nothing on success, no progress line");

  benchCommand = app.add_subcommand(
      "bench", "Time every algorithm at several sizes on random data, against a copy pass and std::sort");
  Options benching(benchCommand, specs);
  benching.choice("--algos", benchAlgos, algoNames, "Algorithms to time (default: all this context runs)")->delimiter(',');
  benching.number("--sizes", bench.sizes, 2, double(kMaxElements), "Element counts, powers of two from 2 to 2^28")
      ->delimiter(',')
      ->capture_default_str();
  benching.number("--runs", bench.runs, 1, 1000, "Measured runs per cell, after one warm-up")->capture_default_str();
  benching.number("--max-work", bench.maxWork, 1, 1e18,
                  "Skip cells whose passes x elements exceed this (transposition needs N passes; naive rows run "
                  "regardless)")
      ->capture_default_str();
  CLI::Option* jsonOption = benching.flag("--json", json, "Print JSON instead of the table");
  CLI::Option* csvOption = benching.flag("--csv", csv, "Print CSV instead of the table")->excludes(jsonOption);
  benching.flag("!--no-progress", bench.progress, "No progress line on stderr");
  benching.flag("!--no-naive", bench.naive,
                "Leave out the naive yardstick (article 004's shader as first written: colour texels, one step per "
                "pass, keys computed per fragment) and its x naive column");
  CLI::Option* plotOption =
      benching.path("--plot", bench.plot, "Also write a log-log plot of GPU ms against N as this PNG (- : standard "
                                          "output, the table then goes to standard error)");
  CLI::Option* ladderOption =
      benching
          .flag("--ladder", bench.ladder,
                "Article 000's table: rows N = 2^8 ... 2^20, columns the compute ladder (compute-b2 ... "
                "compute-noshared) and the fragment ladder (bitonic, bitonic-fast, bitonic-wide), ms, speed-up and GB/s")
          ->excludes(csvOption);
  CLI::Option* pixelSortOption =
      benching
          .path("--pixelsort", bench.pixelSortImage,
                "Time texsort pixelsort (default options) on this image scaled to each of --sides, against a stable "
                "sort of every span on one CPU core (a table, or --json or --csv; not with --plot or --ladder)")
          ->excludes(plotOption)
          ->excludes(ladderOption);
  CLI::Option* videoOption =
      benching
      .flag("--video", bench.video,
            "Time texsort pixelsort on a 1280x720 and a 1920x1080 clip (60 frames of ffmpeg's testsrc2, H.264 in and "
            "out; --sides for other heights): frames per second and each stage's ms a frame (decode, GPU work, "
            "encode); --runs times each; --algos: a row for each line sort named, else auto's")
      ->excludes(jsonOption)
      ->excludes(csvOption)
      ->excludes(plotOption)
      ->excludes(ladderOption)
      ->excludes(pixelSortOption);
  benching.number("--sides", bench.pixelSortSides, 1, 16384,
                  "Image sides for --pixelsort; with --video, clip heights (16:9, default 720,1080)")
      ->delimiter(',')
      ->capture_default_str();
  benching
      .flag("--per-pass", bench.perPass,
            "Where the cost goes: time each pass of one sort alone, grouped by shape (steps carried, texels read), in "
            "ms and in copy passes of the same texture; with --pixelsort, the pixel sort's passes at each of --sides")
      ->excludes(csvOption)
      ->excludes(jsonOption)
      ->excludes(ladderOption)
      ->excludes(videoOption);

  CheckOptions& check = command.check;
  checkCommand = app.add_subcommand(
      "check", "Conformance run for this GPU and driver: every algorithm, size, order and input pattern, the GPU "
               "state compared with the CPU model after every pass (exit 5 on a difference)");
  Options checking(checkCommand, specs);
  checking.choice("--algos", checkAlgos, algoNames, "Algorithms to check (default: all this context runs)")->delimiter(',');
  checking.flag("--quick", check.quick,
                "Sizes up to 1024 pixels, and four shared-memory blocks for the rows that have them (the CI set); "
                "else up to 65536");
  CLI::Option* checkJson =
      checking.flag("--json", check.json, "Every case with its result and the digest of the state after each pass");
  checking.flag("--digests", check.digests, "After the table, one line per pass: case, pass, state digest")
      ->excludes(checkJson);
  checking.number("--max-work", check.maxWork, 1, 1e18, "Skip cases whose passes x elements exceed this")
      ->capture_default_str();

  infoCommand = app.add_subcommand("info", "Show the headless OpenGL renderer, version and limits");
  Options informing(infoCommand, specs);
  informing.flag("--options", command.infoOptions,
                 "Print texsort pixelsort's options as JSON instead (each one's kind, range, default, choices and "
                 "help, and the presets): the one table the command line, the frei0r filter and the page are made from");

  demoCommand = app.add_subcommand("demo", "Open the viewer: watch the sort pass by pass (the default command)");
  Options viewing(demoCommand, specs);
  CLI::Option* imageOption = viewing.path("image", view.image, "Image to open (default: the bundled astronaut)");
  viewing.choice("--order", viewOrder, orders, "asc or desc")->capture_default_str();
  viewing.choice("--algo", viewAlgo, algoNames, algoHelp)->capture_default_str();
  viewing.flag("--bench", view.benchmark, "Open the Benchmark window and measure every algorithm up to 65536");
  viewing.flag("--autoplay", view.autoplay, "Start playing at once");
  viewing.numberOrWord("--speed", speed, kMinPassesPerSecond, 240, {"max"},
                       "Passes per second (0.05-240; below 1 the network diagram lights the next pass's comparators "
                       "one by one), or max: as many as fit each frame")
      ->capture_default_str();
  CLI::Option* framesOption =
      viewing.number("--frames", view.frames, 1, 1e9, "Quit after this many frames (for scripts and tests)");
  viewing.path("--screenshot", view.screenshot, "After the last frame, save the window as this PNG")->needs(framesOption);
  viewing.path("--export-state", view.exportState, "After the last frame, save the current state as this PNG")
      ->needs(framesOption);
  viewing.path("--export-sheet", view.exportSheet, "After the last frame, save a contact sheet of 12 passes as this PNG")
      ->needs(framesOption);
  viewing.choice("--overlay", overlays, {"roles", "changed"}, "Start with overlays on: roles (min/max), changed (last pass)")
      ->delimiter(',');
  viewing.path("--record", view.record,
               "Record the whole sort as shown (overlays too) to this .gif, .mp4, .webm or .mkv, then quit");
  viewing.flag("--diagram", view.showDiagram, "Open the network diagram (inputs of at most 64 elements)");
  viewing.flag("--showcase", view.showcase,
               "Play a queue of algorithms x inputs (random, nearly sorted, few unique, pipe organ; 32x32) one after "
               "another in the bar view, each to its end");
  viewing.flag("--bars", view.showBars,
               "Show the bar view: each element a bar as tall as its luma, in position order (inputs of at most 4096 "
               "elements, e.g. --generate 64)");
  viewing.number("--generate", view.generate, 4, 2048, "Start on a generated random image of this side")
      ->excludes(imageOption);
  viewing.number("--soak", view.soakFrames, 10, 1000000,
                 "Drive the viewer with random actions for N frames; report GL errors, objects, memory");
  viewing.flag("--pixelsort", view.pixelSort,
               "Start in the Pixel sort mode (texsort pixelsort's default options, every one a live control); "
               "--export-state then saves the pixel-sorted image");
  viewing.flag("--spans", view.showSpans, "Pixel sort mode: start with the span overlay on");
  viewing.text("--preset", view.preset,
               CLI::Validator([](std::string& text) { return recipeProblem(text); }, "NAME|FILE"),
               "Pixel sort mode with this recipe (a preset's name or a recipe file, as pixelsort --preset takes): "
               "its sorts become the steps of the Recipe section");
  viewing.flag("--drag-threshold", view.pixelDrag,
               "Pixel sort mode with --lower moved every frame, as a dragged slider moves it; prints the frame rate at "
               "the end (use with --frames)");
  viewing.choice("--zoom", zoom, {"fit", "1"}, "fit: fit the window; 1: one texel per screen pixel")->capture_default_str();
  viewing.text("--input", view.input, CLI::Validator([](std::string& text) { return inputScriptProblem(text); }, "SCRIPT"),
               "Scripted input, as a user's: 'FRAME: ACTION; ...' with ACTION key NAME (a tap: space, left, end, "
               "period, comma, ctrl+a ...), type TEXT, click X Y, click @WIDGET, move X Y, move @WIDGET +DX -DY, press, "
               "release (left or right: a drag) or wheel DY (for tests and demos, with --frames)");
  app.allow_extras();  // after the subcommands, so they still reject unknown flags; see parseCommandLine
}

}  // namespace texsort::cli
