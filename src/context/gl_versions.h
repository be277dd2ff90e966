// The OpenGL core versions a context is asked for, newest first. The fragment passes need 3.3; the
// compute rows need 4.3. Mesa answers any core request with its newest version, but NVIDIA's driver
// gives exactly what was asked, so asking for 3.3 alone would hide compute shaders there.
#pragma once

#include <utility>

namespace texsort {

inline constexpr std::pair<int, int> kContextVersions[] = {{4, 6}, {4, 3}, {3, 3}};

}  // namespace texsort
