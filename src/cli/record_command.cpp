// `texsort record`: the sort's passes, headless, as a video file through ffmpeg.
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "cli/commands.h"
#include "context/egl_context.h"
#include "error.h"
#include "io/files.h"
#include "record/recording.h"
#include "sort/bits.h"
#include "sort/memory_budget.h"

namespace texsort {

int runRecord(const RecordCommandOptions& options) {
  checkOutput(options.output, {{options.input}});
  findFfprobe(findFfmpeg());  // before any work: a missing encoder is said at once, with how to install it
  const std::string name = inputName(options.input);
  const std::vector<unsigned char> bytes = readImageFile(options.input);
  const ImageHeader header = readImageHeader(name, bytes.data(), bytes.size(), kMaxElements);
  const std::uint64_t elementCount = nextPowerOfTwo(std::uint64_t{header.width} * header.height);
  checkAlgorithmFits(options.algorithm, elementCount);
  // Pass numbers beyond the sort are the user's mistake, said before any frame is made.
  const RecordOptions& r = options.record;
  const auto passes = static_cast<std::uint32_t>(scheduleFor(options.algorithm, elementCount).size());
  const bool toGiven = r.to != RecordOptions{}.to;
  if (r.from > passes || (toGiven && r.to > passes)) {
    throw Error(ExitCode::Usage, std::string(r.from > passes ? "--from " + std::to_string(r.from)
                                                                           : "--to " + std::to_string(r.to)) +
                                     ": " + info(options.algorithm).name + " sorts " + name + " in " +
                                     std::to_string(passes) + " passes; give a pass from 0 to " +
                                     std::to_string(passes));
  }
  HeadlessContext context;
  checkMemoryBudget(name, header.width, header.height, bytes.size(), options.algorithm);
  const std::string shown = options.input == "-" ? name : std::filesystem::path(options.input).filename().string();
  SortSession session(decodeImage(name, bytes.data(), bytes.size(), header), options.order, options.algorithm, shown);
  StateDisplay display;
  Recording recording(session, display, options.record, options.output);

  // A progress line where someone watches: standard error on a terminal, four updates a second.
  const bool progress = !options.quiet && ::isatty(STDERR_FILENO);
  do {
    if (progress) {
      std::fprintf(stderr, "\rrecording %s: frame %u of %u (pass %u of %u)", options.output.c_str(),
                   recording.framesDone(), recording.frameCount(), session.pass(), session.passCount());
    }
  } while (!recording.step(progress ? 0.25 : 3600.0));
  if (progress) std::fprintf(stderr, "\rrecording %s: %u frames, encoding the end...\033[K", options.output.c_str(),
                             recording.frameCount());
  recording.finish();
  if (progress) std::fprintf(stderr, "\r\033[K");

  if (!options.quiet) {
    std::FILE* report = options.output == "-" ? stderr : stdout;
    const FrameGeometry& g = recording.geometry();
    std::fprintf(report, "recorded %s -> %s: %s, %ux%u, %u frames at %g fps (%.1f s)\n", inputName(options.input).c_str(),
                 outputName(options.output).c_str(), info(options.record.format).name, g.width, g.height, recording.frameCount(),
                 options.record.fps, recording.seconds());
    std::fprintf(report, "  passes    %u to %u of %u (%s), every %u, first and last held %g s\n",
                 recording.passOfFrame(0), recording.passOfFrame(recording.frameCount() - 1), session.passCount(),
                 info(options.algorithm).name, recording.options().every, options.record.holdSeconds);
    std::fprintf(report, "  renderer  %s\n", context.renderer().c_str());
    if (const std::string note = recording.note(); !note.empty()) std::fprintf(report, "  note      %s\n", note.c_str());
  }
  return 0;
}

}  // namespace texsort
