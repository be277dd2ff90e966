// PingPong: the two halves of a pair, allocated together.
#include "gl/ping_pong.h"

namespace texsort::gl {

PingPong::PingPong(std::uint32_t width, std::uint32_t height, TextureFormat format, const std::string& textureLabel,
                   const std::string& targetLabel, std::uint32_t layers, Halves halves)
    : halves_(halves) {
  const bool floatTarget = format == TextureFormat::Rgba32f || format == TextureFormat::R32f;
  for (int half = 0; half < (halves == Halves::Two ? 2 : 1); ++half) {
    const char* suffix = half == 0 ? " A" : " B";
    textures_[half] = Texture(width, height, format, nullptr, (textureLabel + suffix).c_str(), layers);
    framebuffers_[half] = Framebuffer(textures_[half], (targetLabel + suffix).c_str(), floatTarget);
  }
}

}  // namespace texsort::gl
