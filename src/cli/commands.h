// The texsort subcommands, callable from main and from tests.
#pragma once

#include <cstdio>
#include <memory>
#include <optional>

#include "io/files.h"
#include "record/encoder.h"

#include <string>

#include <cstdint>
#include <vector>

#include "pixelsort/pixel_sort.h"
#include "pixelsort/presets.h"
#include "sort/packing.h"
#include "record/record_options.h"
#include "sort/algorithms.h"

namespace texsort {

struct SortOptions {
  std::string input;
  std::string output;
  SortOrder order = SortOrder::Ascending;
  Algorithm algorithm = Algorithm::BitonicWide;  // the fastest fragment path; Bitonic is the seed's classic one
  bool automatic = false;  // --algo auto: sortAlgorithmHere() picks, once the context is up
  bool algorithmGiven = false;  // no --algo: fragmentSortHere(), bitonic-wide where a draw writes 8 targets
  bool verify = false;
  bool quiet = false;
  bool exitWhenDone = false;  // main's run: exitNow() once the output is in place
};

// `texsort pixelsort`: the pixel-sort effect, with sort's whole I/O contract.
class HeadlessContext;
class PixelSortPlan;

// A batch's last picture plan (textures, programs, lines), which the next input of the same size and
// options sorts with: llvmpipe clears every texture it makes, ~50 ms of a 2048x2048 run.
struct KeptPlan {
  std::unique_ptr<PixelSortPlan> plan;
  ~KeptPlan();
};

struct PixelSortCommandOptions {
  std::vector<std::string> inputs;  // several (or -o DIR/): a batch, each written into the folder
  std::string input;                // the one being sorted
  std::string output;
  PixelSortOptions pixelSort;
  std::string mask;  // --mask FILE, loaded into pixelSort.mask by runPixelSort
  std::string field;  // --field FILE (--path flow), loaded into pixelSort.field likewise
  std::string format;  // --format: a video format for a video or GIF out (else from OUT's extension)
  std::vector<std::string> animate;  // --animate NAME=KEYFRAMES (pixelsort/animation.h), video out only
  std::uint32_t frames = 0;          // --frames N: a still picture in becomes N frames
  double fps = 0.0;                  // --fps: the frames' rate for a still picture in (0: 30)
  Algorithm algorithm = Algorithm::BitonicWide;  // any pixelSortAlgorithm(), when algorithmChosen
  bool algorithmChosen = false;                  // --algo named one; else (auto) pixelSortBackendHere() picks
  std::shared_ptr<HeadlessContext> context;      // a batch's one GL context (else each run opens its own)
  std::shared_ptr<KeptPlan> kept;                // a batch's last plan (else each run makes its own and frees it)
  std::vector<PixelSortStage> then;              // --then: more sorts, each on the result of the last
  std::vector<std::string> recipeFiles;          // --preset FILE: the recipe files read, inputs no output may replace
  bool verify = false;
  bool quiet = false;
  bool exitWhenDone = false;  // main's run: exitNow() once the output is in place
};
int runPixelSort(const PixelSortCommandOptions& options);
// Every file a pixel sort reads (inputs, masks and fields of every sort, recipe files), each of
// which no output may be (io/files.h checkOutput).
std::vector<InputFile> pixelSortReads(const PixelSortCommandOptions& options);
// Several inputs (or -o DIR/): each sorted into the folder with one GL context (pixelsort_batch.cpp);
// a failing input is reported in one line and the rest still done. Exits with the first failure's code.
int runPixelSortBatch(const PixelSortCommandOptions& options);
// The video format when the output is a video (--format, else the output's extension), and the
// run that sorts every frame of the input into it (pixelsort_video.cpp).
std::optional<VideoFormat> pixelSortVideoFormat(const PixelSortCommandOptions& options);
// Where a clip's time went (bench --video): per stage, summed over the frames.
struct ClipTimes {
  std::uint32_t frames = 0;
  std::size_t passes = 0;  // a frame's
  double seconds = 0.0;    // the whole run, wall clock
  double decodeMs = 0.0, gpuMs = 0.0, encodeMs = 0.0;  // each stage's own work (decode, encode: waiting on ffmpeg)
  std::string renderer;
  Algorithm algorithm = Algorithm::BitonicWide;  // the line sort that ran (auto's choice, or the one named)
};
int runPixelSortVideo(const PixelSortCommandOptions& options, VideoFormat format, ClipTimes* times = nullptr);

// `texsort sort`: load, sort on the GPU headless, optionally verify, write atomically. Throws
// texsort::Error; returns the exit code on success.
int runSort(const SortOptions& options);

struct BenchOptions {
  std::vector<Algorithm> algorithms{std::begin(kAlgorithms), std::end(kAlgorithms)};
  bool algorithmsGiven = false;  // --algos: an unavailable one is an error, not left out
  std::vector<std::uint64_t> sizes{256, 4096, 65536, 262144, 1048576};
  bool sizesGiven = false;
  bool ladder = false;  // article 000's table: the compute ladder and the fragment ladder by N
  bool perPass = false;  // where the cost goes: each pass timed alone, grouped by shape, per algorithm and size
  bool naive = true;
  std::string pixelSortImage;  // --pixelsort FILE: time the pixel sort on FILE scaled to each of pixelSortSides
  std::vector<std::uint32_t> pixelSortSides{512, 2048, 4096};    // time the naive yardstick (src/bench/naive.h) at each size: the "x naive" column
  unsigned runs = 5;                       // measured runs per cell, after one warm-up
  double maxWork = 4.0e9;                  // refuse cells whose passes x elements exceed this
  enum class Format { Table, Json, Csv } format = Format::Table;
  bool progress = true;                    // a progress line on stderr while it runs
  std::string plot;                        // also write a log-log plot (PNG) of GPU ms against N here
  bool video = false;                      // --video: a 720p and a 1080p clip pixel-sorted, stage by stage
  std::vector<std::uint32_t> videoHeights{720, 1080};  // their heights (16:9, even widths)
};

// The algorithms of `texsort bench --ladder`, in its columns' order: the compute ladder (article
// 000's seven kernels), then the fragment ladder (one step per pass, the fast path, the wide path).
inline std::vector<Algorithm> ladderAlgorithms() {
  std::vector<Algorithm> ladder;
  for (Algorithm a : kAlgorithms)
    if (usesCompute(a)) ladder.push_back(a);
  ladder.insert(ladder.end(), {Algorithm::Bitonic, Algorithm::BitonicFast, Algorithm::BitonicWide});
  return ladder;
}
// Its default sizes: every power of two from 2^8 to 2^20.
inline std::vector<std::uint64_t> ladderSizes() {
  std::vector<std::uint64_t> sizes;
  for (unsigned k = 8; k <= 20; ++k) sizes.push_back(std::uint64_t{1} << k);
  return sizes;
}

// `texsort bench`: times every algorithm at every size on random data, with a copy pass and
// std::sort of the same data as yardsticks, and prints a table, JSON or CSV.
int runBench(const BenchOptions& options);
// bench --video: a clip ffmpeg draws at each of options.videoHeights pixel-sorted as runPixelSortVideo
// does, where the time went written to `report` (bench_video.cpp; the desktop's alone).
int runVideoBench(const BenchOptions& options, std::FILE* report);

struct RecordCommandOptions {
  std::string input;
  std::string output;
  SortOrder order = SortOrder::Ascending;
  Algorithm algorithm = Algorithm::Bitonic;  // the seed's one step per pass: every step a frame
  RecordOptions record;                      // format from --format or the output's extension
  bool quiet = false;
};

// `texsort record`: sorts headless and encodes the passes as GIF, MP4, WebM or lossless MKV
// through ffmpeg; the file is written by the output rule. Throws texsort::Error.
int runRecord(const RecordCommandOptions& options);

struct CheckOptions {
  std::vector<Algorithm> algorithms{std::begin(kAlgorithms), std::end(kAlgorithms)};
  bool algorithmsGiven = false;  // --algos: an unavailable one is an error, not left out
  bool quick = false;    // sizes up to 2^10 (CI); else up to 2^16
  bool json = false;     // every case with its per-pass digests, as JSON
  bool digests = false;  // the table, then one line per pass: case, pass, digest
  double maxWork = 6.7e7;  // skip cases whose passes x elements exceed this (transposition's N^2)
};

// `texsort check`: every algorithm x size x order x input pattern on this GPU and driver, the whole
// GPU state compared with the CPU model after every pass. Returns 0, or 5 when any pass differs.
int runCheck(const CheckOptions& options);

// `texsort info`: the headless context's renderer, GL version, limits and EGL platform.
int runInfo(bool optionTable);

}  // namespace texsort
