// A GLFW window with an OpenGL 3.3 core context, for the viewer.
#pragma once

#include <string>

struct GLFWwindow;

namespace texsort {

class Window {
 public:
  // Opens the window and makes its context current, loading GL through glad. Throws
  // texsort::Error(Gpu) with GLFW's own words when there is no display or no GL 3.3 context.
  Window(int width, int height, const std::string& title);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  GLFWwindow* handle() const { return window_; }
  bool shouldClose() const;

 private:
  GLFWwindow* window_ = nullptr;
};

}  // namespace texsort
