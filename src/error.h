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

// `text` kept to one line: a control character (a newline in a file name, say) is written as \n,
// \r, \t or \xHH.
inline std::string withControlsEscaped(const std::string& text) {
  static const char hex[] = "0123456789abcdef";
  std::string out;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c != 0x7f) out += ch;
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else out += std::string("\\x") + hex[c >> 4] + hex[c & 15];
  }
  return out;
}

// Every message is one line, whatever the names in it hold.
class Error : public std::runtime_error {
 public:
  Error(ExitCode code, const std::string& message) : std::runtime_error(withControlsEscaped(message)), code_(code) {}
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
