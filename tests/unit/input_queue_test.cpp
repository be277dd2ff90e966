// The viewer's input queue and the grammar of demo --input (viewer/input_queue.h, input_script.h).
#include <gtest/gtest.h>

#include <GLFW/glfw3.h>

#include "error.h"
#include "viewer/input_queue.h"
#include "viewer/input_script.h"

namespace texsort {
namespace {

InputEvent key(int code, int action) {
  InputEvent e;
  e.code = code;
  e.action = action;
  return e;
}

// What each frame gets: the key codes and actions, frame by frame, until the queue is empty.
std::vector<std::vector<std::pair<int, int>>> frames(InputQueue& queue) {
  std::vector<std::vector<std::pair<int, int>>> all;
  while (!queue.empty()) {
    std::vector<std::pair<int, int>> frame;
    for (const InputEvent& e : queue.takeFrame()) frame.emplace_back(e.code, e.action);
    all.push_back(frame);
  }
  return all;
}

TEST(InputQueue, APressAndItsReleaseNeverShareAFrame) {
  InputQueue queue;
  for (int tap = 0; tap < 2; ++tap) {
    queue.push(key(GLFW_KEY_RIGHT, GLFW_PRESS));
    queue.push(key(GLFW_KEY_RIGHT, GLFW_RELEASE));
  }
  using F = std::vector<std::pair<int, int>>;
  EXPECT_EQ(frames(queue), (std::vector<F>{{{GLFW_KEY_RIGHT, GLFW_PRESS}},
                                           {{GLFW_KEY_RIGHT, GLFW_RELEASE}},
                                           {{GLFW_KEY_RIGHT, GLFW_PRESS}},
                                           {{GLFW_KEY_RIGHT, GLFW_RELEASE}}}));
}

TEST(InputQueue, DifferentKeysAndCharactersGoTogether) {
  InputQueue queue;
  queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_PRESS));
  queue.push(key(GLFW_KEY_A, GLFW_PRESS));
  InputEvent c;
  c.kind = InputEvent::Kind::Char;
  c.code = 'x';
  queue.push(c);
  queue.push(key(GLFW_KEY_A, GLFW_RELEASE));
  queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_RELEASE));
  const auto got = frames(queue);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].size(), 3u) << "Ctrl and A held together, the character with them";
  EXPECT_EQ(got[1].size(), 2u);
}

TEST(InputQueue, TheCursorRestsAFrameBeforeAClick) {
  const std::vector<ScriptedInput> script = parseInputScript("4: click 10 20");
  ASSERT_EQ(script.size(), 1u);
  InputQueue queue;
  for (const InputEvent& e : script[0].events) queue.push(e);
  const std::vector<InputEvent> move = queue.takeFrame(), press = queue.takeFrame(), release = queue.takeFrame();
  ASSERT_EQ(move.size(), 1u);
  EXPECT_EQ(move[0].kind, InputEvent::Kind::Cursor);
  EXPECT_EQ(move[0].x, 10.0);
  ASSERT_EQ(press.size(), 1u);
  EXPECT_EQ(press[0].action, GLFW_PRESS);
  ASSERT_EQ(release.size(), 1u);
  EXPECT_EQ(release[0].action, GLFW_RELEASE);
  EXPECT_TRUE(queue.empty());
}

TEST(InputScript, ReadsEveryActionInFrameOrder) {
  const std::vector<ScriptedInput> script =
      parseInputScript("9: type a b; 3: key ctrl+q; 5: click @Start recording; 7: wheel -2.5; 8: move 4 5");
  ASSERT_EQ(script.size(), 5u);
  EXPECT_EQ(script[0].frame, 3u);
  ASSERT_EQ(script[0].events.size(), 4u) << "ctrl down, q down, q up, ctrl up";
  EXPECT_EQ(script[0].events[1].code, GLFW_KEY_Q);
  EXPECT_EQ(script[0].events[1].mods, GLFW_MOD_CONTROL);
  EXPECT_EQ(script[1].events[0].target, "Start recording");
  EXPECT_EQ(script[2].events[0].y, -2.5);
  EXPECT_EQ(script[3].events.size(), 1u);
  EXPECT_EQ(script[4].frame, 9u);
  EXPECT_EQ(script[4].events.size(), 3u) << "a, space, b";
}

// A drag: the cursor to a point near a widget, the button held, moved, let go; names with spaces and
// numbers in them stay names unless two signed offsets end them.
TEST(InputScript, ReadsADragAndOffsetsFromAWidget) {
  const std::vector<ScriptedInput> script = parseInputScript(
      "2: move @picture -40 +12; 3: press; 4: move @picture +40 +0; 5: release; 6: press right; 7: click @path 2 3");
  ASSERT_EQ(script.size(), 6u);
  EXPECT_EQ(script[0].events[0].target, "picture");
  EXPECT_EQ(script[0].events[0].x, -40.0);
  EXPECT_EQ(script[0].events[0].y, 12.0);
  ASSERT_EQ(script[1].events.size(), 1u);
  EXPECT_EQ(script[1].events[0].kind, InputEvent::Kind::MouseButton);
  EXPECT_EQ(script[1].events[0].code, GLFW_MOUSE_BUTTON_LEFT);
  EXPECT_EQ(script[1].events[0].action, GLFW_PRESS);
  EXPECT_EQ(script[2].events[0].x, 40.0);
  EXPECT_EQ(script[3].events[0].action, GLFW_RELEASE);
  EXPECT_EQ(script[4].events[0].code, GLFW_MOUSE_BUTTON_RIGHT);
  EXPECT_EQ(script[5].events[0].target, "path 2 3") << "offsets carry their signs";
  EXPECT_EQ(script[5].events[0].x, 0.0);
  // Two modifiers: both held around the tap, released in reverse.
  const std::vector<ScriptedInput> redo = parseInputScript("3: key ctrl+shift+z");
  ASSERT_EQ(redo[0].events.size(), 6u);
  EXPECT_EQ(redo[0].events[0].code, GLFW_KEY_LEFT_CONTROL);
  EXPECT_EQ(redo[0].events[1].code, GLFW_KEY_LEFT_SHIFT);
  EXPECT_EQ(redo[0].events[2].code, GLFW_KEY_Z);
  EXPECT_EQ(redo[0].events[2].mods, GLFW_MOD_CONTROL | GLFW_MOD_SHIFT);
  EXPECT_EQ(redo[0].events[4].code, GLFW_KEY_LEFT_SHIFT);
  EXPECT_EQ(redo[0].events[5].action, GLFW_RELEASE);
}

TEST(InputScript, RefusesWhatItCannotReadNamingTheStep) {
  for (const char* bad : {"key end", "0: key end", "x: key end", "3: key nosuchkey", "3: jump", "3: click 4",
                          "3: click 4 5 6", "3: type", "3: wheel", "-1: key end", "3: key end now", "3: press middle",
                          "3: release left now"}) {
    try {
      parseInputScript(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ExitCode::Usage) << bad;
      EXPECT_NE(std::string(e.what()).find("step '"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace texsort
