// A recording's sound track: one tone a frame, as sorting visualisers sound the values they move.
// Pure functions, no encoder: unit-tested on their own.
#pragma once

#include <cstdint>
#include <vector>

#include "image/image_io.h"

namespace texsort {

constexpr std::uint32_t kSoundSampleRate = 44100;  // mono, signed 16-bit

// What a pass sounds like: the pitch follows the mean luma of the pixels it moved (220 Hz for black
// to 880 Hz for white, two octaves), the loudness how many moved; a pass that moved nothing (or a
// held frame) is silent.
struct Tone {
  double frequency = 0.0;  // Hz
  double amplitude = 0.0;  // 0 .. 1 of full scale
};

// The tone of the pass that turned `before` into `after` (same size, RGBA): the pixels whose
// colour changed are the ones it moved.
Tone passTone(const Image& before, const Image& after);

// `count` samples of `tone`, faded in and out over 5 ms so that frames join without clicks.
std::vector<std::int16_t> toneSamples(const Tone& tone, std::uint32_t count);

// The samples frame `frame` of a recording at `fps` carries: frames cover the track exactly, so
// the sound stays in step with the pictures however long the recording runs.
std::uint32_t samplesOfFrame(std::uint32_t frame, double fps);

}  // namespace texsort
