// The viewer window's input: GLFW's events queued (input_queue.h) and handed to Dear ImGui a
// frame's worth at a time, scripted steps first; dropped files; the keyboard shortcuts.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "viewer/viewer_app.h"

namespace texsort {
namespace {

ViewerState& stateOf(GLFWwindow* window) { return *static_cast<ViewerState*>(glfwGetWindowUserPointer(window)); }

void onDrop(GLFWwindow* window, int count, const char** paths) {
  for (int i = 0; i < count; ++i) stateOf(window).dropped.emplace_back(paths[i]);
}

// GLFW's input events go to the queue (input_queue.h); focus and the cursor's entering reach the
// backend at once, as they carry no press to lose.
void queue(GLFWwindow* window, InputEvent::Kind kind, int code, int action = 0, int mods = 0) {
  InputEvent e;
  e.kind = kind;
  e.code = code;
  e.action = action;
  e.mods = mods;
  stateOf(window).input.push(e);
}

}  // namespace

// The shortcuts drive what the window shows: the global sort's transport, or the Pixel sort mode's
// passes. Ctrl+Q quits from either.
void handleKeys(ViewerState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Q, false)) s.quit = true;
  if (!s.session || io.WantCaptureKeyboard) return;
  const bool space = ImGui::IsKeyPressed(GLFW_KEY_SPACE), right = ImGui::IsKeyPressed(GLFW_KEY_RIGHT),
             left = ImGui::IsKeyPressed(GLFW_KEY_LEFT), home = ImGui::IsKeyPressed(GLFW_KEY_HOME) ||
                                                                ImGui::IsKeyPressed(GLFW_KEY_R, false),
             end = ImGui::IsKeyPressed(GLFW_KEY_END);
  if (s.pixelMode) {
    if (!s.pixel) return;
    PixelSortView& v = *s.pixel;
    const std::uint32_t before = v.pass();
    if (space) s.pixelPlaying = !s.pixelPlaying && v.pass() < v.passCount(), s.pixelOwed = 0.0;
    if (right || left || home || end) s.pixelPlaying = false;
    if (right && v.pass() < v.passCount()) v.seek(v.pass() + 1);
    if (left && v.pass() > 0) v.seek(v.pass() - 1);
    if (home) v.seek(0);
    if (end) v.seek(v.passCount());
    s.pixelDirty |= v.pass() != before;
    // A clip's frames: , and . step back and on (as in mpv).
    if (s.clip && ImGui::IsKeyPressed(GLFW_KEY_PERIOD) && s.clipFrame + 1 < s.clip->ready()) showClipFrame(s, s.clipFrame + 1);
    if (s.clip && ImGui::IsKeyPressed(GLFW_KEY_COMMA) && s.clipFrame > 0) showClipFrame(s, s.clipFrame - 1);
    // The mask brush as in paint programs: B on and off, [ and ] its size, X paint or erase, Ctrl+Z
    // undo, Ctrl+Shift+Z or Ctrl+Y redo.
    MaskBrush& b = s.brush;
    if (ImGui::IsKeyPressed(GLFW_KEY_B, false)) b.on = !b.on;
    if (ImGui::IsKeyPressed(GLFW_KEY_X, false)) b.erase = !b.erase;
    if (ImGui::IsKeyPressed(GLFW_KEY_LEFT_BRACKET)) b.radius = std::max(1.0f, b.radius * 0.8f);
    if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT_BRACKET)) b.radius = std::min(256.0f, b.radius * 1.25f);
    if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Z, false)) undoMask(s, io.KeyShift);
    if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Y, false)) undoMask(s, true);
    return;
  }
  Transport& t = s.transport;
  if (space) t.togglePlay();
  if (right) t.stepForward();
  if (left) t.stepBack();
  if (home) t.reset();
  if (end) t.toEnd();
}

void installInput(GLFWwindow* window) {
  glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int, int action, int mods) {
    queue(w, InputEvent::Kind::Key, key, action, mods);
  });
  glfwSetCharCallback(window, [](GLFWwindow* w, unsigned int c) { queue(w, InputEvent::Kind::Char, static_cast<int>(c)); });
  glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int button, int action, int mods) {
    queue(w, InputEvent::Kind::MouseButton, button, action, mods);
  });
  glfwSetScrollCallback(window, [](GLFWwindow* w, double x, double y) {
    InputEvent e;
    e.kind = InputEvent::Kind::Scroll;
    e.x = x;
    e.y = y;
    stateOf(w).input.push(e);
  });
  glfwSetWindowFocusCallback(window, ImGui_ImplGlfw_WindowFocusCallback);
  glfwSetCursorEnterCallback(window, ImGui_ImplGlfw_CursorEnterCallback);
  glfwSetDropCallback(window, onDrop);
}

// This frame's input: the scripted steps due, then one frame's worth of the queue, handed to the
// backend as GLFW would have.
void deliverInput(GLFWwindow* window, ViewerState& s, std::uint32_t frame) {
  for (; s.scriptNext < s.script.size() && s.script[s.scriptNext].frame <= frame; ++s.scriptNext) {
    for (const InputEvent& e : s.script[s.scriptNext].events) s.input.push(e);
  }
  for (const InputEvent& e : s.input.takeFrame()) {
    switch (e.kind) {
      case InputEvent::Kind::Key: ImGui_ImplGlfw_KeyCallback(window, e.code, 0, e.action, e.mods); break;
      case InputEvent::Kind::Char: ImGui_ImplGlfw_CharCallback(window, static_cast<unsigned int>(e.code)); break;
      case InputEvent::Kind::MouseButton:
        if (e.code >= 0 && e.code < int(std::size(s.buttonsHeld))) s.buttonsHeld[e.code] = e.action != GLFW_RELEASE;
        ImGui_ImplGlfw_MouseButtonCallback(window, e.code, e.action, e.mods);
        break;
      case InputEvent::Kind::Scroll: ImGui_ImplGlfw_ScrollCallback(window, e.x, e.y); break;
      case InputEvent::Kind::Cursor:
        s.scriptedCursor = true;
        s.cursor = ImVec2(float(e.x), float(e.y));
        s.cursorTarget = e.target;
        s.cursorOffset = ImVec2(float(e.x), float(e.y));
        if (!e.target.empty() && !s.widgets.count(e.target)) {  // the run goes on, and fails at its end
          std::fprintf(stderr, "texsort: error: --input: frame %u: no widget named '%s' on screen\n", frame, e.target.c_str());
          if (s.exitCode == 0) s.exitCode = static_cast<int>(ExitCode::Usage);
        }
        break;
    }
  }
  // A cursor on a named widget stays on it while the panels' layout moves (text lines come and go
  // as the sort runs), so the press and the release both land on it.
  if (const auto found = s.widgets.find(s.cursorTarget); !s.cursorTarget.empty() && found != s.widgets.end()) {
    const auto& [min, max] = found->second;
    s.cursor = ImVec2((min.x + max.x) / 2 + s.cursorOffset.x, (min.y + max.y) / 2 + s.cursorOffset.y);
  }
}

}  // namespace texsort
