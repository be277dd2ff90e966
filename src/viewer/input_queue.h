// The window's input as a queue of events, handed to Dear ImGui a frame at a time. Dear ImGui 1.86
// polls key state once a frame, so a key pressed and released within one frame was never seen (a
// quick tap of an arrow key, a quick Ctrl+A). GLFW's callbacks and the viewer's scripted input
// (--input) both push here; takeFrame() never lets one frame hold a key's (or button's) press and
// its release: the second waits for the next frame. No GLFW or ImGui here: unit-tested.
#pragma once

#include <deque>
#include <vector>

#include "viewer/input_event.h"

namespace texsort {

class InputQueue {
 public:
  void push(const InputEvent& event) { events_.push_back(event); }
  bool empty() const { return events_.empty(); }

  // The events for this frame, in order: all that are queued, up to (not including) the first
  // that would change again a key or button this frame has already changed, move the cursor after
  // a button or the wheel acted, or act with a button or the wheel after the cursor moved (a click
  // lands where the cursor rested the frame before).
  std::vector<InputEvent> takeFrame();

 private:
  std::deque<InputEvent> events_;
};

}  // namespace texsort
