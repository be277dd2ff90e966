// Runs pass schedules on ping-ponged textures; knows nothing of windows or images.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gl/objects.h"
#include "sort/element.h"
#include "sort/schedule.h"

namespace texsort {

class GpuSorter {
 public:
  // Needs a current GL 3.3 context. Allocates the ping-pong pair for `elementCount` (a power of two,
  // at most kMaxElements) elements laid out as TextureLayout::forCount. Refuses, before allocating,
  // a layout larger than GL_MAX_TEXTURE_SIZE. Throws texsort::Error(Gpu).
  explicit GpuSorter(std::uint64_t elementCount);

  // Replaces the state with `elements` (size elementCount).
  void upload(const std::vector<Element>& elements);

  // One full-screen draw with the pass kind's program: reads the current texture(s), writes the
  // other texture of the pair the pass changes (elements, or radix sort's scan buffer), swaps it.
  void runPass(const Pass& pass);

  // Compiles the programs and allocates the buffers `schedule` needs, so a timed run measures only
  // the passes.
  void prepare(const PassSchedule& schedule);

  // Runs every pass in order and returns their GPU time in milliseconds (GL timestamp queries).
  double run(const PassSchedule& schedule);

  // One plain texel-copy pass of the element texture (the benchmark's unit of cost); the state is
  // unchanged. Returns its time in milliseconds, from idle to finished (CPU clock, glFinish).
  double copyPass();

  // The current state, element i at position i. Waits for the GPU.
  std::vector<Element> readBack() const;
  // Radix sort's scan buffer (empty before the first radix pass).
  std::vector<float> readBackScan() const;
  // The fast path's compact state: (key, index) per element position (empty before FastPack).
  std::vector<float> readBackCompact() const;
  // The compact state texture when the last pass wrote it (the viewer draws from it), else null.
  const gl::Texture* compactTexture() const { return lastPassWroteCompact_ ? &compact_[currentCompact_] : nullptr; }
  // The compact state before the last pass, when the last pass was a compact-to-compact one.
  const gl::Texture* previousCompactTexture() const {
    return lastPassWroteCompact_ && lastPassReadCompact_ ? &compact_[1 - currentCompact_] : nullptr;
  }
  std::uint32_t compactWidth() const { return compactLayout_.width; }

  const gl::Texture& currentTexture() const { return textures_[current_]; }
  // The elements before the last pass, or null when the last pass did not change them (or none ran
  // since upload()).
  const gl::Texture* previousTexture() const { return lastPassMovedElements_ ? &textures_[1 - current_] : nullptr; }
  const TextureLayout& layout() const { return layout_; }
  std::uint64_t elementCount() const { return layout_.count(); }

 private:
  const gl::Program& program(const Pass& pass);
  void allocateFor(const Pass& pass);
  void setUniforms(const Pass& pass, const gl::Program& program) const;
  void draw(const gl::Framebuffer& target, const TextureLayout& layout);

  TextureLayout layout_;
  std::array<gl::Texture, 2> textures_;
  std::array<gl::Framebuffer, 2> framebuffers_;
  int current_ = 0;  // textures_[current_] holds the latest state
  bool lastPassMovedElements_ = false;
  std::array<gl::Texture, 2> scan_;  // radix sort only, allocated on first use
  std::array<gl::Framebuffer, 2> scanFramebuffers_;
  int currentScan_ = 0;
  TextureLayout compactLayout_;          // fast path: elementCount / 2 texels
  std::array<gl::Texture, 2> compact_;  // fast path only, allocated on first use
  std::array<gl::Framebuffer, 2> compactFramebuffers_;
  int currentCompact_ = 0;
  bool lastPassWroteCompact_ = false;
  bool lastPassReadCompact_ = false;
  gl::Texture copyTarget_;  // copyPass() only
  gl::Framebuffer copyFramebuffer_;
  gl::VertexArray vertexArray_;
  std::array<gl::Program, 11> programs_;  // by PassKind, compiled on first use; last = copy
  std::array<gl::Program, 6> fastPrograms_;  // FastBitonic, one per shape (fastShape)
  gl::GpuTimer timer_;
};

}  // namespace texsort
