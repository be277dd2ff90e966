// The texsort subcommands, callable from main and from tests.
#pragma once

#include <string>

#include "image/elements.h"

namespace texsort {

struct SortOptions {
  std::string input;
  std::string output;
  SortOrder order = SortOrder::Ascending;
  bool verify = false;
  bool quiet = false;
};

// `texsort sort`: load, sort on the GPU headless, optionally verify, write atomically. Throws
// texsort::Error; returns the exit code on success.
int runSort(const SortOptions& options);

// `texsort info`: the headless context's renderer, GL version, limits and EGL platform.
int runInfo();

}  // namespace texsort
