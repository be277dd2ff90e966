// Pixel-sort options that change over the frames of a clip: --animate NAME=KEYFRAMES, where each
// keyframe is POSITION:VALUE and a position is a frame number (12), a time (1.5s) or a share of
// the clip (50%). Between keyframes a value moves linearly; before the first and after the last it
// holds. Integer options take the value rounded to the nearest integer (halves away from zero).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "pixelsort/pixel_sort.h"

namespace texsort {

struct Keyframe {
  enum class At { Frame, Seconds, Percent } at = At::Frame;
  double position = 0.0;
  double value = 0.0;
  std::string text;  // as given: "100%:0.6"
};

struct Animation {
  std::string option;  // lower, upper, angle, span-length, max-span, skip or seed
  std::vector<Keyframe> keys;
};

// The options --animate takes, in its help's order.
const std::vector<std::string>& animatableOptions();

// Parses NAME=POSITION:VALUE[,POSITION:VALUE...]. Throws texsort::Error(Usage) with one line
// naming what is wrong (an unknown option, a position or value that is not a finite number, a
// value outside the option's range, positions out of order).
Animation parseAnimation(const std::string& text);

// For a clip whose frames keep their own times (a variable rate): each keyframe at a time (1.5s)
// becomes the frame shown at that time, between two frames by their times (`frameTime(k)`: frame
// k's time in seconds), instead of the time times the average rate.
void placeTimesOnFrames(std::vector<Animation>& animations, std::uint32_t frameCount,
                        const std::function<double(std::uint32_t)>& frameTime);

// Throws texsort::Error(Usage) naming the option and keyframe unless, with every position made a
// frame of this clip (frameCount frames at fps), each option's keyframes come at rising frames and
// no option is animated twice: a keyframe that would never take effect is refused, not dropped.
void checkAnimations(const std::vector<Animation>& animations, std::uint32_t frameCount, double fps);

// The option's value at frame `frame` of `frameCount` frames at `fps`.
double animatedValue(const Animation& animation, std::uint32_t frame, std::uint32_t frameCount, double fps);

// The value as the option takes it at that frame: animatedValue, rounded to the nearest integer
// (halves away from zero) for an integer option.
double appliedValue(const Animation& animation, std::uint32_t frame, std::uint32_t frameCount, double fps);

// `base` with every animation applied at that frame; throws texsort::Error(Usage) naming the frame
// when the options there do not hold together (checkPixelSortOptions: --lower above --upper, ...).
PixelSortOptions optionsAtFrame(const PixelSortOptions& base, const std::vector<Animation>& animations, std::uint32_t frame,
                                std::uint32_t frameCount, double fps);

}  // namespace texsort
