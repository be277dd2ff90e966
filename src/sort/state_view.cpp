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

std::string pixelOrderDefines(const PixelOrder& order) {
  return "#define PIXEL_KEY " + std::to_string(order.key) + "\n" + (order.maxSpan > 0 ? "#define PIXEL_PIECES\n" : "") +
         (order.skipPercent > 0 ? "#define PIXEL_SKIP\n" : "") + (order.intoPairs ? "#define INTO_PAIRS\n" : "");
}

std::string spanStartsDefines(const SpanStarts& starts) {
  return "#define INTERVALS " + std::to_string(starts.intervals) + "\n#define SELECT_KEY " +
         std::to_string(starts.selectKey) + "\n" + (starts.invert ? "#define SELECT_OUTSIDE\n" : "");
}

namespace {
void setInt(const gl::Program& p, const char* name, std::uint64_t value) {
  glUniform1i(p.uniform(name), static_cast<GLint>(value));
}
}  // namespace

void setPixelOrderUniforms(const gl::Program& p, const PixelOrder& s) {
  glUniform1ui(p.uniform("u_maxKey"), s.maxKey);
  setInt(p, "u_keyBits", s.keyBits);
  setInt(p, "u_descending", s.descending);
  glUniform1ui(p.uniform("u_maxSpan"), s.maxSpan);
  glUniform1ui(p.uniform("u_skipPercent"), s.skipPercent);
  glUniform1ui(p.uniform("u_seed"), s.seed);
  setInt(p, "u_lineBits", s.lineBits);
}

void setPixelPassUniforms(const gl::Program& p, const Pass& pass) {
  if (const auto* s = std::get_if<SpanStarts>(&pass)) {
    setInt(p, "u_lowest", s->lowest);
    setInt(p, "u_highest", s->highest);
    glUniform1ui(p.uniform("u_spanLength"), s->spanLength);
    glUniform1ui(p.uniform("u_seed"), s->seed);
    setInt(p, "u_imageWidth", s->width);
    setInt(p, "u_imageHeight", s->height);
    setInt(p, "u_lineBits", s->lineBits);
  } else if (const auto* scan = std::get_if<SpanScanStep>(&pass)) {
    setInt(p, "u_distance", scan->distance);
    setInt(p, "u_lineBits", scan->lineBits);
  } else if (const auto* order = std::get_if<PixelOrder>(&pass)) {
    setPixelOrderUniforms(p, *order);
  } else if (const auto* gather = std::get_if<GatherByIndex>(&pass)) {
    setInt(p, "u_positionBits", gather->positionBits);
    setInt(p, "u_pixelCount", gather->pixels);
  } else if (const auto* shared = std::get_if<SharedBitonicSteps>(&pass)) {  // into the image (compute runner)
    setInt(p, "u_positionBits", shared->positionBits);
    setInt(p, "u_pixelCount", shared->pixels);
  } else if (const auto* steps = std::get_if<ComputeBitonicSteps>(&pass)) {  // the same
    setInt(p, "u_positionBits", steps->positionBits);
    setInt(p, "u_pixelCount", steps->pixels);
  }
}

}  // namespace texsort
