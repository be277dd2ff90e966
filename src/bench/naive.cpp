// The naive yardstick: colour texels, one step per pass, keys computed in every fragment.
#include "bench/naive.h"

#include <string>

#include "error.h"
#include "shaders/embedded.h"

namespace texsort {
namespace {

float lumaOf(const float* texel) { return 299.0f * texel[0] + 587.0f * texel[1] + 114.0f * texel[2]; }

unsigned log2Of(std::uint64_t n) {
  unsigned k = 0;
  while ((std::uint64_t{1} << k) < n) ++k;
  return k;
}

}  // namespace

Colours coloursOf(const std::vector<Element>& elements) {
  Colours colours;
  colours.reserve(elements.size() * 4);
  for (const Element& e : elements) {
    const auto rgb = static_cast<std::uint32_t>(e.rgb);
    colours.insert(colours.end(), {float(rgb >> 16), float((rgb >> 8) & 0xFFu), float(rgb & 0xFFu), e.alpha});
  }
  return colours;
}

Colours naiveModel(Colours colours) {
  const std::uint64_t n = colours.size() / 4;
  const unsigned log2n = log2Of(n);
  for (unsigned rank = 0; rank < log2n; ++rank) {
    for (unsigned step = 0; step <= rank; ++step) {
      const std::uint64_t distance = std::uint64_t{1} << (rank - step);
      for (std::uint64_t i = 0; i < n; ++i) {
        if (i & distance) continue;  // i is the lower of its pair
        const std::uint64_t j = i + distance;
        const bool ascending = ((i >> (rank + 1)) & 1) == 0;
        const float ki = lumaOf(&colours[4 * i]);
        const float kj = lumaOf(&colours[4 * j]);
        if (ascending ? ki > kj : ki < kj) {
          for (int c = 0; c < 4; ++c) std::swap(colours[4 * i + c], colours[4 * j + c]);
        }
      }
    }
  }
  return colours;
}

NaiveBitonic::NaiveBitonic(std::uint64_t n) : n_(n) {
  if (n < 2 || (n & (n - 1)) != 0 || n > (std::uint64_t{1} << 24)) {
    throw Error(ExitCode::Usage, "bench: the naive sort takes 2 .. 2^24 elements, a power of two, not " + std::to_string(n));
  }
  const TextureLayout layout = TextureLayout::forCount(n);
  pair_ = gl::PingPong(layout.width, layout.height, gl::TextureFormat::Rgba32f, "naive colours", "naive target");
  program_ = gl::Program("fullscreen.vert", shaders::kShader_fullscreen_vert, "naive_bitonic.frag",
                         shaders::kShader_naive_bitonic_frag);
  glUseProgram(program_.id());
  glUniform1i(program_.uniform("u_source"), 0);
  glUniform2f(program_.uniform("u_bufInfo"), float(layout.width), float(layout.height));
}

std::uint64_t NaiveBitonic::passes() const {
  const std::uint64_t k = log2Of(n_);
  return k * (k + 1) / 2;
}

void NaiveBitonic::upload(const Colours& colours) {
  if (colours.size() != 4 * n_) throw Error(ExitCode::Usage, "bench: naive upload of the wrong size");
  pair_.resetFront();
  glBindTexture(GL_TEXTURE_2D, pair_.front().id());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, GLsizei(pair_.width()), GLsizei(pair_.height()), GL_RGBA, GL_FLOAT,
                  colours.data());
}

void NaiveBitonic::run() {
  glUseProgram(program_.id());
  glActiveTexture(GL_TEXTURE0);
  const unsigned log2n = log2Of(n_);
  for (unsigned rank = 0; rank < log2n; ++rank) {
    for (unsigned step = 0; step <= rank; ++step) {
      const float offset = float(std::uint64_t{1} << (rank - step));
      glUniform1f(program_.uniform("u_stepno"), float(std::uint64_t{2} << rank));
      glUniform1f(program_.uniform("u_offset"), offset);
      glUniform1f(program_.uniform("u_stage"), 2.0f * offset);
      glBindTexture(GL_TEXTURE_2D, pair_.front().id());
      triangle_.draw(pair_.backTarget(), pair_.width(), pair_.height());
      pair_.swap();
    }
  }
}

Colours NaiveBitonic::read() const {
  Colours colours(4 * n_);
  gl::readTexels(pair_.frontTarget(), pair_.width(), pair_.height(), GL_RGBA, GL_FLOAT, colours.data());
  return colours;
}

}  // namespace texsort
