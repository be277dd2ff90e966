// The checks of typed values (value_checks.h).
#include "io/value_checks.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "error.h"

namespace texsort {

std::string numberProblem(const std::string& text, double min, double max, bool whole, const std::vector<std::string>& words) {
  std::string range =
      std::string(whole ? "a whole number" : "a number") + " from " + numberText(min) + " to " + numberText(max);
  for (const std::string& w : words) range += " or " + w;
  for (const std::string& w : words)
    if (text == w) return {};
  if (text.empty()) return "an empty value; give " + range;
  // The user's own text is echoed (at most 40 characters), never a conversion of it.
  const std::string shown = text.size() > 40 ? text.substr(0, 40) + "..." : text;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (std::isspace(static_cast<unsigned char>(text[0])) || end != text.c_str() + text.size()) {
    return "'" + shown + "' is not a number; give " + range;
  }
  if (!std::isfinite(v)) return shown + " is not a finite number; give " + range;
  // A count as digits (a sign at most): 1e3 or 0x10 would reach the integer conversion, which
  // reads neither, and its message names no range.
  const bool digits = text.find_first_not_of("0123456789", text[0] == '-' || text[0] == '+' ? 1 : 0) == std::string::npos;
  if (whole && (v != std::floor(v) || !digits)) return shown + " is not a whole number; give " + range;
  if (v < min || v > max) return shown + " is out of range; give " + range;
  return {};
}

std::string fileNameProblem(const std::string& text, bool ofAnOption) {
  if (text.empty()) return "an empty file name; give a path or -";
  // `bench --pixelsort --help`: the option that follows was taken as the file's name.
  if (ofAnOption && text.size() > 2 && text.compare(0, 2, "--") == 0) {
    return "'" + text + "' is an option, not a file name (a file of that name: ./" + text + ")";
  }
  return "";
}

}  // namespace texsort
