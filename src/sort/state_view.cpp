// bindStateView: the one place that knows state_view.glsl's units and uniforms.
#include "sort/state_view.h"

#include "sort/bits.h"
#include "sort/pass_blocks.h"

namespace texsort {

void bindStateView(const gl::Program& program, const StateView& view, gl::UniformBuffer& common) {
  const bool compact = view.form == Buffer::Compact;
  glUniform1i(program.uniform("u_viewCurrent"), 0);
  glUniform1i(program.uniform("u_viewPrevious"), 1);
  glUniform1i(program.uniform("u_viewElements"), 2);
  glUniform1i(program.uniform("u_viewCompact"), compact);
  glUniform1i(program.uniform("u_viewHasPrevious"), view.previous != nullptr);
  glUniform1i(program.uniform("u_count"), static_cast<GLint>(view.layout.count()));
  bindCommonBlock(common, view.layout.count(), view.sourceShape);
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

std::string pixelOrderDefines(const PixelOrder& order) {
  return "#define PIXEL_KEY " + std::to_string(order.key) + "\n" + (order.maxSpan > 0 ? "#define PIXEL_PIECES\n" : "") +
         (order.skipPercent > 0 ? "#define PIXEL_SKIP\n" : "") + (order.intoPairs ? "#define INTO_PAIRS\n" : "");
}

std::string spanStartsDefines(const SpanStarts& starts) {
  return "#define INTERVALS " + std::to_string(starts.intervals) + "\n#define SELECT_KEY " +
         std::to_string(starts.selectKey) + "\n" + (starts.invert ? "#define SELECT_OUTSIDE\n" : "");
}

}  // namespace texsort
