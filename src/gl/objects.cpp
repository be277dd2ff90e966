// GL object owners: textures, framebuffers, buffers and queries, allocated with error checks
// (programs: program.cpp).
#include "gl/objects.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "error.h"
#include "fault.h"

namespace texsort::gl {

std::string enumName(GLenum value) {
  switch (value) {
    case GL_NO_ERROR: return "GL_NO_ERROR";
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_FRAMEBUFFER_UNDEFINED: return "GL_FRAMEBUFFER_UNDEFINED";
    case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT";
    case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT";
    case GL_FRAMEBUFFER_UNSUPPORTED: return "GL_FRAMEBUFFER_UNSUPPORTED (this format cannot be rendered to here)";
    case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE";
    default: return "GL enum 0x" + [&] {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%04X", value);
      return std::string(buf);
    }();
  }
}

void throwOnError(const char* what) {
  const GLenum error = glGetError();
  if (error != GL_NO_ERROR) throw Error(ExitCode::Gpu, std::string("GL: ") + what + ": " + enumName(error));
}

std::atomic<std::int64_t>& liveObjects() {
  static std::atomic<std::int64_t> count{0};
  return count;
}

std::atomic<std::int64_t>& liveTextureBytes() {
  static std::atomic<std::int64_t> bytes{0};
  return bytes;
}

std::atomic<std::int64_t>& liveBufferBytes() {
  static std::atomic<std::int64_t> bytes{0};
  return bytes;
}

void deleteTexture(GLuint id) { glDeleteTextures(1, &id); }
void deleteFramebuffer(GLuint id) { glDeleteFramebuffers(1, &id); }
void deleteProgram(GLuint id) { glDeleteProgram(id); }
void deleteVertexArray(GLuint id) { glDeleteVertexArrays(1, &id); }
void deleteQuery(GLuint id) { glDeleteQueries(1, &id); }
void deleteBuffer(GLuint id) { glDeleteBuffers(1, &id); }

void label(GLenum type, GLuint id, const char* name) {
  if (GLAD_GL_KHR_debug && name) glObjectLabel(type, id, -1, name);
}

// Each TextureFormat's internal format, and the layout and type of its texels in memory.
constexpr GLint kInternal[] = {GL_RGBA32F, GL_R32F, GL_RGBA8, GL_RGBA8UI, GL_RG32UI, GL_RGBA32UI};
constexpr GLenum kLayout[] = {GL_RGBA, GL_RED, GL_RGBA, GL_RGBA_INTEGER, GL_RG_INTEGER, GL_RGBA_INTEGER};
constexpr GLenum kType[] = {GL_FLOAT, GL_FLOAT, GL_UNSIGNED_BYTE, GL_UNSIGNED_BYTE, GL_UNSIGNED_INT, GL_UNSIGNED_INT};

Texture::Texture(std::uint32_t width, std::uint32_t height, TextureFormat format, const void* texels, const char* name,
                 std::uint32_t layers)
    : width_(width), height_(height), layers_(layers) {
  while (glGetError() != GL_NO_ERROR) {
  }  // report only what this allocation causes
  GLuint id = 0;
  glGenTextures(1, &id);
  handle_ = Handle<deleteTexture>(id);
  const GLenum bindAt = target();
  glBindTexture(bindAt, id);
  glTexParameteri(bindAt, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(bindAt, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(bindAt, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(bindAt, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  const GLint internalFormat = kInternal[static_cast<int>(format)];
  const GLenum layout = kLayout[static_cast<int>(format)];
  const GLenum type = kType[static_cast<int>(format)];
  if (layers) {
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, internalFormat, static_cast<GLsizei>(width), static_cast<GLsizei>(height),
                 static_cast<GLsizei>(layers), 0, layout, type, texels);
  } else {
    glTexImage2D(GL_TEXTURE_2D, 0, internalFormat, static_cast<GLsizei>(width), static_cast<GLsizei>(height), 0, layout,
                 type, texels);
  }
  GLenum error = glGetError();
  const bool compact = name && std::strncmp(name, "compact", 7) == 0;  // the fast path's (key, index) pairs
  if (forcedFailure("oom") || (compact && forcedFailure("oom-compact"))) error = GL_OUT_OF_MEMORY;
  if (error != GL_NO_ERROR) {
    throw Error(ExitCode::Gpu, std::string("GL: cannot allocate ") + (name ? name : "texture") + " (" +
                                   std::to_string(width) + "x" + std::to_string(height) +
                                   (layers ? "x" + std::to_string(layers) : std::string()) + "): " +
                                   enumName(error));
  }
  label(GL_TEXTURE, id, name);
  static constexpr std::int64_t kTexelBytes[] = {16, 4, 4, 4, 8, 16};
  bytes_ = TextureBytes(kTexelBytes[static_cast<int>(format)] * std::int64_t{width} * height * std::max(1u, layers));
}

Framebuffer::Framebuffer(const Texture& target, const char* name, bool floatTarget) {
  const GLuint id = begin();
  if (target.layers()) {
    GLenum drawBuffers[8];
    const std::uint32_t layers = std::min<std::uint32_t>(target.layers(), 8);
    for (std::uint32_t k = 0; k < layers; ++k) {
      glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + k, target.id(), 0, static_cast<GLint>(k));
      drawBuffers[k] = GL_COLOR_ATTACHMENT0 + k;
    }
    glDrawBuffers(static_cast<GLsizei>(layers), drawBuffers);
  } else {
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target.id(), 0);
  }
  complete(id, name, floatTarget);
}

Framebuffer::Framebuffer(const Texture& array, std::uint32_t layer, const char* name) {
  const GLuint id = begin();
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array.id(), 0, static_cast<GLint>(layer));
  complete(id, name, false);
}

GLuint Framebuffer::begin() {
  GLuint id = 0;
  glGenFramebuffers(1, &id);
  handle_ = Handle<deleteFramebuffer>(id);
  glBindFramebuffer(GL_FRAMEBUFFER, id);
  return id;
}

void Framebuffer::complete(GLuint id, const char* name, bool floatTarget) {
  GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (forcedFailure("framebuffer")) status = GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
  if (floatTarget && forcedFailure("float-target")) status = GL_FRAMEBUFFER_UNSUPPORTED;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    throw Error(ExitCode::Gpu, std::string("GL: framebuffer ") + (name ? name : "") + " is incomplete: " +
                                   enumName(status) +
                                   (floatTarget && status == GL_FRAMEBUFFER_UNSUPPORTED
                                        ? "; this GPU cannot render to float (RGBA32F) textures"
                                        : ""));
  }
  label(GL_FRAMEBUFFER, id, name);
}

