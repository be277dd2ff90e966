// The pixel sort on a GPU runner: the backend probe and the source upload.
#include "pixelsort/pixel_runner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>

#include "error.h"
#include "fault.h"
#include "gl/capabilities.h"
#include "io/cache.h"
#include "io/machine.h"
#include "sort/memory_budget.h"

namespace texsort {

void uploadPixelSource(Runner& runner, const Image& image, const PixelSortOptions& options, const LineLayout& layout,
                       std::vector<std::uint32_t> elementOf) {
  const SourceShape shape = sourceShape(layout, options);
  if (!shape.maps()) return runner.uploadSourceBytes(image.rgba.data(), shape);
  const PixelSource parts = elementOf.empty() ? PixelSource(image, options, layout)
                                              : PixelSource(image, options, layout, std::move(elementOf));
  runner.uploadSource([&](std::uint64_t first, std::uint64_t count, PixelTexel* out) { parts.fill(first, count, out); },
                      shape);
}

namespace {

// The quickest of `rounds` copy passes of `count` elements on each path, taken in turn (the first of
// each compiles its program; the least is the copy with nothing else in its way), or {0, 0} where the
// runners cannot be made (a storage block too small, no memory to spare).
std::pair<double, double> quickestCopiesMs(Algorithm computeRow, std::uint64_t count, int rounds) {
  try {
    const std::unique_ptr<Runner> fragment = makeRunner(fragmentSortHere(), count);
    const std::unique_ptr<Runner> compute = makeRunner(computeRow, count);
    double fragmentMs = 0.0, computeMs = 0.0;
    for (int r = 0; r < rounds; ++r) {
      const double f = fragment->copyPassMs(), c = compute->copyPassMs();
      fragmentMs = r == 0 ? f : std::min(fragmentMs, f);
      computeMs = r == 0 ? c : std::min(computeMs, c);
    }
    return {fragmentMs, forcedFailure("slow-compute") ? 4.0 * computeMs : computeMs};
  } catch (const Error& e) {
    if (e.code() != ExitCode::Gpu) throw;
    while (glGetError() != GL_NO_ERROR) {
    }
    return {0.0, 0.0};
  }
}

// The probe's figures are kept between runs, a line a machine (io/cache.h): the first kProbesKept
// runs on a machine measure, each keeping the least copy of every path so far (so one run beside
// other work does not decide), and later runs read them: ~25 ms of every start on a software
// renderer. A run with a forced failure (the tests') neither reads nor keeps them.
constexpr int kProbesKept = 3;
constexpr const char* kProbeCache = "backend-probe";

// What the copies' times depend on: the renderer and its version, the CPU and how many threads
// llvmpipe runs, the probe's size.
std::string probeKey(int probeLog2) {
  const char* threads = std::getenv("LP_NUM_THREADS");
  return gl::glString(GL_RENDERER) + " | " + gl::glString(GL_VERSION) + " | " + cpuName() + " x" +
         std::to_string(std::thread::hardware_concurrency()) + " | LP_NUM_THREADS " + (threads ? threads : "-") +
         " | 2^" + std::to_string(probeLog2);
}

// A machine's probe figures as kept between runs: the least copy of each path over `probes` runs.
struct KeptProbe {
  double fragmentMs = 0, computeMs = 0;
  int probes = 0;
};

// A kept line's "FRAGMENT_MS COMPUTE_MS PROBES", or {} for none or one that does not parse.
KeptProbe keptProbe(const std::optional<std::string>& value) {
  KeptProbe kept;
  if (!value) return kept;
  std::istringstream in(*value);
  const bool read = static_cast<bool>(in >> kept.fragmentMs >> kept.computeMs >> kept.probes);
  const auto time = [](double ms) { return std::isfinite(ms) && ms > 0.0 && ms < 1e6; };
  if (read && time(kept.fragmentMs) && time(kept.computeMs) && kept.probes >= 1 && kept.probes <= 1000) return kept;
  return {};
}

bool softwareRenderer() {
  const std::string renderer = gl::glString(GL_RENDERER);
  bool software = false;
  for (const char* s : {"llvmpipe", "softpipe", "SwiftShader", "Software"}) software |= renderer.find(s) != std::string::npos;
  return software;
}

// Measures the copies where fewer than kProbesKept runs on this machine have (keeping the least of
// each path so far), else takes the kept figures.
void probeCopies(PixelSortBackend& backend) {
  const std::string path = anyForcedFailure() ? "" : cachePath(kProbeCache), key = probeKey(backend.probeLog2);
  KeptProbe kept = keptProbe(cachedValue(path, key));
  if (kept.probes > 0) backend.keptIn = path;
  if (kept.probes < kProbesKept) {
    const auto [fragmentMs, computeMs] = quickestCopiesMs(computePixelSortBackend(backend.software),
                                                          std::uint64_t{1} << backend.probeLog2, backend.software ? 8 : 2);
    if (fragmentMs <= 0.0 || computeMs <= 0.0) return;  // not measured here: nothing kept either
    const bool first = kept.probes == 0;
    kept = {first ? fragmentMs : std::min(kept.fragmentMs, fragmentMs),
            first ? computeMs : std::min(kept.computeMs, computeMs), kept.probes + 1};
    char value[96];
    std::snprintf(value, sizeof value, "%.6g %.6g %d", kept.fragmentMs, kept.computeMs, kept.probes);
    backend.keptIn = keepCachedValue(path, key, value) ? path : "";
    backend.measured = true;
  }
  backend.fragmentCopyMs = kept.fragmentMs;
  backend.computeCopyMs = kept.computeMs;
  backend.probes = kept.probes;
}

}  // namespace

const PixelSortBackend& pixelSortBackendChoice() {
  static std::optional<PixelSortBackend> chosen;
  static std::mutex lock;  // the first of a plugin's instances measures; the others wait for its answer
  const std::lock_guard<std::mutex> held(lock);
  if (chosen) return *chosen;
  PixelSortBackend backend;
  backend.compute = gl::computeAvailable();
  backend.software = softwareRenderer();
  if (backend.compute) {
    // Hardware: 64 MiB of elements, enough for the raster units to show. Software: 2 MiB, eight
    // rounds (~25 ms on llvmpipe, most of it compiling the programs, on a machine's first few
    // starts; a copy that shares the CPU with other work reads up to twice its time, the least of
    // eight seldom does, the least over three runs less often still).
    backend.probeLog2 = backend.software ? kSoftwareProbeLog2 : kHardwareProbeLog2;
    probeCopies(backend);
  }
  backend.algorithm = fasterPixelSortBackend(backend.compute, backend.software, backend.fragmentCopyMs, backend.computeCopyMs);
  if (backend.algorithm == kFragmentPixelSort) backend.algorithm = fragmentSortHere();
  chosen = backend;
  return *chosen;
}

Algorithm fittedPixelSortBackend(Algorithm backend, std::uint64_t elementCount) {
  return usesCompute(backend) && !storageBlockHolds(elementCount, kPairBytes) ? fragmentSortHere() : backend;
}

Algorithm pixelSortAlgorithmHere(Algorithm given, bool chosen, std::uint64_t elementCount) {
  return chosen ? given : fittedPixelSortBackend(pixelSortBackendHere(), elementCount);
}

void checkPixelSortFits(const std::string& name, std::uint32_t width, std::uint32_t height, SortShape shape, PixelKey key,
                        Algorithm algorithm) {
  if (const std::string limit = pixelSortLimit(shape, key, algorithm); !limit.empty()) {
    // More elements than the algorithm sorts is exit 4, as texsort sort gives it; a line too long
    // for the key's order is the image's own limit.
    const bool algorithmLimit = shape.count() > info(algorithm).maxElements;
    throw Error(algorithmLimit ? ExitCode::Gpu : ExitCode::BadInput,
                name + ": " + std::to_string(width) + "x" + std::to_string(height) + " needs " + limit);
  }
}

namespace {

MemoryNeed planMemoryNeed(std::uint32_t width, std::uint32_t height, const PixelSortOptions& options, SortShape shape,
                          Algorithm algorithm, std::uint64_t fileBytes) {
  const bool maps = SourceShape{lineAxis(options), width, height, 1, options.mask != nullptr}.maps();
  return pixelSortMemoryNeed(width, height, shape, fileBytes, algorithm, maps);
}

}  // namespace

void checkPixelSortPlanOnHost(const std::string& name, std::uint32_t width, std::uint32_t height,
                              const PixelSortOptions& options, Algorithm given, std::uint64_t fileBytes) {
  const SortShape shape = lineShape(width, height, options);
  checkPixelSortFits(name, width, height, shape, options.key, given);
  // The host's share is the same for either backend: auto's choice needs the context.
  checkHostMemoryBudget(name, width, height, planMemoryNeed(width, height, options, shape, given, fileBytes));
}

PixelSortPlan::Lines PixelSortPlan::linesFor(std::uint32_t width, std::uint32_t height, const PixelSortOptions& options) {
  Lines lines{lineLayout(width, height, options), {}};
  lines.elementOf = elementsOfPixels(lines.layout);
  return lines;
}

PixelSortPlan::PixelSortPlan(const std::string& name, std::uint32_t width, std::uint32_t height,
                             const PixelSortOptions& options, Algorithm given, bool chosen, std::uint64_t fileBytes)
    : PixelSortPlan(name, width, height, options, given, chosen, fileBytes, std::function<Lines()>()) {}

PixelSortPlan::PixelSortPlan(const std::string& name, std::uint32_t width, std::uint32_t height,
                             const PixelSortOptions& options, Algorithm given, bool chosen, std::uint64_t fileBytes,
                             const std::function<Lines()>& lines)
    : name_(name), width_(width), height_(height), options_(options) {
  const SortShape shape = lineShape(width, height, options);
  algorithm_ = pixelSortAlgorithmHere(given, chosen, shape.count());
  requireAvailable(algorithm_);  // before any check or allocation: a refusal costs nothing
  checkPixelSortFits(name, width, height, shape, options.key, algorithm_);
  checkMemoryBudget(name, width, height, planMemoryNeed(width, height, options, shape, algorithm_, fileBytes));
  lines_ = lines ? lines() : linesFor(width, height, options);  // after the checks: a refusal costs nothing
  schedule_ = pixelSortSchedule(lines_.layout, algorithm_, options);
  runner_ = makeRunner(algorithm_, schedule_.shape.count());
  runner_->prepare(schedule_, sourceShape(lines_.layout, options));
}

PixelSortPlan::PixelSortPlan(PixelSortPlan& earlier, const PixelSortOptions& options, Algorithm given, bool chosen,
                             bool freeEarlier)
    : name_(earlier.name_), width_(earlier.width_), height_(earlier.height_), options_(options) {
  const SortShape shape = lineShape(width_, height_, options);
  algorithm_ = pixelSortAlgorithmHere(given, chosen, shape.count());
  requireAvailable(algorithm_);  // the earlier plan untouched: its view stays as it was
  const bool fits = earlier.runner_ && usesCompute(earlier.algorithm_) == usesCompute(algorithm_) &&
                    earlier.runner_->elementCount() == shape.count();
  if (!fits && freeEarlier) earlier.runner_.reset();  // its memory back before this plan's checks
  checkPixelSortFits(name_, width_, height_, shape, options.key, algorithm_);
  MemoryNeed need = planMemoryNeed(width_, height_, options, shape, algorithm_, 0);
  if (fits) need.gpuBytes = need.largestTextureBytes = 0;  // the runner taken holds them already
  checkMemoryBudget(name_, width_, height_, need);
  lines_ = linesFor(width_, height_, options);
  schedule_ = pixelSortSchedule(lines_.layout, algorithm_, options);
  if (!fits || earlier.runner_->elementCount() != schedule_.shape.count()) {
    runner_ = makeRunner(algorithm_, schedule_.shape.count());
    runner_->prepare(schedule_, sourceShape(lines_.layout, options));
    return;
  }
  runner_ = std::move(earlier.runner_);
  tookRunner_ = true;
  try {
    runner_->prepare(schedule_, sourceShape(lines_.layout, options));
  } catch (...) {
    giveRunnerBack(earlier);
    throw;
  }
}

void PixelSortPlan::giveRunnerBack(PixelSortPlan& earlier) noexcept {
  if (!tookRunner_ || !runner_) return;
  tookRunner_ = false;
  earlier.runner_ = std::move(runner_);
  earlier.gotRunnerBack_ = true;
  try {
    earlier.runner_->prepare(earlier.schedule_, sourceShape(earlier.lines_.layout, earlier.options_));
  } catch (...) {  // a second failure: the first one's error is the one said; the runner looks its programs up
  }
}

bool PixelSortPlan::takes(const PixelSortOptions& other) const {
  const auto shaping = [](const PixelSortOptions& o) {  // every field but mix; mask and field by identity
    return std::tie(o.angle, o.intervals, o.lower, o.upper, o.spanLength, o.seed, o.maxSpan, o.skipPercent, o.key,
                    o.order, o.mask, o.select, o.invert, o.path, o.centerX, o.centerY, o.field);
  };
  return shaping(other) == shaping(options_);
}

bool PixelSortPlan::keepsLines(const PixelSortOptions& o, Algorithm algorithm) const {
  const PixelSortOptions& p = options_;
  return o.angle == p.angle && o.mask == p.mask && o.field == p.field && algorithm == algorithm_ &&
         packsLines(o) == packsLines(p) && o.path == p.path && o.centerX == p.centerX && o.centerY == p.centerY &&
         (o.path == PixelPath::Lines || o.key == p.key);  // a path's pieces follow the key
}

void PixelSortPlan::reschedule(const PixelSortOptions& options) {
  // The lines stand, but the key may not fit them (rgb's 48-bit order on lines past 4096): checked
  // as a new plan would be, before the plan changes.
  checkPixelSortFits(name_, width_, height_, lines_.layout.shape(), options.key, algorithm_);
  PassSchedule schedule = pixelSortSchedule(lines_.layout, algorithm_, options);
  runner().prepare(schedule, sourceShape(lines_.layout, options));
  schedule_ = std::move(schedule);
  options_ = options;
  runner().restartFromSource();
}

Runner& PixelSortPlan::runner() const {
  if (!runner_) throw Error(ExitCode::Gpu, "pixel sort plan: used after its runner was released");
  return *runner_;
}

void PixelSortPlan::upload(const Image& image) {
  uploadPixelSource(runner(), image, options_, lines_.layout, lines_.elementOf);
}

void PixelSortPlan::uploadPixels(GLuint framebuffer) { runner().uploadSourcePixels(framebuffer); }

double PixelSortPlan::run(const Image& image) {
  upload(image);
  return runner().run(schedule_);
}

std::vector<std::uint8_t> PixelSortPlan::readSorted(const Image& image, std::vector<std::uint8_t> storage, double mix) {
  std::vector<std::uint8_t> bytes = runner().readPixelBytes(image.pixelCount(), std::move(storage));
  mixWithOriginal(bytes, image.rgba, mix);
  return bytes;
}

std::vector<std::uint8_t> PixelSortPlan::sort(const Image& image, std::vector<std::uint8_t> storage, double mix) {
  run(image);
  return readSorted(image, std::move(storage), mix);
}

}  // namespace texsort
