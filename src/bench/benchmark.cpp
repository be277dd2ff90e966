// Benchmark cells: medians of GPU and wall time per algorithm and size, with their yardsticks.
#include "bench/benchmark.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <chrono>
#include <random>

#include "bench/naive.h"
#include "error.h"
#include "gl/objects.h"
#include "sort/packing.h"
#include "sort/bits.h"
#include "sort/memory_budget.h"
#include "sort/pass.h"
#include "pixelsort/pixel_runner.h"
#include "sort/runner.h"

namespace texsort {

std::vector<Element> benchmarkElements(std::uint64_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Element> elements(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint32_t rgb = static_cast<std::uint32_t>(rng()) & 0xFFFFFFu;
    const std::uint32_t luma = lumaKey(std::uint8_t(rgb >> 16), std::uint8_t(rgb >> 8), std::uint8_t(rgb));
    elements[i] = Element{float(luma), float(i), float(rgb), 255.0f};
  }
  return elements;
}

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

// Runs `attempt`; an Error it throws (only one of code Gpu unless `anyError`) makes the cell a
// skipped one, noted with why. True when skipped.
template <typename Attempt>
bool skipsCell(BenchCell& cell, bool anyError, Attempt&& attempt) {
  try {
    attempt();
    return false;
  } catch (const Error& e) {
    if (!anyError && e.code() != ExitCode::Gpu) throw;
    cell.skipped = true;
    cell.note = e.what();
    return true;
  }
}

// One timed run: the schedule from a fresh upload, then (the fast and wide paths) the classic one
// interleaved, so a machine whose speed drifts (a shared VM) slows both sides of the ratio alike,
// then the copy pass and std::sort of the same data.
struct BenchRun {
  double gpuMs = 0.0, wallMs = 0.0, copyMs = 0.0, cpuMs = 0.0, classicMs = 0.0;
  std::vector<Element> result, expected;  // with readBack only
};

double timedRun(Runner& runner, const PassSchedule& schedule, const std::vector<Element>& elements, double* gpuMs) {
  runner.upload(elements);
  glFinish();
  const auto start = Clock::now();
  const double gpu = runner.run(schedule);
  glFinish();
  if (gpuMs) *gpuMs = gpu;
  return msSince(start);
}

BenchRun benchRun(Runner& runner, const PassSchedule& schedule, const PassSchedule& classic,
                  const std::vector<Element>& elements, bool readBack) {
  BenchRun run;
  run.wallMs = timedRun(runner, schedule, elements, &run.gpuMs);
  if (readBack) run.result = runner.readElements();
  if (!classic.empty()) run.classicMs = timedRun(runner, classic, elements, nullptr);
  // One copy pass is short and llvmpipe's timing of it jitters: take several per run.
  std::vector<double> copies;
  for (int k = 0; k < 5; ++k) copies.push_back(runner.copyPassMs());
  run.copyMs = median(copies);
  std::vector<Element> expected = elements;
  const auto cpuStart = Clock::now();
  std::sort(expected.begin(), expected.end(), elementLess);
  run.cpuMs = msSince(cpuStart);
  if (readBack) run.expected = std::move(expected);
  return run;
}

}  // namespace

