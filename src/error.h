// One diagnostics path: every failure is a texsort::Error carrying its exit code; main prints it.
#pragma once

#include <cstdio>
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

// A number as messages write it: 0.8, 1, 1e+30 (not 0.800000).
inline std::string numberText(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.10g", v);
  return text;
}

// Whether `text` is a number as people write one by hand: digits, and a fraction after a point
// (no sign, exponent, hex, spaces, nan or inf), as the hand-parsed values (--center, --animate's
// positions) take them.
inline bool plainDecimal(const std::string& text) {
  const std::size_t point = text.find('.');
  const auto digits = [](const std::string& d) { return !d.empty() && d.find_first_not_of("0123456789") == std::string::npos; };
  return digits(text.substr(0, point)) && (point == std::string::npos || digits(text.substr(point + 1)));
}

// The length of the well-formed UTF-8 sequence at text[at] of two to four bytes, or 0.
inline std::size_t utf8Sequence(const std::string& text, std::size_t at) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(at);
  const std::size_t length = lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 && lead < 0xe0 ? 2 : 0;
  if (length == 0 || at + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k)
    if ((byte(at + k) & 0xc0) != 0x80) return 0;
  const unsigned second = byte(at + 1);  // no overlong forms, surrogates or code points past U+10FFFF
  if ((lead == 0xe0 && second < 0xa0) || (lead == 0xed && second > 0x9f) || (lead == 0xf0 && second < 0x90) ||
      (lead == 0xf4 && second > 0x8f))
    return 0;
  return length;
}

// `text` kept to one line of text: a control character (a newline in a file name, say) is written
// as \n, \r, \t or \xHH, and so is a byte that is not part of UTF-8 (a binary file's, echoed).
inline std::string withControlsEscaped(const std::string& text) {
  static const char hex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t sequence = c >= 0x80 ? utf8Sequence(text, i) : 0;
    if (sequence > 0) {
      out.append(text, i, sequence);
      i += sequence - 1;
    } else if (c >= 0x20 && c < 0x7f) {
      out += text[i];
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      out += std::string("\\x") + hex[c >> 4] + hex[c & 15];
    }
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
