// Helpers shared by the tests: reference sorts, generated images, files and child processes.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "sort/packing.h"
#include "image/image_io.h"
#include "sort/algorithms.h"

namespace texsort {
// GoogleTest prints an algorithm parameter by name, and a pass as describe() says it.
void PrintTo(Algorithm algorithm, std::ostream* os);
void PrintTo(const Pass& pass, std::ostream* os);
}  // namespace texsort

namespace texsort::test {

// Whether XDG_CACHE_HOME points at the build folder's test-cache for every texsort a test runs.
bool cacheInBuild();
std::string assetPath(const std::string& name);  // assets/NAME in the source tree

// A GoogleTest parameter name for an algorithm: its name without dashes ("bitonicfast").
std::string algorithmTestName(Algorithm algorithm);
template <typename Info>
std::string algorithmTestName(const Info& info) {
  return algorithmTestName(info.param);
}

// The algorithms whose registry row says they sort lines (SortShape::lineCount > 1).
std::vector<Algorithm> lineAlgorithms();

// The algorithms whose schedules carry sorting-network steps (all but radix).
std::vector<Algorithm> networkAlgorithms();

// The contract written independently of the sorter: the image's pixels ordered by Rec.601 luma
// (ascending or descending), ties in original row-major order.
Image referenceSorted(const Image& image, SortOrder order);

// A width x height RGBA image of random colours drawn from `distinctColours` colours (few colours
// give many equal keys, so ties are exercised), with random alpha.
Image randomImage(std::uint32_t width, std::uint32_t height, std::mt19937& rng, int distinctColours = 64);

// A palette PNG (colour type 3) with a tRNS alpha chunk, written without stb (which cannot write
// palette PNGs): stored deflate blocks, real CRCs.
std::vector<std::uint8_t> palettePng(std::uint32_t width, std::uint32_t height,
                                     const std::vector<std::uint8_t>& paletteRgba,
                                     const std::vector<std::uint8_t>& indices);

// A PNG of any header (IHDR fields as given) around `scanlines` (filter bytes included, stored
// uncompressed), with correct CRCs; extra chunks (type, data) go before IDAT.
std::vector<std::uint8_t> rawPng(std::uint32_t width, std::uint32_t height, std::uint8_t bitDepth,
                                 std::uint8_t colourType, const std::vector<std::uint8_t>& scanlines,
                                 const std::vector<std::pair<std::string, std::vector<std::uint8_t>>>& extraChunks = {});

std::vector<std::uint8_t> readFile(const std::string& path);
// A PNG whose header says width x height RGB and whose pixel data is cut short: decoding it fails,
// so a refusal that names its size came before the pixels were read.
std::vector<std::uint8_t> pngHeaderOnly(std::uint32_t width, std::uint32_t height);
void writeFile(const std::string& path, const std::vector<std::uint8_t>& bytes);
bool fileExists(const std::string& path);
std::vector<std::string> listFolder(const std::string& path);

// A fresh empty folder under the system temp folder, removed by the destructor.
class TempFolder {
 public:
  TempFolder();
  ~TempFolder();
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  std::string path(const std::string& name) const { return root_ + "/" + name; }
  const std::string& root() const { return root_; }

 private:
  std::string root_;
};

struct RunResult {
  int exitCode = -1;  // -1 if killed by a signal
  int signal = 0;
  std::string out;
  std::string err;
};

struct RunOptions {
  std::vector<std::string> unsetEnv;                         // variables removed for the child
  std::vector<std::pair<std::string, std::string>> setEnv;   // variables set for the child
  bool asNobody = false;  // when running as root, drop to uid/gid 65534 so file permissions bite
  long fileSizeLimit = -1;  // >= 0: RLIMIT_FSIZE in bytes for the child (writes past it fail)
  int umask = -1;           // >= 0: the child's umask
  std::string stdinPath = {};  // non-empty: the child's standard input reads this file
  std::string cwd = {};        // non-empty: the child's working folder
  std::function<void(int pid)> whileRunning = {};  // called in the parent once the child has started
};

// Runs `program` (looked up in PATH unless it has a slash) with `args`, each passed as one
// argument with no shell, capturing its output.
RunResult runProgram(const std::string& program, const std::vector<std::string>& args, const RunOptions& options = {});

// xvfb-run with `args`, its X authority file in a temporary folder of the test's (xvfb-run's own,
// removed while xauth may still lock it, failed now and then under load with exit 5, the program's
// status lost).
RunResult runXvfb(const std::vector<std::string>& args, const RunOptions& options = {});

// Runs the texsort binary that this build made.
RunResult runTexsort(const std::vector<std::string>& args, const RunOptions& options = {});
// Whether this machine's GL driver keeps textures in host memory (llvmpipe, CI's case) or in video
// memory (a discrete GPU): the memory line of `texsort info`. The budget's messages differ.
bool texturesInHostMemory();
std::string texsortBinary();

}  // namespace texsort::test
