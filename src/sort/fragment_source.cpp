// The fragment runner's pixel source (the pixel sort's input): the image's bytes as an RGBA8UI
// texture and, for other angles than rows and columns or with a mask, the maps between pixels and
// element positions; uploaded once, read by the passes, and read back for the tests.
#include "sort/fragment_runner.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "error.h"
#include "sort/bits.h"
#include "sort/wide_layout.h"

namespace texsort {

void FragmentRunner::restartFromSource() {
  if (!pair(Buffer::Source)) throw Error(ExitCode::Gpu, "GPU sorter: no pixel source uploaded");
  // The elements, if a pass makes them (not on the wide path), come with prepare() or that pass.
  if (pair(Buffer::Elements)) pair(Buffer::Elements).resetFront();
  resetState(bufferBit(Buffer::Source));
}

void FragmentRunner::uploadSource(const std::vector<PixelTexel>& texels, const SourceShape& shape) {
  if (texels.size() != elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: pixel source of the wrong size");
  uploadSource([&](std::uint64_t first, std::uint64_t count, PixelTexel* out) {
    std::copy_n(texels.begin() + static_cast<std::ptrdiff_t>(first), count, out);
  }, shape);
}

void FragmentRunner::startSource(const SourceShape& shape) {
  const bool fits = shape.axis == LineAxis::None || log2Exact(elementCount()) >= shape.lineBits;
  if (shape.pixelCount() > elementCount() || !fits) {
    throw Error(ExitCode::Gpu, "GPU sorter: a pixel source of another shape");
  }
  sourceShape_ = shape;
  sourcePixels_ = gl::PixelBuffer();  // made again for this shape, its bytes past the pixels zero
  allocate(Buffer::Source);
  if (shape.maps()) allocate(Buffer::Maps);
  else pair(Buffer::Maps) = gl::PingPong();
}

void FragmentRunner::uploadSourceBytes(const std::uint8_t* rgba, const SourceShape& shape) {
  if (shape.maps()) throw Error(ExitCode::Gpu, "GPU sorter: a pixel source with maps needs its texels");
  startSource(shape);
  // Whole texture rows straight from the pixels; the row they end in and the rows after it, zero
  // past the last pixel, a part at a time.
  const std::uint32_t width = layout().width, height = layout().height;
  const auto fullRows = static_cast<std::uint32_t>(shape.pixelCount() / width);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, pair(Buffer::Source).front().id());
  if (fullRows > 0) {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(fullRows),
                    GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, rgba);
  }
  if (fullRows < height) {
    const std::uint32_t rows = std::max<std::uint32_t>(1, std::min(height - fullRows, (std::uint32_t{1} << 18) / width));
    std::vector<std::uint8_t> part(std::uint64_t{rows} * width * 4, 0);
    const std::uint64_t rest = shape.pixelCount() - std::uint64_t{fullRows} * width;
    std::copy_n(rgba + std::uint64_t{fullRows} * width * 4, rest * 4, part.begin());
    for (std::uint32_t y = fullRows; y < height; y += rows) {
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, static_cast<GLint>(y), static_cast<GLsizei>(width),
                      static_cast<GLsizei>(std::min(rows, height - y)), GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, part.data());
      if (y == fullRows) std::fill_n(part.begin(), rest * 4, std::uint8_t{0});
    }
  }
  TEXSORT_GL_CHECK("upload");
  restartFromSource();
}

void FragmentRunner::uploadSourcePixels(GLuint framebuffer) {
  if (!pair(Buffer::Source)) throw Error(ExitCode::Gpu, "GPU sorter: no pixel source uploaded to replace");
  if (!sourcePixels_) sourcePixels_ = gl::PixelBuffer(elementCount() * 4, "pixel source frame");
  gl::packPixels(framebuffer, sourceShape_.width, sourceShape_.height, sourcePixels_.id());
  sourcePixels_.unpackInto(pair(Buffer::Source).front(), gl::TextureFormat::Rgba8ui);
  TEXSORT_GL_CHECK("upload");
  restartFromSource();
}

void FragmentRunner::uploadSource(const SourceFill& fill, const SourceShape& shape) {
  startSource(shape);
  // Parts of whole texture rows, about 4 MiB of texels each: the host never holds the whole source.
  // Each texel's colour and alpha go to the bytes; the rest, where kept, to the maps.
  const std::uint32_t width = layout().width, height = layout().height;
  const std::uint32_t rows = std::max<std::uint32_t>(1, std::min(height, (std::uint32_t{1} << 18) / width));
  std::vector<PixelTexel> part(std::uint64_t{rows} * width);
  std::vector<std::uint8_t> bytes(part.size() * 4);
  std::vector<std::uint32_t> maps(shape.maps() ? part.size() * 2 : 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  for (std::uint32_t y = 0; y < height; y += rows) {
    const std::uint32_t n = std::min(rows, height - y);
    const std::uint64_t first = std::uint64_t{y} * width, count = std::uint64_t{n} * width;
    fill(first, count, part.data());
    encodeSourceTexels(part.data(), first, count, shape, bytes.data(), maps.empty() ? nullptr : maps.data());
    glBindTexture(GL_TEXTURE_2D, pair(Buffer::Source).front().id());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, static_cast<GLint>(y), static_cast<GLsizei>(width), static_cast<GLsizei>(n),
                    GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, bytes.data());
    if (!maps.empty()) {
      glBindTexture(GL_TEXTURE_2D, pair(Buffer::Maps).front().id());
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, static_cast<GLint>(y), static_cast<GLsizei>(width), static_cast<GLsizei>(n),
                      GL_RG_INTEGER, GL_UNSIGNED_INT, maps.data());
    }
  }
  TEXSORT_GL_CHECK("upload");
  restartFromSource();
}

// The source as the CPU model keeps it (PixelTexel), from the bytes and the maps or, for rows and
// columns, their arithmetic: what the passes read.
std::vector<PixelTexel> FragmentRunner::readSource() const {
  const std::uint64_t n = elementCount();
  std::vector<std::uint8_t> bytes(n * 4);
  gl::readTexels(pair(Buffer::Source).frontTarget(), layout().width, layout().height, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
                 bytes.data());
  std::vector<std::uint32_t> maps(pair(Buffer::Maps) ? n * 2 : 0);
  if (!maps.empty()) {
    gl::readTexels(pair(Buffer::Maps).frontTarget(), layout().width, layout().height, GL_RG_INTEGER, GL_UNSIGNED_INT,
                   maps.data());
  }
  return decodeSourceTexels(bytes.data(), maps.empty() ? nullptr : maps.data(), n, sourceShape_);
}

}  // namespace texsort
