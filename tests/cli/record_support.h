// What the record tests share: a small test image, ffmpeg's decoded frames and ffprobe's reading.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "test_support.h"

namespace texsort::test {

// A 32x16 opaque image (512 elements, no padding: every frame is a whole state of the sort).
std::string writeSmallImage(const TempFolder& dir, std::uint32_t w = 32, std::uint32_t h = 16);

// A lossless clip ffmpeg draws (FFV1 in MKV): colours that move from frame to frame, any size.
std::string writeClip(const TempFolder& dir, const std::string& name, int width, int height, int frames, int rate);

// Every frame of a video as raw bytes in `pixelFormat` (ffmpeg's name: rgb24, rgba), decoded by ffmpeg.
std::vector<std::uint8_t> decodeFrames(const std::string& video, const std::string& pixelFormat = "rgb24");

struct Probe {
  std::string codec;
  int width = 0, height = 0, frames = 0;
  double duration = 0.0;
};
Probe probe(const std::string& video);  // ffprobe's codec, size, frames counted and duration

// How many processes have `text` in their command line (/proc/*/cmdline): a helper left running.
int processesMentioning(const std::string& text);

inline bool emptyFolder(const std::string& path) { return listFolder(path).empty(); }

}  // namespace texsort::test
