// Report helpers shared by the commands (report.h).
#include "cli/report.h"

#include <cstdio>
#include <cstdlib>

#include "error.h"
#include "gl/capabilities.h"
#include "io/files.h"
#include "sort/runner.h"

namespace texsort {

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {  // a control character in a name: \u00XX
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
      out += escaped;
      continue;
    }
    out += c;
  }
  return out + "\"";
}

void requireSameAsCpuModel(const std::vector<Element>& gpu, const std::vector<Element>& cpu,
                           const std::function<std::string(std::size_t)>& where) {
  std::size_t differing = 0, first = 0;
  for (std::size_t i = 0; i < cpu.size(); ++i) {
    if (cpu[i] != gpu[i] && differing++ == 0) first = i;
  }
  if (differing != 0) {
    throw Error(ExitCode::Mismatch, "verify: the GPU result differs from the CPU model in " + std::to_string(differing) +
                                        " of " + std::to_string(cpu.size()) + " elements; first at " + where(first));
  }
}

std::string describeElement(const Element& e) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "(key %.0f, index %.0f, rgb %.0f, alpha %.0f)", double(e.key), double(e.index),
                double(e.rgb), double(e.alpha));
  return buf;
}

std::vector<Algorithm> runnableAlgorithms(const std::vector<Algorithm>& wanted, bool named, const char* command) {
  std::vector<Algorithm> runnable;
  std::string noCompute, noTargets;  // what is left out, by what the context lacks
  for (Algorithm a : wanted) {
    if (named) requireAvailable(a);
    if (algorithmAvailableHere(a)) runnable.push_back(a);
    else (usesCompute(a) ? noCompute : noTargets) += std::string(", ") + algorithmName(a);
  }
  if (!noCompute.empty()) {
    const int version = gl::contextVersion();
    std::fprintf(stderr, "texsort: %s: left out %s: this context (OpenGL %d.%d) has no compute shaders\n", command,
                 noCompute.c_str() + 2, version / 10, version % 10);
  }
  if (!noTargets.empty()) {
    std::fprintf(stderr, "texsort: %s: left out %s: a draw here writes %d targets, not 8\n", command, noTargets.c_str() + 2,
                 gl::drawBuffers());
  }
  return runnable;
}

int namingTheFile(const std::string& name, const std::function<int()>& run) {
  try {
    return run();
  } catch (const Error& e) {
    const std::string what = e.what();
    const bool unnamed = what.rfind("GL: cannot allocate", 0) == 0 || what.rfind("GPU sorter: ", 0) == 0;
    if (e.code() == ExitCode::Gpu && unnamed) throw Error(e.code(), name + ": " + what);
    throw;
  }
}

void exitNow(int code) {
#if defined(__SANITIZE_ADDRESS__)
  (void)code;
#else
  closeStandardOutput();  // throws to main's one line when the report was lost
  std::fflush(stderr);
  std::_Exit(code);
#endif
}

}  // namespace texsort
