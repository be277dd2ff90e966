// bindStateView: the one place that knows state_view.glsl's units and uniforms.
#include "sort/state_view.h"

#include "sort/bits.h"

namespace texsort {

void bindStateView(const gl::Program& program, const StateView& view) {
  const bool compact = view.form == Buffer::Compact;
  glUniform1i(program.uniform("u_viewCurrent"), 0);
  glUniform1i(program.uniform("u_viewPrevious"), 1);
  glUniform1i(program.uniform("u_viewElements"), 2);
  glUniform1i(program.uniform("u_viewCompact"), compact);
  glUniform1i(program.uniform("u_viewHasPrevious"), view.previous != nullptr);
  glUniform1i(program.uniform("u_widthLog2"), static_cast<GLint>(log2Exact(view.layout.width)));
  glUniform1i(program.uniform("u_compactWidthLog2"), static_cast<GLint>(log2Exact(view.compactLayout.width)));
  glUniform1i(program.uniform("u_count"), static_cast<GLint>(view.layout.count()));
  glUniform1i(program.uniform("u_indexHighBits"), static_cast<GLint>(indexHighBits(view.layout.count())));
  const GLuint units[3] = {view.current->id(), (view.previous ? view.previous : view.current)->id(), view.elements->id()};
  for (GLenum unit = 3; unit-- > 0;) {  // unit 0 last: it stays the active one
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, units[unit]);
  }
}

std::string sourceDefines(const SourceShape& shape) {
  return "#define SOURCE_AXIS " + std::to_string(static_cast<int>(shape.axis)) + "\n" +
         (shape.masked ? "#define SOURCE_MASKED\n" : "");
}

void setSourceUniforms(const gl::Program& program, const SourceShape& shape) {
  glUniform1i(program.uniform("u_sourceWidth"), static_cast<GLint>(shape.width));
  glUniform1i(program.uniform("u_sourceHeight"), static_cast<GLint>(shape.height));
  glUniform1i(program.uniform("u_lineBits"), static_cast<GLint>(shape.lineBits));
}

}  // namespace texsort
