// Runs pass schedules on two ping-ponged RGBA32F textures; knows nothing of windows or images.
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

  // One full-screen draw: reads the current texture, writes the other, then swaps them.
  void runPass(const Pass& pass);

  // Runs every pass in order and returns their GPU time in milliseconds (GL timestamp queries).
  double run(const PassSchedule& schedule);

  // The current state, element i at position i. Waits for the GPU.
  std::vector<Element> readBack() const;

  const gl::Texture& currentTexture() const { return textures_[current_]; }
  // The state before the last pass (the other half of the pair), or null right after upload().
  const gl::Texture* previousTexture() const { return passesSinceUpload_ > 0 ? &textures_[1 - current_] : nullptr; }
  const TextureLayout& layout() const { return layout_; }
  std::uint64_t elementCount() const { return layout_.count(); }

 private:
  void bindPassProgram(const Pass& pass);

  TextureLayout layout_;
  std::array<gl::Texture, 2> textures_;
  std::array<gl::Framebuffer, 2> framebuffers_;
  int current_ = 0;  // textures_[current_] holds the latest state
  std::uint64_t passesSinceUpload_ = 0;
  gl::VertexArray vertexArray_;
  gl::Program bitonic_;
  gl::GpuTimer timer_;
};

}  // namespace texsort
