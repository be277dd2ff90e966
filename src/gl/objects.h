// Small move-only owners of GL objects; no naked glGen*/glDelete* outside src/gl/.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "gl/gl.h"

namespace texsort::gl {

// GL objects texsort holds right now (all kinds): the soak test watches it for leaks.
std::atomic<std::int64_t>& liveObjects();  // atomic: a plugin's instances run on threads of their own
// Bytes of the textures and of the storage buffers texsort holds right now: the memory budget's GPU
// terms are tested on them.
std::atomic<std::int64_t>& liveTextureBytes();
std::atomic<std::int64_t>& liveBufferBytes();

// A share of Live() owned by one texture or buffer, given back when it goes (moves carry it).
template <std::atomic<std::int64_t>& (*Live)()>
class LiveBytes {
 public:
  LiveBytes() = default;
  explicit LiveBytes(std::int64_t bytes) : bytes_(bytes) { Live() += bytes_; }
  ~LiveBytes() { Live() -= bytes_; }
  LiveBytes(LiveBytes&& other) noexcept : bytes_(std::exchange(other.bytes_, 0)) {}
  LiveBytes& operator=(LiveBytes&& other) noexcept {
    if (this != &other) {
      Live() -= bytes_;
      bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
  }
  LiveBytes(const LiveBytes&) = delete;
  LiveBytes& operator=(const LiveBytes&) = delete;

 private:
  std::int64_t bytes_ = 0;
};
using TextureBytes = LiveBytes<liveTextureBytes>;
using BufferBytes = LiveBytes<liveBufferBytes>;

// Owns one GL name and deletes it with Delete; moving transfers ownership.
template <void (*Delete)(GLuint)>
class Handle {
 public:
  Handle() = default;
  explicit Handle(GLuint id) : id_(id) {
    if (id_ != 0) ++liveObjects();
  }
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, 0);
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  GLuint id() const { return id_; }
  explicit operator bool() const { return id_ != 0; }
  void reset() {
    if (id_ != 0) {
      Delete(id_);
      --liveObjects();
    }
    id_ = 0;
  }

 private:
  GLuint id_ = 0;
};

void deleteTexture(GLuint id);
void deleteFramebuffer(GLuint id);
void deleteProgram(GLuint id);
void deleteVertexArray(GLuint id);
void deleteQuery(GLuint id);
void deleteBuffer(GLuint id);

enum class TextureFormat { Rgba32f, R32f, Rgba8, Rgba8ui, Rg32ui, Rgba32ui };

// A 2D texture with nearest filtering and clamped edges: texels are data, never blended.
class Texture {
 public:
  Texture() = default;
  // Allocates width x height RGBA32F texels, uploading `texels` (4 floats each, row 0 first) if not
  // null. Throws texsort::Error(Gpu) on GL_OUT_OF_MEMORY or any other allocation error.
  Texture(std::uint32_t width, std::uint32_t height, const float* texels, const char* label)
      : Texture(width, height, TextureFormat::Rgba32f, texels, label) {}
  // Any format; `texels` is float for Rgba32f and R32f, std::uint8_t for Rgba8 and Rgba8ui,
  // std::uint32_t for Rg32ui. With layers > 0 a 2D array texture (GL_TEXTURE_2D_ARRAY) of that many
  // layers, layer 0's texels first.
  Texture(std::uint32_t width, std::uint32_t height, TextureFormat format, const void* texels, const char* label,
          std::uint32_t layers = 0);

  GLuint id() const { return handle_.id(); }
  explicit operator bool() const { return static_cast<bool>(handle_); }
  std::uint32_t width() const { return width_; }
  std::uint32_t height() const { return height_; }
  std::uint32_t layers() const { return layers_; }  // 0: a plain 2D texture
  GLenum target() const { return layers_ ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D; }

 private:
  Handle<deleteTexture> handle_;
  TextureBytes bytes_;
  std::uint32_t width_ = 0;
  std::uint32_t height_ = 0;
  std::uint32_t layers_ = 0;
};

// A framebuffer rendering into one texture, or into every layer of an array texture at once (layer
// k to colour attachment k and draw buffer k; GL 3.3 guarantees 8). Throws texsort::Error(Gpu) if it is incomplete (for
// example GL_FRAMEBUFFER_UNSUPPORTED where float render targets are not supported).
class Framebuffer {
 public:
  Framebuffer() = default;
  // floatTarget: the texture is a float format, so GL_FRAMEBUFFER_UNSUPPORTED means this GPU
  // cannot render to float textures, and the message says so.
  Framebuffer(const Texture& target, const char* label, bool floatTarget = false);
  // One layer of an array texture, at attachment 0 (what read-backs use: see gl::readLayer).
  Framebuffer(const Texture& array, std::uint32_t layer, const char* label);
  GLuint id() const { return handle_.id(); }

