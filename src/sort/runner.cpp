// makeRunner: the registry row says which backend runs an algorithm.
#include "sort/runner.h"

#include <optional>
#include <string>

#include "error.h"
#include "gl/capabilities.h"
#ifndef __EMSCRIPTEN__
#include "sort/compute_runner.h"
#endif
#include "sort/fragment_runner.h"

namespace texsort {

void requireAvailable(Algorithm algorithm) {
  if (!usesCompute(algorithm) || gl::computeAvailable()) return;
  const int version = gl::contextVersion();
  throw Error(ExitCode::Gpu, std::string(algorithmName(algorithm)) +
                                 " needs compute shaders (OpenGL 4.3); this context offers OpenGL " +
                                 std::to_string(version / 10) + "." + std::to_string(version % 10) +
                                 " without them; the fragment algorithms (such as bitonic-fast) run here");
}

bool algorithmAvailableHere(Algorithm algorithm) { return !usesCompute(algorithm) || gl::computeAvailable(); }

void uploadPixelSource(Runner& runner, const Image& image, const PixelSortOptions& options, const LineLayout& layout,
                       std::vector<std::uint32_t> elementOf) {
  const SourceShape shape = sourceShape(layout, options);
  if (!shape.maps()) return runner.uploadSourceBytes(image.rgba.data(), shape);
  const PixelSource parts = elementOf.empty() ? PixelSource(image, options, layout)
                                              : PixelSource(image, options, layout, std::move(elementOf));
  runner.uploadSource([&](std::uint64_t first, std::uint64_t count, PixelTexel* out) { parts.fill(first, count, out); },
                      shape);
}

const PixelSortBackend& pixelSortBackendChoice() {
  static std::optional<PixelSortBackend> chosen;
  if (chosen) return *chosen;
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const std::string renderer = name ? name : "";
  bool software = false;
  for (const char* s : {"llvmpipe", "softpipe", "SwiftShader", "Software"}) software |= renderer.find(s) != std::string::npos;
  double fragmentMs = 0.0, computeMs = 0.0;
  if (gl::computeAvailable() && !software) {
    try {
      constexpr std::uint64_t kProbe = std::uint64_t{1} << 22;  // 64 MiB of elements: the raster units show
      const std::unique_ptr<Runner> fragment = makeRunner(kFragmentPixelSort, kProbe);
      const std::unique_ptr<Runner> compute = makeRunner(kComputePixelSort, kProbe);
      fragment->copyPassMs();  // a warm-up each: the programs' first use
      compute->copyPassMs();
      fragmentMs = fragment->copyPassMs();
      computeMs = compute->copyPassMs();
    } catch (const Error& e) {  // a storage block of less than 64 MiB, or no memory to spare: not measured
      if (e.code() != ExitCode::Gpu) throw;
      fragmentMs = computeMs = 0.0;
      while (glGetError() != GL_NO_ERROR) {
      }
    }
  }
  const bool compute = gl::computeAvailable();
  chosen = PixelSortBackend{fasterPixelSortBackend(compute, software, fragmentMs, computeMs), compute, software,
                            fragmentMs, computeMs};
  return *chosen;
}

std::unique_ptr<Runner> makeRunner(Algorithm algorithm, std::uint64_t elementCount) {
  requireAvailable(algorithm);
#ifndef __EMSCRIPTEN__  // requireAvailable refused compute rows there
  if (usesCompute(algorithm)) return std::make_unique<ComputeRunner>(elementCount);
#endif
  return std::make_unique<FragmentRunner>(elementCount);
}

}  // namespace texsort