VertexArray::VertexArray() {
  GLuint id = 0;
  glGenVertexArrays(1, &id);
  handle_ = Handle<deleteVertexArray>(id);
}

Handle<deleteBuffer> newBuffer(GLenum target, std::size_t bytes, const void* data, GLenum usage, const char* name) {
  while (glGetError() != GL_NO_ERROR) {
  }  // report only what this allocation causes
  GLuint id = 0;
  glGenBuffers(1, &id);
  Handle<deleteBuffer> handle(id);
  glBindBuffer(target, id);
  glBufferData(target, static_cast<GLsizeiptr>(bytes), data, usage);
  GLenum error = glGetError();
  if (forcedFailure("oom")) error = GL_OUT_OF_MEMORY;
  if (error != GL_NO_ERROR) {
    throw Error(ExitCode::Gpu, std::string("GL: cannot allocate ") + name + " (" + std::to_string(bytes) +
                                   " bytes): " + enumName(error));
  }
  label(GL_BUFFER, id, name);
  return handle;
}

PixelBuffer::PixelBuffer(std::size_t bytes, const char* name) {
  const std::vector<std::uint8_t> zeros(bytes, 0);  // GL leaves a new buffer's bytes undefined
  handle_ = newBuffer(GL_PIXEL_UNPACK_BUFFER, bytes, zeros.data(), GL_STREAM_COPY, name ? name : "pixel buffer");
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
}

void PixelBuffer::unpackInto(const Texture& texture, TextureFormat format) const {
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, id());
  glBindTexture(GL_TEXTURE_2D, texture.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(texture.width()), static_cast<GLsizei>(texture.height()),
                  kLayout[static_cast<int>(format)], kType[static_cast<int>(format)], nullptr);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
}

void packPixels(GLuint framebuffer, std::uint32_t width, std::uint32_t height, GLuint buffer) {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, buffer);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height), GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
}

#ifndef TEXSORT_WEBGL
static GLuint newQuery() {
  GLuint id = 0;
  glGenQueries(1, &id);
  return id;
}
StorageBuffer::StorageBuffer(std::size_t bytes, const void* data, const char* name)
    : handle_(newBuffer(GL_SHADER_STORAGE_BUFFER, bytes, data, GL_DYNAMIC_COPY, name ? name : "storage buffer")),
      bytes_(bytes),
      live_(static_cast<std::int64_t>(bytes)) {}

void StorageBuffer::write(const void* data, std::size_t bytes, std::size_t offset) const {
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, id());
  glBufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes), data);
}

void StorageBuffer::copyInto(Texture& texture, std::uint32_t width, std::uint32_t height, TextureFormat format,
                             const char* name) const {
  if (!texture) texture = Texture(width, height, format, nullptr, name);
  glMemoryBarrier(GL_PIXEL_BUFFER_BARRIER_BIT);  // shader writes become visible to the unpack
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, id());
  glBindTexture(GL_TEXTURE_2D, texture.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height),
                  kLayout[static_cast<int>(format)], kType[static_cast<int>(format)], nullptr);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
}

void StorageBuffer::read(void* data, std::size_t bytes, std::size_t offset) const {
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // shader writes become visible to the read
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, id());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes), data);
}

GpuTimer::GpuTimer() : start_(newQuery()), end_(newQuery()) {}

void GpuTimer::begin() const { glQueryCounter(start_.id(), GL_TIMESTAMP); }
void GpuTimer::end() const { glQueryCounter(end_.id(), GL_TIMESTAMP); }

double GpuTimer::milliseconds() const {
  GLuint64 start = 0, end = 0;
  glGetQueryObjectui64v(start_.id(), GL_QUERY_RESULT, &start);
  glGetQueryObjectui64v(end_.id(), GL_QUERY_RESULT, &end);
  return end > start ? static_cast<double>(end - start) / 1e6 : 0.0;
}
#else
// WebGL2 gives no timestamps (EXT_disjoint_timer_query_webgl2 is seldom on): wall time around the
// work, which end() waits for.
GpuTimer::GpuTimer() = default;
void GpuTimer::begin() const { start_ = std::chrono::steady_clock::now(); }
void GpuTimer::end() const {
  glFinish();
  end_ = std::chrono::steady_clock::now();
}
double GpuTimer::milliseconds() const { return std::chrono::duration<double, std::milli>(end_ - start_).count(); }
#endif

}  // namespace texsort::gl
