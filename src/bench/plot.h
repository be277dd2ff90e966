// A log-log plot of benchmark cells as a PNG-ready image: GPU ms against N, one line per algorithm.
#pragma once

#include <string>
#include <vector>

#include "bench/benchmark.h"
#include "image/image_io.h"

namespace texsort {

// The axes' extent in log units: x = log2 N, y = log10 ms, rounded out to whole decades; each
// at least one unit wide. `empty` when no cell has a time (all skipped).
struct LogLogRange {
  double xMin = 0, xMax = 1, yMin = 0, yMax = 1;
  bool empty = true;
};
LogLogRange logLogRange(const std::vector<BenchCell>& cells);

// Skipped cells are left out; `title` goes on top (renderer, date).
Image plotBenchmark(const std::vector<BenchCell>& cells, const std::string& title);

}  // namespace texsort
