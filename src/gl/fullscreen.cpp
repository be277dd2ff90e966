// The full-screen draw and the read-back, in one place.
#include "gl/fullscreen.h"

namespace texsort::gl {

void FullScreenTriangle::draw(const Framebuffer& target, std::uint32_t width, std::uint32_t height) const {
  glBindFramebuffer(GL_FRAMEBUFFER, target.id());
  glViewport(0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height));
  glBindVertexArray(vertexArray_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void readTexels(const Framebuffer& source, std::uint32_t width, std::uint32_t height, GLenum format, GLenum type,
                void* out) {
  readTexels(source.id(), width, height, format, type, out);
}

void readTexels(GLuint framebuffer, std::uint32_t width, std::uint32_t height, GLenum format, GLenum type, void* out) {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glPixelStorei(GL_PACK_ALIGNMENT, type == GL_UNSIGNED_BYTE ? 1 : 4);
  glReadPixels(0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height), format, type, out);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  TEXSORT_GL_CHECK("read back");
}

void readLayer(const Texture& array, std::uint32_t layer, GLenum format, GLenum type, void* out) {
  readTexels(Framebuffer(array, layer, "layer read-back"), array.width(), array.height(), format, type, out);
}

}  // namespace texsort::gl
