// The memory budget: estimate, measure, compare, refuse in one line.
#include "sort/memory_budget.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cctype>
#include <fstream>

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#include <unistd.h>
#endif

#include "error.h"
#include "gl/capabilities.h"
#include "gl/gl.h"
#include "sort/bits.h"

namespace texsort {
namespace {

constexpr GLenum kGpuMemoryInfoCurrentAvailableNvx = 0x9049;  // GL_NVX_gpu_memory_info, KiB
constexpr GLenum kTextureFreeMemoryAti = 0x87FC;              // GL_ATI_meminfo, KiB (first of four)

bool hasExtension(const char* name) {
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  for (GLint i = 0; i < count; ++i) {
    const auto* extension = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)));
    if (extension && std::strcmp(extension, name) == 0) return true;
  }
  return false;
}

std::uint64_t hostAvailable() {
#ifdef __EMSCRIPTEN__
  // The module's heap may grow to its limit (MAXIMUM_MEMORY); what it has not taken is available.
  const std::uint64_t limit = emscripten_get_heap_max();
  const auto used = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(sbrk(0)));
  return limit > used ? limit - used : 0;
#endif
  std::ifstream meminfo("/proc/meminfo");
  for (std::string key; meminfo >> key;) {
    std::uint64_t kib = 0;
    meminfo >> kib;
    if (key == "MemAvailable:") return kib * 1024;
    meminfo.ignore(256, '\n');
  }
  return 0;
}

std::string gib(std::uint64_t bytes) {
  char buffer[32];
  if (bytes >= (std::uint64_t{1} << 30)) std::snprintf(buffer, sizeof buffer, "%.1f GiB", double(bytes) / double(1 << 30));
  else std::snprintf(buffer, sizeof buffer, "%.1f MiB", double(bytes) / double(1 << 20));
  return buffer;
}

}  // namespace

namespace {

// compute-radix's counts: a uint for each digit value and tile, and for each value and line.
std::uint64_t radixCountsBytes(const SortShape& shape) {
  return shape.count() < 2 ? 0 : 4 * radixCountsSize(computeRadixDigitShape(shape), shape.count());
}

MemoryNeed sortNeed(std::uint64_t pixels, const SortShape& shape, std::uint64_t fileBytes, Algorithm algorithm) {
  const std::uint64_t n = shape.count();
  MemoryNeed need;
  // The file, the decoder's inflated rows and its RGBA, the packed elements, the read-back, the
  // unpacked RGBA, the PNG encoder's filtered rows and output (about twice the raw pixels), and a
  // fixed share for the process, the driver and its compiled shaders (measured peaks: within it).
  constexpr std::uint64_t kFixedBytes = std::uint64_t{128} << 20;
  need.hostBytes = fileBytes + 3 * pixels + 4 * pixels + 16 * n + 16 * n + 4 * pixels + 8 * pixels + kFixedBytes;
  // The element pair, and the pair the algorithm adds: compact or wide (key, index), or the radix scan. The
  // compute backend keeps two element buffers and one pair buffer (compute-radix none).
  need.gpuBytes = 2 * 16 * n;
  need.largestTextureBytes = usesCompute(algorithm) ? 0 : 16 * n;  // the element state, RGBA32F
  if (algorithm == Algorithm::BitonicFast || algorithm == Algorithm::BitonicWide) need.gpuBytes += 2 * 8 * n;
  if (usesCompute(algorithm) && algorithm != Algorithm::ComputeRadix) need.gpuBytes += 8 * n;
  if (algorithm == Algorithm::Radix) need.gpuBytes += 2 * 16 * n;  // the scan pair: RGBA32F, a count per digit value
  // compute-radix: no pairs, but the counts.
  if (algorithm == Algorithm::ComputeRadix) need.gpuBytes += radixCountsBytes(shape);
  return need;
}

}  // namespace

MemoryNeed memoryNeed(std::uint32_t width, std::uint32_t height, std::uint64_t fileBytes, Algorithm algorithm) {
  const std::uint64_t pixels = std::uint64_t{width} * height;
  return sortNeed(pixels, SortShape::whole(nextPowerOfTwo(pixels)), fileBytes, algorithm);
}

MemoryNeed pixelSortMemoryNeed(std::uint32_t width, std::uint32_t height, const SortShape& lines, std::uint64_t fileBytes,
                               Algorithm algorithm, bool maps) {
  const std::uint64_t pixels = std::uint64_t{width} * height, elements = lines.count();
  MemoryNeed need = sortNeed(pixels, lines, fileBytes, algorithm);
  // Host: a part of the source texels with their bytes and maps, the line tables and the table of
  // the element holding each pixel (counted for rows and columns too, which need neither). GPU: the
  // source's bytes and maps (SourceShape), the pair of span words (8 bytes for 32 positions), the
  // result's bytes; no element pair on the fast path and the compute rows (their key pass writes the
  // pairs) nor on the wide path (its first pass makes the elements from the pixels); compute-radix
  // has two buffers of pairs (its scatter writes the other).
  need.hostBytes += (std::uint64_t{16 + 4 + 8} << 18) + 4 * elements + 4 * pixels;
  need.gpuBytes += 4 * elements + (maps ? 8 * elements : 0) + 2 * 8 * std::max<std::uint64_t>(1, elements / 32) +
                   4 * elements;
  if (algorithm == Algorithm::BitonicFast || algorithm == Algorithm::BitonicWide || usesCompute(algorithm)) {
    need.gpuBytes -= 2 * 16 * elements;
    need.largestTextureBytes = usesCompute(algorithm) ? 0 : 8 * elements;  // the (key, index) pairs
  }
  if (algorithm == Algorithm::ComputeRadix) need.gpuBytes += 2 * 8 * elements;
  return need;
}

