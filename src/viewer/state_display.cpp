// StateDisplay: one full-screen draw of display.frag into a picture sized to the image.
#include "viewer/state_display.h"

#include "shaders/embedded.h"

namespace texsort {

StateDisplay::StateDisplay()
    : program_("fullscreen.vert", shaders::kShader_fullscreen_vert, "display.frag",
               {shaders::kShader_sort_common_glsl, shaders::kShader_display_frag}) {}

void StateDisplay::render(const SortSession& session, DisplayOptions options) {
  const TextureLayout& layout = session.sorter().layout();
  // Rows of the image's width, so pass 0 is the picture itself; a very tall, thin image whose rows
  // would exceed the texture limit falls back to the sort texture's own rows.
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  std::uint32_t w = session.image().width;
  if ((layout.count() + w - 1) / w > static_cast<std::uint64_t>(maxSize)) w = layout.width;
  const auto h = static_cast<std::uint32_t>((layout.count() + w - 1) / w);
  if (picture_.width() != w || picture_.height() != h) {
    picture_ = gl::Texture(w, h, gl::TextureFormat::Rgba8, nullptr, "state picture");
    target_ = gl::Framebuffer(picture_, "state picture target");
  }
  const Pass* pass = session.shownPass();
  const GpuSorter& sorter = session.sorter();
  const gl::Texture* compact = sorter.compactTexture();
  const gl::Texture* previous = compact ? sorter.previousCompactTexture() : sorter.previousTexture();

  const GLuint p = program_.id();
  glUseProgram(p);
  glUniform1i(program_.uniform("u_state"), 0);
  glUniform1i(program_.uniform("u_previous"), 1);
  glUniform1i(program_.uniform("u_widthLog2"), static_cast<GLint>(log2Exact(layout.width)));
  glUniform1i(program_.uniform("u_fromCompact"), compact != nullptr);
  glUniform1i(program_.uniform("u_compact"), 2);
  glUniform1i(program_.uniform("u_previousCompact"), 3);
  glUniform1i(program_.uniform("u_compactWidthLog2"), static_cast<GLint>(log2Exact(sorter.compactWidth())));
  glUniform1i(program_.uniform("u_count"), static_cast<GLint>(layout.count()));
  glUniform1i(program_.uniform("u_imageWidth"), static_cast<GLint>(w));
  glUniform1f(program_.uniform("u_sentinelKey"), kSentinelKey);
  glUniform1i(program_.uniform("u_showRoles"), options.showRoles && pass != nullptr);
  glUniform1i(program_.uniform("u_showChanged"), options.showChanged);
  glUniform1i(program_.uniform("u_hasPrevious"), previous != nullptr && session.pass() > 0);
  int kind = 3;
  if (pass && (pass->kind == PassKind::BitonicStep || pass->kind == PassKind::BitonicLegacyStep)) kind = 0;
  if (pass && pass->kind == PassKind::OddEvenMergeStep) kind = 1;
  if (pass && pass->kind == PassKind::TranspositionStep) kind = 2;
  glUniform1i(program_.uniform("u_kind"), kind);
  glUniform1i(program_.uniform("u_parity"), pass ? static_cast<GLint>(pass->parity) : 0);
  glUniform1i(program_.uniform("u_stepno"), pass ? static_cast<GLint>(pass->stepno) : 2);
  glUniform1i(program_.uniform("u_offset"), pass ? static_cast<GLint>(pass->offset) : 1);
  glUniform1i(program_.uniform("u_stage"), pass ? static_cast<GLint>(pass->stage) : 2);
  glActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_2D, compact && previous ? previous->id() : 0);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, compact ? compact->id() : 0);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, !compact && previous ? previous->id() : session.sorter().currentTexture().id());
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, session.sorter().currentTexture().id());
  glBindFramebuffer(GL_FRAMEBUFFER, target_.id());
  glViewport(0, 0, static_cast<GLsizei>(w), static_cast<GLsizei>(h));
  glBindVertexArray(vertexArray_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

Image StateDisplay::readBack(std::uint32_t rows) const {
  Image image;
  image.width = picture_.width();
  image.height = std::min(rows, picture_.height());
  image.channels = 4;
  image.rgba.resize(image.pixelCount() * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, target_.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, static_cast<GLsizei>(image.width), static_cast<GLsizei>(image.height), GL_RGBA, GL_UNSIGNED_BYTE,
               image.rgba.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  return image;
}

}  // namespace texsort
