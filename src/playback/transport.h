// Play / pause / step / scrub logic of the viewer: pure state, no GL, unit-tested.
#pragma once

#include <cstdint>

namespace texsort {

constexpr double kMinPassesPerSecond = 0.05;  // slow motion: a pass every 20 s

// Where the animation is and how fast it runs. `pass` is the number of passes applied (0 = the
// unsorted image, passCount = sorted); the sort texture must be brought to that pass by the caller.
struct Transport {
  std::uint32_t passCount = 0;
  std::uint32_t pass = 0;
  bool playing = false;
  bool asFastAsPossible = false;  // run as many passes per frame as fit the frame budget
  float passesPerSecond = 4.0f;   // kMinPassesPerSecond .. 240 when not as fast as possible
  double owed = 0.0;              // fractional passes accumulated between frames

  void play() { playing = pass < passCount; }
  void pause() { playing = false; owed = 0.0; }
  void togglePlay() { playing ? pause() : play(); }
  void stepForward() { pause(), pass = pass < passCount ? pass + 1 : pass; }
  void stepBack() { pause(), pass = pass > 0 ? pass - 1 : 0; }
  void reset() { pause(), pass = 0; }
  void toEnd() { pause(), pass = passCount; }
  void seek(std::uint32_t target) { pass = target < passCount ? target : passCount; owed = 0.0; }

  // The pass to reach this frame, `seconds` after the last one, when playing at a fixed speed.
  // (As fast as possible is driven by the caller's time budget instead.) Stops at the end.
  std::uint32_t advance(double seconds);

  // Slow motion (below one pass a second): how many of the next pass's `comparators` are lit, one
  // by one as the time to it passes (0 when not playing slowly).
  std::uint32_t litComparators(std::uint32_t comparators) const;
};

}  // namespace texsort
