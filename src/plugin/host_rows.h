// Hosts that break frei0r's frame layout (rows of width x 4 bytes, no pitch) where the filter can
// tell from the code that calls it: ffmpeg 5's frei0r filter (libavfilter.so.8, Debian 12's ffmpeg
// 5.1) hands over frames whose rows are padded to its line alignment, so at most widths the sort
// would read and write the wrong pixels. Later FFmpeg copies such frames to packed rows first.
#pragma once

#include <string>

namespace texsort::plugin {

// Empty, or why a frame of width x height cannot be sorted exactly when f0r_construct was called
// from the code at `caller` (its return address).
std::string hostRowProblem(const void* caller, unsigned width, unsigned height);

}  // namespace texsort::plugin
