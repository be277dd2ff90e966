// Parses texsort's command line with CLI11 into a Command (the options: command_options.cpp), then
// checks what needs the whole line; every subcommand's help lists its flags.
#include "cli/command_line.h"
#include "cli/definition.h"
#include "cli/typed_options.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <vector>

#include "error.h"
#include "io/files.h"
#include "sort/algorithms.h"
#include "pixelsort/presets.h"
#include "playback/transport.h"
#include "sort/bits.h"
#include "sort/element.h"

namespace texsort {
namespace cli {

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

namespace {

VideoFormat recordFormatFor(const std::string& chosen, const std::string& output) {
  if (!chosen.empty()) return *videoFormatNamed(chosen);
  if (output == "-") throw Error(ExitCode::Usage, "-o -: give --format (gif, mp4, webm or mkv) for standard output");
  if (const std::optional<VideoFormat> format = videoFormatForPath(output)) return *format;
  throw Error(ExitCode::Usage, output + ": cannot tell the video format from the name; end it in .gif, .mp4, .webm "
                                        "or .mkv, or give --format");
}

}  // namespace

void Definition::finishPixelSort(Command& command) {
  PixelSortCommandOptions& pixel = command.pixelSort;
  command.kind = Command::Kind::PixelSort;
  pixel.input = pixel.inputs.front();
  const PixelSortStage stage = sortStageOf(givenSortValues(*pixelCommand, pixelTexts));
  pixel.pixelSort = stage.options;
  pixel.mask = stage.mask;
  pixel.field = stage.field;
  pixel.algorithm = stage.algorithm;
  pixel.algorithmChosen = stage.algorithmChosen;
}

void Definition::finishRecord(Command& command) {
  RecordCommandOptions& record = command.record;
  RecordOptions& rec = record.record;
  command.kind = Command::Kind::Record;
  record.order = recordOrder == "desc" ? SortOrder::Descending : SortOrder::Ascending;
  parseAlgorithm(recordAlgo, record.algorithm);
  for (const std::string& o : recordOverlays) (o == "roles" ? rec.overlay.showRoles : rec.overlay.showChanged) = true;
  parseRecordSize(recordSize, rec);
  rec.format = recordFormatFor(recordFormat, record.output);
  if (rec.sound && rec.format == VideoFormat::Gif) {
    throw Error(ExitCode::Usage, record.output + ": a GIF has no sound; record to .mp4, .webm or .mkv");
  }
  if (rec.from > rec.to) throw Error(ExitCode::Usage, "--from " + std::to_string(rec.from) + " is after --to " + std::to_string(rec.to));
}

void Definition::finishBench(Command& command) {
  BenchOptions& bench = command.bench;
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
  const bool sidesGiven = benchCommand->count("--sides") > 0;
  if (sidesGiven && bench.pixelSortImage.empty() && !bench.video) {
    throw Error(ExitCode::Usage, "--sides sets the sizes of --pixelsort or --video; give one of them");
  }
  if (bench.video && sidesGiven) bench.videoHeights.assign(bench.pixelSortSides.begin(), bench.pixelSortSides.end());
}

void Definition::finishDemo(Command& command) {
  ViewerOptions& view = command.view;
  command.kind = Command::Kind::Demo;
  view.order = viewOrder == "desc" ? SortOrder::Descending : SortOrder::Ascending;
  parseAlgorithm(viewAlgo, view.algorithm);
  view.speed = speed == "max" ? 0.0f : std::stof(speed);
  view.zoomOneToOne = zoom == "1";
  for (const std::string& o : overlays) (o == "roles" ? view.showRoles : view.showChanged) = true;
  view.recipe = recipeStages;
}

void Definition::finish(Command& command) {
  // Standard output by its name (/dev/stdout, /dev/fd/1) is standard output: written in place,
  // with the report on standard error. A batch's folder keeps the name typed, for its message.
  const auto standard = [](std::string& output) {
    if (!output.empty() && namesStandardOutput(output)) output = "-";
  };
  for (std::string* output : {&command.sort.output, &command.record.output, &command.bench.plot}) standard(*output);
  if (command.pixelSort.inputs.size() <= 1) standard(command.pixelSort.output);
  if (*sortCommand) {
    command.kind = Command::Kind::Sort;
    command.sort.order = order == "desc" ? SortOrder::Descending : SortOrder::Ascending;
    command.sort.automatic = algo == "auto";
    command.sort.algorithmGiven = sortCommand->count("--algo") > 0;
    parseAlgorithm(algo, command.sort.algorithm);  // auto: bitonic-wide until the context says
  } else if (*pixelCommand) {
    finishPixelSort(command);
  } else if (*recordCommand) {
    finishRecord(command);
  } else if (*checkCommand) {
    command.kind = Command::Kind::Check;
    CheckOptions& check = command.check;
    if (!checkAlgos.empty()) {
      check.algorithmsGiven = true;
      check.algorithms.clear();
      for (const std::string& name : checkAlgos) parseAlgorithm(name, check.algorithms.emplace_back());
    }
  } else if (*infoCommand) {
    command.kind = Command::Kind::Info;
  } else if (*benchCommand) {
    finishBench(command);
  } else {  // `texsort demo`, and `texsort` alone
    finishDemo(command);
  }
}

}  // namespace cli

using cli::Definition;

namespace {

Command parseOne(int argc, const char* const* argv);

// Whether `word` is one of the options of a whole pixelsort run (its output, --format, --animate,
// --frames, --fps, --verify, -q), not of one sort; `takesValue`: the next word is its value.
bool wholeRunOption(const std::string& word, bool& takesValue) {
  for (const char* own : {"-o", "--output", "--format", "--animate", "--frames", "--fps"}) {
    if (word == own) return takesValue = true;
    if (word.rfind(std::string(own) + "=", 0) == 0) return !(takesValue = false);
  }
  takesValue = false;
  return word == "--verify" || word == "-q" || word == "--quiet";
}

std::string withoutHelpHint(std::string why) {
  const std::string hint = " (see texsort --help)";
  if (why.size() >= hint.size() && why.compare(why.size() - hint.size(), hint.size(), hint) == 0) why.resize(why.size() - hint.size());
  return why;
}

// A recipe line holds one sort's options and nothing else: no file, no output, no option of the
// whole run, no help, no other recipe. Anything else is one line naming the recipe and the line.
void checkRecipeLine(const std::string& recipe, const RecipeLine& line) {
  const std::string at = recipe + ":" + std::to_string(line.number) + ": ";
  for (const std::string& word : line.words) {
    bool takesValue = false;
    if (word.find('\0') != std::string::npos) throw Error(ExitCode::Usage, at + "a NUL byte; a recipe is text");
    if (word == "-h" || word == "--help" || word == "--help-all" || word == "--then" || word == "--" ||
        word.rfind("--preset", 0) == 0 || wholeRunOption(word, takesValue)) {
      throw Error(ExitCode::Usage, at + word + " is not a sort's option; a recipe line holds one sort's options");
    }
  }
  std::vector<const char*> argv = {"texsort", "pixelsort", "-", "-o", "-"};
  for (const std::string& word : line.words) argv.push_back(word.c_str());
  Command sort;
  try {
    sort = parseOne(static_cast<int>(argv.size()), argv.data());
  } catch (const Error& e) {
    throw Error(e.code(), at + withoutHelpHint(e.what()));
  }
  // What the words did, whatever their spelling (-qh, --verify=1, -ox.png): only one sort's options.
  const PixelSortCommandOptions& p = sort.pixelSort;
  if (sort.kind != Command::Kind::PixelSort || p.quiet || p.verify || !p.format.empty() || p.frames > 0 || p.fps > 0 ||
      !p.animate.empty() || p.inputs.size() > 1 || p.output != "-") {
    const bool file = sort.kind == Command::Kind::PixelSort && p.inputs.size() > 1;
    const std::string what = sort.kind != Command::Kind::PixelSort ? "help"
                             : file                                ? p.inputs[1]
                             : p.output != "-"                     ? "an output"
                                                                   : "an option of the whole run";
    throw Error(ExitCode::Usage, at + what + " is not a sort's option; a recipe line holds one sort's options" +
                                     (file ? ", no files" : ""));
  }
}

// --preset NAME|FILE's words, each line checked, the lines after the first behind --then.
std::vector<std::string> presetWords(const std::string& nameOrFile) {
  const bool file = namesRecipeFile(nameOrFile);
  std::vector<std::string> words;
  for (const RecipeLine& line : presetLines(nameOrFile)) {
    checkRecipeLine(file ? nameOrFile : "preset " + nameOrFile, line);
    if (!words.empty()) words.push_back("--then");
    words.insert(words.end(), line.words.begin(), line.words.end());
  }
  return words;
}

// `pixelsort IN -o OUT OPTIONS --then OPTIONS --then ...`: the first part is parsed as it stands,
// each later one as the options of a sort of its own. The options of the whole run (the output,
// --format, --animate, --frames, --fps, --verify, -q) may stand anywhere: they go to the first part
// (so `--preset asdf -q` works, the preset's later sorts being --then parts).
Command parseRecipe(const std::vector<std::string>& args) {
  std::vector<std::vector<std::string>> parts(1);
  for (std::size_t i = 0; i < args.size(); ++i) {
    bool takesValue = false;
    if (args[i] == "--then") {
      parts.emplace_back();
    } else if (parts.size() > 1 && wholeRunOption(args[i], takesValue)) {
      parts[0].push_back(args[i]);
      if (takesValue && i + 1 < args.size()) parts[0].push_back(args[++i]);
    } else {
      parts.back().push_back(args[i]);
    }
  }
  const auto argvOf = [](const std::vector<std::string>& words) {
    std::vector<const char*> v;
    for (const std::string& w : words) v.push_back(w.c_str());
    return v;
  };
  std::vector<const char*> head = argvOf(parts[0]);
  Command command = parseOne(static_cast<int>(head.size()), head.data());
  if (command.kind == Command::Kind::Help) return command;
  if (command.kind != Command::Kind::PixelSort) {
    throw Error(ExitCode::Usage, "--then chains pixel sorts: only texsort pixelsort takes it (see texsort --help)");
  }
  for (std::size_t k = 1; k < parts.size(); ++k) {
    const std::string which = "--then (sort " + std::to_string(k + 1) + ")";
    if (parts[k].empty()) throw Error(ExitCode::Usage, "pixelsort: " + which + " needs the options of that sort");
    std::vector<std::string> words = {parts[0][0], "pixelsort", command.pixelSort.input, "-o", "-"};
    words.insert(words.end(), parts[k].begin(), parts[k].end());
    std::vector<const char*> stageArgv = argvOf(words);
    const Command stage = parseOne(static_cast<int>(stageArgv.size()), stageArgv.data());
    if (stage.pixelSort.inputs.size() != 1) throw Error(ExitCode::Usage, "pixelsort: " + which + " takes options, not files");
    command.pixelSort.then.push_back(
        {stage.pixelSort.pixelSort, stage.pixelSort.mask, stage.pixelSort.field, stage.pixelSort.algorithm,
         stage.pixelSort.algorithmChosen});
  }
  return command;
}

}  // namespace

std::vector<PixelSortStage> recipeStages(const std::string& nameOrFile) {
  const char* argv[] = {"texsort", "pixelsort", "-", "-o", "-", "--preset", nameOrFile.c_str()};
  const Command command = parseCommandLine(static_cast<int>(std::size(argv)), argv);
  const PixelSortCommandOptions& p = command.pixelSort;
  std::vector<PixelSortStage> stages = {{p.pixelSort, p.mask, p.field, p.algorithm, p.algorithmChosen}};
  stages.insert(stages.end(), p.then.begin(), p.then.end());
  return stages;
}

Command parseCommandLine(int argc, const char* const* argv) {
  std::vector<std::string> args(argv, argv + argc);
  std::vector<std::pair<std::string, std::vector<std::string>>> presets;  // each --preset's name and words
  std::vector<std::string> recipeFiles;                                   // the files among them, inputs too
  // --preset NAME|FILE: the recipe's words in its place (its later sorts as --then stages there);
  // the viewer's --preset opens the recipe in the window instead.
  for (std::size_t i = 1; i < args.size() && args[i] != "--" && args[1] != "demo"; ++i) {
    const bool joined = args[i].rfind("--preset=", 0) == 0;
    if (args[i] != "--preset" && !joined) continue;
    if (std::find(args.begin(), args.end(), "pixelsort") == args.end()) {
      throw Error(ExitCode::Usage, "--preset names a pixelsort recipe: only texsort pixelsort takes it (see texsort --help)");
    }
    if (!joined && i + 1 == args.size()) throw Error(ExitCode::Usage, "--preset needs a preset's name or a recipe file");
    const std::string which = joined ? args[i].substr(9) : args[i + 1];
    if (const std::string why = recipeNameProblem(which); !why.empty()) throw Error(ExitCode::Usage, "--preset: " + why);
    const std::vector<std::string> words = presetWords(which);
    presets.emplace_back(which, words);
    if (namesRecipeFile(which)) recipeFiles.push_back(which);
    args.erase(args.begin() + std::ptrdiff_t(i), args.begin() + std::ptrdiff_t(i + (joined ? 1 : 2)));
    args.insert(args.begin() + std::ptrdiff_t(i), words.begin(), words.end());
    i += words.size() - 1;
  }
  try {
    const auto dashes = std::find(args.begin(), args.end(), "--");
    std::vector<const char*> words;
    for (const std::string& a : args) words.push_back(a.c_str());
    Command command = std::find(args.begin(), dashes, "--then") != dashes
                          ? parseRecipe(args)
                          : parseOne(static_cast<int>(words.size()), words.data());
    command.pixelSort.recipeFiles = recipeFiles;
    return command;
  } catch (const Error& e) {
    // An option given twice where a preset gave it: CLI11's "--key: At Most 1 required but
    // received 2" names the preset(s) and the command line, where each gave it.
    const std::string why = e.what();
    const std::size_t colon = why.find(": At Most 1 required");
    if (colon == std::string::npos || why.rfind("--", 0) != 0) throw;
    const std::string option = why.substr(0, colon);
    std::vector<std::string> givers;
    for (const auto& [name, words] : presets)
      if (std::find(words.begin(), words.end(), option) != words.end()) givers.push_back("--preset " + name);
    if (givers.empty()) throw;
    const auto typed = std::count(argv + 1, argv + argc, option);
    if (typed > 1) throw;  // the command line alone gives it twice: CLI11's words say so
    if (typed == 1) givers.push_back("the command line");
    if (givers.size() < 2) throw;
    throw Error(ExitCode::Usage, option + ": given by " + givers[0] + " and by " + givers[1] + "; a sort takes it once");
  }
}

namespace {

Command parseOne(int argc, const char* const* argv) {
  Command command;
  Definition definition(command);
  CLI::App& app = definition.app;
  // CLI11 reads `--output=` (nothing after the '=') as `--output` and takes the next argument as
  // its value: `sort --output= -- in.png` would write a file named "--". An empty value is refused
  // here, as every option's validator refuses "" given the other way.
  for (int i = 1; i < argc && std::string(argv[i]) != "--"; ++i) {
    const std::string arg = argv[i];
    if (arg.size() > 3 && arg.compare(0, 2, "--") == 0 && arg.back() == '=') {
      throw Error(ExitCode::Usage, arg.substr(0, arg.size() - 1) + ": an empty value after '='; give one (see texsort --help)");
    }
  }
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
  definition.finish(command);
  return command;
}

}  // namespace

std::vector<OptionSpec> commandLineOptions() {
  Command command;
  Definition definition(command);
  std::vector<OptionSpec> all;
  for (const CLI::App* sub : definition.app.get_subcommands({})) {
    for (const CLI::Option* option : sub->get_options()) {
      if (option == sub->get_help_ptr() || option == sub->get_help_all_ptr()) continue;
      const auto found = std::find_if(definition.specs.begin(), definition.specs.end(),
                                      [&](const auto& entry) { return entry.first == option; });
      OptionSpec spec = found != definition.specs.end()
                            ? found->second
                            : makeSpec(sub->get_name(), option->get_name(), OptionSpec::Kind::Untyped);
      for (const CLI::Option* needed : option->get_needs()) spec.needs.push_back(needed->get_name());
      all.push_back(spec);
    }
  }
  return all;
}

}  // namespace texsort
