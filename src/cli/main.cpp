// texsort's entry point: parse the command line, run the command, turn every failure into one line.
#include <cstdio>

#include "cli/command_line.h"
#include "context/egl_context.h"
#include "error.h"
#include "io/files.h"
#include "sort/memory_budget.h"

namespace {

int fail(texsort::ExitCode code, const std::string& message) {
  std::fprintf(stderr, "texsort: error: %s\n", message.c_str());
  return static_cast<int>(code);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace texsort;
  installSignalCleanup();  // no signal that ends the process leaves a temporary file; SIGXFSZ becomes EFBIG
  try {
    Command command = parseCommandLine(argc, argv);
    // texsort's environment variables are options too: a malformed one is a usage error before any
    // work, never ignored or taken for a GPU failure.
    if (command.kind != Command::Kind::Help) {
      memoryLimit();
      forcedEglPlatform();
    }
    command.sort.exitWhenDone = command.pixelSort.exitWhenDone = true;  // main's runs end the process
    const int code = [&] {
      switch (command.kind) {
        case Command::Kind::Help: std::fputs(command.helpText.c_str(), stdout); return 0;
        case Command::Kind::Sort: return runSort(command.sort);
        case Command::Kind::PixelSort: return runPixelSort(command.pixelSort);
        case Command::Kind::Record: return runRecord(command.record);
        case Command::Kind::Bench: return runBench(command.bench);
        case Command::Kind::Check: return runCheck(command.check);
        case Command::Kind::Info: return runInfo(command.infoOptions);
        case Command::Kind::Demo: return runViewer(command.view);
      }
      return 0;
    }();
    closeStandardOutput();  // a report lost to a full device or a closed pipe is a failure too
    return code;
  } catch (const Error& e) {
    return fail(e.code(), e.what());
  } catch (const std::exception& e) {
    return fail(ExitCode::Gpu, std::string("internal error: ") + e.what());
  }
}
