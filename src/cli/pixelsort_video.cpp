// `texsort pixelsort` with a video out: every frame of a video, an animated GIF or any picture
// ffmpeg reads is pixel-sorted on the GPU with one context, one line layout and one schedule, and
// encoded by ffmpeg (record's encoder: the output rule, checks and signals as there).
// The run in four parts: open the frames, plan the sorts, sort frame by frame between a decoding
// and an encoding thread, report.
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
#include "pixelsort/frame_sorter.h"
#include "pixelsort/pixel_runner.h"
#include "pixelsort/pixel_sort.h"
#include "pixelsort/recipe.h"
#include "record/decoder.h"
#include "record/encoder.h"
#include "record/frame_queue.h"
#include "sort/algorithms.h"
#include "sort/runner.h"

namespace texsort {

namespace {

using Clock = std::chrono::steady_clock;
using Frame = std::vector<std::uint8_t>;

double msSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

void checkClipOptions(const PixelSortCommandOptions& options) {
  if (options.input == "-" && options.frames == 0) {  // a still made a clip (--frames) is read once, as any picture
    throw Error(ExitCode::Usage, "pixelsort: a video out needs its input as a file (ffmpeg reads a clip twice); not -");
  }
  if (options.verify) throw Error(ExitCode::Usage, "pixelsort: --verify checks a picture; not with a video out");
  if (options.fps > 0 && options.frames == 0) {
    throw Error(ExitCode::Usage, "pixelsort: --fps sets the rate of --frames; a video keeps its own");
  }
  // A GIF may be a still (one picture: openClip looks), and so may a picture under a clip's name;
  // any other clip is not.
  const std::string& in = options.input;
  if (options.frames > 0 && clipInput(in) && videoFormatForPath(in) != VideoFormat::Gif) {
    throw Error(ExitCode::Usage, in + ": --frames makes a clip of a still picture; a clip keeps its own frames (drop --frames)");
  }
}

// The frames: a video's (or an animated GIF's) through ffmpeg, or with --frames one still picture
// that many times.
struct ClipSource {
  std::unique_ptr<VideoDecoder> decoder;
  Image still;
  VideoProbe video;
  std::uint32_t frameCount = 0;  // 0: unknown
};

ClipSource openClip(const PixelSortCommandOptions& options) {
  ClipSource source;
  VideoProbe& video = source.video;
  if (options.frames > 0) {
    const std::vector<unsigned char> bytes = readImageFile(options.input);
    if (gifPictureCount(bytes.data(), bytes.size(), 2) > 1) {
      throw Error(ExitCode::Usage, inputName(options.input) + ": an animated GIF is a clip; --frames makes a clip of a "
                                   "still picture, a clip keeps its own frames (drop --frames)");
    }
    source.still = decodeImage(inputName(options.input), bytes.data(), bytes.size(), kMaxElements);
    video.alpha = source.still.channels == 2 || source.still.channels == 4;
    source.still.channels = 4;
    video.width = source.still.width;
    video.height = source.still.height;
    video.fps = options.fps > 0 ? options.fps : 30.0;
    video.frames = options.frames;
  } else {
    source.decoder = std::make_unique<VideoDecoder>(options.input);
    video = source.decoder->probe();
  }
  source.frameCount = static_cast<std::uint32_t>(std::min<std::uint64_t>(video.frames, UINT32_MAX));
  return source;
}

// The sorts a clip's frames go through: one plan (lines, schedule, runner) for as long as the
// options stay the same (all the clip unless --animate moves them), then a recipe's later sorts
// (--then), each planned once. Every plan is checked against the limits and the memory budget as
// for a still picture of the frame's size (the frames pass through one at a time); the context
// opens after the host's checks, at the first plan.
class ClipSorter {
 public:
  ClipSorter(const PixelSortCommandOptions& options, const VideoProbe& video, std::uint32_t frameCount)
      : options_(options), video_(video), frameCount_(frameCount), base_(options.pixelSort), context_(options.context) {
    for (const std::string& text : options.animate) animations_.push_back(parseAnimation(text));
    if (!video.times.runs.empty()) {  // times of a variable rate: each keyframe at the frame shown then
      placeTimesOnFrames(animations_, frameCount, [&](std::uint32_t k) { return video.times.secondsOf(k); });
    }
    if (!animations_.empty() && frameCount == 0) {
      throw Error(ExitCode::BadInput, options.input + ": its frame count is unknown, which --animate's positions need");
    }
    checkAnimations(animations_, frameCount, video.fps);
  }

