// libFuzzer target: command-line parsing. The input is split at NUL bytes into arguments; any
// argument list may be refused with texsort::Error(Usage); nothing may crash, print or exit.
#include <cstdint>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args{"texsort"};
  std::string current;
  for (std::size_t i = 0; i < size && args.size() < 32; ++i) {
    if (data[i] == 0) {
      args.push_back(current);
      current.clear();
    } else {
      current += static_cast<char>(data[i]);
    }
  }
  if (!current.empty()) args.push_back(current);
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  try {
    texsort::parseCommandLine(static_cast<int>(argv.size()), argv.data());
  } catch (const texsort::Error& e) {
    if (e.code() != texsort::ExitCode::Usage) __builtin_trap();
  }
  return 0;
}
