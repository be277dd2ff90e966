// makeRunner: the registry row says which backend runs an algorithm.
#include "sort/runner.h"

#include <string>

#include "error.h"
#include "gl/capabilities.h"
#ifndef __EMSCRIPTEN__
#include "sort/compute_runner.h"
#endif
#include "sort/fragment_runner.h"
#include "sort/wide_layout.h"

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

bool storageBlockHolds(std::uint64_t elementCount, std::uint64_t bytesEach) {
  if (!gl::computeAvailable()) return false;
  return elementCount * bytesEach <= static_cast<std::uint64_t>(gl::computeLimits().storageBlockBytes);
}

Algorithm fragmentSortHere() {
  return static_cast<std::uint32_t>(gl::drawBuffers()) >= kWideLayers ? Algorithm::BitonicWide : Algorithm::BitonicFast;
}

Algorithm sortAlgorithmHere(std::uint64_t elementCount) {
  return storageBlockHolds(elementCount, sizeof(Element)) ? Algorithm::ComputeRadix : fragmentSortHere();
}

std::unique_ptr<Runner> makeRunner(Algorithm algorithm, std::uint64_t elementCount) {
  requireAvailable(algorithm);
#ifndef __EMSCRIPTEN__  // requireAvailable refused compute rows there
  if (usesCompute(algorithm)) return std::make_unique<ComputeRunner>(elementCount);
#endif
  return std::make_unique<FragmentRunner>(elementCount);
}

}  // namespace texsort
