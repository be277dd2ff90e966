// Report helpers shared by the commands (report.h).
#include "cli/report.h"

#include <cstdio>

#include "gl/capabilities.h"
#include "sort/runner.h"

namespace texsort {

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string describeElement(const Element& e) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "(key %.0f, index %.0f, rgb %.0f, alpha %.0f)", double(e.key), double(e.index),
                double(e.rgb), double(e.alpha));
  return buf;
}

std::vector<Algorithm> runnableAlgorithms(const std::vector<Algorithm>& wanted, bool named, const char* command) {
  std::vector<Algorithm> runnable;
  std::string leftOut;
  for (Algorithm a : wanted) {
    if (named) requireAvailable(a);
    if (algorithmAvailableHere(a)) runnable.push_back(a);
    else leftOut += std::string(leftOut.empty() ? "" : ", ") + algorithmName(a);
  }
  if (!leftOut.empty()) {
    const int version = gl::contextVersion();
    std::fprintf(stderr, "texsort: %s: left out %s: this context (OpenGL %d.%d) has no compute shaders\n", command,
                 leftOut.c_str(), version / 10, version % 10);
  }
  return runnable;
}

}  // namespace texsort
