// `texsort pixelsort` with a video out: every frame of a video, an animated GIF or any picture
// ffmpeg reads is pixel-sorted on the GPU with one context, one line layout and one schedule, and
// encoded by ffmpeg (record's encoder: the output rule, checks and signals as there).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "cli/commands.h"
#include "context/egl_context.h"
#include "error.h"
#include "image/image_io.h"
#include "pixelsort/animation.h"
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
  if (options.fps > 0 && options.frames == 0) {
    throw Error(ExitCode::Usage, "pixelsort: --fps sets the rate of --frames; a video keeps its own");
  }
  // The frames: a video's (or an animated GIF's) through ffmpeg, or with --frames one still picture
  // that many times.
  std::unique_ptr<VideoDecoder> decoder;
  Image still;
  VideoProbe video;
  if (options.frames > 0) {
    still = loadImage(options.input, kMaxElements);
    still.channels = 4;
    video.width = still.width;
    video.height = still.height;
    video.fps = options.fps > 0 ? options.fps : 30.0;
    video.frames = options.frames;
  } else {
    decoder = std::make_unique<VideoDecoder>(options.input);
    video = decoder->probe();
  }
  std::vector<Animation> animations;
  for (const std::string& text : options.animate) animations.push_back(parseAnimation(text));
  const auto frameCount = static_cast<std::uint32_t>(std::min<std::uint64_t>(video.frames, UINT32_MAX));
  if (!animations.empty() && frameCount == 0) {
    throw Error(ExitCode::BadInput, options.input + ": its frame count is unknown, which --animate's positions need");
  }
  if (info(format).evenSides && (video.width % 2 || video.height % 2)) {
    throw Error(ExitCode::Usage, options.input + ": " + std::to_string(video.width) + "x" + std::to_string(video.height) +
                                     " has an odd side, which " + info(format).name + " cannot hold; write .mkv or .gif");
  }
  PixelSortOptions base = options.pixelSort;
  if (!options.mask.empty()) {
    base.mask = std::make_shared<const Image>(loadImage(options.mask, kMaxElements));
    checkMaskSize(base, video.width, video.height, options.mask == "-" ? "standard input (mask)" : options.mask);
  }
  for (std::uint32_t k = 0; k < frameCount && !animations.empty(); ++k) optionsAtFrame(base, animations, k, frameCount, video.fps);

  // One plan (lines, schedule, runner) for as long as the options stay the same: all the clip
  // unless --animate moves them.
  std::unique_ptr<HeadlessContext> context;
  struct Plan {
    PixelSortOptions options;
    LineLayout layout;
    std::vector<std::uint32_t> elementOf;
    PassSchedule schedule;
    std::unique_ptr<Runner> runner;
  } plan;
  const auto replan = [&](const PixelSortOptions& ps) {
    const SortShape shape = lineShape(video.width, video.height, ps.angle, packsLines(ps));
    checkPixelSortFits(options.input, video.width, video.height, shape, ps.key, options.algorithm);
    // Memory as for a still picture of the frame's size (the frames pass through one at a time).
    const bool maps = SourceShape{lineAxis(ps.angle), video.width, video.height, 1, ps.mask != nullptr}.maps();
    const MemoryNeed need = pixelSortMemoryNeed(video.width, video.height, shape.count(), 0, options.algorithm, maps);
    checkHostMemoryBudget(options.input, video.width, video.height, need);
    if (!context) context = std::make_unique<HeadlessContext>();
    checkMemoryBudget(options.input, video.width, video.height, need);
    plan.runner.reset();
    plan.options = ps;
    plan.layout = lineLayout(video.width, video.height, ps.angle, packsLines(ps));
    plan.elementOf = elementsOfPixels(plan.layout);
    plan.schedule = pixelSortSchedule(plan.layout, options.algorithm, ps);
    plan.runner = makeRunner(options.algorithm, plan.schedule.shape.count());
    plan.runner->prepare(plan.schedule, sourceShape(plan.layout, ps));
  };
  const auto sameOptions = [](const PixelSortOptions& a, const PixelSortOptions& b) {
    return a.angle == b.angle && a.lower == b.lower && a.upper == b.upper && a.spanLength == b.spanLength &&
           a.maxSpan == b.maxSpan && a.skipPercent == b.skipPercent && a.seed == b.seed;
  };
  replan(animations.empty() ? base : optionsAtFrame(base, animations, 0, frameCount, video.fps));

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
  const auto nextFrame = [&](std::vector<std::uint8_t>& rgba) {
    if (decoder) return decoder->readFrame(rgba);
    if (encoder.frameCount() >= options.frames) return false;
    rgba = still.rgba;
    return true;
  };
  const bool progress = !options.quiet && ::isatty(STDERR_FILENO);
  Image frame;
  frame.width = video.width;
  frame.height = video.height;
  frame.channels = 4;
  std::vector<std::uint8_t> rgb(std::size_t{video.width} * video.height * 3);
  double gpuMs = 0.0;
  while (nextFrame(frame.rgba)) {
    if (!animations.empty()) {
      const PixelSortOptions now = optionsAtFrame(base, animations, encoder.frameCount(), frameCount, video.fps);
      if (!sameOptions(now, plan.options)) replan(now);
    }
    const auto start = std::chrono::steady_clock::now();
    uploadPixelSource(*plan.runner, frame, plan.options, plan.layout, plan.elementOf);
    plan.runner->run(plan.schedule);
    const std::vector<std::uint8_t> sorted = plan.runner->readPixelBytes(frame.pixelCount(), {});
    gpuMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    for (std::size_t i = 0, n = frame.pixelCount(); i < n; ++i)
      for (int c = 0; c < 3; ++c) rgb[i * 3 + c] = sorted[i * 4 + c];
    encoder.addFrame(rgb);
    if (progress) std::fprintf(stderr, "\rpixel-sorting %s: frame %u\033[K", options.input.c_str(), encoder.frameCount());
  }
  if (decoder) decoder->finish();
  if (progress) std::fprintf(stderr, "\rpixel-sorting %s: %u frames, encoding the end...\033[K", options.input.c_str(),
                             encoder.frameCount());
  if (encoder.frameCount() == 0) throw Error(ExitCode::BadInput, options.input + ": no video frames");
  encoder.finish(options.output);
  if (progress) std::fprintf(stderr, "\r\033[K");
  if (!options.quiet) {
    std::FILE* report = options.output == "-" ? stderr : stdout;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
    char fps[32];
    std::snprintf(fps, sizeof fps, "%g", video.fps);
    const std::string rate = video.rate.empty() ? fps : video.rate;
    std::fprintf(report, "pixel-sorted %u frames of %s (%ux%u, %s fps) -> %s (%s), key %s, spans by %s\n",
                 encoder.frameCount(), options.input.c_str(), video.width, video.height, rate.c_str(),
                 options.output.c_str(), info(format).name, pixelKeyInfo(base.key).name, intervalsInfo(base.intervals).name);
    std::fprintf(report, "  passes    %zu %s a frame; renderer %s\n", plan.schedule.size(), algorithmName(options.algorithm),
                 context->renderer().c_str());
    std::fprintf(report, "  time      %.1f s in all, %.1f frames per second; GPU work %.1f ms a frame%s\n", seconds,
                 encoder.frameCount() / seconds, gpuMs / encoder.frameCount(),
                 !video.hasAudio ? "" : format == VideoFormat::Gif ? "; a GIF has no sound: the input's is dropped"
                                                                   : "; the input's sound carried over");
  }
  return 0;
}

}  // namespace texsort
