// InputQueue (input_queue.h).
#include "viewer/input_queue.h"

#include <GLFW/glfw3.h>

#include <set>
#include <utility>

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

}  // namespace texsort
