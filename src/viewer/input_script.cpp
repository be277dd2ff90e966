// The scripted input's grammar (input_script.h): GLFW's key codes, no window.
#include "viewer/input_script.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <regex>
#include <sstream>
#include <utility>

#include "error.h"

namespace texsort {

namespace {

int keyNamed(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (name.size() == 1 && std::isalpha(static_cast<unsigned char>(name[0]))) return GLFW_KEY_A + (name[0] - 'a');
  if (name.size() == 1 && std::isdigit(static_cast<unsigned char>(name[0]))) return GLFW_KEY_0 + (name[0] - '0');
  static const std::pair<const char*, int> named[] = {
      {"space", GLFW_KEY_SPACE}, {"enter", GLFW_KEY_ENTER}, {"escape", GLFW_KEY_ESCAPE}, {"tab", GLFW_KEY_TAB},
      {"backspace", GLFW_KEY_BACKSPACE}, {"left", GLFW_KEY_LEFT}, {"right", GLFW_KEY_RIGHT}, {"up", GLFW_KEY_UP},
      {"down", GLFW_KEY_DOWN}, {"home", GLFW_KEY_HOME}, {"end", GLFW_KEY_END}, {"period", GLFW_KEY_PERIOD},
      {"comma", GLFW_KEY_COMMA}, {"[", GLFW_KEY_LEFT_BRACKET}, {"]", GLFW_KEY_RIGHT_BRACKET}};
  for (const auto& [text, key] : named)
    if (name == text) return key;
  return GLFW_KEY_UNKNOWN;
}

InputEvent key(int code, int action, int mods) {
  InputEvent e;
  e.kind = InputEvent::Kind::Key;
  e.code = code;
  e.action = action;
  e.mods = mods;
  return e;
}

// A step's error: the step quoted, then why.
struct StepError {
  const std::string& step;
  [[noreturn]] void operator()(const std::string& why) const {
    throw Error(ExitCode::Usage, "step '" + step + "': " + why);
  }
};

std::uint32_t stepFrame(const std::string& frameText, const StepError& fail) {
  char* end = nullptr;
  const unsigned long frame = std::strtoul(frameText.c_str(), &end, 10);
  if (end == frameText.c_str() || frameText.find('-') != std::string::npos || frame < 1 || frame > 1000000000) {
    fail("the frame must be a whole number from 1");
  }
  return static_cast<std::uint32_t>(frame);
}

// key [ctrl+][shift+]NAME: each modifier held around the tap (ctrl+shift+z: Ctrl and Shift both down).
std::vector<InputEvent> keyEvents(std::istringstream& words, const StepError& fail) {
  std::string name;
  words >> name;
  int mods = 0;
  for (const auto& [prefix, bit] : {std::pair<std::string, int>{"ctrl+", GLFW_MOD_CONTROL}, {"shift+", GLFW_MOD_SHIFT}}) {
    if (name.rfind(prefix, 0) == 0) {
      mods |= bit;
      name = name.substr(prefix.size());
    }
  }
  const int code = keyNamed(name);
  if (code == GLFW_KEY_UNKNOWN) fail("no key named '" + name + "'");
  std::vector<int> modifiers;
  if (mods & GLFW_MOD_CONTROL) modifiers.push_back(GLFW_KEY_LEFT_CONTROL);
  if (mods & GLFW_MOD_SHIFT) modifiers.push_back(GLFW_KEY_LEFT_SHIFT);
  std::vector<InputEvent> events;
  for (int modifier : modifiers) events.push_back(key(modifier, GLFW_PRESS, mods));
  events.push_back(key(code, GLFW_PRESS, mods));
  events.push_back(key(code, GLFW_RELEASE, mods));
  for (auto m = modifiers.rbegin(); m != modifiers.rend(); ++m) events.push_back(key(*m, GLFW_RELEASE, 0));
  return events;
}

// type TEXT: a character event each, the rest of the step.
std::vector<InputEvent> typeEvents(std::istringstream& words, const StepError& fail) {
  std::string text;
  std::getline(words, text);
  text.erase(0, text.find_first_not_of(' '));
  if (text.empty()) fail("give the text to type");
  std::vector<InputEvent> events;
  for (unsigned char c : text) {
    InputEvent e;
    e.kind = InputEvent::Kind::Char;
    e.code = c;
    events.push_back(e);
  }
  return events;
}

// click|move X Y, or @NAME [+DX -DY]: the cursor there (and for click the left button tapped).
std::vector<InputEvent> pointerEvents(const std::string& action, std::istringstream& words, const StepError& fail) {
  InputEvent move;
  move.kind = InputEvent::Kind::Cursor;
  if (words >> std::ws && words.peek() == '@') {
    std::getline(words, move.target);
    move.target.erase(0, 1);
    // @NAME +DX -DY: that far from the widget's centre (each offset with its sign).
    static const std::regex kOffset(R"(^(.*\S)\s+([+-]\d+)\s+([+-]\d+)\s*$)");
    if (std::smatch m; std::regex_match(move.target, m, kOffset)) {
      move.x = std::stod(m[2]), move.y = std::stod(m[3]);
      move.target = m[1];
    }
    if (move.target.empty()) fail("give " + action + " @NAME");
  } else if (!(words >> move.x >> move.y)) {
    fail("give " + action + " X Y or " + action + " @NAME");
  } else if (std::string extra; words >> extra) {
    fail("'" + extra + "' after the action");
  }
  if (action == "move") return {move};
  InputEvent press;
  press.kind = InputEvent::Kind::MouseButton;
  press.code = GLFW_MOUSE_BUTTON_LEFT;
  press.action = GLFW_PRESS;
  InputEvent release = press;
  release.action = GLFW_RELEASE;
  return {move, press, release};
}

// press|release [left|right]: the button held or let go.
InputEvent buttonEvent(const std::string& action, std::istringstream& words, const StepError& fail) {
  std::string which = "left";
  words >> which;
  if (which != "left" && which != "right") fail("press and release take left or right");
  InputEvent button;
  button.kind = InputEvent::Kind::MouseButton;
  button.code = which == "left" ? GLFW_MOUSE_BUTTON_LEFT : GLFW_MOUSE_BUTTON_RIGHT;
  button.action = action == "press" ? GLFW_PRESS : GLFW_RELEASE;
  return button;
}

ScriptedInput parseStep(const std::string& step) {
  const StepError fail{step};
  const std::size_t colon = step.find(':');
  if (colon == std::string::npos) fail("give FRAME: ACTION");
  ScriptedInput in;
  in.frame = stepFrame(step.substr(0, colon), fail);
  std::istringstream words(step.substr(colon + 1));
  std::string action;
  words >> action;
  if (action == "key") {
    in.events = keyEvents(words, fail);
  } else if (action == "type") {
    return ScriptedInput{in.frame, typeEvents(words, fail)};
  } else if (action == "click" || action == "move") {
    return ScriptedInput{in.frame, pointerEvents(action, words, fail)};
  } else if (action == "press" || action == "release") {
    in.events.push_back(buttonEvent(action, words, fail));
  } else if (action == "wheel") {
    InputEvent wheel;
    wheel.kind = InputEvent::Kind::Scroll;
    if (!(words >> wheel.y)) fail("give wheel DY");
    in.events.push_back(wheel);
  } else {
    fail("the action is key, type, click, move, press, release or wheel");
  }
  if (std::string extra; words >> extra) fail("'" + extra + "' after the action");
  return in;
}

}  // namespace

std::vector<ScriptedInput> parseInputScript(const std::string& script) {
  std::vector<ScriptedInput> steps;
  std::stringstream all(script);
  for (std::string step; std::getline(all, step, ';');) {
    if (step.find_first_not_of(" \t\n") != std::string::npos) steps.push_back(parseStep(step));
  }
  std::stable_sort(steps.begin(), steps.end(), [](const ScriptedInput& a, const ScriptedInput& b) { return a.frame < b.frame; });
  return steps;
}

}  // namespace texsort
