// The fragment runner's buffers (sort/runner.h's Buffer): each one's texture format, read-back
// format, sampler and labels, in one table the runner's files share.
#pragma once

#include <cstddef>
#include <iterator>

#include "gl/objects.h"
#include "sort/runner.h"

namespace texsort::fragment {

// Each buffer's texture: its texture unit is its Buffer value, bound to the sampler named here.
struct BufferSpec {
  Buffer buffer;
  const char* sampler;
  gl::TextureFormat format;
  GLenum readFormat;
  const char* textureLabel;
  const char* targetLabel;
  gl::Halves halves;  // One: only uploaded and read, never a pass's target
};
inline constexpr BufferSpec kBufferSpecs[] = {
    {Buffer::Elements, "u_source", gl::TextureFormat::Rgba32f, GL_RGBA, "sort state", "sort target", gl::Halves::Two},
    {Buffer::Scan, "u_scan", gl::TextureFormat::Rgba32f, GL_RGBA, "radix scan", "radix scan target", gl::Halves::Two},
    {Buffer::Compact, "u_compact", gl::TextureFormat::Rgba32f, GL_RGBA, "compact state", "compact target", gl::Halves::Two},
    {Buffer::Wide, "u_wide", gl::TextureFormat::Rgba32f, GL_RGBA, "wide state", "wide target", gl::Halves::Two},
    {Buffer::Source, "u_pixels", gl::TextureFormat::Rgba8ui, GL_RGBA_INTEGER, "pixel source", "pixel source read-back",
     gl::Halves::One},
    {Buffer::Spans, "u_spans", gl::TextureFormat::Rg32ui, GL_RG_INTEGER, "span words", "span words target", gl::Halves::Two},
    {Buffer::Pixels, "u_bytes", gl::TextureFormat::Rgba8ui, GL_RGBA_INTEGER, "pixel-sorted image", "its target",
     gl::Halves::One},
    {Buffer::Maps, "u_pixelMaps", gl::TextureFormat::Rg32ui, GL_RG_INTEGER, "pixel maps", "pixel maps read-back",
     gl::Halves::One},
    {Buffer::Groups, "u_groups", gl::TextureFormat::Rgba32ui, GL_RGBA_INTEGER, "pixel-sorted lines", "their targets",
     gl::Halves::One},
    // compute-radix's counts: the compute runner's alone (its passes are compute dispatches).
    {Buffer::Counts, "u_counts", gl::TextureFormat::Rg32ui, GL_RG_INTEGER, "radix counts", "radix counts target",
     gl::Halves::One},
};
constexpr bool specsInBufferOrder() {
  for (std::size_t b = 0; b < std::size(kBufferSpecs); ++b)
    if (static_cast<std::size_t>(kBufferSpecs[b].buffer) != b) return false;
  return std::size(kBufferSpecs) == kBufferCount;
}
static_assert(specsInBufferOrder(), "one spec per Buffer, in the enumerators' order");
inline const BufferSpec& spec(Buffer b) { return kBufferSpecs[static_cast<std::size_t>(b)]; }

}  // namespace texsort::fragment
