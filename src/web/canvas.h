// The page's canvas #texsort-gl, which holds the WebGL2 context (context/web_context.cpp): a
// picture the module drew into a framebuffer of its own, shown there without a read-back.
#pragma once

#include <emscripten/html5.h>

#include "gl/gl.h"

namespace texsort {

// The bottom `rows` rows of `framebuffer` (GL counts rows from the bottom), `width` wide, blitted
// onto the canvas resized to them, so the picture's row 0 is the canvas's top row. The size is set
// only when it changes: setting it, even to the same, makes the browser a new drawing buffer.
inline void showOnCanvas(GLuint framebuffer, int width, int rows) {
  int shownWidth = 0, shownRows = 0;
  emscripten_get_canvas_element_size("#texsort-gl", &shownWidth, &shownRows);
  if (shownWidth != width || shownRows != rows) emscripten_set_canvas_element_size("#texsort-gl", width, rows);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glViewport(0, 0, width, rows);
  glBlitFramebuffer(0, 0, width, rows, 0, rows, width, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace texsort
