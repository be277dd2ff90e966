// A log-log plot of benchmark cells as a PNG-ready image: GPU ms against N, one line per algorithm.
#pragma once

#include <string>
#include <vector>

#include "bench/benchmark.h"
#include "image/image_io.h"

namespace texsort {

// Skipped cells are left out; `title` goes on top (renderer, date).
Image plotBenchmark(const std::vector<BenchCell>& cells, const std::string& title);

}  // namespace texsort
