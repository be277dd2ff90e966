// texsort in the browser: the command line as a function the page calls (texsort.run in
// web/texsort.js, through bindings.cpp), with the native program's parser, checks, messages and
// exit codes.
// Standard input and output are the page's bytes (web/texsort.js feeds and collects them); files
// live in the module's memory file system. No threads, no subprocesses: record, clips (read and
// written through ffmpeg), bench --video and the viewer are the desktop's, and the module links
// none of their code (record/encoder, decoder, child_process, viewer/input_queue).
#include <sys/stat.h>

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "error.h"
#include "web/web_main.h"

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

// One command line (without the program's name), as main takes it; returns the exit code, the
// error said on standard error as the desktop says it. The page resets standard input and collects
// standard output and error around the call.
int runCommandLine(const std::vector<std::string>& args) {
  std::vector<const char*> argv = {"texsort"};
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  std::clearerr(stdin);
  int code = 0;
  try {
    Command command = parseCommandLine(static_cast<int>(argv.size()), argv.data());
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
    std::fprintf(stderr, "texsort: error: %s\n", e.what());
    code = static_cast<int>(e.code());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "texsort: error: internal error: %s\n", e.what());
    code = static_cast<int>(ExitCode::Gpu);
  }
  std::fflush(stdout);
  std::fflush(stderr);
  return code;
}

}  // namespace texsort

// The module stays up; the page calls runCommandLine (bindings.cpp). Emscripten's umask starts at
// 0777, which made every file texsort wrote (a painted mask, an -o NAME) unreadable to the page: a desktop's 022.
int main() {
  ::umask(022);
  return 0;
}
