// InputQueue and the scripted input's grammar (input_queue.h).
#include "viewer/input_queue.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <regex>
#include <set>
#include <sstream>
#include <utility>

#include "error.h"

namespace texsort {

std::vector<InputEvent> InputQueue::takeFrame() {
  std::vector<InputEvent> frame;
  std::set<std::pair<int, int>> changed;  // (kind, code) of keys and buttons pressed or released this frame
  bool buttonChanged = false, cursorMoved = false;
  while (!events_.empty()) {
    const InputEvent& e = events_.front();
    const bool pressOrRelease = (e.kind == InputEvent::Kind::Key || e.kind == InputEvent::Kind::MouseButton) &&
                                e.action != GLFW_REPEAT;
    const bool pointer = e.kind == InputEvent::Kind::MouseButton || e.kind == InputEvent::Kind::Scroll;
    if (pressOrRelease && changed.count({int(e.kind), e.code})) break;
    if (e.kind == InputEvent::Kind::Cursor && buttonChanged) break;
    if (pointer && cursorMoved) break;  // the cursor rests on its target a frame before the click or wheel
    if (pressOrRelease) changed.insert({int(e.kind), e.code});
    buttonChanged |= pointer;
    cursorMoved |= e.kind == InputEvent::Kind::Cursor;
    frame.push_back(e);
    events_.pop_front();
  }
  return frame;
}

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

}  // namespace

std::vector<ScriptedInput> parseInputScript(const std::string& script) {
  std::vector<ScriptedInput> steps;
  std::stringstream all(script);
  for (std::string step; std::getline(all, step, ';');) {
    if (step.find_first_not_of(" \t\n") == std::string::npos) continue;
    const auto fail = [&](const std::string& why) {
      throw Error(ExitCode::Usage, "step '" + step + "': " + why);
    };
    const std::size_t colon = step.find(':');
    if (colon == std::string::npos) fail("give FRAME: ACTION");
    char* end = nullptr;
    const std::string frameText = step.substr(0, colon);
    const unsigned long frame = std::strtoul(frameText.c_str(), &end, 10);
    if (end == frameText.c_str() || frameText.find('-') != std::string::npos || frame < 1 || frame > 1000000000) {
      fail("the frame must be a whole number from 1");
    }
    std::istringstream words(step.substr(colon + 1));
    std::string action;
    words >> action;
    ScriptedInput in;
    in.frame = static_cast<std::uint32_t>(frame);
    if (action == "key") {
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
      // Each modifier held around the tap (ctrl+shift+z: Ctrl and Shift both down).
      std::vector<int> modifiers;
      if (mods & GLFW_MOD_CONTROL) modifiers.push_back(GLFW_KEY_LEFT_CONTROL);
      if (mods & GLFW_MOD_SHIFT) modifiers.push_back(GLFW_KEY_LEFT_SHIFT);
      for (int modifier : modifiers) in.events.push_back(key(modifier, GLFW_PRESS, mods));
      in.events.push_back(key(code, GLFW_PRESS, mods));
      in.events.push_back(key(code, GLFW_RELEASE, mods));
      for (auto m = modifiers.rbegin(); m != modifiers.rend(); ++m) in.events.push_back(key(*m, GLFW_RELEASE, 0));
    } else if (action == "type") {
      std::string text;
      std::getline(words, text);
      text.erase(0, text.find_first_not_of(' '));
      if (text.empty()) fail("give the text to type");
      for (unsigned char c : text) {
        InputEvent e;
        e.kind = InputEvent::Kind::Char;
        e.code = c;
        in.events.push_back(e);
      }
    } else if (action == "click" || action == "move") {
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
      if (action == "move") {
        in.events = {move};
        steps.push_back(std::move(in));
        continue;
      }
      InputEvent press;
      press.kind = InputEvent::Kind::MouseButton;
      press.code = GLFW_MOUSE_BUTTON_LEFT;
      press.action = GLFW_PRESS;
      InputEvent release = press;
      release.action = GLFW_RELEASE;
      in.events = {move, press, release};
    } else if (action == "press" || action == "release") {  // the left button (or right) held or let go
      std::string which = "left";
      words >> which;
      if (which != "left" && which != "right") fail("press and release take left or right");
      InputEvent button;
      button.kind = InputEvent::Kind::MouseButton;
      button.code = which == "left" ? GLFW_MOUSE_BUTTON_LEFT : GLFW_MOUSE_BUTTON_RIGHT;
      button.action = action == "press" ? GLFW_PRESS : GLFW_RELEASE;
      in.events.push_back(button);
    } else if (action == "wheel") {
      InputEvent wheel;
      wheel.kind = InputEvent::Kind::Scroll;
      if (!(words >> wheel.y)) fail("give wheel DY");
      in.events.push_back(wheel);
    } else {
      fail("the action is key, type, click, move, press, release or wheel");
    }
    std::string extra;
    if (action != "type" && action != "click" && words >> extra) fail("'" + extra + "' after the action");
    steps.push_back(std::move(in));
  }
  std::stable_sort(steps.begin(), steps.end(), [](const ScriptedInput& a, const ScriptedInput& b) { return a.frame < b.frame; });
  return steps;
}

}  // namespace texsort