MemoryAvailable memoryAvailable(bool askGpu) {
  MemoryAvailable available;
  available.hostBytes = hostAvailable();
  GLint kib[4] = {0, 0, 0, 0};
  if (askGpu) {
    if (hasExtension("GL_NVX_gpu_memory_info")) {
      glGetIntegerv(kGpuMemoryInfoCurrentAvailableNvx, kib);
    } else if (hasExtension("GL_ATI_meminfo")) {
      glGetIntegerv(kTextureFreeMemoryAti, kib);
    }
    while (glGetError() != GL_NO_ERROR) {
    }
  }
  if (kib[0] > 0) {
    available.gpuShared = false;
    available.gpuBytes = std::uint64_t(kib[0]) * 1024;
  }
  if (const std::optional<std::uint64_t> cap = memoryLimit()) {
    available.hostBytes = std::min(available.hostBytes, *cap);
    if (!available.gpuShared) available.gpuBytes = std::min(available.gpuBytes, *cap);
  }
  return available;
}

std::optional<std::uint64_t> memoryLimit() {
  const char* text = std::getenv("TEXSORT_MEMORY_LIMIT");
  if (!text) return std::nullopt;
  const std::string value = text;
  const bool digits = !value.empty() && std::all_of(value.begin(), value.end(), [](unsigned char c) { return std::isdigit(c); });
  errno = 0;
  const std::uint64_t cap = digits ? std::strtoull(text, nullptr, 10) : 0;
  if (digits && errno == ERANGE) {
    throw Error(ExitCode::Usage, "TEXSORT_MEMORY_LIMIT: '" + value.substr(0, 40) + (value.size() > 40 ? "..." : "") +
                                     "' is too large: the most is " + std::to_string(UINT64_MAX) +
                                     " bytes (or unset it: no limit)");
  }
  if (cap == 0) {
    throw Error(ExitCode::Usage, "TEXSORT_MEMORY_LIMIT: '" + value.substr(0, 40) +
                                     "' is not a number of bytes; give a whole number above 0, or unset it");
  }
  return cap;
}

std::string memorySummary() {
  const MemoryAvailable available = memoryAvailable(true);
  if (available.gpuShared) return "textures in host memory, with the rest: " + gib(available.hostBytes) + " available";
  return "textures in video memory: " + gib(available.gpuBytes) + " free; host " + gib(available.hostBytes) + " available";
}

void checkMemoryBudget(const std::string& name, std::uint32_t width, std::uint32_t height, std::uint64_t fileBytes,
                       Algorithm algorithm) {
  checkMemoryBudget(name, width, height, memoryNeed(width, height, fileBytes, algorithm));
}

void checkHostMemoryBudget(const std::string& name, std::uint32_t width, std::uint32_t height, const MemoryNeed& need) {
  const MemoryAvailable available = memoryAvailable(false);
  if (need.hostBytes > available.hostBytes) {
    throw Error(ExitCode::Gpu, name + ": " + std::to_string(width) + "x" + std::to_string(height) + " needs " +
                                   gib(need.hostBytes) + " of host memory; " + gib(available.hostBytes) + " is available");
  }
}

void checkMemoryBudget(const std::string& name, std::uint32_t width, std::uint32_t height, const MemoryNeed& need) {
  const MemoryAvailable available = memoryAvailable(true);
  const std::string size = name + ": " + std::to_string(width) + "x" + std::to_string(height) + " needs ";
  // Every driver allocates a texture of a few hundred MiB; past that, the context is asked.
  constexpr std::uint64_t kAlwaysAllocated = std::uint64_t{256} << 20;
  if (need.largestTextureBytes > kAlwaysAllocated && !gl::allocatesTexture(need.largestTextureBytes)) {
    const std::string renderer = gl::glString(GL_RENDERER);
    throw Error(ExitCode::Gpu, size + "a texture of " + gib(need.largestTextureBytes) + ", larger than this renderer (" +
                                   (renderer.empty() ? "?" : renderer) + ") allocates in one; give a smaller image");
  }
  if (available.gpuShared) {
    if (need.hostBytes + need.gpuBytes > available.hostBytes) {
      throw Error(ExitCode::Gpu, size + gib(need.hostBytes + need.gpuBytes) + " (host " + gib(need.hostBytes) +
                                     " + GPU textures " + gib(need.gpuBytes) + ", in host memory here); " +
                                     gib(available.hostBytes) + " is available");
    }
    return;
  }
  if (need.gpuBytes > available.gpuBytes) {
    throw Error(ExitCode::Gpu, size + gib(need.gpuBytes) + " of GPU memory; the GPU reports " +
                                   gib(available.gpuBytes) + " free");
  }
  if (need.hostBytes > available.hostBytes) {
    throw Error(ExitCode::Gpu, size + gib(need.hostBytes) + " of host memory; " + gib(available.hostBytes) +
                                   " is available");
  }
}

}  // namespace texsort