  // After the format's checks: the side images, every frame's options, and the plans.
  void plan() {
    const PixelSortStage first{base_, options_.mask, options_.field, options_.algorithm, options_.algorithmChosen};
    base_ = withSidePictures(first, video_.width, video_.height).options;
    for (std::uint32_t k = 0; k < frameCount_ && !animations_.empty(); ++k) optionsAt(k);
    replan(animations_.empty() ? base_ : optionsAt(0));
    if (options_.then.empty()) return;
    then_ = std::make_unique<FrameSorter>(options_.then, options_.input);
    then_->prepare(video_.width, video_.height);
  }

  // Frame k sorted into `out` (its storage reused), through every stage in turn.
  Frame sort(const Image& frame, Frame out, std::uint32_t k) {
    double mix = base_.mix;  // moves without a new plan
    if (!animations_.empty()) {
      const PixelSortOptions now = optionsAt(k);
      if (!plan_->takes(now)) replan(now);
      mix = now.mix;
    }
    out = plan_->sort(frame, std::move(out), mix);
    const std::size_t row = std::size_t{video_.width} * 4;
    if (then_) then_->sort(out.data(), row, out.data(), row, video_.width, video_.height);  // the later sorts
    return out;
  }

  const PixelSortPlan& current() const { return *plan_; }
  const PixelSortOptions& base() const { return base_; }
  const HeadlessContext& context() const { return *context_; }

 private:
  PixelSortOptions optionsAt(std::uint32_t k) { return optionsAtFrame(base_, animations_, k, frameCount_, video_.fps); }

  std::unique_ptr<PixelSortPlan> planned(const PixelSortOptions& ps, Algorithm given, bool chosen) {
    checkPixelSortPlanOnHost(options_.input, video_.width, video_.height, ps, given);
    if (!context_) context_ = std::make_shared<HeadlessContext>();  // a batch's, else opened at the first plan
    return std::make_unique<PixelSortPlan>(options_.input, video_.width, video_.height, ps, given, chosen);
  }

  // --animate's next options: the last plan's runner (textures, programs) serves the new plan where
  // it can; where it cannot, it goes before the new one is made.
  void replan(const PixelSortOptions& ps) {
    if (!plan_) {
      plan_ = planned(ps, options_.algorithm, options_.algorithmChosen);
      return;
    }
    checkPixelSortPlanOnHost(options_.input, video_.width, video_.height, ps, options_.algorithm);
    plan_ = std::make_unique<PixelSortPlan>(*plan_, ps, options_.algorithm, options_.algorithmChosen, true);
  }