BenchCell measureCell(Algorithm algorithm, std::uint64_t n, unsigned runs, double maxWork) {
  BenchCell cell;
  cell.algorithm = algorithm;
  cell.n = n;
  // A size the algorithm cannot sort exactly: a skipped cell, with why.
  if (skipsCell(cell, true, [&] { checkAlgorithmFits(algorithm, n); })) return cell;
  const PassSchedule schedule = scheduleFor(algorithm, n);
  cell.passes = schedule.size();
  cell.steps = networkSteps(schedule);
  if (double(schedule.size()) * double(n) > maxWork) {
    cell.skipped = true;
    cell.note = std::to_string(schedule.size()) + " passes x " + std::to_string(n) + " elements exceeds --max-work";
    return cell;
  }
  const auto width = static_cast<std::uint32_t>(std::uint64_t{1} << ((log2Exact(n) + 1) / 2));
  const auto checkBudget = [&] {  // the memory budget (TEXSORT_MEMORY_LIMIT too) before the cell allocates anything
    checkMemoryBudget("N = " + std::to_string(n), width, static_cast<std::uint32_t>(n / width), 0, algorithm);
  };
  if (skipsCell(cell, false, checkBudget)) return cell;
  for (const Pass& pass : schedule) cell.bytes += bytesPerElement(pass, n) * double(n);
  std::unique_ptr<Runner> runner;  // more than this context's buffers hold (llvmpipe's storage blocks: 128 MiB): skipped
  if (skipsCell(cell, false, [&] { runner = makeRunner(algorithm, n); })) return cell;
  runner->prepare(schedule);
  const bool fused = algorithm == Algorithm::BitonicFast || algorithm == Algorithm::BitonicWide;
  const PassSchedule classic = fused ? bitonicSchedule(n) : PassSchedule{};
  if (!classic.empty()) runner->prepare(classic);
  const std::vector<Element> elements = benchmarkElements(n, 20261122);
  // Run 0 warms up (shader compiles, allocation) and checks the result against std::sort.
  const BenchRun first = benchRun(*runner, schedule, classic, elements, true);
  if (first.result != first.expected) {
    throw Error(ExitCode::Mismatch, std::string("bench: ") + algorithmName(algorithm) + " at n = " + std::to_string(n) +
                                        " did not sort like std::sort");
  }
  std::vector<double> gpu, wall, copy, cpu, classicWall;
  for (unsigned k = 0; k < runs; ++k) {
    const BenchRun run = benchRun(*runner, schedule, classic, elements, false);
    gpu.push_back(run.gpuMs);
    wall.push_back(run.wallMs);
    copy.push_back(run.copyMs);
    cpu.push_back(run.cpuMs);
    if (!classic.empty()) classicWall.push_back(run.classicMs);
  }
  cell.gpuMs = median(gpu);
  cell.wallMs = median(wall);
  cell.copyMs = median(copy);
  cell.stdSortMs = median(cpu);
  cell.classicWallMs = median(classicWall);
  return cell;
}

namespace {

// Times every pass of `schedule` alone, `runs` times after a warm-up; `upload` puts the input back
// (a pixel sort's in `source`) before each run.
PassCosts timePasses(Runner& runner, const PassSchedule& schedule, unsigned runs, const std::function<void()>& upload,
                     const SourceShape& source = SourceShape{}) {
  runner.prepare(schedule, source);
  std::vector<std::vector<double>> perPass(schedule.size());
  std::vector<double> copies;
  bool copiesFit = true;
  for (unsigned run = 0; run <= runs; ++run) {  // run 0 warms up
    upload();
    for (std::size_t i = 0; i < schedule.size(); ++i) {
      glFinish();
      const auto start = Clock::now();
      runner.runPass(schedule[i]);
      glFinish();
      if (run > 0) perPass[i].push_back(msSince(start));
    }
    // The yardstick warms up with the passes (its first run compiles its shader: ~100 times a
    // warm copy on llvmpipe, which made pass/copy read 0.01 with --runs 1); several per run, as
    // one copy pass is short and its timing jitters.
    // A pixel sort on the compute rows has no element buffer; where one would not fit a storage
    // block (llvmpipe past 2^23 elements) it goes without the yardstick (copy ms 0: shown as -).
    for (int k = 0; k < 5 && copiesFit; ++k) {
      try {
        const double copyMs = runner.copyPassMs();
        if (run > 0) copies.push_back(copyMs);
      } catch (const Error& e) {
        if (e.code() != ExitCode::Gpu) throw;
        copiesFit = false;
      }
    }
  }
  PassCosts costs;
  costs.n = schedule.shape.count();
  costs.copyMs = copies.empty() ? 0.0 : median(copies);
  std::vector<std::vector<double>> medians;
  for (std::size_t i = 0; i < schedule.size(); ++i) {
    const std::string shape = passShape(schedule[i]);
    auto found = std::find_if(costs.shapes.begin(), costs.shapes.end(),
                              [&](const PassShapeCost& c) { return c.shape == shape; });
    if (found == costs.shapes.end()) {
      costs.shapes.push_back(PassShapeCost{shape, 0, 0, 0, bytesPerElement(schedule[i], costs.n) * double(costs.n)});
      medians.emplace_back();
      found = costs.shapes.end() - 1;
    }
    const double ms = median(perPass[i]);
    ++found->passes;
    found->totalMs += ms;
    medians[found - costs.shapes.begin()].push_back(ms);
  }
  for (std::size_t k = 0; k < costs.shapes.size(); ++k) costs.shapes[k].msPerPass = median(medians[k]);
  return costs;
}

}  // namespace

PassCosts measurePassCosts(Algorithm algorithm, std::uint64_t n, unsigned runs) {
  checkAlgorithmFits(algorithm, n);
  const std::vector<Element> elements = benchmarkElements(n, 20261122);
  const std::unique_ptr<Runner> runner = makeRunner(algorithm, n);
  PassCosts costs = timePasses(*runner, scheduleFor(algorithm, n), runs, [&] { runner->upload(elements); });
  costs.algorithm = algorithm;
  return costs;
}

