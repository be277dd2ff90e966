// VideoEncoder: ffmpeg as a child process fed raw frames on a pipe (encoder.h).
#include "record/encoder.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "error.h"

extern char** environ;

namespace texsort {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

bool isExecutable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::string formatNumber(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

// ffmpeg's arguments after its input: the encoder, its settings and the container.
std::vector<std::string> outputArguments(const VideoSettings& s) {
  switch (s.format) {
    case VideoFormat::Gif: {
      // One palette for the whole animation (a sort only moves pixels), error-diffusion dithering
      // so photos stay clean, only the changed rectangle re-dithered from frame to frame.
      const std::string source = s.paletteFromFirstFrame ? "trim=end_frame=1," : "";
      return {"-filter_complex",
              "[0:v]split[a][b];[a]" + source + "palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle",
              "-loop", "0", "-f", "gif"};
    }
    case VideoFormat::Mp4:
      return {"-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p",
              "-movflags", "+faststart", "-f", "mp4"};
    case VideoFormat::Webm:
      return {"-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-pix_fmt", "yuv420p", "-deadline", "good",
              "-cpu-used", "4", "-row-mt", "1", "-f", "webm"};
    case VideoFormat::Mkv:
      return {"-c:v", "ffv1", "-level", "3", "-pix_fmt", "bgr0", "-f", "matroska"};
  }
  return {};
}

// The last non-empty line ffmpeg wrote to its log: its own reason for failing.
std::string lastLine(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "r");
  if (!f) return "";
  std::string line, last;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, f)) {
    line += buffer;
    if (!line.empty() && line.back() == '\n') {
      line.pop_back();
      if (!line.empty()) last = line;
      line.clear();
    }
  }
  if (!line.empty()) last = line;
  std::fclose(f);
  return last;
}

}  // namespace

const VideoFormatInfo& info(VideoFormat format) {
  for (const VideoFormatInfo& row : kVideoFormats)
    if (row.id == format) return row;
  return kVideoFormats[0];
}

std::optional<VideoFormat> videoFormatNamed(const std::string& name) {
  for (const VideoFormatInfo& row : kVideoFormats)
    if (lower(name) == row.name) return row.id;
  return std::nullopt;
}

std::optional<VideoFormat> videoFormatForPath(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  const std::size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return std::nullopt;
  return videoFormatNamed(path.substr(dot + 1));
}

std::string findFfmpeg() {
  const char* chosen = std::getenv("TEXSORT_FFMPEG");
  if (chosen && *chosen) {
    if (isExecutable(chosen)) return chosen;
    throw Error(ExitCode::Encoder, std::string(chosen) + " (TEXSORT_FFMPEG): not an executable program");
  }
  const char* path = std::getenv("PATH");
  std::stringstream folders(path ? path : "");
  for (std::string folder; std::getline(folders, folder, ':');) {
    const std::string candidate = (folder.empty() ? "." : folder) + "/ffmpeg";
    if (isExecutable(candidate)) return candidate;
  }
  throw Error(ExitCode::Encoder,
              "ffmpeg: not found on PATH; recordings are encoded by it: install it with "
              "`sudo apt-get install ffmpeg` (or `make deps`)");
}

VideoEncoder::VideoEncoder(const VideoSettings& settings)
    : settings_(settings), video_(std::string(".") + info(settings.format).name), log_(".log") {
  const std::string program = findFfmpeg();
  std::vector<std::string> args = {program, "-hide_banner", "-loglevel", "error",
                                   "-f", "rawvideo", "-pix_fmt", "rgb24",
                                   "-s", std::to_string(settings.width) + "x" + std::to_string(settings.height),
                                   "-framerate", formatNumber(settings.fps), "-i", "pipe:0"};
  for (std::string& a : outputArguments(settings)) args.push_back(std::move(a));
  args.push_back("-y");
  args.push_back(video_.path());

  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw Error(ExitCode::Encoder, std::string("ffmpeg: cannot make a pipe: ") + std::strerror(errno));
  const int logFd = ::open(log_.path().c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  if (logFd >= 0) posix_spawn_file_actions_adddup2(&actions, logFd, STDERR_FILENO);
  // texsort ignores SIGPIPE while it feeds the pipe (below); ffmpeg starts with the default.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);

  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int error = ::posix_spawn(&child_, program.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(fds[0]);
  if (logFd >= 0) ::close(logFd);
  if (error != 0) {
    ::close(fds[1]);
    child_ = -1;
    throw Error(ExitCode::Encoder, program + ": cannot start: " + std::strerror(error));
  }
  pipe_ = fds[1];
  setSignalChild(child_);
  // A write to a pipe whose reader has gone then fails with EPIPE, which names ffmpeg's reason,
  // instead of killing texsort.
  previousSigpipe_ = std::signal(SIGPIPE, SIG_IGN);
}

VideoEncoder::~VideoEncoder() {
  if (pipe_ >= 0) ::close(pipe_);
  if (child_ > 0) {
    ::kill(child_, SIGTERM);
    wait();
  }
  std::signal(SIGPIPE, previousSigpipe_ ? previousSigpipe_ : SIG_DFL);
}

int VideoEncoder::wait() {
  int status = 0;
  pid_t done;
  do done = ::waitpid(child_, &status, 0);
  while (done < 0 && errno == EINTR);
  child_ = -1;
  setSignalChild(0);
  if (done < 0) return 255;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void VideoEncoder::failed(const std::string& what) {
  if (pipe_ >= 0) ::close(pipe_);
  pipe_ = -1;
  const int status = child_ > 0 ? wait() : 0;
  std::string reason = lastLine(log_.path());
  if (reason.empty()) reason = "exit status " + std::to_string(status);
  throw Error(ExitCode::Encoder, settings_.outputName + ": ffmpeg " + what + ": " + reason);
}

void VideoEncoder::addFrame(const std::vector<std::uint8_t>& rgb) {
  if (rgb.size() != std::size_t{settings_.width} * settings_.height * 3) {
    throw Error(ExitCode::Encoder, "ffmpeg: a frame of " + std::to_string(rgb.size()) + " bytes, expected " +
                                       std::to_string(std::size_t{settings_.width} * settings_.height * 3));
  }
  if (pipe_ < 0) failed("stopped");
  const std::uint8_t* data = rgb.data();
  std::size_t left = rgb.size();
  while (left > 0) {
    const ssize_t n = ::write(pipe_, data, left);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) failed("stopped reading frames");
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  ++frames_;
}

void VideoEncoder::finish(const std::string& path) {
  if (pipe_ < 0) failed("stopped");
  ::close(pipe_);
  pipe_ = -1;
  const int status = wait();
  if (status != 0) {
    const std::string reason = lastLine(log_.path());
    throw Error(ExitCode::Encoder, settings_.outputName + ": ffmpeg failed (exit status " + std::to_string(status) +
                                       ")" + (reason.empty() ? "" : ": " + reason));
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
