// `texsort check`'s cases without the GPU: the input patterns, the sizes, and a digest of a state,
// so two machines' runs can be compared pass by pass.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "image/image_io.h"
#include "image/packing.h"
#include "sort/cpu_model.h"

namespace texsort {

enum class CheckPattern { Random, Sorted, Reversed, AllEqual, FewUnique };
inline constexpr CheckPattern kCheckPatterns[] = {CheckPattern::Random, CheckPattern::Sorted, CheckPattern::Reversed,
                                                  CheckPattern::AllEqual, CheckPattern::FewUnique};
const char* patternName(CheckPattern pattern);

// A pixels x 1 image: random colours (random alpha), the same sorted or reversed by luma, one
// colour everywhere, or four colours: every case of the order and of ties by index.
Image checkImage(CheckPattern pattern, std::uint32_t pixels, std::uint32_t seed);

// Pixel counts from 2 to 2^16, powers of two and not; the quick set stops at 2^10.
std::vector<std::uint32_t> checkSizes(bool quick);

// FNV-1a (64 bits) of every buffer of the state, as 16 hex digits: equal states, equal digests.
std::string stateDigest(const SortState& state);

}  // namespace texsort
