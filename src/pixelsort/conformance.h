// `texsort check`'s cases without the GPU: the input patterns, the sizes, and a digest of a state,
// so two machines' runs can be compared pass by pass.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "image/image_io.h"
#include "sort/packing.h"
#include "pixelsort/pixel_sort.h"
#include "sort/algorithms.h"
#include "sort/cpu_model.h"

namespace texsort {

enum class CheckPattern { Random, Sorted, Reversed, AllEqual, FewUnique };
inline constexpr CheckPattern kCheckPatterns[] = {CheckPattern::Random, CheckPattern::Sorted, CheckPattern::Reversed,
                                                  CheckPattern::AllEqual, CheckPattern::FewUnique};
const char* patternName(CheckPattern pattern);

// A pixels x 1 image: random colours (random alpha), the same sorted or reversed by luma, one
// colour everywhere, or four colours: every case of the order and of ties by index.
Image checkImage(CheckPattern pattern, std::uint32_t pixels, std::uint32_t seed);

// Pixel counts from 2 to 2^16, powers of two and not, for `algorithm`. The quick set stops at 2^10,
// but a row with shared-memory blocks of more than 256 elements gets three blocks and a pixel more
// (four blocks once padded), so every kind of its dispatches runs, merge tails in both directions.
std::vector<std::uint32_t> checkSizes(bool quick, Algorithm algorithm);

// The pixel sort's cases, for every line sort that runs it: a check image of width x height pixels
// (checkImage's pixels, row by row) through the span, key, sort and image-order passes. The quick
// set: rows with spans cut into pieces (no maps), and lines at 30 degrees under a mask with some
// spans left whole (maps with the mask's bits); the full set adds columns broken at edges and a
// spiral.
struct PixelCheckCase {
  const char* name;
  std::uint32_t width = 0, height = 0;
  PixelSortOptions options;  // options.order is each case's
};
std::vector<PixelCheckCase> pixelCheckCases(bool quick);

// FNV-1a (64 bits) of every buffer of the state, as 16 hex digits: equal states, equal digests.
std::string stateDigest(const SortState& state);

}  // namespace texsort
