// Inputs and digests for `texsort check` (conformance.h).
#include "pixelsort/conformance.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>

namespace texsort {

const char* patternName(CheckPattern pattern) {
  switch (pattern) {
    case CheckPattern::Random: return "random";
    case CheckPattern::Sorted: return "sorted";
    case CheckPattern::Reversed: return "reversed";
    case CheckPattern::AllEqual: return "all-equal";
    case CheckPattern::FewUnique: return "few-unique";
  }
  return "?";
}

Image checkImage(CheckPattern pattern, std::uint32_t pixels, std::uint32_t seed) {
  // Bytes straight from mt19937's output, whose sequence the standard fixes: a distribution's is
  // the library's own (libstdc++ and the browser edition's libc++ differ), and the digests must
  // agree across machines and builds.
  std::mt19937 rng(seed);
  const auto byte = [](std::mt19937& g) { return static_cast<int>(g() >> 24); };
  std::vector<std::uint8_t> palette;
  for (int i = 0; i < 4 * 4; ++i) palette.push_back(std::uint8_t(byte(rng)));
  Image image;
  image.width = pixels;
  image.height = 1;
  image.channels = 4;
  for (std::uint32_t i = 0; i < pixels; ++i) {
    const int colour = pattern == CheckPattern::AllEqual ? 0 : byte(rng) % 4;
    for (int c = 0; c < 4; ++c) {
      const bool fromPalette = pattern == CheckPattern::AllEqual || pattern == CheckPattern::FewUnique;
      image.rgba.push_back(fromPalette ? palette[std::size_t(colour * 4 + c)] : std::uint8_t(byte(rng)));
    }
  }
  if (pattern == CheckPattern::Sorted || pattern == CheckPattern::Reversed) {
    std::vector<std::uint32_t> order(pixels);
    for (std::uint32_t i = 0; i < pixels; ++i) order[i] = i;
    const auto luma = [&](std::uint32_t i) {
      return lumaKey(image.rgba[i * 4], image.rgba[i * 4 + 1], image.rgba[i * 4 + 2]);
    };
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return luma(a) < luma(b); });
    if (pattern == CheckPattern::Reversed) std::reverse(order.begin(), order.end());
    std::vector<std::uint8_t> rgba;
    for (std::uint32_t i : order) rgba.insert(rgba.end(), &image.rgba[i * 4], &image.rgba[i * 4 + 4]);
    image.rgba = std::move(rgba);
  }
  return image;
}

std::vector<PixelCheckCase> pixelCheckCases(bool quick) {
  std::vector<PixelCheckCase> cases;
  PixelCheckCase rows{"rows", 37, 11, {}};
  rows.options.maxSpan = 7;
  cases.push_back(rows);
  PixelCheckCase lines{"lines-30-masked", 29, 13, {}};
  lines.options.angle = 30.0;
  lines.options.key = PixelKey::Hue;
  lines.options.skipPercent = 30;
  lines.options.seed = 7;
  Image mask = checkImage(CheckPattern::Random, 29 * 13, 11);  // white where a byte's top bit is set
  mask.width = 29;
  mask.height = 13;
  for (std::size_t i = 0; i < mask.rgba.size(); i += 4) {
    const std::uint8_t v = mask.rgba[i] >= 128 ? 255 : 0;
    mask.rgba[i] = mask.rgba[i + 1] = mask.rgba[i + 2] = v;
    mask.rgba[i + 3] = 255;
  }
  lines.options.mask = std::make_shared<const Image>(std::move(mask));
  cases.push_back(lines);
  if (quick) return cases;
  PixelCheckCase columns{"columns-edges", 23, 41, {}};
  columns.options.angle = kVerticalAngle;
  columns.options.intervals = Intervals::Edges;
  columns.options.lower = 0.1;
  cases.push_back(columns);
  PixelCheckCase spiral{"spiral", 33, 33, {}};
  spiral.options.path = PixelPath::Spiral;
  spiral.options.key = PixelKey::Saturation;
  cases.push_back(spiral);
  return cases;
}

std::vector<std::uint32_t> checkSizes(bool quick, Algorithm algorithm) {
  if (!quick) return {2, 3, 5, 8, 31, 64, 100, 256, 1000, 1024, 4096, 5000, 16384, 40000, 65536};
  std::vector<std::uint32_t> sizes{2, 3, 5, 8, 31, 64, 100, 256, 1000, 1024};
  std::uint32_t blockLog2 = 0;  // the largest shared block of the row (only compute rows have them)
  if (info(algorithm).minGlVersion >= kComputeGlVersion) {
    for (const Pass& pass : scheduleFor(algorithm, 1u << 16)) {
      const auto* shared = std::get_if<SharedBitonicSteps>(&pass);
      if (shared != nullptr) blockLog2 = std::max(blockLog2, shared->blockLog2);
    }
  }
  if (blockLog2 > 8) sizes.push_back((3u << blockLog2) + 1);
  return sizes;
}

std::string stateDigest(const SortState& state) {
  std::uint64_t hash = 14695981039346656037ull;
  const auto mix = [&](const void* data, std::size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < bytes; ++i) hash = (hash ^ p[i]) * 1099511628211ull;
  };
  // Every buffer of the state, each with its length, so an empty buffer and a missing one differ
  // from their neighbours and bytes count by the buffer that holds them. The source's texels go in
  // field by field (no padding bytes).
  const auto buffer = [&](const void* data, std::size_t bytes) {
    const std::uint64_t length = bytes;
    mix(&length, sizeof length);
    mix(data, bytes);
  };
  buffer(state.elements.data(), state.elements.size() * sizeof(Element));
  buffer(state.scan.data(), state.scan.size() * sizeof(float));
  buffer(state.compact.data(), state.compact.size() * sizeof(float));
  buffer(state.wide.data(), state.wide.size() * sizeof(float));
  const std::uint64_t texels = state.source.size();
  mix(&texels, sizeof texels);
  for (const PixelTexel& t : state.source) {
    for (const void* field : {static_cast<const void*>(&t.rgb), static_cast<const void*>(&t.alphaMask),
                              static_cast<const void*>(&t.pixel), static_cast<const void*>(&t.element)}) {
      mix(field, 4);
    }
  }
  buffer(state.spans.data(), state.spans.size() * sizeof(std::uint32_t));
  buffer(state.pixels.data(), state.pixels.size());
  // compute-radix's counts, where there are some (the digests of every other state stay as they were).
  if (!state.counts.empty()) buffer(state.counts.data(), state.counts.size() * sizeof(std::uint32_t));
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

}  // namespace texsort
