// Video files through the `ffmpeg` program: raw RGB frames go down a pipe to it (the way
// matplotlib's animation writers drive it), it encodes into a scratch file, and the finished file
// is written to its destination by the output rule (io/files.h), so a failure or a signal leaves
// nothing behind and an existing file keeps its bytes.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/files.h"
#include "record/ffmpeg_programs.h"  // findFfmpeg, findFfprobe: every encoder's user finds them
#include "record/timestamps.h"
#include "record/video_formats.h"

namespace texsort {

struct VideoSettings {
  VideoFormat format = VideoFormat::Gif;
  std::uint32_t width = 0, height = 0;  // of every frame; even where the format needs it
  double fps = 30.0;
  std::string rate;  // the frame rate exactly, as ffmpeg takes it ("30000/1001"); overrides fps
  // GIF: make the palette from the first frame alone, which lets ffmpeg encode as frames arrive
  // instead of keeping them all. Right when every frame holds the first frame's colours, as a sort
  // does (the same pixels in another order) unless overlays or shrinking change them.
  bool paletteFromFirstFrame = true;
  std::string outputName;  // the destination, named in error messages
  bool sound = false;      // a sound track (MP4, WebM, MKV): mono 16-bit samples at kSoundSampleRate, addSound
  // Or the sound of this file (the first audio stream), carried over: copied where the container
  // takes its codec (MKV any, MP4 AAC/MP3/Opus/AC-3, WebM Opus/Vorbis), else encoded (Opus in
  // WebM, AAC in MP4). None for a GIF.
  std::string soundFrom;
  std::string soundCodec;  // its codec as ffprobe names it
  FrameTimes times;        // each frame's own time (a variable rate); none: every 1/fps
  // Frames of RGBA, alpha kept: transparency in a GIF, VP9's alpha in WebM, FFV1's in MKV (MP4's
  // H.264 has none: holdsAlpha).
  bool alpha = false;
};

class VideoEncoder {
 public:
  // Starts ffmpeg. Throws texsort::Error(Encoder) when it is missing or cannot be started.
  explicit VideoEncoder(const VideoSettings& settings);
  ~VideoEncoder();  // an unfinished encoder stops ffmpeg and removes its scratch file
  VideoEncoder(const VideoEncoder&) = delete;
  VideoEncoder& operator=(const VideoEncoder&) = delete;

  // One frame: width x height x 3 bytes, RGB (x 4, RGBA, with settings.alpha), row 0 at the top. Throws Error(Encoder) naming
  // ffmpeg's own complaint when it has stopped.
  void addFrame(const std::vector<std::uint8_t>& rgb);
  std::uint32_t frameCount() const { return received_; }
  // A line on what the file holds that differs from the frames given ("" when nothing does): a GIF
  // over 50 frames a second is written at 50.
  std::string note() const;
  // The sound of the frames so far (with settings.sound): mono samples at 44100 Hz.
  void addSound(const std::vector<std::int16_t>& samples);

  // Ends the stream, waits for ffmpeg, checks what it wrote (its exit status, its error log, and
  // ffprobe's reading: every frame sent, the duration they make) and writes the file to `path` by
  // the output rule ("-", a device or FIFO, a link's target, or a temporary file renamed into
  // place). Throws Error(Encoder) when ffmpeg failed or its file falls short, Error(BadOutput)
  // when its scratch folder or `path` cannot be written (a full disk, a size limit).
  void finish(const std::string& path);

 private:
  [[noreturn]] void failed(const std::string& what);
  int wait();  // ffmpeg's exit status, or 128 + the signal that ended it
  void verify();
  std::string scratchFolder() const;

  VideoSettings settings_;
  std::string ffprobe_;
  ScratchFile video_;
  ScratchFile log_;
  std::unique_ptr<ScratchFile> filter_;  // the filters, with settings.times
  pid_t child_ = -1;
  int pipe_ = -1;
  int audio_ = -1;  // the sound's pipe (ffmpeg's fd 3), with settings.sound
  std::uint32_t frames_ = 0;    // written to ffmpeg
  std::uint32_t received_ = 0;  // given to addFrame
  double sourceFps_ = 0.0;      // the frames' own rate where the file has another (a GIF over 50 fps)
  void (*previousSigpipe_)(int) = nullptr;
};

}  // namespace texsort
