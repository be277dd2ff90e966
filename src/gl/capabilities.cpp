// Version and compute capabilities of the current context.
#include "gl/capabilities.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "fault.h"
#include "gl/gl.h"

namespace texsort::gl {

int contextVersion() {
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  return major * 10 + minor;
}

std::string glString(GLenum name) {
  const auto* text = reinterpret_cast<const char*>(glGetString(name));
  return text ? text : "";
}

bool computeAvailable() {
#ifdef TEXSORT_WEBGL
  return false;  // WebGL2 has no compute shaders
#else
  if (forcedFailure("no-compute")) return false;
  // glad loads an extension's functions only where the context advertises it; GL 4.3 contexts
  // advertise these three (they are what 4.3 made core), so both tests together are the check.
  return contextVersion() >= 43 && GLAD_GL_ARB_compute_shader && GLAD_GL_ARB_shader_storage_buffer_object &&
         GLAD_GL_ARB_shader_image_load_store && glDispatchCompute != nullptr && glMemoryBarrier != nullptr;
#endif
}

int drawBuffers() {
  GLint count = 0;
  glGetIntegerv(GL_MAX_DRAW_BUFFERS, &count);
  return forcedFailure("four-draw-buffers") ? 4 : count;
}

ComputeLimits computeLimits() {
  ComputeLimits limits;
  if (!computeAvailable()) return limits;
#ifndef TEXSORT_WEBGL
  for (GLuint axis = 0; axis < 3; ++axis) {
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, axis, &limits.workGroupCount[axis]);
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, axis, &limits.workGroupSize[axis]);
  }
  glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &limits.invocations);
  glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &limits.sharedBytes);
  GLint64 bytes = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &bytes);
  limits.storageBlockBytes = bytes;
#endif
  return limits;
}

bool allocatesTexture(std::uint64_t bytes) {
  static std::map<std::uint64_t, bool> asked;  // by size: a run asks for one or two
  static std::mutex lock;                        // a plugin's instances ask from threads of their own
  const std::lock_guard<std::mutex> held(lock);
  if (const auto known = asked.find(bytes); known != asked.end()) return known->second;
  GLint maxSide = 0, maxLayers = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSide);
  glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &maxLayers);
  const std::uint64_t side = std::min<std::uint64_t>(4096, std::uint64_t(std::max(maxSide, 1))), layer = side * side;
  const std::uint64_t texels = (bytes + 15) / 16;
  const auto height = static_cast<GLsizei>(std::min(side, (texels + side - 1) / side));
  const auto layers = static_cast<GLsizei>((texels + layer - 1) / layer);
  if (layers > maxLayers) return asked[bytes] = true;  // no one texture that shape: the allocation itself will say
  while (glGetError() != GL_NO_ERROR) {
  }
  GLuint id = 0;
  glGenTextures(1, &id);
  glBindTexture(GL_TEXTURE_2D_ARRAY, id);
  glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA32F, static_cast<GLsizei>(side), height, layers, 0, GL_RGBA, GL_FLOAT, nullptr);
  const bool allocated = glGetError() == GL_NO_ERROR;
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
  glDeleteTextures(1, &id);
  return asked[bytes] = allocated;
}

}  // namespace texsort::gl
