// A headless OpenGL 3.3 core context through EGL: no window, no X server.
#pragma once

#include <memory>
#include <string>

namespace texsort {

// TEXSORT_EGL_PLATFORM: "" when unset, else device, surfaceless or default. Throws
// texsort::Error(Usage) for any other value (an empty one too).
std::string forcedEglPlatform();

class HeadlessContext {
 public:
  // Creates the context and makes it current on this thread, trying in order the EGL device platform
  // (a real GPU machine), Mesa's surfaceless platform (llvmpipe in CI) and the default display.
  // The environment variable TEXSORT_EGL_PLATFORM=device|surfaceless|default restricts it to one.
  // Throws texsort::Error(Gpu) saying which EGL step failed on each platform, in words.
  HeadlessContext();
  ~HeadlessContext();
  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;

  // A context made on one thread and used on another: releaseThread() on the first, then
  // makeCurrent() on the second (throws texsort::Error(Gpu) if EGL refuses).
  void releaseThread();
  void makeCurrent();

  const std::string& platform() const { return platform_; }  // "device", "surfaceless" or "default"
  std::string renderer() const;
  std::string glVersion() const;
  int maxTextureSize() const;

 private:
  struct Egl;
  std::unique_ptr<Egl> egl_;
  std::string platform_;
};

}  // namespace texsort
