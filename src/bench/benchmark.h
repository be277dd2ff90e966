// Timing one algorithm at one size on the GPU, with a copy pass and std::sort as yardsticks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "image/image_io.h"
#include "pixelsort/pixel_sort.h"
#include "sort/element.h"
#include "sort/algorithms.h"

namespace texsort {

// One cell of the benchmark table. Times are medians over the measured runs (after a warm-up).
struct BenchCell {
  Algorithm algorithm = Algorithm::Bitonic;
  bool naive = false;     // the naive yardstick's row (src/bench/naive.h), not an algorithm's
  std::uint64_t n = 0;
  bool skipped = false;
  std::string note;       // why a cell was skipped
  std::size_t passes = 0;
  std::uint64_t steps = 0;  // network steps the passes carry (0 for radix: not a network)
  double gpuMs = 0;       // all passes, GL timestamp queries
  double wallMs = 0;      // all passes, CPU clock around the draws and a glFinish
  double copyMs = 0;      // one plain copy pass of the same RGBA32F texture (CPU clock, glFinish)
  double stdSortMs = 0;   // std::sort of the same elements by (key, index) on one CPU core
  double bytes = 0;       // texture bytes read and written by all passes
  double classicWallMs = 0;  // the fast path's cells: the classic bitonic path's wall ms, interleaved
  double naiveWallMs = 0;    // the naive yardstick's wall ms at the same N, in the same run (0: not run)

  const char* label() const { return naive ? "naive" : algorithmName(algorithm); }

  double msPerPass() const { return passes ? gpuMs / double(passes) : 0.0; }
  // The ratios to the copy pass use wall time on both sides: the same clock, the same glFinish.
  double elementsPerSecond() const { return wallMs > 0 ? double(n) / (wallMs / 1e3) : 0.0; }
  double gbPerSecond() const { return gpuMs > 0 ? bytes / (gpuMs / 1e3) / 1e9 : 0.0; }
  double passPerCopy() const { return copyMs > 0 && passes ? wallMs / double(passes) / copyMs : 0.0; }  // one pass
  double stepPerCopy() const { return copyMs > 0 && steps ? wallMs / double(steps) / copyMs : 0.0; }    // one step
  double speedupVsClassic() const { return classicWallMs > 0 && wallMs > 0 ? classicWallMs / wallMs : 0.0; }
  double sortPerCopy() const { return copyMs > 0 ? wallMs / copyMs : 0.0; }        // the sort, in copy passes
  double sortPerStdSort() const { return stdSortMs > 0 ? wallMs / stdSortMs : 0.0; }  // > 1: slower than std::sort
  double speedupVsNaive() const { return naiveWallMs > 0 && wallMs > 0 && !naive ? naiveWallMs / wallMs : 0.0; }
};

// Random 8-bit RGB pixels (fixed seed) packed as ascending elements, n a power of two.
std::vector<Element> benchmarkElements(std::uint64_t n, std::uint32_t seed);

// Measures one cell on the current GL context: one warm-up, then `runs` runs; the result is
// checked against std::sort (a wrong sort throws texsort::Error(Mismatch)). Cells whose
// passes x n exceed maxWork are returned skipped, with a note, without running.
BenchCell measureCell(Algorithm algorithm, std::uint64_t n, unsigned runs, double maxWork);

// The naive yardstick's row at n (2 .. 2^24): its passes timed like a cell's, on the same random
// elements, with the same copy pass and std::sort beside it. Its warm-up result must equal
// naiveModel's, or it throws texsort::Error(Mismatch).
BenchCell measureNaiveCell(std::uint64_t n, unsigned runs);

// Where the cost goes: each pass of one sort timed alone (CPU clock between two glFinish calls,
// the median of `runs` sorts after a warm-up), grouped by the pass's shape (what it reads and how
// many network steps it carries), beside one copy pass of the same texture.
struct PassShapeCost {
  std::string shape;        // "wide: 4 steps from the wide layout", "bitonic step", ...
  std::size_t passes = 0;   // passes of this shape in the sort
  double msPerPass = 0;     // the median over those passes of each one's median time
  double totalMs = 0;       // the sum over those passes of each one's median time
  double bytesPerPass = 0;  // what one such pass must read and write (bytesPerElement x elements)
  double gbPerSecond() const { return msPerPass > 0 ? bytesPerPass / (msPerPass / 1e3) / 1e9 : 0.0; }
};
struct PassCosts {
  Algorithm algorithm = Algorithm::Bitonic;
  std::uint64_t n = 0;
  double copyMs = 0;
  std::vector<PassShapeCost> shapes;  // in order of first appearance in the schedule
};
PassCosts measurePassCosts(Algorithm algorithm, std::uint64_t n, unsigned runs);
// The same for the pixel sort's schedule (spans, keys, sort, image order) on an image.
PassCosts measurePixelSortPassCosts(const Image& image, const PixelSortOptions& options, Algorithm algorithm,
                                    unsigned runs);

// PassCosts groups passes by passShape (sort/pass.h).

// The pixel sort at one image size: the whole GPU pipeline as `texsort pixelsort` runs it (keys
// and spans, upload, every pass, read back, the output image) against the plain CPU reference on
// one core (keys, spans, std::stable_sort of every span). The warm-up's two images must be equal,
// or it throws texsort::Error(Mismatch).
struct PixelSortCell {
  Algorithm algorithm = Algorithm::BitonicWide;
  std::uint32_t width = 0, height = 0;
  std::size_t passes = 0;
  double gpuMs = 0;      // the passes, GL timestamps
  double wallMs = 0;     // the whole pipeline, CPU clock
  double cpuMs = 0;      // pixelSortReference
  double speedup() const { return wallMs > 0 ? cpuMs / wallMs : 0.0; }
};
PixelSortCell measurePixelSort(const Image& image, const PixelSortOptions& options, Algorithm algorithm, unsigned runs);

// `image` resized to side x side by nearest neighbour (the benchmark's larger inputs).
Image scaledNearest(const Image& image, std::uint32_t side);

// The median (the mean of the middle two for an even count; 0 for none).
inline double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2.0;
}

}  // namespace texsort