 private:
  GLuint begin();                                                // a new framebuffer, bound
  void complete(GLuint id, const char* label, bool floatTarget);  // unbinds it; throws unless complete
  Handle<deleteFramebuffer> handle_;
};

// A linked vertex + fragment program. Compile and link failures throw texsort::Error(Gpu) whose
// message names the shader file, the GLSL version and the info log. The fragment shader may come
// in pieces (a shared prelude with the #version line, then the pass's own file).
class Program {
 public:
  Program() = default;
  Program(const char* vertexName, const char* vertexSource, const char* fragmentName, const char* fragmentSource)
      : Program(vertexName, vertexSource, fragmentName, {fragmentSource}) {}
  Program(const char* vertexName, const char* vertexSource, const char* fragmentName,
          std::initializer_list<const char*> fragmentSources);
  // A compute program (GL 4.3 or ARB_compute_shader; the caller checks), from its pieces.
  static Program compute(const char* name, std::initializer_list<const char*> sources);
  GLuint id() const { return handle_.id(); }
  const std::string& name() const { return name_; }  // its fragment or compute shader's file
  explicit operator bool() const { return static_cast<bool>(handle_); }
  // The uniform's location, -1 if the linker dropped it or this program lacks it (the runners set
  // some on every program); looked up once per name, since passes set their uniforms on every draw.
  // A name neither its sources nor any embedded shader declares (a misspelling GL would ignore
  // silently) throws std::logic_error naming the program and the uniform.
  GLint uniform(const char* name) const;
  // The location of a uniform this program's own sources declare, else -1 without a check: for a
  // table of names set on every program (the buffers' samplers), some of whose shaders a build
  // (the browser's) does not embed.
  GLint uniformIfDeclared(const char* name) const;

 private:
  void link(std::initializer_list<GLuint> shaders, const std::string& name);
  void declare(std::initializer_list<const char*> sources);  // the uniform names the sources declare

  Handle<deleteProgram> handle_;
  std::string name_;
  std::unordered_set<std::string> declared_;
  mutable std::unordered_map<std::string, GLint> uniforms_;
};

// The names of the plain uniforms `source` declares (`uniform TYPE NAME;`, arrays too; not blocks).
std::vector<std::string> declaredUniforms(const std::string& source);

// Names a GL object for debuggers (KHR_debug, where the context has it).
void label(GLenum type, GLuint id, const char* name);

// A new buffer object of `bytes` bytes bound to `target` and filled from `data` (its label `name`);
// throws texsort::Error(Gpu) on GL_OUT_OF_MEMORY or any other allocation error.
Handle<deleteBuffer> newBuffer(GLenum target, std::size_t bytes, const void* data, GLenum usage, const char* name);

// A shader storage buffer of `bytes` bytes (GL 4.3 or ARB_shader_storage_buffer_object), filled
// from `data` if not null. Throws texsort::Error(Gpu) on GL_OUT_OF_MEMORY or any other error.
class StorageBuffer {
 public:
  StorageBuffer() = default;
  StorageBuffer(std::size_t bytes, const void* data, const char* label);
  GLuint id() const { return handle_.id(); }
  std::size_t bytes() const { return bytes_; }
  explicit operator bool() const { return static_cast<bool>(handle_); }
  void write(const void* data, std::size_t bytes, std::size_t offset = 0) const;
  void read(void* data, std::size_t bytes, std::size_t offset = 0) const;  // waits for the GPU
  // Its first width x height texels (a texture of `format` holds them so: texel 0 first, row by
  // row) into `texture`, made first if empty, on the GPU through the pixel-unpack binding.
  void copyInto(Texture& texture, std::uint32_t width, std::uint32_t height, TextureFormat format,
                const char* label) const;

 private:
  Handle<deleteBuffer> handle_;
  std::size_t bytes_ = 0;
  BufferBytes live_;
};

// A buffer object through which pixels go from a framebuffer into a texture on the GPU (pixel
// pack, then pixel unpack), never through the host: `bytes` bytes, zero when made. GL 3.3 and
// WebGL2 alike. Throws texsort::Error(Gpu) when it cannot be allocated.
class PixelBuffer {
 public:
  PixelBuffer() = default;
  PixelBuffer(std::size_t bytes, const char* label);
  GLuint id() const { return handle_.id(); }
  explicit operator bool() const { return static_cast<bool>(handle_); }
  // Its bytes from byte 0 into every texel of `texture` (row 0 first), as `format` keeps them.
  void unpackInto(const Texture& texture, TextureFormat format) const;

 private:
  Handle<deleteBuffer> handle_;
};

// The first width x height pixels of `framebuffer`'s colour as 8-bit RGBA (row 0 first) into the
// buffer object `buffer` from byte 0, on the GPU: no copy on the host, nothing waited for.
void packPixels(GLuint framebuffer, std::uint32_t width, std::uint32_t height, GLuint buffer);

// An empty vertex array: the full-screen triangle is generated from gl_VertexID, but core profile
// still needs a VAO bound to draw.
class VertexArray {
 public:
  VertexArray();
  GLuint id() const { return handle_.id(); }

 private:
  Handle<deleteVertexArray> handle_;
};

// GPU time between begin() and end(), from a pair of GL_TIMESTAMP queries. Not GL_TIME_ELAPSED:
// Mesa's llvmpipe (22.3) reports elapsed times about a thousand times too large, while its
// timestamps agree with the wall clock; on real GPUs both are equally good.
class GpuTimer {
 public:
  GpuTimer();
  void begin() const;
  void end() const;
  double milliseconds() const;  // waits for the result

 private:
#ifndef TEXSORT_WEBGL
  Handle<deleteQuery> start_;
  Handle<deleteQuery> end_;
#else  // wall time: WebGL2 has no timestamps
  mutable std::chrono::steady_clock::time_point start_, end_;
#endif
};

}  // namespace texsort::gl
