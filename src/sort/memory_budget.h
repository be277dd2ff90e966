// The memory budget: before anything large is allocated, what a sort needs (host buffers and GPU
// textures) is checked against what the GPU reports free where it can, and against the host's
// available memory; an image that does not fit is refused with one line naming both.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sort/algorithms.h"

namespace texsort {

struct MemoryNeed {
  std::uint64_t hostBytes = 0;  // decoded image, elements, read-back, unpacked image, PNG encoding
  std::uint64_t gpuBytes = 0;   // the runner's ping-pong pairs for this algorithm
  std::uint64_t largestTextureBytes = 0;  // the largest single texture among them (0: storage buffers, checked apart)
};

// What sorting a width x height image (fileBytes on disk) with `algorithm` needs.
MemoryNeed memoryNeed(std::uint32_t width, std::uint32_t height, std::uint64_t fileBytes, Algorithm algorithm);
// What pixel-sorting a width x height image needs when its lines pad to `lines` (their count and
// padded length): the sort's textures and buffers for that many elements, plus the source's bytes
// and texels, its maps where `maps` (SourceShape::maps()), the span words, the result's bytes and
// the line tables.
MemoryNeed pixelSortMemoryNeed(std::uint32_t width, std::uint32_t height, const SortShape& lines, std::uint64_t fileBytes,
                               Algorithm algorithm, bool maps);

struct MemoryAvailable {
  std::uint64_t hostBytes = 0;  // MemAvailable of /proc/meminfo, or TEXSORT_MEMORY_LIMIT if smaller
  std::uint64_t gpuBytes = 0;   // free video memory the driver reports (NVX / ATI meminfo)
  bool gpuShared = true;        // no report (llvmpipe, most integrated GPUs): textures live in host memory
};

// TEXSORT_MEMORY_LIMIT as a number of bytes, if set. Throws texsort::Error(Usage) when it is set
// to anything but a whole number above 0 ("abc", "-1", "0", "").
std::optional<std::uint64_t> memoryLimit();

// Needs a current GL context. TEXSORT_MEMORY_LIMIT=BYTES caps the budget (for tests, and for users
// who want texsort to stay within a share of the machine).
// askGpu: also ask the current GL context for free video memory (else there need be none).
MemoryAvailable memoryAvailable(bool askGpu = true);

// Where textures live and what is free, for `texsort info`: "textures in host memory, with the rest:
// X available" where the driver reports no video memory (llvmpipe, most integrated GPUs), else
// "textures in video memory: X free; host Y available".
std::string memorySummary();

// Throws texsort::Error(Gpu), naming `name`, the image's size, what it needs and what is available,
// when the need does not fit, or when the context cannot allocate its largest texture (a driver's
// cap on one texture's bytes: llvmpipe's 1 GiB), asked with an empty texture before any work.
void checkMemoryBudget(const std::string& name, std::uint32_t width, std::uint32_t height, std::uint64_t fileBytes,
                       Algorithm algorithm);
void checkMemoryBudget(const std::string& name, std::uint32_t width, std::uint32_t height, const MemoryNeed& need);
// The host half alone, before there is a GL context: what a run may check before it decodes beside
// the context's start. checkMemoryBudget follows once the context is there.
void checkHostMemoryBudget(const std::string& name, std::uint32_t width, std::uint32_t height, const MemoryNeed& need);

}  // namespace texsort
