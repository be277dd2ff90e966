// texsort in the browser: the command line as a function the page calls (window.texsort.run in
// web/texsort.js), with the same parser, checks, messages and exit codes as the native program.
// Standard input and output are the page's bytes (web/texsort.js feeds and collects them); files
// live in the module's memory file system. No threads, no subprocesses: record, clips (read and
// written through ffmpeg), bench --video and the viewer are the desktop's, and the module links
// none of their code (record/encoder, decoder, child_process, viewer/input_queue).
#include <emscripten/emscripten.h>
#include <sys/stat.h>

#include <cstdio>
#include <string>

#include "cli/command_line.h"
#include "context/egl_context.h"
#include "error.h"
#include "io/files.h"

namespace texsort {

// The commands the browser does not run, each said in one line (the desktop runs them).
int runRecord(const RecordCommandOptions&) {
  throw Error(ExitCode::Encoder, "record needs ffmpeg, which the browser edition does not have; use texsort on a desktop");
}
int runPixelSortVideo(const PixelSortCommandOptions& options, VideoFormat format, ClipTimes*) {
  const std::string out = options.output.empty() || options.output == "-" ? "standard output" : options.output;
  throw Error(ExitCode::Usage, out + ": a clip (" + info(format).name + ") is made in the page's clip player (Open a clip, "
                               "then Save clip) or by texsort on a desktop, which has ffmpeg; here a picture sorts to a PNG");
}
int runVideoBench(const BenchOptions&, std::FILE*) {
  throw Error(ExitCode::Encoder, "bench --video needs ffmpeg, which the browser edition does not have; use texsort on a desktop");
}
int runViewer(const ViewerOptions&) {
  throw Error(ExitCode::Usage, "demo opens the desktop viewer; in the browser the page is the viewer");
}

}  // namespace texsort

namespace {

int fail(texsort::ExitCode code, const std::string& message) {
  std::fprintf(stderr, "texsort: error: %s\n", message.c_str());
  return static_cast<int>(code);
}

}  // namespace

// One command line, as main takes it; returns the exit code. The page resets standard input and
// collects standard output and error around the call.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_run(int argc, char** argv) {
  using namespace texsort;
  std::clearerr(stdin);
  int code = 0;
  try {
    Command command = parseCommandLine(argc, argv);
    switch (command.kind) {
      case Command::Kind::Help: std::fputs(command.helpText.c_str(), stdout); break;
      case Command::Kind::Sort: code = runSort(command.sort); break;
      case Command::Kind::PixelSort: code = runPixelSort(command.pixelSort); break;
      case Command::Kind::Record: code = runRecord(command.record); break;
      case Command::Kind::Bench: code = runBench(command.bench); break;
      case Command::Kind::Check: code = runCheck(command.check); break;
      case Command::Kind::Info: code = runInfo(command.infoOptions); break;
      case Command::Kind::Demo: code = runViewer(command.view); break;
    }
  } catch (const Error& e) {
    code = fail(e.code(), e.what());
  } catch (const std::exception& e) {
    code = fail(ExitCode::Gpu, std::string("internal error: ") + e.what());
  }
  std::fflush(stdout);
  std::fflush(stderr);
  return code;
}

// Opens the page's WebGL2 context (texsort.ready waits for it): 0, or the exit code with the one
// line on standard error that says what the browser lacks.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_open_context() {
  try {
    texsort::HeadlessContext context;
    return 0;
  } catch (const texsort::Error& e) {
    return fail(e.code(), e.what());
  }
}

// The module stays up; the page calls texsort_run. Emscripten's umask starts at 0777, which made
// every file texsort wrote (a painted mask, an -o NAME) unreadable to the page: a desktop's 022.
int main() {
  ::umask(022);
  return 0;
}
