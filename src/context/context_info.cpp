// What every HeadlessContext (EGL on the desktop, WebGL2 in the browser) says of itself.
#include <string>

#include "context/egl_context.h"
#include "gl/capabilities.h"
#include "gl/gl.h"

namespace texsort {

#ifdef __EMSCRIPTEN__
std::string webglRenderer();  // web_context.cpp: the renderer behind WebGL, "" where unknown
#endif

std::string HeadlessContext::renderer() const {
#ifdef __EMSCRIPTEN__
  if (const std::string behind = webglRenderer(); !behind.empty()) return behind;
#endif
  const std::string s = gl::glString(GL_RENDERER);
  return s.empty() ? "unknown" : s;
}

std::string HeadlessContext::glVersion() const {
  const std::string s = gl::glString(GL_VERSION);
  return s.empty() ? "unknown" : s;
}

int HeadlessContext::maxTextureSize() const {
  GLint size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &size);
  return size;
}

}  // namespace texsort
