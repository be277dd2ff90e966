// VideoDecoder: ffprobe, then ffmpeg as a child process writing raw frames into a pipe (decoder.h).
#include "record/decoder.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cmath>
#include <numeric>
#include <cstdlib>
#include <csignal>
#include <cstring>
#include <sstream>

#include "error.h"
#include "image/image_io.h"
#include "record/child_process.h"
#include "record/encoder.h"
#include "record/timestamps.h"

namespace texsort {
namespace {

// A number that is the whole of `text` (ffprobe prints N/A where it has none).
bool number(const std::string& text, double& value) {
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size();
}

// The `key=value` lines ffprobe printed for one stream (-of default=noprint_wrappers=1).
std::string valueOf(const std::vector<std::string>& lines, const std::string& key) {
  for (const std::string& line : lines)
    if (line.compare(0, key.size() + 1, key + "=") == 0) return line.substr(key.size() + 1);
  return {};
}

// Whether frames of this pixel format carry alpha (ffmpeg's names: yuva420p, rgba, bgra, ya8, gbrap,
// pal8 with its palette's alpha, ...).
bool alphaFormat(const std::string& format) {
  for (const char* prefix : {"yuva", "rgba", "bgra", "argb", "abgr", "gbrap", "ya", "pal8"})
    if (format.compare(0, std::strlen(prefix), prefix) == 0) return true;
  return false;
}

// ffprobe reads the file before ffmpeg decodes it: a pipe, FIFO or terminal would be drained by the
// first (or hang it, a FIFO without a writer). A clip must be a file that can be read twice.
void checkProbeable(const std::string& path) {
  const char* read = "; a clip is read twice (probed, then decoded): give a file";
  if (path == "-") throw Error(ExitCode::BadInput, std::string("standard input: read once") + read);
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {  // said as a picture's would be, not in ffprobe's words
    throw Error(ExitCode::BadInput, path + (errno == ENOENT ? ": no such file" : ": cannot access: " + std::string(std::strerror(errno))));
  }
  if (S_ISREG(st.st_mode) && st.st_size == 0) throw Error(ExitCode::BadInput, path + ": empty file (0 bytes), not a clip");
  // One of texsort's descriptors by name (/dev/stdin, /dev/fd/N, /proc/self/fd/N): in ffmpeg, the
  // same name is its own descriptor (its standard input is /dev/null).
  for (const char* prefix : {"/dev/stdin", "/dev/fd/", "/proc/self/fd/"}) {
    if (path.rfind(prefix, 0) == 0) throw Error(ExitCode::BadInput, path + ": names a descriptor of texsort's" + read);
  }
  if (S_ISREG(st.st_mode)) return;
  const char* what = S_ISDIR(st.st_mode) ? "is a folder" : S_ISFIFO(st.st_mode) ? "is a pipe or FIFO" : "is not a regular file";
  throw Error(ExitCode::BadInput, path + ": " + what + read);
}

}  // namespace

VideoDecoder::VideoDecoder(const std::string& path) : path_(path), file_(ffmpegFile(path)), log_(".log") {
  checkProbeable(path);
  const std::string ffmpeg = findFfmpeg();
  ffprobe_ = findFfprobe(ffmpeg);
  const std::vector<std::string> stream = probeStream();
  checkOneSize();
  // A display rotation (a phone's clip): ffmpeg turns each frame upright as it decodes, so the
  // frames are sorted as they are shown and written upright; a quarter turn swaps the sides.
  double rotation = 0.0;
  if (number(valueOf(stream, "rotation"), rotation) && std::lround(std::fabs(rotation)) % 180 == 90) {
    std::swap(probe_.width, probe_.height);
  }
  readFrameTimes(stream);
  // VP8 and VP9 keep alpha beside the picture (WebM's alpha_mode): only libvpx's decoders read it.
  const std::string codec = valueOf(stream, "codec_name");
  const bool sideAlpha = valueOf(stream, "TAG:alpha_mode") == "1" && (codec == "vp8" || codec == "vp9");
  probe_.alpha = sideAlpha || alphaFormat(valueOf(stream, "pix_fmt"));
  startDecoding(ffmpeg, sideAlpha ? (codec == "vp9" ? "libvpx-vp9" : "libvpx") : "",
                browserMatrix(codec, probe_.height, valueOf(stream, "color_space"), valueOf(stream, "color_primaries")));
}

std::vector<std::string> VideoDecoder::ffprobe(std::vector<std::string> args, int* status) {
  // Through a pipe (no scratch disk needed); each non-empty line one.
  args.insert(args.begin(), {ffprobe_, "-v", "error"});
  args.push_back(file_);
  int exit = 0;
  std::istringstream out(runCaptured(args, log_.path(), exit));
  if (status) *status = exit;
  std::vector<std::string> lines;
  for (std::string line; std::getline(out, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

std::vector<std::string> VideoDecoder::probeStream() {
  int status = 0;
  const std::vector<std::string> lines =
      ffprobe({"-select_streams", "v:0", "-show_entries",
               "stream=width,height,avg_frame_rate,r_frame_rate,nb_frames,duration,time_base,pix_fmt,codec_name,color_space,color_primaries:stream_tags="
               "alpha_mode:stream_side_data=rotation:format=duration,start_time",
               "-of", "default=noprint_wrappers=1"},
              &status);
  if (status != 0 || lines.empty()) {
    if (log_.diskFull()) throw Error(ExitCode::BadOutput, log_.folder() + ": no space left for texsort's scratch files ($TMPDIR)");
    const std::vector<std::string> log = logLines(log_.path());
    std::string why = log.empty() ? std::string("no video stream") : log.back();
    if (why.compare(0, file_.size() + 2, file_ + ": ") == 0) why.erase(0, file_.size() + 2);  // ffprobe names the file too
    throw Error(ExitCode::BadInput, path_ + ": " + why);
  }
  probe_.width = static_cast<std::uint32_t>(std::strtoul(valueOf(lines, "width").c_str(), nullptr, 10));
  probe_.height = static_cast<std::uint32_t>(std::strtoul(valueOf(lines, "height").c_str(), nullptr, 10));
  probe_.rate = valueOf(lines, "avg_frame_rate");
  if (rationalValue(probe_.rate) <= 0) probe_.rate = valueOf(lines, "r_frame_rate");  // readFrameTimes may know better
  probe_.fps = rationalValue(probe_.rate);
  double count = 0.0;
  if (number(valueOf(lines, "nb_frames"), count) && count > 0) probe_.frames = static_cast<std::uint64_t>(count);
  else {
    for (const std::string& line : lines) {  // the stream's duration, else the container's (Matroska)
      if (line.compare(0, 9, "duration=") == 0 && number(line.substr(9), count) && count > 0) {
        probe_.frames = static_cast<std::uint64_t>(std::llround(count * probe_.fps));
        break;
      }
    }
  }
  if (probe_.width == 0 || probe_.height == 0 || probe_.fps <= 0)
    throw Error(ExitCode::BadInput, path_ + ": no video stream with a size and a frame rate");
  const std::vector<std::string> audio = ffprobe({"-select_streams", "a:0", "-show_entries", "stream=codec_name", "-of", "csv=p=0"});
  probe_.hasAudio = !audio.empty();
  if (probe_.hasAudio) probe_.audioCodec = audio.front();
  return lines;
}

// Frames of one size: the key frames' sizes (only they can bring a new one; decoding just them is
// quick). ffmpeg would scale the others to the first frame's size without a word.
void VideoDecoder::checkOneSize() {
  const std::string first = std::to_string(probe_.width) + "," + std::to_string(probe_.height);
  for (const std::string& line :
       ffprobe({"-select_streams", "v:0", "-skip_frame", "nokey", "-show_entries", "frame=width,height", "-of", "csv=p=0"})) {
    const std::string size = line.substr(0, line.find_last_not_of(",") + 1);  // "W,H" (ffprobe may add a comma)
    if (!size.empty() && size != first) {
      const std::string other = size.substr(0, size.find(',')) + "x" + size.substr(size.find(',') + 1);
      throw Error(ExitCode::BadInput, path_ + ": its frames change size (" + std::to_string(probe_.width) + "x" +
                                          std::to_string(probe_.height) + ", then " + other +
                                          "); texsort sorts frames of one size: scale it first (ffmpeg -vf scale=W:H)");
    }
  }
}

// Every frame's time, from the packets (no decoding): a variable rate is kept frame by frame.
void VideoDecoder::readFrameTimes(const std::vector<std::string>& stream) {
  std::vector<std::int64_t> pts;
  for (const std::string& line : ffprobe({"-select_streams", "v:0", "-show_entries", "packet=pts,flags", "-of", "csv=p=0"})) {
    const std::size_t comma = line.find(',');
    double value = 0.0;
    if (comma == std::string::npos || !number(line.substr(0, comma), value)) return;  // N/A: a time-less container
    if (line.find('D', comma) == std::string::npos) pts.push_back(static_cast<std::int64_t>(value));  // D: discarded
  }
  const std::string timeBase = valueOf(stream, "time_base");
  const double tick = rationalValue(timeBase);
  if (pts.empty() || tick <= 0) return;
  double start = 0.0;
  for (const std::string& line : stream)  // the file's start (format's line comes last), which the sound loses too
    if (line.compare(0, 11, "start_time=") == 0) number(line.substr(11), start);
  probe_.frames = pts.size();
  std::sort(pts.begin(), pts.end());
  // Without an average rate, the frames' own where they keep one step (a GIF's delays: ffprobe
  // gives its average rate as 0/0 and its stream rate as the time base's 100/1).
  const bool averaged = rationalValue(valueOf(stream, "avg_frame_rate")) > 0;
  if (const std::string rate = averaged ? std::string() : rateOfSteps(pts, timeBase); !rate.empty()) {
    probe_.rate = rate;
    probe_.fps = rationalValue(rate);
  }
  probe_.times = frameTimes(std::move(pts), std::llround(start / tick), std::max<std::int64_t>(1, std::llround(1.0 / probe_.fps / tick)),
                            timeBase);
}

// A codec browsers play is turned from YUV to RGBA as they do (`matrix`: browserMatrix), in one
// step of ffmpeg's scaler, each pixel's chroma interpolated rather than shared by 2x2 pixels and
// rounded accurately: within a level of Chromium's on average, where ffmpeg's defaults were 2-4 off.
void VideoDecoder::startDecoding(const std::string& ffmpeg, const std::string& decoder, const char* matrix) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw Error(ExitCode::Encoder, std::string("ffmpeg: cannot make a pipe: ") + std::strerror(errno));
  try {
    std::vector<std::string> args = {ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin"};
    if (!decoder.empty()) args.insert(args.end(), {"-c:v", decoder});
    // Each frame once, in the input's own time base (at 1/rate, frames closer than a frame's time
    // would share a time, which the raw muxer refuses).
    args.insert(args.end(), {"-i", file_, "-map", "0:v:0"});
    if (matrix) {
      args.insert(args.end(), {"-vf", std::string("scale=flags=bicubic+full_chroma_int+accurate_rnd") +
                                          (*matrix ? std::string(":in_color_matrix=") + matrix : std::string()) + ",format=rgba"});
    }
    args.insert(args.end(), {"-fps_mode", "passthrough", "-enc_time_base:v", "-1", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"});
    child_ = spawnLogged(args, -1, fds[1], log_.path());
  } catch (...) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw;
  }
  ::close(fds[1]);
  pipe_ = fds[0];
}

VideoDecoder::~VideoDecoder() {
  if (pipe_ >= 0) ::close(pipe_);
  if (child_ > 0) {
    ::kill(child_, SIGTERM);
    waitFor(child_);
  }
}

bool VideoDecoder::readFrame(std::vector<std::uint8_t>& rgba) {
  rgba.resize(std::size_t{probe_.width} * probe_.height * 4);
  std::size_t have = 0;
  while (have < rgba.size()) {
    const ssize_t n = ::read(pipe_, rgba.data() + have, rgba.size() - have);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    have += static_cast<std::size_t>(n);
  }
  if (have == 0) return false;
  if (have < rgba.size()) {
    finish();  // ffmpeg's own reason, if it gave one
    throw Error(ExitCode::BadInput, path_ + ": the video ends inside a frame");
  }
  return true;
}

void VideoDecoder::finish() {
  if (pipe_ >= 0) ::close(pipe_);
  pipe_ = -1;
  if (child_ <= 0) return;
  const int status = waitFor(child_);
  child_ = -1;
  // With -loglevel error any line is one: a file cut short decodes the frames it holds, says "File
  // ended prematurely" and exits 0. Its first line is the cause ("[matroska,webm @ 0x..] " dropped).
  const std::vector<std::string> log = logLines(log_.path());
  if (status != 0 && log_.diskFull()) throw Error(ExitCode::BadOutput, log_.folder() + ": no space left for texsort's scratch files ($TMPDIR)");
  if (status != 0 || !log.empty()) {
    std::string why = log.empty() ? "exit status " + std::to_string(status) : log.front();
    if (why.size() > 1 && why[0] == '[' && why.find("] ") != std::string::npos) why.erase(0, why.find("] ") + 2);
    throw Error(ExitCode::BadInput, path_ + ": ffmpeg could not decode it all: " + why);
  }
}

}  // namespace texsort
