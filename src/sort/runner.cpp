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

namespace {

// The most render targets one of `algorithm`'s draws writes: the wide path's 8 layers; every other
// fragment pass writes at most 4 (the pixel sort's groups: kGroupLayers), which WebGL2 promises.
std::uint32_t drawTargets(Algorithm algorithm) { return algorithm == Algorithm::BitonicWide ? kWideLayers : 4; }

}  // namespace

void requireAvailable(Algorithm algorithm) {
  if (algorithmAvailableHere(algorithm)) return;
  if (!usesCompute(algorithm)) {
    throw Error(ExitCode::Gpu, std::string(algorithmName(algorithm)) + " draws into " +
                                   std::to_string(drawTargets(algorithm)) + " targets at once and this GPU offers " +
                                   std::to_string(gl::drawBuffers()) + "; " + algorithmName(fragmentSortHere()) +
                                   " runs here");
  }
  const int version = gl::contextVersion();
  throw Error(ExitCode::Gpu, std::string(algorithmName(algorithm)) +
                                 " needs compute shaders (OpenGL 4.3); this context offers OpenGL " +
                                 std::to_string(version / 10) + "." + std::to_string(version % 10) +
                                 " without them; the fragment algorithms (such as bitonic-fast) run here");
}

bool algorithmAvailableHere(Algorithm algorithm) {
  if (usesCompute(algorithm)) return gl::computeAvailable();
  return static_cast<std::uint32_t>(gl::drawBuffers()) >= drawTargets(algorithm);
}

bool storageBlockHolds(std::uint64_t elementCount, std::uint64_t bytesEach) {
  if (!gl::computeAvailable()) return false;
  return elementCount * bytesEach <= static_cast<std::uint64_t>(gl::computeLimits().storageBlockBytes);
}

Algorithm fragmentSortHere() {
  return algorithmAvailableHere(Algorithm::BitonicWide) ? Algorithm::BitonicWide : Algorithm::BitonicFast;
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