PassCosts measurePixelSortPassCosts(const Image& image, const PixelSortOptions& options, Algorithm algorithm,
                                    unsigned runs) {
  PixelSortPlan plan("the scaled image", image.width, image.height, options, algorithm, true);
  PassCosts costs = timePasses(plan.runner(), plan.schedule(), runs, [&] { plan.upload(image); },
                               sourceShape(plan.layout(), options));
  costs.algorithm = algorithm;
  return costs;
}

Image scaledNearest(const Image& image, std::uint32_t side) {
  Image out;
  out.width = out.height = side;
  out.channels = image.channels;
  out.rgba.resize(std::uint64_t{side} * side * 4);
  for (std::uint32_t y = 0; y < side; ++y) {
    const std::uint64_t sy = std::uint64_t{y} * image.height / side;
    for (std::uint32_t x = 0; x < side; ++x) {
      const std::uint64_t sx = std::uint64_t{x} * image.width / side;
      std::copy_n(&image.rgba[4 * (sy * image.width + sx)], 4, &out.rgba[4 * (std::uint64_t{y} * side + x)]);
    }
  }
  return out;
}

PixelSortCell measurePixelSort(const Image& image, const PixelSortOptions& options, Algorithm algorithm, unsigned runs) {
  PixelSortCell cell;
  cell.algorithm = algorithm;
  cell.width = image.width;
  cell.height = image.height;
  PixelSortPlan plan("the scaled image", image.width, image.height, options, algorithm, true);
  cell.passes = plan.schedule().size();
  std::vector<double> gpu, wall, cpu;
  for (unsigned run = 0; run <= runs; ++run) {  // run 0 warms up and compares the two results
    glFinish();
    const auto start = Clock::now();
    const double gpuMs = plan.run(image);
    const Image result = withPixels(image, plan.readSorted(image, {}, 1.0));  // unmixed, as the reference
    const double wallMs = msSince(start);
    const auto cpuStart = Clock::now();
    const Image reference = pixelSortReference(image, options);
    const double cpuMs = msSince(cpuStart);
    if (run == 0) {
      if (result.rgba != reference.rgba) {
        throw Error(ExitCode::Mismatch, std::string("bench: the pixel sort (") + algorithmName(algorithm) + ") at " +
                                            std::to_string(image.width) + "x" +
                                            std::to_string(image.height) + " differs from the CPU reference");
      }
      continue;
    }
    gpu.push_back(gpuMs);
    wall.push_back(wallMs);
    cpu.push_back(cpuMs);
  }
  cell.gpuMs = median(gpu);
  cell.wallMs = median(wall);
  cell.cpuMs = median(cpu);
  return cell;
}

BenchCell measureNaiveCell(std::uint64_t n, unsigned runs) {
  BenchCell cell;
  cell.naive = true;
  cell.n = n;
  const std::vector<Element> elements = benchmarkElements(n, 20261122);
  const Colours colours = coloursOf(elements);
  NaiveBitonic naive(n);
  cell.passes = naive.passes();
  cell.steps = cell.passes;
  cell.bytes = double(cell.passes) * 3 * 16 * double(n);  // reads self and partner, writes one RGBA32F texel
  // The copy pass the cells use: the same RGBA32F texture size, the fragment runner's copy.
  const std::unique_ptr<Runner> copier = makeRunner(Algorithm::Bitonic, n);
  copier->upload(elements);
  const gl::GpuTimer timer;
  std::vector<double> gpu, wall, copy, cpu;
  for (unsigned run = 0; run <= runs; ++run) {  // run 0 warms up and is checked against the CPU model
    naive.upload(colours);
    glFinish();
    const auto start = Clock::now();
    timer.begin();
    naive.run();
    timer.end();
    glFinish();
    const double wallMs = msSince(start);
    if (run == 0) {
      if (naive.read() != naiveModel(colours)) {
        throw Error(ExitCode::Mismatch, "bench: the naive sort at n = " + std::to_string(n) + " did not match its CPU model");
      }
      continue;
    }
    std::vector<double> copies;
    for (int k = 0; k < 5; ++k) copies.push_back(copier->copyPassMs());
    std::vector<Element> expected = elements;
    const auto cpuStart = Clock::now();
    std::sort(expected.begin(), expected.end(), elementLess);
    cpu.push_back(msSince(cpuStart));
    gpu.push_back(timer.milliseconds());
    wall.push_back(wallMs);
    copy.push_back(median(copies));
  }
  cell.gpuMs = median(gpu);
  cell.wallMs = median(wall);
  cell.copyMs = median(copy);
  cell.stdSortMs = median(cpu);
  return cell;
}

}  // namespace texsort
