// `texsort pixelsort` with a video out: every frame of a video, an animated GIF or any picture
// ffmpeg reads is pixel-sorted on the GPU with one context, one line layout and one schedule, and
// encoded by ffmpeg (record's encoder: the output rule, checks and signals as there).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <functional>
#include <thread>

#include "cli/commands.h"
#include "context/egl_context.h"
#include "error.h"
#include "image/image_io.h"
#include "pixelsort/animation.h"
#include "pixelsort/pixel_sort.h"
#include "record/decoder.h"
#include "record/encoder.h"
#include "record/frame_queue.h"
#include "sort/algorithms.h"
#include "pixelsort/pixel_runner.h"
#include "sort/runner.h"

namespace texsort {

std::optional<VideoFormat> pixelSortVideoFormat(const PixelSortCommandOptions& options) {
  if (!options.format.empty()) return videoFormatNamed(options.format);
  return options.output == "-" ? std::nullopt : videoFormatForPath(options.output);
}

int runPixelSortVideo(const PixelSortCommandOptions& options, VideoFormat format, ClipTimes* times) {
  const auto begun = std::chrono::steady_clock::now();
  if (options.input == "-" && options.frames == 0) {  // a still made a clip (--frames) is read once, as any picture
    throw Error(ExitCode::Usage, "pixelsort: a video out needs its input as a file (ffmpeg reads a clip twice); not -");
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
    video.alpha = still.channels == 2 || still.channels == 4;
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
  if (!video.times.runs.empty()) {  // times of a variable rate: each keyframe at the frame shown then
    placeTimesOnFrames(animations, static_cast<std::uint32_t>(std::min<std::uint64_t>(video.frames, UINT32_MAX)),
                       [&](std::uint32_t k) { return video.times.secondsOf(k); });
  }
  const auto frameCount = static_cast<std::uint32_t>(std::min<std::uint64_t>(video.frames, UINT32_MAX));
  if (!animations.empty() && frameCount == 0) {
    throw Error(ExitCode::BadInput, options.input + ": its frame count is unknown, which --animate's positions need");
  }
  checkAnimations(animations, frameCount, video.fps);
  if (info(format).evenSides && (video.width % 2 || video.height % 2)) {
    throw Error(ExitCode::Usage, options.input + ": " + std::to_string(video.width) + "x" + std::to_string(video.height) +
                                     " has an odd side, which " + info(format).name + " cannot hold; write .mkv or .gif");
  }
  PixelSortOptions base = options.pixelSort;
  loadPixelSortImages(base, options.mask, options.field, video.width, video.height);
  for (std::uint32_t k = 0; k < frameCount && !animations.empty(); ++k) optionsAtFrame(base, animations, k, frameCount, video.fps);

  // One plan (lines, schedule, runner) for as long as the options stay the same: all the clip
  // unless --animate moves them.
  std::shared_ptr<HeadlessContext> context = options.context;  // a batch's, else opened at the first plan
  // A sort of a frame with `ps`: checked against the limits and the memory budget as for a still
  // picture of the frame's size (the frames pass through one at a time); the context opens after
  // the host's checks, at the first plan.
  const auto planned = [&](const PixelSortOptions& ps, Algorithm given, bool chosen) {
    checkPixelSortPlanOnHost(options.input, video.width, video.height, ps, given);
    if (!context) context = std::make_shared<HeadlessContext>();
    return std::make_unique<PixelSortPlan>(options.input, video.width, video.height, ps, given, chosen);
  };
  std::unique_ptr<PixelSortPlan> plan;
  const auto replan = [&](const PixelSortOptions& ps) {
    plan.reset();  // its textures go before the new plan's are made
    plan = planned(ps, options.algorithm, options.algorithmChosen);
  };
  replan(animations.empty() ? base : optionsAtFrame(base, animations, 0, frameCount, video.fps));
  // A recipe's later sorts (--then), planned once: each frame goes through them in turn.
  std::vector<std::unique_ptr<PixelSortPlan>> stages;
  for (const PixelSortStage& then : options.then) {
    PixelSortOptions ps = then.options;
    loadPixelSortImages(ps, then.mask, then.field, video.width, video.height);
    stages.push_back(planned(ps, then.algorithm, then.algorithmChosen));
  }

  VideoSettings settings;
  settings.format = format;
  settings.width = video.width;
  settings.height = video.height;
  settings.fps = video.fps;
  settings.rate = video.rate;
  settings.times = video.times;
  settings.alpha = video.alpha && holdsAlpha(format);
  settings.paletteFromFirstFrame = false;  // each frame its own colours: the palette from them all
  settings.outputName = options.output;
  if (video.hasAudio && format != VideoFormat::Gif) {  // the input's sound goes along
    settings.soundFrom = options.input;
    settings.soundCodec = video.audioCodec;
  }
  VideoEncoder encoder(settings);

  // Three stages on three threads, so the slowest sets the pace: ffmpeg's decoded frames are read
  // on one, the GPU work (this thread: it holds the context) sorts them, and the sorted frames go
  // down to the encoding ffmpeg from the third. Two frames wait between stages at most.
  using Clock = std::chrono::steady_clock;
  const auto msSince = [](Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); };
  using Frame = std::vector<std::uint8_t>;
  FrameQueue<Frame> decoded(2), sorted(2), spare(8);
  struct Stage {
    double busyMs = 0.0;  // in its own work (decode: waiting for ffmpeg's frames)
    std::exception_ptr error;
  } decode, encode;
  bool alphaDropped = false;  // a frame had alpha that the format cannot keep
  std::thread reader([&] {
    try {
      for (std::uint32_t k = 0;; ++k) {
        Frame rgba;
        spare.tryPop(rgba);
        const auto start = Clock::now();
        if (decoder ? !decoder->readFrame(rgba) : k >= options.frames) break;
        if (!decoder) rgba = still.rgba;
        decode.busyMs += msSince(start);
        if (!decoded.push(std::move(rgba))) return;
      }
      if (decoder) decoder->finish();
    } catch (...) {
      decode.error = std::current_exception();
    }
    decoded.close();
  });
  std::thread writer([&] {
    try {
      Frame rgba, rgb(std::size_t{video.width} * video.height * 3);
      while (sorted.pop(rgba)) {
        const auto start = Clock::now();
        if (!settings.alpha) {
          for (std::size_t i = 0, n = rgb.size() / 3; i < n; ++i) {
            for (int c = 0; c < 3; ++c) rgb[i * 3 + c] = rgba[i * 4 + c];
            if (rgba[i * 4 + 3] != 255) alphaDropped = true;
          }
        }
        encoder.addFrame(settings.alpha ? rgba : rgb);
        encode.busyMs += msSince(start);
        spare.push(std::move(rgba));
      }
    } catch (...) {
      encode.error = std::current_exception();
    }
    sorted.close();  // the GPU stage stops at its next frame
  });
  // However this thread leaves (a GL failure included), both threads are stopped and joined.
  struct Joiner {
    std::function<void()> stop;
    ~Joiner() { stop(); }
  } joiner{[&] {
    decoded.close();
    sorted.close();
    if (reader.joinable()) reader.join();
    if (writer.joinable()) writer.join();
  }};

  const bool progress = !options.quiet && ::isatty(STDERR_FILENO);
  Clock::time_point shown{};  // the first frame shows at once, then ten lines a second at most
  Image frame;
  frame.width = video.width;
  frame.height = video.height;
  frame.channels = 4;
  double gpuMs = 0.0;
  std::uint32_t done = 0;
  for (; decoded.pop(frame.rgba); ++done) {
    double mix = base.mix;  // moves without a new plan
    if (!animations.empty()) {
      const PixelSortOptions now = optionsAtFrame(base, animations, done, frameCount, video.fps);
      if (!plan->takes(now)) replan(now);
      mix = now.mix;
    }
    const auto start = Clock::now();
    Frame out;
    spare.tryPop(out);
    out = plan->sort(frame, std::move(out), mix);
    for (const std::unique_ptr<PixelSortPlan>& stage : stages) {  // each later sort on the result of the one before
      Image in;
      in.width = video.width;
      in.height = video.height;
      in.rgba = std::move(out);
      out = stage->sort(in, {}, stage->options().mix);
    }
    gpuMs += msSince(start);
    spare.push(std::move(frame.rgba));
    if (!sorted.push(std::move(out))) break;  // the encoder stopped: its error follows
    if (progress && msSince(shown) >= 100.0) {
      shown = Clock::now();
      const double seconds = std::chrono::duration<double>(shown - begun).count();
      const double rate = (done + 1) / seconds;
      std::string left;
      if (frameCount > done + 1) left = ", " + std::to_string(static_cast<long>(std::ceil((frameCount - done - 1) / rate))) + " s left";
      std::fprintf(stderr, "\rpixel-sorting %s: frame %u%s, %.1f frames/s%s\033[K", options.input.c_str(), done + 1,
                   frameCount > 0 ? (" of " + std::to_string(frameCount)).c_str() : "", rate, left.c_str());
    }
  }
  sorted.close();
  joiner.stop();
  if (decode.error) std::rethrow_exception(decode.error);
  if (encode.error) std::rethrow_exception(encode.error);
  if (progress) std::fprintf(stderr, "\rpixel-sorting %s: %u frames, encoding the end...\033[K", options.input.c_str(),
                             encoder.frameCount());
  if (encoder.frameCount() == 0) throw Error(ExitCode::BadInput, options.input + ": no video frames");
  encoder.finish(options.output);
  if (progress) std::fprintf(stderr, "\r\033[K");
  if (times) {
    *times = ClipTimes{encoder.frameCount(), plan->schedule().size(),
                       std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count(),
                       decode.busyMs, gpuMs, encode.busyMs, context->renderer(), plan->algorithm()};
  }
  if (!options.quiet) {
    std::FILE* report = options.output == "-" ? stderr : stdout;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
    char fps[32];
    std::snprintf(fps, sizeof fps, "%g", video.fps);
    const std::string rate = video.rate.empty() ? fps : video.rate;
    std::fprintf(report, "pixel-sorted %u frames of %s (%ux%u, %s fps%s) -> %s (%s), key %s, spans by %s\n",
                 encoder.frameCount(), options.input == "-" ? "standard input" : options.input.c_str(), video.width, video.height, rate.c_str(),
                 video.times.runs.empty() ? "" : " on average, each frame's own time kept",
                 options.output.c_str(), info(format).name, pixelKeyInfo(base.key).name, intervalsInfo(base.intervals).name);
    std::fprintf(report, "  passes    %zu %s a frame; renderer %s\n", plan->schedule().size(), algorithmName(plan->algorithm()),
                 context->renderer().c_str());
    const double n = encoder.frameCount();
    std::fprintf(report, "  time      %.1f s in all, %.1f frames per second; a frame's decode %.1f ms, GPU work %.1f ms, encode %.1f ms%s\n",
                 seconds, n / seconds, decode.busyMs / n, gpuMs / n, encode.busyMs / n,
                 !video.hasAudio ? "" : format == VideoFormat::Gif ? "; a GIF has no sound: the input's is dropped"
                                                                   : "; the input's sound carried over");
    if (alphaDropped) std::fprintf(report, "  alpha     dropped: %s has none (.webm, .mkv and .gif keep it)\n", info(format).name);
    if (const std::string note = encoder.note(); !note.empty()) std::fprintf(report, "  note      %s\n", note.c_str());
  }
  return 0;
}

}  // namespace texsort
