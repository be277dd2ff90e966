// A ping-pong pair: two same-sized textures with a framebuffer each. A pass reads the front and
// renders into the back; swap() makes what it wrote the front.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "gl/objects.h"

namespace texsort::gl {

// A buffer that passes only read (an upload) needs one half: its texture and a framebuffer to read
// it back through. So does one that no pass reads while it writes it: its back is its front, and
// swap() leaves it so. Half B stays empty.
enum class Halves { Two, One };

class PingPong {
 public:
  PingPong() = default;
  // Allocates both halves: textures labelled "<textureLabel> A" and "... B", their framebuffers
  // "<targetLabel> A" and "... B" (the names GL errors and debuggers show). Throws texsort::Error(Gpu).
  // With layers > 0 both halves are array textures, every layer a render target of one draw.
  PingPong(std::uint32_t width, std::uint32_t height, TextureFormat format, const std::string& textureLabel,
           const std::string& targetLabel, std::uint32_t layers = 0, Halves halves = Halves::Two);

  explicit operator bool() const { return static_cast<bool>(textures_[0]); }
  std::uint32_t width() const { return textures_[0].width(); }
  std::uint32_t height() const { return textures_[0].height(); }

  const Texture& front() const { return textures_[front_]; }
  const Texture& back() const { return textures_[halves_ == Halves::Two ? 1 - front_ : 0]; }
  const Framebuffer& frontTarget() const { return framebuffers_[front_]; }
  const Framebuffer& backTarget() const { return framebuffers_[halves_ == Halves::Two ? 1 - front_ : 0]; }
  Halves halves() const { return halves_; }

  void swap() {
    if (halves_ == Halves::Two) front_ = 1 - front_;
  }
  void resetFront() { front_ = 0; }  // after an upload into texture A

 private:
  std::array<Texture, 2> textures_;
  std::array<Framebuffer, 2> framebuffers_;
  int front_ = 0;
  Halves halves_ = Halves::Two;
};

}  // namespace texsort::gl
