// `texsort pixelsort` with a video out: every frame of a video, an animated GIF or any picture
// ffmpeg reads is pixel-sorted on the GPU with one context, one line layout and one schedule, and
// encoded by ffmpeg (record's encoder: the output rule, checks and signals as there).
#include <unistd.h>

#include <chrono>
#include <cstdio>

#include "cli/commands.h"
#include "context/egl_context.h"
#include "error.h"
#include "image/image_io.h"
#include "pixelsort/pixel_sort.h"
#include "record/decoder.h"
#include "record/encoder.h"
#include "sort/algorithms.h"
#include "sort/memory_budget.h"
#include "sort/runner.h"

namespace texsort {

std::optional<VideoFormat> pixelSortVideoFormat(const PixelSortCommandOptions& options) {
  if (!options.format.empty()) return videoFormatNamed(options.format);
  return options.output == "-" ? std::nullopt : videoFormatForPath(options.output);
}

int runPixelSortVideo(const PixelSortCommandOptions& options, VideoFormat format) {
  const auto begun = std::chrono::steady_clock::now();
  if (options.input == "-") {
    throw Error(ExitCode::Usage, "pixelsort: a video out needs its input as a file (ffmpeg reads it twice); not -");
  }
  if (options.verify) throw Error(ExitCode::Usage, "pixelsort: --verify checks a picture; not with a video out");
  PixelSortOptions ps = options.pixelSort;
  VideoDecoder decoder(options.input);
  const VideoProbe& video = decoder.probe();
  if (info(format).evenSides && (video.width % 2 || video.height % 2)) {
    throw Error(ExitCode::Usage, options.input + ": " + std::to_string(video.width) + "x" + std::to_string(video.height) +
                                     " has an odd side, which " + info(format).name + " cannot hold; write .mkv or .gif");
  }
  if (!options.mask.empty()) {
    ps.mask = std::make_shared<const Image>(loadImage(options.mask, kMaxElements));
    checkMaskSize(ps, video.width, video.height, options.mask == "-" ? "standard input (mask)" : options.mask);
  }
  const SortShape shape = lineShape(video.width, video.height, ps.angle, packsLines(ps));
  checkPixelSortFits(options.input, video.width, video.height, shape, ps.key, options.algorithm);
  // Memory as for a still picture of the frame's size (the frames pass through one at a time).
  const bool maps = SourceShape{lineAxis(ps.angle), video.width, video.height, 1, ps.mask != nullptr}.maps();
  const MemoryNeed need = pixelSortMemoryNeed(video.width, video.height, shape.count(), 0, options.algorithm, maps);
  checkHostMemoryBudget(options.input, video.width, video.height, need);
  HeadlessContext context;
  checkMemoryBudget(options.input, video.width, video.height, need);
  const LineLayout layout = lineLayout(video.width, video.height, ps.angle, packsLines(ps));
  const std::vector<std::uint32_t> elementOf = elementsOfPixels(layout);
  const PassSchedule schedule = pixelSortSchedule(layout, options.algorithm, ps);
  std::unique_ptr<Runner> runner = makeRunner(options.algorithm, schedule.shape.count());
  runner->prepare(schedule, sourceShape(layout, ps));

  VideoSettings settings;
  settings.format = format;
  settings.width = video.width;
  settings.height = video.height;
  settings.fps = video.fps;
  settings.rate = video.rate;
  settings.paletteFromFirstFrame = false;  // each frame its own colours: the palette from them all
  settings.outputName = options.output;
  if (video.hasAudio && format != VideoFormat::Gif) {  // the input's sound goes along
    settings.soundFrom = options.input;
    settings.soundCodec = video.audioCodec;
  }
  VideoEncoder encoder(settings);

  const bool progress = !options.quiet && ::isatty(STDERR_FILENO);
  Image frame;
  frame.width = video.width;
  frame.height = video.height;
  frame.channels = 4;
  std::vector<std::uint8_t> rgb(std::size_t{video.width} * video.height * 3);
  double gpuMs = 0.0;
  while (decoder.readFrame(frame.rgba)) {
    const auto start = std::chrono::steady_clock::now();
    uploadPixelSource(*runner, frame, ps, layout, elementOf);
    runner->run(schedule);
    const std::vector<std::uint8_t> sorted = runner->readPixelBytes(frame.pixelCount(), {});
    gpuMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    for (std::size_t i = 0, n = frame.pixelCount(); i < n; ++i)
      for (int c = 0; c < 3; ++c) rgb[i * 3 + c] = sorted[i * 4 + c];
    encoder.addFrame(rgb);
    if (progress) std::fprintf(stderr, "\rpixel-sorting %s: frame %u\033[K", options.input.c_str(), encoder.frameCount());
  }
  decoder.finish();
  if (progress) std::fprintf(stderr, "\rpixel-sorting %s: %u frames, encoding the end...\033[K", options.input.c_str(),
                             encoder.frameCount());
  if (encoder.frameCount() == 0) throw Error(ExitCode::BadInput, options.input + ": no video frames");
  encoder.finish(options.output);
  if (progress) std::fprintf(stderr, "\r\033[K");
  if (!options.quiet) {
    std::FILE* report = options.output == "-" ? stderr : stdout;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
    std::fprintf(report, "pixel-sorted %u frames of %s (%ux%u, %s fps) -> %s (%s), key %s, spans by %s\n",
                 encoder.frameCount(), options.input.c_str(), video.width, video.height, video.rate.c_str(),
                 options.output.c_str(), info(format).name, pixelKeyInfo(ps.key).name, intervalsInfo(ps.intervals).name);
    std::fprintf(report, "  passes    %zu %s a frame; renderer %s\n", schedule.size(), algorithmName(options.algorithm),
                 context.renderer().c_str());
    std::fprintf(report, "  time      %.1f s in all, %.1f frames per second; GPU work %.1f ms a frame%s\n", seconds,
                 encoder.frameCount() / seconds, gpuMs / encoder.frameCount(),
                 !video.hasAudio ? "" : format == VideoFormat::Gif ? "; a GIF has no sound: the input's is dropped"
                                                                   : "; the input's sound carried over");
  }
  return 0;
}

}  // namespace texsort
