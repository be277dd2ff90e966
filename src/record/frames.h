// What a recording shows, frame by frame, and how each frame is drawn: pure functions, no GL and
// no encoder, so the plan and the pixels are unit-tested on their own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "image/image_io.h"

namespace texsort {

// The passes a recording shows, one entry per frame: `from` for holdFrames frames, then every
// `every`-th pass after it, then `to` (always shown, whatever `every` is) for holdFrames frames.
// Requires from <= to, every >= 1 and holdFrames >= 1.
std::vector<std::uint32_t> framePasses(std::uint32_t from, std::uint32_t to, std::uint32_t every,
                                       std::uint32_t holdFrames);

// Frames held at each end: `seconds` at `fps`, at least one.
std::uint32_t holdFrameCount(double seconds, double fps);

// The size of a frame: the picture scaled to `pictureWidth` x `pictureHeight`, a caption strip of
// `captionHeight` rows under it, and (for encoders that need it) one more row or column of the
// strip's colour to make both sides even. The picture's pixels are never covered by the caption.
struct FrameGeometry {
  std::uint32_t pictureWidth = 0, pictureHeight = 0;
  std::uint32_t captionHeight = 0;
  int textScale = 1;  // stb_easy_font pixels per glyph pixel
  std::uint32_t width = 0, height = 0;
};

// `scale` > 0 multiplies the image's size; else targetWidth (and targetHeight, 0 = keep the aspect)
// sets it. Each side is at least 1 pixel. The strip holds `captionLines` lines of text (0: none).
FrameGeometry frameGeometry(std::uint32_t imageWidth, std::uint32_t imageHeight, double scale,
                            std::uint32_t targetWidth, std::uint32_t targetHeight, std::uint32_t captionLines,
                            bool evenSides);

// `picture` (RGBA) resampled to the geometry's picture size (nearest when enlarging, the mean of
// the covered pixels when shrinking, per axis), with the lines of `caption` ('\n' between them)
// written in the strip, each cut with ".." where it is too wide; RGB, 3 bytes a pixel, row 0 at the
// top: the rawvideo rgb24 frames ffmpeg reads.
std::vector<std::uint8_t> composeFrame(const Image& picture, const FrameGeometry& geometry, const std::string& caption);

}  // namespace texsort