  const PixelSortCommandOptions& options_;
  const VideoProbe& video_;
  std::uint32_t frameCount_;
  std::vector<Animation> animations_;
  PixelSortOptions base_;
  std::shared_ptr<HeadlessContext> context_;
  std::unique_ptr<PixelSortPlan> plan_;
  std::unique_ptr<FrameSorter> then_;  // --then's sorts, each on the result of the one before
};

void checkClipFormat(const PixelSortCommandOptions& options, VideoFormat format, const VideoProbe& video) {
  if (info(format).evenSides && (video.width % 2 || video.height % 2)) {
    throw Error(ExitCode::Usage, options.input + ": " + std::to_string(video.width) + "x" + std::to_string(video.height) +
                                     " has an odd side, which " + info(format).name + " cannot hold; write .mkv or .gif");
  }
}

VideoSettings clipSettings(const PixelSortCommandOptions& options, VideoFormat format, const VideoProbe& video) {
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
  return settings;
}

// What each stage spent in its own work (decode, encode: waiting on ffmpeg).
struct ClipWork {
  double decodeMs = 0.0, gpuMs = 0.0, encodeMs = 0.0;
  bool alphaDropped = false;  // a frame had alpha that the format cannot keep
};

struct ThreadStage {
  double busyMs = 0.0;
  std::exception_ptr error;
};

// The decoding thread: frames into `decoded` until the input ends or the queue closes.
void readFrames(ClipSource& source, std::uint32_t frames, FrameQueue<Frame>& decoded, FrameQueue<Frame>& spare,
                ThreadStage& stage) {
  try {
    for (std::uint32_t k = 0;; ++k) {
      Frame rgba;
      spare.tryPop(rgba);
      const auto start = Clock::now();
      if (source.decoder ? !source.decoder->readFrame(rgba) : k >= frames) break;
      if (!source.decoder) rgba = source.still.rgba;
      stage.busyMs += msSince(start);
      if (!decoded.push(std::move(rgba))) return;
    }
    if (source.decoder) source.decoder->finish();
  } catch (...) {
    stage.error = std::current_exception();
  }
  decoded.close();
}

// The encoding thread: sorted frames down to ffmpeg, without alpha where the format has none.
void writeFrames(VideoEncoder& encoder, const VideoSettings& settings, FrameQueue<Frame>& sorted,
                 FrameQueue<Frame>& spare, ThreadStage& stage, bool& alphaDropped) {
  try {
    Frame rgba, rgb(std::size_t{settings.width} * settings.height * 3);
    while (sorted.pop(rgba)) {
      const auto start = Clock::now();
      if (!settings.alpha) {
        for (std::size_t i = 0, n = rgb.size() / 3; i < n; ++i) {
          for (int c = 0; c < 3; ++c) rgb[i * 3 + c] = rgba[i * 4 + c];
          if (rgba[i * 4 + 3] != 255) alphaDropped = true;
        }
      }
      encoder.addFrame(settings.alpha ? rgba : rgb);
      stage.busyMs += msSince(start);
      spare.push(std::move(rgba));
    }
  } catch (...) {
    stage.error = std::current_exception();
  }
  sorted.close();  // the GPU stage stops at its next frame
}

// The first frame shows at once, then ten lines a second at most.
void showProgress(const std::string& input, Clock::time_point begun, Clock::time_point& shown, std::uint32_t done,
                  std::uint32_t frameCount) {
  if (msSince(shown) < 100.0) return;
  shown = Clock::now();
  const double seconds = std::chrono::duration<double>(shown - begun).count();
  const double rate = done / seconds;
  std::string left;
  if (frameCount > done) left = ", " + std::to_string(static_cast<long>(std::ceil((frameCount - done) / rate))) + " s left";
  std::fprintf(stderr, "\rpixel-sorting %s: frame %u%s, %.1f frames/s%s\033[K", input.c_str(), done,
               frameCount > 0 ? (" of " + std::to_string(frameCount)).c_str() : "", rate, left.c_str());
}

// Three stages on three threads, so the slowest sets the pace: ffmpeg's decoded frames are read on
// one, the GPU work (this thread: it holds the context) sorts them, and the sorted frames go down to
// the encoding ffmpeg from the third. Two frames wait between stages at most.
ClipWork sortFrames(const PixelSortCommandOptions& options, ClipSource& source, ClipSorter& sorter,
                    VideoEncoder& encoder, const VideoSettings& settings, Clock::time_point begun) {
  FrameQueue<Frame> decoded(2), sorted(2), spare(8);
  ThreadStage decode, encode;
  ClipWork work;
  std::thread reader([&] { readFrames(source, options.frames, decoded, spare, decode); });
  std::thread writer([&] { writeFrames(encoder, settings, sorted, spare, encode, work.alphaDropped); });
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
  Clock::time_point shown{};
  Image frame;
  frame.width = source.video.width;
  frame.height = source.video.height;
  frame.channels = 4;
  for (std::uint32_t done = 0; decoded.pop(frame.rgba); ++done) {
    const auto start = Clock::now();
    Frame out;
    spare.tryPop(out);
    out = sorter.sort(frame, std::move(out), done);
    work.gpuMs += msSince(start);
    spare.push(std::move(frame.rgba));
    if (!sorted.push(std::move(out))) break;  // the encoder stopped: its error follows
    if (progress) showProgress(options.input, begun, shown, done + 1, source.frameCount);
  }
  sorted.close();
  joiner.stop();
  if (decode.error) std::rethrow_exception(decode.error);
  if (encode.error) std::rethrow_exception(encode.error);
  work.decodeMs = decode.busyMs;
  work.encodeMs = encode.busyMs;
  return work;
}

void reportClip(const PixelSortCommandOptions& options, VideoFormat format, const VideoProbe& video,
                const ClipSorter& sorter, const VideoEncoder& encoder, const ClipWork& work, double seconds) {
  std::FILE* report = options.output == "-" ? stderr : stdout;
  char fps[32];
  std::snprintf(fps, sizeof fps, "%g", video.fps);
  const std::string rate = video.rate.empty() ? fps : video.rate;
  const PixelSortOptions& base = sorter.base();
  std::fprintf(report, "pixel-sorted %u frames of %s (%ux%u, %s fps%s) -> %s (%s), key %s, spans by %s\n",
               encoder.frameCount(), inputName(options.input).c_str(), video.width,
               video.height, rate.c_str(), video.times.runs.empty() ? "" : " on average, each frame's own time kept",
               outputName(options.output).c_str(), info(format).name, pixelKeyInfo(base.key).name, intervalsInfo(base.intervals).name);
  std::fprintf(report, "  passes    %zu %s a frame; renderer %s\n", sorter.current().schedule().size(),
               algorithmName(sorter.current().algorithm()), sorter.context().renderer().c_str());
  const double n = encoder.frameCount();
  std::fprintf(report, "  time      %.1f s in all, %.1f frames per second; a frame's decode %.1f ms, GPU work %.1f ms, encode %.1f ms%s\n",
               seconds, n / seconds, work.decodeMs / n, work.gpuMs / n, work.encodeMs / n,
               !video.hasAudio ? "" : format == VideoFormat::Gif ? "; a GIF has no sound: the input's is dropped"
                                                                 : "; the input's sound carried over");
  if (work.alphaDropped) std::fprintf(report, "  alpha     dropped: %s has none (.webm, .mkv and .gif keep it)\n", info(format).name);
  if (const std::string note = encoder.note(); !note.empty()) std::fprintf(report, "  note      %s\n", note.c_str());
}

}  // namespace

int runPixelSortVideo(const PixelSortCommandOptions& options, VideoFormat format, ClipTimes* times) {
  const auto begun = Clock::now();
  checkClipOptions(options);
  ClipSource source = openClip(options);
  const VideoProbe& video = source.video;
  ClipSorter sorter(options, video, source.frameCount);
  checkClipFormat(options, format, video);
  sorter.plan();
  const VideoSettings settings = clipSettings(options, format, video);
  VideoEncoder encoder(settings);
  const bool progress = !options.quiet && ::isatty(STDERR_FILENO);
  ClipWork work;
  try {
    work = sortFrames(options, source, sorter, encoder, settings, begun);
    if (progress) std::fprintf(stderr, "\rpixel-sorting %s: %u frames, encoding the end...\033[K", options.input.c_str(),
                               encoder.frameCount());
    if (encoder.frameCount() == 0) throw Error(ExitCode::BadInput, options.input + ": no video frames");
    encoder.finish(options.output);
  } catch (...) {
    if (progress) std::fprintf(stderr, "\r\033[K");  // the error's line starts at the margin, not after the progress
    throw;
  }
  if (progress) std::fprintf(stderr, "\r\033[K");
  const double seconds = std::chrono::duration<double>(Clock::now() - begun).count();
  if (times) {
    *times = ClipTimes{encoder.frameCount(), sorter.current().schedule().size(), seconds, work.decodeMs, work.gpuMs,
                       work.encodeMs, sorter.context().renderer(), sorter.current().algorithm()};
  }
  if (!options.quiet) reportClip(options, format, video, sorter, encoder, work, seconds);
  return 0;
}

}  // namespace texsort
