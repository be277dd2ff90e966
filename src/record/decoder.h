// Video files in, through the `ffmpeg` program: ffprobe reads the first video stream's size, frame
// rate and every frame's time, then ffmpeg decodes each frame (none repeated or dropped) to raw
// RGBA on a pipe (the encoder's way, reversed).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "io/files.h"
#include "record/timestamps.h"
#include "record/video_formats.h"

namespace texsort {

struct VideoProbe {
  std::uint32_t width = 0, height = 0;
  std::string rate;      // frames per second as ffprobe gives it, e.g. "30000/1001"
  double fps = 0.0;      // the same as a number
  bool alpha = false;     // its pixel format has alpha (or WebM's VP8/VP9 alpha beside it)
  bool hasAudio = false;
  std::string audioCodec;  // the first audio stream's, as ffprobe names it
  std::uint64_t frames = 0;  // the stream's frame count, or its duration times the rate; 0 when unknown
  FrameTimes times;          // each frame's time where the rate varies (or the video starts late)
};

class VideoDecoder {
 public:
  // Probes `path` (a file: a pipe cannot be read twice) and starts decoding it. Throws
  // texsort::Error(BadInput) naming the file when it has no video stream ffmpeg can read, and
  // Error(Encoder) when ffmpeg or ffprobe is missing or cannot start.
  explicit VideoDecoder(const std::string& path);
  ~VideoDecoder();  // an unfinished decoder stops ffmpeg
  VideoDecoder(const VideoDecoder&) = delete;
  VideoDecoder& operator=(const VideoDecoder&) = delete;

  const VideoProbe& probe() const { return probe_; }
  // The next frame, width x height x 4 bytes (RGBA, row 0 at the top); false after the last.
  // Throws Error(BadInput) when the stream ends inside a frame.
  bool readFrame(std::vector<std::uint8_t>& rgba);
  // Waits for ffmpeg; throws Error(BadInput) with its own first complaint when it failed or logged
  // an error (a truncated or damaged file).
  void finish();

 private:
  // ffprobe's output lines for `args` on the file; `status`, if given, gets its exit status.
  std::vector<std::string> ffprobe(std::vector<std::string> args, int* status = nullptr);
  std::vector<std::string> probeStream();  // size, rate, frame count, sound: the stream's key=value lines
  void checkOneSize();
  void readFrameTimes(const std::vector<std::string>& stream);
  void startDecoding(const std::string& ffmpeg, const std::string& decoder, const char* matrix);  // decoder: "" for ffmpeg's choice

  std::string path_;
  std::string file_;     // the path as ffmpeg is given it (file:PATH)
  std::string ffprobe_;
  VideoProbe probe_;
  ScratchFile log_;
  pid_t child_ = -1;
  int pipe_ = -1;
};

}  // namespace texsort
