// The two things every pass does: one full-screen triangle into a framebuffer, and reading a
// framebuffer's texels back. Passes, statistics and the display all go through these.
#pragma once

#include <cstdint>

#include "gl/objects.h"

namespace texsort::gl {

// Draws the full-screen triangle (fullscreen.vert makes it from gl_VertexID) into `target` over a
// width x height viewport, with whatever program and textures are bound.
class FullScreenTriangle {
 public:
  void draw(const Framebuffer& target, std::uint32_t width, std::uint32_t height) const;

 private:
  VertexArray vertexArray_;  // core profile draws need one bound, even empty
};

// Reads width x height texels of `source` into `out` (enough room for format x type per texel):
// rows bottom to top in GL's order, which is row 0 first for texsort's textures. Waits for the GPU.
void readTexels(const Framebuffer& source, std::uint32_t width, std::uint32_t height, GLenum format, GLenum type,
                void* out);
void readTexels(GLuint framebuffer, std::uint32_t width, std::uint32_t height, GLenum format, GLenum type, void* out);

// Reads one layer of an array texture, as readTexels reads a texture. Through a framebuffer of its
// own that holds the layer at attachment 0: NVIDIA's driver (580) read the layered targets'
// attachments 1..7 at ~20 MB/s, 250x slower than attachment 0, and every read-back after them slowly.
void readLayer(const Texture& array, std::uint32_t layer, GLenum format, GLenum type, void* out);

}  // namespace texsort::gl
