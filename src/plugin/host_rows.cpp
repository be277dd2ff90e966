#include "plugin/host_rows.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>

namespace texsort::plugin {
namespace {

// The major version in a library's file name ("/usr/lib/.../libavfilter.so.8" gives 8), or -1.
int majorVersionOf(const char* file, const char* library) {
  const char* base = std::strrchr(file, '/');
  base = base ? base + 1 : file;
  const std::size_t length = std::strlen(library);
  if (std::strncmp(base, library, length) != 0 || std::strncmp(base + length, ".so.", 4) != 0) return -1;
  return std::atoi(base + length + 4);
}

}  // namespace

std::string hostRowProblem(const void* caller, unsigned width, unsigned height) {
  // 64 bytes is FFmpeg's largest line alignment (AVX-512): rows that long are never padded, and a
  // frame of one row has no second row to misplace.
  if (height <= 1 || (std::size_t{width} * 4) % 64 == 0) return "";
  Dl_info where{};
  if (!caller || !dladdr(caller, &where) || !where.dli_fname) return "";
  const int major = majorVersionOf(where.dli_fname, "libavfilter");
  if (major < 0 || major > 8) return "";
  return "ffmpeg 5's frei0r filter pads each row of a " + std::to_string(width) +
         "-pixel-wide frame to its line alignment, where frei0r's rows are width x 4 bytes, so the sort "
         "would take the wrong pixels: give it a width that is a multiple of 16, or sort with "
         "gst-launch-1.0, melt or texsort pixelsort";
}

}  // namespace texsort::plugin
