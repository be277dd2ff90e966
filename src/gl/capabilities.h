// What the current GL context offers beyond the GL 3.3 core every path needs: its version, and the
// compute shaders (GL 4.3) the optional compute backend needs, with their limits.
#pragma once

#include <cstdint>
#include <string>

#include "gl/gl.h"

namespace texsort::gl {

// One of the context's strings (GL_RENDERER, GL_VERSION, ...), "" where it gives none.
std::string glString(GLenum name);

// The context's version as major * 10 + minor (45 for 4.5).
int contextVersion();

// Whether compute shaders and storage buffers can be used: GL 4.3 or later, with the functions
// the loader found. TEXSORT_FORCE_FAILURE=no-compute makes it false, as on a GL 3.3 driver.
bool computeAvailable();

// How many colour targets one draw may write (GL_MAX_DRAW_BUFFERS: GL 3.3 promises 8, WebGL2 only
// 4). TEXSORT_FORCE_FAILURE=four-draw-buffers makes it 4.
int drawBuffers();

// The context's compute limits; all zero where compute is not available.
struct ComputeLimits {
  int workGroupCount[3] = {0, 0, 0};  // GL_MAX_COMPUTE_WORK_GROUP_COUNT
  int workGroupSize[3] = {0, 0, 0};   // GL_MAX_COMPUTE_WORK_GROUP_SIZE
  int invocations = 0;                // GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS
  int sharedBytes = 0;                // GL_MAX_COMPUTE_SHARED_MEMORY_SIZE
  std::int64_t storageBlockBytes = 0; // GL_MAX_SHADER_STORAGE_BLOCK_SIZE
};
ComputeLimits computeLimits();

// Whether the context allocates one RGBA32F texture of `bytes` (an array texture of 4096x4096
// layers where that is needed): GL has no query for the largest texture in bytes, and drivers cap
// it below what their sides allow (llvmpipe: 1 GiB). Asked once a size, by allocating it empty.
bool allocatesTexture(std::uint64_t bytes);

}  // namespace texsort::gl
