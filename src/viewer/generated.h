// Generated test inputs for the viewer: 2^k x 2^k images whose luma follows a chosen pattern.
#pragma once

#include <cstdint>
#include <string>

#include "image/image_io.h"

namespace texsort {

enum class Pattern { Random, Ascending, Descending, NearlySorted, FewUnique, PipeOrgan };
constexpr Pattern kPatterns[] = {Pattern::Random,       Pattern::Ascending, Pattern::Descending,
                                 Pattern::NearlySorted, Pattern::FewUnique, Pattern::PipeOrgan};
const char* patternName(Pattern pattern);

// A side x side RGBA image. Pixel i (row-major) gets a colour from a heat ramp (black, red, yellow,
// white) at a level chosen by the pattern; the ramp's luma never decreases, so "ascending" is
// already sorted, "descending" is reversed, "pipe organ" rises then falls, and so on.
// Deterministic for a given seed.
Image generateImage(Pattern pattern, std::uint32_t side, std::uint32_t seed);

}  // namespace texsort
