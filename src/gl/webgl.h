// OpenGL ES 3.0 as WebGL2 gives it (emscripten), and the few names of desktop GL 3.3+ texsort's
// GL code uses that ES lacks: what has no WebGL2 form is marked unavailable here (labels, compute,
// timestamps) and the code asks before it uses it (gl::computeAvailable, GpuTimer).
#pragma once

#include <GLES3/gl3.h>

#define TEXSORT_WEBGL 1

// Debug labels (KHR_debug): none in WebGL2.
#define GLAD_GL_KHR_debug 0
inline void glObjectLabel(GLenum, GLuint, GLsizei, const char*) {}

// Compute shaders and storage buffers (GL 4.3): none in WebGL2.
#define GLAD_GL_ARB_compute_shader 0
#define GLAD_GL_ARB_shader_storage_buffer_object 0
#define GLAD_GL_ARB_shader_image_load_store 0
// Object types that name what a label is for (KHR_debug's; the labels themselves are dropped).
#define GL_PROGRAM 0x82E2
#define GL_BUFFER 0x82E0
