// The benchmark's naive yardstick: article 004's bitonic sort as a newcomer first writes it
// (shaders/naive_bitonic.frag). The texture holds colours, not keys; one network step per pass;
// each fragment computes both luma keys and swaps on the key alone. `texsort bench`'s "x naive"
// column is this sort's wall time over each cell's, measured in the same run.
#pragma once

#include <cstdint>
#include <vector>

#include "gl/fullscreen.h"
#include "gl/ping_pong.h"
#include "sort/element.h"

namespace texsort {

// One RGBA texel per element: r, g, b, a as floats 0..255.
using Colours = std::vector<float>;

Colours coloursOf(const std::vector<Element>& elements);

// The CPU model of the naive network: bitonic steps in the classic order; in each pair the lower
// position takes the smaller key in ascending blocks (the larger in descending ones); equal keys
// never swap. Deterministic, not stable. `colours` holds a power-of-two count of texels.
Colours naiveModel(Colours colours);

// The naive sort on the current GL context for n elements (a power of two, 2 .. 2^24).
class NaiveBitonic {
 public:
  explicit NaiveBitonic(std::uint64_t n);
  std::uint64_t passes() const;
  void upload(const Colours& colours);
  void run();  // every pass, in order
  Colours read() const;

 private:
  std::uint64_t n_;
  gl::PingPong pair_;
  gl::Program program_;
  gl::FullScreenTriangle triangle_;
};

}  // namespace texsort
