// Generated inputs: level per pixel from the pattern, colour from a monotonic-luma heat ramp.
#include "viewer/generated.h"

#include <algorithm>
#include <random>
#include <vector>

namespace texsort {

const char* patternName(Pattern pattern) {
  switch (pattern) {
    case Pattern::Random: return "random";
    case Pattern::Ascending: return "ascending";
    case Pattern::Descending: return "descending";
    case Pattern::NearlySorted: return "nearly sorted";
    case Pattern::FewUnique: return "few unique";
    case Pattern::PipeOrgan: return "pipe organ";
  }
  return "?";
}

Image generateImage(Pattern pattern, std::uint32_t side, std::uint32_t seed) {
  const std::size_t n = std::size_t{side} * side;
  constexpr std::uint32_t kLevels = 765;  // 3 * 255 ramp steps
  std::mt19937 rng(seed);
  std::vector<std::uint32_t> level(n);
  auto ramp = [&](std::size_t i) { return static_cast<std::uint32_t>(i * kLevels / n); };
  switch (pattern) {
    case Pattern::Random:
      for (auto& l : level) l = static_cast<std::uint32_t>(rng() % kLevels);
      break;
    case Pattern::Ascending:
      for (std::size_t i = 0; i < n; ++i) level[i] = ramp(i);
      break;
    case Pattern::Descending:
      for (std::size_t i = 0; i < n; ++i) level[i] = kLevels - 1 - ramp(i);
      break;
    case Pattern::NearlySorted:  // ascending with 2% of the elements swapped with a near neighbour
      for (std::size_t i = 0; i < n; ++i) level[i] = ramp(i);
      for (std::size_t k = 0; k < n / 50; ++k) {
        const std::size_t a = rng() % n, b = std::min(n - 1, a + 1 + rng() % 16);
        std::swap(level[a], level[b]);
      }
      break;
    case Pattern::FewUnique:
      for (auto& l : level) l = static_cast<std::uint32_t>(rng() % 6) * (kLevels - 1) / 5;
      break;
    case Pattern::PipeOrgan:
      for (std::size_t i = 0; i < n; ++i) level[i] = ramp(i < n / 2 ? 2 * i : 2 * (n - 1 - i));
      break;
  }
  Image image;
  image.width = image.height = side;
  image.channels = 3;
  image.rgba.resize(n * 4);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t l = std::min(level[i], kLevels - 1);
    std::uint8_t* p = &image.rgba[i * 4];
    p[0] = static_cast<std::uint8_t>(std::min<std::uint32_t>(l, 255));
    p[1] = static_cast<std::uint8_t>(l > 255 ? std::min<std::uint32_t>(l - 255, 255) : 0);
    p[2] = static_cast<std::uint8_t>(l > 510 ? l - 510 : 0);
    p[3] = 255;
  }
  return image;
}

}  // namespace texsort
