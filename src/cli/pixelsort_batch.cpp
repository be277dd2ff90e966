// `texsort pixelsort a.jpg b.png c.gif -o OUTDIR/`: every input sorted with the same options and one
// GL context, each written into the folder under its own name; a failing input is one line and
// the others are still done.
#include <sys/stat.h>

#include <cstdio>
#include <map>

#include "cli/commands.h"
#include "cli/report.h"
#include "context/egl_context.h"
#include "error.h"
#include "io/files.h"
#include "pixelsort/pixel_runner.h"
#include "record/video_formats.h"

namespace texsort {
namespace {

std::string lowerCase(std::string text) {
  for (char& c : text) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return text;
}

// Where `input` goes in `folder`: a picture as NAME.png, a video (or, with --frames, a picture made
// a clip) as NAME in --format, else its own format where texsort writes it, else MP4 (a clip from
// a picture: GIF).
std::string outputFor(const std::string& input, const std::string& folder, const PixelSortCommandOptions& options) {
  const std::size_t slash = input.find_last_of('/');
  std::string name = slash == std::string::npos ? input : input.substr(slash + 1);
  const std::size_t dot = name.find_last_of('.');
  const std::string extension = dot == std::string::npos || dot == 0 ? "" : lowerCase(name.substr(dot + 1));
  if (dot != std::string::npos && dot > 0) name.erase(dot);
  const bool clip = clipInput(input) || options.frames > 0;
  std::string format = "png";
  if (clip && !options.format.empty()) format = options.format;
  else if (clip && videoFormatNamed(extension)) format = extension;
  else if (clip) format = options.frames > 0 ? "gif" : "mp4";
  return folder + (folder.back() == '/' ? "" : "/") + name + "." + format;
}

}  // namespace

int runPixelSortBatch(const PixelSortCommandOptions& options) {
  const std::string& folder = options.output;
  struct stat st {};
  if (::stat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    throw Error(ExitCode::Usage, folder + ": not a folder; " +
                                     (options.inputs.size() > 1 ? "several inputs are" : "DIR/ means the input is") +
                                     " written into an existing folder, each named after its input");
  }
  std::vector<std::string> outputs;
  if (options.mask == "-" || options.field == "-") {
    throw Error(ExitCode::Usage, "pixelsort: a batch reads its --mask and --field for every input; give files, not -");
  }
  std::map<std::string, std::string> inputOf;  // output -> the input that takes it
  for (const std::string& input : options.inputs) {
    if (input == "-") throw Error(ExitCode::Usage, "pixelsort: a batch reads files; - (standard input) has no name to write under");
    outputs.push_back(outputFor(input, folder, options));
    if (const auto [at, fresh] = inputOf.emplace(outputs.back(), input); !fresh) {
      throw Error(ExitCode::Usage, "pixelsort: " + at->second + " and " + input + " would both be written to " + outputs.back());
    }
  }
  // No output may be any file the batch reads (a link to an earlier input's output, a hard link, a
  // mask): all are checked before the first input is sorted, as a single run checks its one.
  const std::vector<InputFile> reads = pixelSortReads(options);
  for (const std::string& output : outputs) checkOutput(output, reads);
  PixelSortCommandOptions one = options;
  one.exitWhenDone = false;
  one.inputs.clear();
  one.format.clear();  // each output's extension says it (a picture's PNG too)
  int first = 0;
  std::size_t done = 0;
  for (std::size_t i = 0; i < options.inputs.size(); ++i) {
    one.input = options.inputs[i];
    one.output = outputs[i];
    try {
      // One context for all, opened with the first input.
      if (!one.context) one.context = std::make_shared<HeadlessContext>();
      if (!one.kept) one.kept = std::make_shared<KeptPlan>();
      runPixelSort(one);
      ++done;
    } catch (const Error& e) {
      std::fprintf(stderr, "texsort: error: %s\n", e.what());
      if (one.kept) one.kept->plan.reset();  // made again for the next input, whatever the failure left in it
      if (first == 0) first = static_cast<int>(e.code());
      if (e.code() == ExitCode::Gpu && !one.context) break;  // no GL context: the rest cannot run either
    }
  }
  if (!options.quiet) {
    std::fprintf(stdout, "pixel-sorted %zu of %zu inputs into %s%s\n", done, options.inputs.size(), folder.c_str(),
                 done == options.inputs.size() ? "" : "; the errors above name the others");
  }
  return first;
}

}  // namespace texsort
