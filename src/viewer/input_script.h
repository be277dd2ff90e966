// The grammar of demo --input: what the command line checks when it parses, and the viewer plays.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "viewer/input_event.h"

namespace texsort {

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
