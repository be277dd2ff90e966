// VideoEncoder: ffmpeg as a child process fed raw frames on a pipe (encoder.h).
#include "record/encoder.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "error.h"
#include "record/child_process.h"

extern char** environ;

namespace texsort {
namespace {

std::string formatNumber(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

std::vector<std::string> videoArguments(const VideoSettings& s);

// ffmpeg's arguments after its inputs: the encoders, their settings and the container.
std::vector<std::string> outputArguments(const VideoSettings& s) {
  std::vector<std::string> audio;
  if (s.sound) {
    audio = s.format == VideoFormat::Mp4    ? std::vector<std::string>{"-c:a", "aac", "-b:a", "128k"}
            : s.format == VideoFormat::Webm ? std::vector<std::string>{"-c:a", "libopus", "-b:a", "96k"}
                                            : std::vector<std::string>{"-c:a", "flac"};
  }
  if (!s.soundFrom.empty() && s.format != VideoFormat::Gif) {
    const std::string& c = s.soundCodec;
    const bool copies = s.format == VideoFormat::Mkv ||
                        (s.format == VideoFormat::Mp4 && (c == "aac" || c == "mp3" || c == "opus" || c == "ac3")) ||
                        (s.format == VideoFormat::Webm && (c == "opus" || c == "vorbis"));
    audio = {"-map", "0:v", "-map", "1:a:0", "-c:a"};
    if (copies) audio.push_back("copy");
    else if (s.format == VideoFormat::Webm) audio.insert(audio.end(), {"libopus", "-b:a", "128k"});
    else audio.insert(audio.end(), {"aac", "-b:a", "192k"});
  }
  std::vector<std::string> video = videoArguments(s);
  video.insert(video.end() - 2, audio.begin(), audio.end());  // before "-f CONTAINER"
  if (s.format == VideoFormat::Mp4 || s.format == VideoFormat::Webm) {  // the YUV's colours said (video_formats.h)
    const std::vector<std::string> colours = {"-colorspace", kEncodedColours, "-color_primaries", kEncodedColours,
                                              "-color_trc", kEncodedColours, "-color_range", "tv"};
    video.insert(video.end() - 2, colours.begin(), colours.end());
  }
  return video;
}

// The filters the frames pass through on their way to the encoder ("" for none).
std::string videoFilter(const VideoSettings& s) {
  std::string filter;
  // Each frame at its own time, in the input's time base (a variable rate kept).
  if (!s.times.runs.empty()) filter = "settb=" + s.times.timeBase + ",setpts='" + s.times.setptsExpression() + "'";
  if (s.format == VideoFormat::Gif) {
    // One palette for the whole animation (a sort only moves pixels), error-diffusion dithering
    // so photos stay clean, only the changed rectangle re-dithered from frame to frame.
    if (!filter.empty()) filter += ",";
    filter += std::string("split[a][b];[a]") + (s.paletteFromFirstFrame ? "trim=end_frame=1," : "") +
              "palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle";
  }
  return filter;
}

// The video encoder, its settings and the container (the last two arguments: "-f", CONTAINER).
std::vector<std::string> videoArguments(const VideoSettings& s) {
  switch (s.format) {
    case VideoFormat::Gif:
      return {"-loop", "0", "-f", "gif"};
    case VideoFormat::Mp4:
      return {"-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p",
              "-movflags", "+faststart", "-f", "mp4"};
    case VideoFormat::Webm:
      return {"-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-pix_fmt", s.alpha ? "yuva420p" : "yuv420p", "-deadline", "good",
              "-cpu-used", "4", "-row-mt", "1", "-f", "webm"};
    case VideoFormat::Mkv: {
      // FFV1 picks its slice count from the size and picks none it can use for a frame one pixel
      // wide: a small frame gains nothing from slices, so it gets one.
      const bool small = s.width < 16 || s.height < 16;
      std::vector<std::string> args = {"-c:v", "ffv1", "-level", "3"};
      if (small) args.insert(args.end(), {"-slices", "1"});
      args.insert(args.end(), {"-pix_fmt", s.alpha ? "bgra" : "bgr0", "-f", "matroska"});
      return args;
    }
  }
  return {};
}

// Writes all of `size` bytes to `fd` (a pipe to ffmpeg); false when it stopped reading.
bool writeAllTo(int fd, const void* data, std::size_t size) {
  const auto* bytes = static_cast<const std::uint8_t*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd, bytes, size);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    bytes += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// Whether ffmpeg's complaint is the disk's (its scratch folder full or over a size limit): the
// output-side exit code then, not the encoder's.
bool diskProblem(const std::string& text) {
  for (const int error : {ENOSPC, EFBIG, EDQUOT, EROFS, EIO}) {
    if (text.find(std::strerror(error)) != std::string::npos) return true;
  }
  return false;
}

// ffmpeg's own reason for failing, on one line: its log's lines (at most the last four, each
// without the "[muxer @ 0x...] " prefix and a dangling " --") joined by "; ". "" for an empty log.
std::string ffmpegReason(const std::vector<std::string>& lines) {
  std::string reason;
  for (std::size_t k = lines.size() > 4 ? lines.size() - 4 : 0; k < lines.size(); ++k) {
    std::string line = lines[k];
    if (line.size() > 1 && line[0] == '[' && line.find(" @ ") != std::string::npos && line.find("] ") != std::string::npos) {
      line.erase(0, line.find("] ") + 2);
    }
    while (!line.empty() && (line.back() == ' ' || line.back() == '-')) line.pop_back();
    if (!line.empty()) reason += (reason.empty() ? "" : "; ") + line;
  }
  return reason;
}

std::string logReason(const std::string& path) { return ffmpegReason(logLines(path)); }

}  // namespace

// What a GIF can hold: delays are whole hundredths of a second and players show one under 2 as 10,
// so a clip over 50 frames a second is written at a steady 50 (frames at their times rounded to
// that rate, millisecond jitter and all), its length kept.
VideoSettings gifPlayable(VideoSettings s) {
  if (s.format == VideoFormat::Gif && s.fps > kGifMaxFps) {
    s.fps = kGifMaxFps;
    s.rate.clear();
    s.times = {};
  }
  return s;
}

std::string VideoEncoder::note() const {
  if (sourceFps_ == 0.0) return "";
  return settings_.outputName + ": a GIF shows at most 50 frames a second; the " + formatNumber(sourceFps_) +
         " fps frames are written at 50, the clip's length kept";
}

VideoEncoder::VideoEncoder(const VideoSettings& given)
    : settings_(gifPlayable(given)), video_(std::string(".") + info(given.format).name), log_(".log") {
  const VideoSettings& settings = settings_;
  if (settings.fps != given.fps) sourceFps_ = given.fps;
  const std::string program = findFfmpeg();
  ffprobe_ = findFfprobe(program);
  // With a sound track each input is read on a thread of its own; the sound's (small packets) has
  // room to queue, the frames keep ffmpeg's default of 8 (a 4096x4096 frame is 48 MB).
  std::vector<std::string> args = {program, "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", settings.alpha ? "rgba" : "rgb24",
                                   "-s", std::to_string(settings.width) + "x" + std::to_string(settings.height),
                                   "-framerate", settings.rate.empty() ? formatNumber(settings.fps) : settings.rate, "-i", "pipe:0"};
  if (settings.sound) {
    if (settings.format == VideoFormat::Gif) throw Error(ExitCode::Usage, settings.outputName + ": a GIF has no sound; record to .mp4, .webm or .mkv");
    // No probing of the raw sound: while ffmpeg waited for seconds of it to analyse, texsort waited
    // for it to take the next frame (both pipes full, both blocked).
    for (const char* a : {"-thread_queue_size", "512", "-probesize", "32", "-analyzeduration", "0", "-f", "s16le",
                          "-ar", "44100", "-ac", "1", "-i", "pipe:3"}) {
      args.push_back(a);
    }
  }
  if (!settings.soundFrom.empty() && settings.format != VideoFormat::Gif) {
    args.insert(args.end(), {"-thread_queue_size", "512", "-i", ffmpegFile(settings.soundFrom)});
  }
  if (const std::string filter = videoFilter(settings); !settings.times.runs.empty()) {
    // A clip's times may make a long expression: it goes in a file.
    filter_ = std::make_unique<ScratchFile>(".filter");
    std::FILE* f = std::fopen(filter_->path().c_str(), "w");
    const bool written = f && std::fputs(filter.c_str(), f) >= 0;
    if (!f || std::fclose(f) != 0 || !written) {
      throw Error(ExitCode::BadOutput, filter_->path() + ": cannot write a scratch file: " + std::strerror(errno));
    }
    args.insert(args.end(), {"-filter_script:v", ffmpegFile(filter_->path()), "-fps_mode", "passthrough", "-enc_time_base:v",
                             settings.times.timeBase});
  } else if (!filter.empty()) {
    args.insert(args.end(), {"-vf", filter});
  }
  for (std::string& a : outputArguments(settings)) args.push_back(std::move(a));
  args.push_back("-y");
  args.push_back(ffmpegFile(video_.path()));

  int fds[2], sound[2] = {-1, -1};
  if (::pipe2(fds, O_CLOEXEC) != 0 || (settings.sound && ::pipe2(sound, O_CLOEXEC) != 0)) {
    throw Error(ExitCode::Encoder, std::string("ffmpeg: cannot make a pipe: ") + std::strerror(errno));
  }
  const int logFd = ::open(log_.path().c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  child_ = spawn(args, fds[0], -1, logFd, sound[0]);
  const int error = errno;
  ::close(fds[0]);
  if (sound[0] >= 0) ::close(sound[0]);
  if (logFd >= 0) ::close(logFd);
  if (child_ < 0) {
    ::close(fds[1]);
    if (sound[1] >= 0) ::close(sound[1]);
    throw Error(ExitCode::Encoder, program + ": cannot start: " + std::strerror(error));
  }
  audio_ = sound[1];
  pipe_ = fds[1];
  setSignalChild(child_);
  // A write to a pipe whose reader has gone then fails with EPIPE, which names ffmpeg's reason,
  // instead of killing texsort (main ignores SIGPIPE already; a test or another caller may not).
  previousSigpipe_ = std::signal(SIGPIPE, SIG_IGN);
}

VideoEncoder::~VideoEncoder() {
  if (pipe_ >= 0) ::close(pipe_);
  if (audio_ >= 0) ::close(audio_);
  if (child_ > 0) {
    ::kill(child_, SIGTERM);
    wait();
  }
  std::signal(SIGPIPE, previousSigpipe_ ? previousSigpipe_ : SIG_DFL);
}

int VideoEncoder::wait() {
  const int status = waitFor(child_);
  setSignalChild(0);
  child_ = -1;
  return status;
}

void VideoEncoder::failed(const std::string& what) {
  if (pipe_ >= 0) ::close(pipe_);
  if (audio_ >= 0) ::close(audio_);
  pipe_ = audio_ = -1;
  const int status = child_ > 0 ? wait() : 0;
  std::string reason = logReason(log_.path());
  if (reason.empty()) reason = "exit status " + std::to_string(status);
  if (diskProblem(reason) || video_.diskFull()) {
    throw Error(ExitCode::BadOutput, settings_.outputName + ": ffmpeg could not write its scratch file in " +
                                         scratchFolder() + ": " + (diskProblem(reason) ? reason : std::strerror(ENOSPC)));
  }
  throw Error(ExitCode::Encoder, settings_.outputName + ": ffmpeg " + what + ": " + reason);
}

std::string VideoEncoder::scratchFolder() const { return video_.folder(); }

// ffprobe reads the finished file back: it must open, hold every frame that went down the pipe and
// last as long as they do. A file cut short (a missing trailer, half the frames) fails here.
void VideoEncoder::verify() {
  struct stat st {};
  if (::stat(video_.path().c_str(), &st) != 0 || st.st_size == 0) {
    throw Error(ExitCode::Encoder, settings_.outputName + ": ffmpeg exited 0 but wrote nothing");
  }
  int status = 0;
  const std::string out = runCaptured({ffprobe_, "-v", "error", "-count_packets", "-select_streams", "v:0", "-show_entries",
                                       "stream=nb_read_packets:format=duration", "-of", "default=noprint_wrappers=1",
                                       ffmpegFile(video_.path())},
                                      log_.path(), status);
  const std::string reason = logReason(log_.path());
  if (status != 0 || !reason.empty()) {
    throw Error(ExitCode::Encoder, settings_.outputName + ": the video ffmpeg wrote does not read back" +
                                       (reason.empty() ? "" : ": " + reason));
  }
  long long packets = -1;
  double duration = -1.0;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
    if (key == "nb_read_packets") packets = std::atoll(value.c_str());
    if (key == "duration") duration = std::atof(value.c_str());
  }
  if (packets != static_cast<long long>(frames_)) {
    throw Error(ExitCode::Encoder, settings_.outputName + ": the video ffmpeg wrote holds " +
                                       (packets < 0 ? std::string("no readable") : std::to_string(packets)) + " of the " +
                                       std::to_string(frames_) + " frames sent; it is cut short");
  }
  // GIF counts time in hundredths of a second: allow a frame and that rounding on every frame.
  const double expected = settings_.times.runs.empty() ? double(frames_) / settings_.fps
                                                      : settings_.times.secondsOf(frames_ - 1) + 1.0 / settings_.fps;
  // A carried-over sound may outlast the frames: then the file may be longer, never shorter.
  const double over = settings_.soundFrom.empty() ? duration - expected : std::min(0.0, duration - expected);
  // A GIF's last frame may read back as the players' default delay, a tenth of a second.
  const double lastGifFrame = settings_.format == VideoFormat::Gif ? 0.1 : 0.0;
  if (!(std::abs(over) <= 1.0 / settings_.fps + 0.005 * frames_ + 0.01 + lastGifFrame)) {
    throw Error(ExitCode::Encoder, settings_.outputName + ": the video ffmpeg wrote lasts " + formatNumber(duration) +
                                       " s, not the " + formatNumber(expected) + " s of its frames");
  }
}

void VideoEncoder::addFrame(const std::vector<std::uint8_t>& rgb) {
  const std::size_t size = std::size_t{settings_.width} * settings_.height * (settings_.alpha ? 4 : 3);
  if (rgb.size() != size) {
    throw Error(ExitCode::Encoder, "ffmpeg: a frame of " + std::to_string(rgb.size()) + " bytes, expected " + std::to_string(size));
  }
  if (pipe_ < 0) failed("stopped");
  // Frame k is shown from k / rate on: at a lower rate it fills the slots that start before the
  // next frame's time (none, when a later frame takes the slot).
  const auto slotsBefore = [&](std::uint64_t k) {
    return sourceFps_ == 0.0 ? k : static_cast<std::uint64_t>(std::ceil(double(k) * settings_.fps / sourceFps_ - 1e-9));
  };
  for (std::uint64_t slot = slotsBefore(received_); slot < slotsBefore(received_ + 1); ++slot) {
    if (!writeAllTo(pipe_, rgb.data(), rgb.size())) failed("stopped reading frames");
    ++frames_;
  }
  ++received_;
}

void VideoEncoder::addSound(const std::vector<std::int16_t>& samples) {
  if (audio_ < 0) failed("stopped");
  if (!writeAllTo(audio_, samples.data(), samples.size() * sizeof(std::int16_t))) failed("stopped reading the sound");
}

void VideoEncoder::finish(const std::string& path) {
  if (pipe_ < 0 || (settings_.sound && audio_ < 0)) failed("stopped");
  ::close(pipe_);
  if (audio_ >= 0) ::close(audio_);
  pipe_ = audio_ = -1;
  const int status = wait();
  // ffmpeg's exit status is not enough: a failed trailer ("Error writing trailer ...: File too
  // large") still exits 0. With -loglevel error, any line in its log is an error.
  const std::vector<std::string> log = logLines(log_.path());
  if (status != 0 || !log.empty()) {
    const std::string reason = log.empty() ? "" : ": " + ffmpegReason(log);
    std::string all;
    for (const std::string& line : log) all += line + "\n";
    if (diskProblem(all) || video_.diskFull()) {
      throw Error(ExitCode::BadOutput, settings_.outputName + ": ffmpeg could not write its scratch file in " +
                                           scratchFolder() + (diskProblem(all) ? reason : std::string(": ") + std::strerror(ENOSPC)));
    }
    throw Error(ExitCode::Encoder, settings_.outputName + ": ffmpeg failed" +
                                       (status != 0 ? " (exit status " + std::to_string(status) + ")" : "") + reason);
  }
  try {
    verify();
  } catch (const Error&) {
    // A full scratch disk takes ffmpeg's complaint (its log) with it, and ffmpeg may exit 0.
    if (video_.diskFull()) {
      throw Error(ExitCode::BadOutput, settings_.outputName + ": ffmpeg could not write its scratch file in " +
                                           scratchFolder() + ": " + std::strerror(ENOSPC));
    }
    throw;
  }
  writeOutput(path, [&](const ByteSink& sink) {
    std::FILE* f = std::fopen(video_.path().c_str(), "rb");
    if (!f) return false;
    char buffer[1 << 16];
    bool ok = true;
    for (std::size_t n; ok && (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;) ok = sink(buffer, n);
    ok = ok && !std::ferror(f);
    std::fclose(f);
    return ok;
  });
}

}  // namespace texsort
