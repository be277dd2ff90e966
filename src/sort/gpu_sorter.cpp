// The GPU side of a sort: one program per pass kind, one draw per pass, two textures swapped.
#include "sort/gpu_sorter.h"

#include "error.h"
#include "shaders/embedded.h"

namespace texsort {

GpuSorter::GpuSorter(std::uint64_t elementCount) {
  if (!isPowerOfTwo(elementCount) || elementCount > kMaxElements) {
    throw Error(ExitCode::Gpu, "GPU sorter: " + std::to_string(elementCount) +
                                   " elements is not a power of two up to 2^24");
  }
  layout_ = TextureLayout::forCount(elementCount);
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  if (layout_.width > static_cast<std::uint32_t>(maxSize)) {
    throw Error(ExitCode::Gpu, "GPU sorter: " + std::to_string(elementCount) + " elements need a " +
                                   std::to_string(layout_.width) + "x" + std::to_string(layout_.height) +
                                   " texture, larger than GL_MAX_TEXTURE_SIZE " + std::to_string(maxSize));
  }
  textures_[0] = gl::Texture(layout_.width, layout_.height, nullptr, "sort state A");
  textures_[1] = gl::Texture(layout_.width, layout_.height, nullptr, "sort state B");
  framebuffers_[0] = gl::Framebuffer(textures_[0], "sort target A");
  framebuffers_[1] = gl::Framebuffer(textures_[1], "sort target B");
  bitonic_ = gl::Program("fullscreen.vert", shaders::kShader_fullscreen_vert, "bitonic.frag",
                         shaders::kShader_bitonic_frag);
}

void GpuSorter::upload(const std::vector<Element>& elements) {
  if (elements.size() != layout_.count()) throw Error(ExitCode::Gpu, "GPU sorter: upload of the wrong size");
  current_ = 0;
  passesSinceUpload_ = 0;
  glBindTexture(GL_TEXTURE_2D, textures_[0].id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(layout_.width), static_cast<GLsizei>(layout_.height),
                  GL_RGBA, GL_FLOAT, elements.data());
  TEXSORT_GL_CHECK("upload");
}

void GpuSorter::bindPassProgram(const Pass& pass) {
  switch (pass.kind) {
    case PassKind::BitonicStep: {
      const GLuint program = bitonic_.id();
      glUseProgram(program);
      glUniform1i(glGetUniformLocation(program, "u_source"), 0);
      glUniform1i(glGetUniformLocation(program, "u_stepno"), static_cast<GLint>(pass.stepno));
      glUniform1i(glGetUniformLocation(program, "u_offset"), static_cast<GLint>(pass.offset));
      glUniform1i(glGetUniformLocation(program, "u_stage"), static_cast<GLint>(pass.stage));
      glUniform1i(glGetUniformLocation(program, "u_widthLog2"), static_cast<GLint>(log2Exact(layout_.width)));
      return;
    }
  }
  throw Error(ExitCode::Gpu, "GPU sorter: no program for this pass kind");
}

void GpuSorter::runPass(const Pass& pass) {
  bindPassProgram(pass);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffers_[1 - current_].id());
  glViewport(0, 0, static_cast<GLsizei>(layout_.width), static_cast<GLsizei>(layout_.height));
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, textures_[current_].id());
  glBindVertexArray(vertexArray_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  current_ = 1 - current_;
  ++passesSinceUpload_;
  TEXSORT_GL_CHECK("sort pass");
}

double GpuSorter::run(const PassSchedule& schedule) {
  timer_.begin();
  for (const Pass& pass : schedule) runPass(pass);
  timer_.end();
  return timer_.milliseconds();
}

std::vector<Element> GpuSorter::readBack() const {
  std::vector<Element> elements(layout_.count());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffers_[current_].id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, static_cast<GLsizei>(layout_.width), static_cast<GLsizei>(layout_.height), GL_RGBA, GL_FLOAT,
               elements.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  TEXSORT_GL_CHECK("read back");
  return elements;
}

}  // namespace texsort
