// One event of the viewer's input (a key, a character, a button, the wheel, the cursor), as GLFW's
// callbacks and the scripted input (input_script.h) give it to the input queue (input_queue.h).
#pragma once

#include <string>

namespace texsort {

struct InputEvent {
  enum class Kind { Key, Char, MouseButton, Scroll, Cursor } kind = Kind::Key;
  int code = 0;    // Key: the GLFW key; Char: the code point; MouseButton: the button
  int action = 0;  // Key, MouseButton: GLFW_RELEASE 0, GLFW_PRESS 1, GLFW_REPEAT 2
  int mods = 0;    // Key, MouseButton: GLFW modifier bits
  double x = 0, y = 0;  // Scroll: offsets; Cursor: position in window coordinates (with a target: from its centre)
  std::string target;   // Cursor, scripted: the centre of the widget the viewer remembers by this name
};

}  // namespace texsort
