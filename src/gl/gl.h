// The one include for OpenGL: the glad loader (desktop GL 3.3 core and up) or, in the browser,
// WebGL2 through emscripten's OpenGL ES 3.0 headers; plus a debug-build error check.
#pragma once

#ifdef __EMSCRIPTEN__
#include "gl/webgl.h"
#else
#include <glad/gl.h>
#endif

#include <string>

namespace texsort::gl {

// Name of a GL error or framebuffer status enum, e.g. "GL_OUT_OF_MEMORY".
std::string enumName(GLenum value);

// Throws texsort::Error(Gpu) "GL: <what>: <error name>" if glGetError reports an error.
void throwOnError(const char* what);

}  // namespace texsort::gl

// Checked in debug builds only: glGetError stalls the pipeline, so release builds check only at the
// few places where an error is expected (allocation, framebuffer completeness).
#ifdef TEXSORT_GL_CHECKS
#define TEXSORT_GL_CHECK(what) ::texsort::gl::throwOnError(what)
#else
#define TEXSORT_GL_CHECK(what) ((void)0)
#endif
