// bench --video (commands.h runVideoBench): the desktop's alone, as it draws its clips with ffmpeg.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <thread>

#include "cli/commands.h"
#include "cli/report.h"
#include "context/egl_context.h"
#include "error.h"
#include "io/files.h"
#include "pixelsort/pixel_runner.h"
#include "record/child_process.h"
#include "record/encoder.h"

namespace texsort {
namespace {

constexpr unsigned kVideoBenchFrames = 60;  // a clip of bench --video: 2 s at 30 fps

}  // namespace

// bench --video: ffmpeg draws a clip at each size (its testsrc2 pattern, H.264), texsort pixel-sorts
// it into H.264 as `texsort pixelsort CLIP -o OUT.mp4` does, and the table says where the time went.
int runVideoBench(const BenchOptions& options, std::FILE* gReport) {
  // auto's choice, or each of --algos (checked, as pixelsort --algo checks it, before any output).
  std::vector<std::optional<Algorithm>> rows = {std::nullopt};
  if (options.algorithmsGiven) rows.assign(options.algorithms.begin(), options.algorithms.end());
  for (const auto& a : rows)
    if (a) checkPixelSortAlgorithm(*a);
  auto context = std::make_shared<HeadlessContext>();
  std::fprintf(gReport, "texsort bench --video, %s: %s, %s; CPU %s, %u cores; medians of %u runs\n", today().c_str(),
               context->renderer().c_str(), context->glVersion().c_str(), cpuName().c_str(),
               std::thread::hardware_concurrency(), options.runs);
  std::fprintf(gReport, "%-10s %-16s %7s %11s %12s %14s %12s %10s\n", "clip", "line sort", "frames", "frames/s", "decode ms",
               "GPU work ms", "encode ms", "passes");
  const std::string ffmpeg = findFfmpeg();
  for (const std::uint32_t side : options.videoHeights) {
    const std::uint32_t height = (side + 1) / 2 * 2, width = (height * 16 / 9 + 1) / 2 * 2;  // 16:9, even for H.264
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    if (options.progress && ::isatty(STDERR_FILENO)) std::fprintf(stderr, "\rclip %s ...\033[K", size.c_str());
    ScratchFile clip(".mp4"), out(".mp4"), log(".log");
    const int drawn = waitFor(spawnLogged({ffmpeg, "-v", "error", "-nostdin", "-f", "lavfi", "-i",
                                           "testsrc2=size=" + size + ":rate=30:duration=" + std::to_string(kVideoBenchFrames / 30.0),
                                           "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-y", clip.path()},
                                          -1, -1, log.path()));
    if (drawn != 0) {
      const std::vector<std::string> why = logLines(log.path());
      throw Error(ExitCode::Encoder, "bench --video: ffmpeg could not draw the " + size + " clip" + (why.empty() ? "" : ": " + why.back()));
    }
    for (const auto& algorithm : rows) {
      PixelSortCommandOptions run;
      run.input = clip.path();
      run.output = out.path();
      run.quiet = true;
      run.context = context;
      if (algorithm) run.algorithm = *algorithm;
      run.algorithmChosen = algorithm.has_value();
      std::vector<ClipTimes> times(options.runs);
      for (ClipTimes& t : times) runPixelSortVideo(run, VideoFormat::Mp4, &t);
      std::sort(times.begin(), times.end(), [](const ClipTimes& a, const ClipTimes& b) { return a.seconds < b.seconds; });
      const ClipTimes& t = times[times.size() / 2];
      if (options.progress && ::isatty(STDERR_FILENO)) std::fprintf(stderr, "\r\033[K");
      std::fprintf(gReport, "%-10s %-16s %7u %11.1f %12.1f %14.1f %12.1f %10zu\n", size.c_str(), algorithmName(t.algorithm),
                   t.frames, t.frames / t.seconds, t.decodeMs / t.frames, t.gpuMs / t.frames, t.encodeMs / t.frames, t.passes);
      std::fflush(gReport);
    }
  }
  std::fprintf(gReport, "decode, GPU work, encode: three threads (ffmpeg's decoding, upload + every pass + read back, "
               "ffmpeg's H.264 encoding at CRF 18); ms a frame each stage spent at its own work, waiting on its "
               "ffmpeg included: the slowest sets the pace\n");
  return 0;
}

}  // namespace texsort
