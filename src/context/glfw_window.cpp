// GLFW window context: error callback before init, the newest core version offered (3.3 at least),
// glad loaded from GLFW.
#include "context/glfw_window.h"

#include <GLFW/glfw3.h>

#include <algorithm>

#include "context/gl_versions.h"
#include "error.h"
#include "gl/gl.h"

namespace texsort {
namespace {

std::string lastGlfwError;

void onGlfwError(int /*code*/, const char* description) { lastGlfwError = description ? description : "unknown"; }

}  // namespace

Window::Window(int width, int height, const std::string& title) {
  glfwSetErrorCallback(onGlfwError);
  if (!glfwInit()) {
    throw Error(ExitCode::Gpu, "GLFW: cannot open a window (" + lastGlfwError +
                                   "); no display? `texsort sort IN -o OUT` sorts without one");
  }
  // A larger screen gets a larger window: 85 % of the primary monitor's work area when that is more
  // than asked for; a smaller screen, no more than its work area.
  if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
    int x = 0, y = 0, w = 0, h = 0;
    glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h);
    if (w > 0 && h > 0) {
      width = std::min(std::max(width, w * 85 / 100), w);
      height = std::min(std::max(height, h * 85 / 100), h);
    }
  }
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  for (const auto& [major, minor] : kContextVersions) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, major);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, minor);
    window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
    if (window_) break;
  }
  if (!window_) {
    glfwTerminate();
    throw Error(ExitCode::Gpu, "GLFW: cannot create an OpenGL 3.3 core window (" + lastGlfwError + ")");
  }
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(1);
  if (!gladLoadGL(glfwGetProcAddress)) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw Error(ExitCode::Gpu, "GL: cannot load OpenGL functions for the window");
  }
}

Window::~Window() {
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool Window::shouldClose() const { return glfwWindowShouldClose(window_) != 0; }

}  // namespace texsort
