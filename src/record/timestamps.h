// A clip's frame times, kept through a pixel sort: a variable-frame-rate video (a phone's, a GIF
// with its own delay on each frame) keeps each frame's time. The times are integers in the input
// stream's time base; runs of equal steps make them short (a constant rate is one run), and the
// encoding ffmpeg gets them back as a setpts expression over the frame number N.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace texsort {

struct TimestampRun {
  std::uint64_t first = 0;  // the run's first frame number
  std::int64_t pts = 0;     // that frame's time
  std::int64_t step = 0;    // from one frame of the run to the next
};

struct FrameTimes {
  std::string timeBase;  // "1/1000": seconds a tick, as ffmpeg writes it
  std::vector<TimestampRun> runs;  // empty: a constant rate, the frame rate says it all

  // Frame k's time in ticks; frames after the last run go on at its step.
  std::int64_t ptsOf(std::uint64_t frame) const;
  double secondsOf(std::uint64_t frame) const;
  // N -> ticks for ffmpeg's setpts filter: a binary search over the runs by nested if(lt(N,...)).
  std::string setptsExpression() const;
};

// Frame times from the presentation times of a stream's packets (in any order: they come in
// decoding order), less `start` (the file's start, which the sound's times also lose). `defaultStep`
// steps after a lone last frame. No runs when the steps are all equal: a constant rate.
FrameTimes frameTimes(std::vector<std::int64_t> pts, std::int64_t start, std::int64_t defaultStep, const std::string& timeBase);

// The rate of frames at sorted times `pts` (in ticks of `timeBase`, "1/100") when every step
// between them is the same: "100/4" for steps of 4 hundredths. "" for fewer than two frames or
// steps that differ (a variable rate: the frames' times say it).
std::string rateOfSteps(const std::vector<std::int64_t>& pts, const std::string& timeBase);

// "a/b" as a number (0 when it is not one: no slash, a zero denominator, junk).
double rationalValue(const std::string& text);

}  // namespace texsort
