// The window's input as a queue of events, handed to Dear ImGui a frame at a time. Dear ImGui 1.86
// polls key state once a frame, so a key pressed and released within one frame was never seen (a
// quick tap of an arrow key, a quick Ctrl+A). GLFW's callbacks and the viewer's scripted input
// (--input) both push here; takeFrame() never lets one frame hold a key's (or button's) press and
// its release: the second waits for the next frame. No GLFW or ImGui here: unit-tested.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace texsort {

struct InputEvent {
  enum class Kind { Key, Char, MouseButton, Scroll, Cursor } kind = Kind::Key;
  int code = 0;    // Key: the GLFW key; Char: the code point; MouseButton: the button
  int action = 0;  // Key, MouseButton: GLFW_RELEASE 0, GLFW_PRESS 1, GLFW_REPEAT 2
  int mods = 0;    // Key, MouseButton: GLFW modifier bits
  double x = 0, y = 0;  // Scroll: offsets; Cursor: position in window coordinates (with a target: from its centre)
  std::string target;   // Cursor, scripted: the centre of the widget the viewer remembers by this name
};

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

// Scripted input for tests and demos, as a user would give it: "FRAME: ACTION; FRAME: ACTION ...",
// where ACTION is `key NAME` (a tap: press then release; NAME a letter, a digit, space, enter,
// escape, tab, backspace, left, right, up, down, home, end, period, comma, [ or ], with ctrl+ or
// shift+ before it),
// `type TEXT` (characters), `click X Y` or `click @NAME` (move to a point, or to the centre of a
// widget the viewer remembers by that name, then press and release the left button), `move X Y` or
// `move @NAME` (the cursor alone), `press` or `release` (the left button, or `right`, held down or
// let go where the cursor is: a drag), or `wheel DY` (scroll where the cursor is). `@NAME +DX -DY`
// is that far from the widget's centre (each offset with its sign). Throws texsort::Error(Usage)
// naming the step that cannot be read.
struct ScriptedInput {
  std::uint32_t frame = 0;
  std::vector<InputEvent> events;
};
std::vector<ScriptedInput> parseInputScript(const std::string& script);

}  // namespace texsort
