// One diagnostics path: every failure is a texsort::Error carrying its exit code; main prints it.
#pragma once

#include <stdexcept>
#include <string>

namespace texsort {

// Exit codes of the texsort program (also documented in README.md).
enum class ExitCode : int {
  Ok = 0,
  BadInput = 1,   // input file missing, unreadable, not an image, too large
  Usage = 2,      // command line: unknown flag or option value, OUT equal to IN
  BadOutput = 3,  // output cannot be written
  Gpu = 4,        // EGL / OpenGL failure, or the GPU cannot hold the data
  Mismatch = 5,   // --verify found the GPU result differs from the CPU model
  Encoder = 6,    // a recording's encoder (the ffmpeg program) is missing or failed
};

class Error : public std::runtime_error {
 public:
  Error(ExitCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ExitCode code() const { return code_; }

 private:
  ExitCode code_;
};

// The one-line errors that name a file: "PATH: problem".
[[noreturn]] inline void failInput(const std::string& path, const std::string& problem) {
  throw Error(ExitCode::BadInput, path + ": " + problem);
}
[[noreturn]] inline void failOutput(const std::string& path, const std::string& problem) {
  throw Error(ExitCode::BadOutput, path + ": " + problem);
}

}  // namespace texsort
