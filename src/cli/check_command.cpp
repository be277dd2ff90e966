// `texsort check`: a conformance run for a GPU and driver. Every case's GPU state is read back
// after every pass and compared with the CPU model's; a digest of each state lets two machines'
// runs be compared line by line.
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <tuple>

#include "cli/commands.h"
#include "cli/report.h"
#include "context/egl_context.h"
#include "sort/compute_runner.h"
#include "error.h"
#include "fault.h"
#include "sort/bits.h"
#include "pixelsort/conformance.h"
#include "pixelsort/pixel_runner.h"
#include "sort/runner.h"

namespace texsort {
namespace {

struct CaseResult {
  Algorithm algorithm = Algorithm::Bitonic;
  std::uint32_t pixels = 0;
  std::uint64_t elements = 0;
  SortOrder order = SortOrder::Ascending;
  CheckPattern pattern = CheckPattern::Random;
  const char* lines = nullptr;       // a pixel sort's case (PixelCheckCase::name); null for a sort
  bool skipped = false;
  std::string failure;              // empty when every pass matched
  std::vector<std::string> digests;  // after each pass
};

// Where two states first differ, in words.
std::string firstDifference(const SortState& gpu, const SortState& cpu) {
  for (std::size_t i = 0; i < std::min(gpu.elements.size(), cpu.elements.size()); ++i) {
    if (gpu.elements[i] != cpu.elements[i]) {
      return "element " + std::to_string(i) + ": GPU " + describeElement(gpu.elements[i]) + ", CPU " +
             describeElement(cpu.elements[i]);
    }
  }
  for (const auto& [name, a, b] : {std::tuple{"the scan buffer", &gpu.scan, &cpu.scan},
                                   std::tuple{"the compact buffer", &gpu.compact, &cpu.compact},
                                   std::tuple{"the wide buffer", &gpu.wide, &cpu.wide}}) {
    if (*a != *b) return name;
  }
  if (gpu.source != cpu.source) return "the pixel source";
  if (gpu.spans != cpu.spans) return "the span words";
  if (gpu.pixels != cpu.pixels) return "the image's bytes";
  if (gpu.counts != cpu.counts) return "the radix counts";
  return "the buffers' sizes";
}

const char* orderName(SortOrder order) { return order == SortOrder::Ascending ? "asc" : "desc"; }
std::string patternText(const CaseResult& c) {
  return std::string(patternName(c.pattern)) + (c.lines ? std::string("/") + c.lines : "");
}

// Runs the schedule pass by pass from `cpu`, the state the runner was given, comparing after each.
void runPasses(Runner& runner, const PassSchedule& schedule, SortState cpu, CaseResult& c) {
  for (std::size_t p = 0; p < schedule.size(); ++p) {
    runner.runPass(schedule[p]);
    cpu = runPass(schedule[p], std::move(cpu));
    SortState gpu = runner.readState();
    // A forced failure corrupts one state, so the tests see the check catch a real difference.
    if (p == 1 && forcedFailure("check") && gpu.elements.size() >= 2) std::swap(gpu.elements[0], gpu.elements[1]);
    c.digests.push_back(stateDigest(gpu));
    if (!(gpu == cpu)) {
      c.failure = "pass " + std::to_string(p + 1) + " (" + describe(schedule[p]) + "): " + firstDifference(gpu, cpu);
      return;
    }
  }
}

void runCase(Runner& runner, const PassSchedule& schedule, CaseResult& c) {
  const Image image = checkImage(c.pattern, c.pixels, c.pixels * 31 + static_cast<std::uint32_t>(c.pattern));
  const std::vector<Element> elements = packElements(image, c.order);
  runner.upload(elements);
  SortState cpu;
  cpu.elements = elements;
  runPasses(runner, schedule, std::move(cpu), c);
}

// The pixel sort's cases of one line sort (pixelCheckCases), each order and pattern.
void runPixelCases(Algorithm algorithm, bool quick, std::vector<CaseResult>& results) {
  for (const PixelCheckCase& pc : pixelCheckCases(quick)) {
    for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
      PixelSortOptions o = pc.options;
      o.order = order;
      PixelSortPlan plan("check", pc.width, pc.height, o, algorithm, true);
      for (CheckPattern pattern : kCheckPatterns) {
        CaseResult& c = results.emplace_back();
        c.algorithm = algorithm;
        c.pixels = pc.width * pc.height;
        c.elements = plan.layout().shape().count();
        c.order = order;
        c.pattern = pattern;
        c.lines = pc.name;
        Image image = checkImage(pattern, c.pixels, c.pixels * 37 + static_cast<std::uint32_t>(pattern));
        image.width = pc.width;
        image.height = pc.height;
        SortState cpu;
        cpu.source = pixelSortSource(image, o, plan.layout());
        plan.upload(image);
        runPasses(plan.runner(), plan.schedule(), std::move(cpu), c);
        if (!c.failure.empty()) {
          std::fprintf(stderr, "texsort: check: %s, pixel sort %s %ux%u, %s, %s: %s\n", algorithmName(algorithm), pc.name,
                       pc.width, pc.height, orderName(order), patternName(pattern), c.failure.c_str());
        }
      }
    }
  }
}

// Every size of `algorithm`'s set, each order and pattern: a case each, run unless over --max-work.
void runSortCases(Algorithm algorithm, const CheckOptions& options, std::vector<CaseResult>& results) {
  for (std::uint32_t pixels : checkSizes(options.quick, algorithm)) {
    const std::uint64_t n = nextPowerOfTwo(pixels);
    const PassSchedule schedule = scheduleFor(algorithm, n);
    const bool skip = double(schedule.size()) * double(n) > options.maxWork || n > info(algorithm).maxElements;
    std::unique_ptr<Runner> runner;
    if (!skip) {
      runner = makeRunner(algorithm, n);
      runner->prepare(schedule);
    }
    for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
      for (CheckPattern pattern : kCheckPatterns) {
        CaseResult& c = results.emplace_back();
        c.algorithm = algorithm;
        c.pixels = pixels;
        c.elements = n;
        c.order = order;
        c.pattern = pattern;
        c.skipped = skip;
        if (!skip) runCase(*runner, schedule, c);
        if (!c.failure.empty()) {
          std::fprintf(stderr, "texsort: check: %s, %u pixels, %s, %s: %s\n", algorithmName(algorithm), pixels,
                       orderName(order), patternName(pattern), c.failure.c_str());
        }
      }
    }
    if (!options.json && ::isatty(fileno(stderr))) {
      std::fprintf(stderr, "\rcheck: %s, %u pixels\033[K", algorithmName(algorithm), pixels);
    }
  }
}

void printJson(const HeadlessContext& context, const CheckOptions& options, const std::vector<CaseResult>& results) {
  std::printf("{\"renderer\": %s, \"gl_version\": %s, \"set\": \"%s\", \"cases\": [\n", jsonString(context.renderer()).c_str(),
              jsonString(context.glVersion()).c_str(), options.quick ? "quick" : "full");
  for (std::size_t i = 0; i < results.size(); ++i) {
    const CaseResult& c = results[i];
    std::printf("  {\"algorithm\": \"%s\", \"pixels\": %u, \"elements\": %llu, \"order\": \"%s\", \"pattern\": \"%s\", ",
                algorithmName(c.algorithm), c.pixels, static_cast<unsigned long long>(c.elements), orderName(c.order),
                patternText(c).c_str());
    std::printf("\"result\": \"%s\", \"failure\": %s, \"digests\": [", c.skipped ? "skipped" : c.failure.empty() ? "ok" : "fail",
                jsonString(c.failure).c_str());
    for (std::size_t p = 0; p < c.digests.size(); ++p) std::printf("%s\"%s\"", p ? ", " : "", c.digests[p].c_str());
    std::printf("]}%s\n", i + 1 < results.size() ? "," : "");
  }
  std::printf("]}\n");
}

void printTable(const HeadlessContext& context, const CheckOptions& options, const std::vector<Algorithm>& algorithms,
                const std::vector<CaseResult>& results) {
  std::printf("texsort check (%s set): %s, OpenGL %s\n", options.quick ? "quick" : "full", context.renderer().c_str(),
              context.glVersion().c_str());
  std::printf("%-16s %6s %8s %8s %8s  %s\n", "algorithm", "cases", "passes", "skipped", "failed", "result");
  std::map<Algorithm, std::array<std::size_t, 4>> rows;  // cases, passes, skipped, failed
  for (const CaseResult& c : results) {
    auto& row = rows[c.algorithm];
    row[0] += !c.skipped;
    row[1] += c.digests.size();
    row[2] += c.skipped;
    row[3] += !c.failure.empty();
  }
  for (Algorithm algorithm : algorithms) {
    const auto& row = rows[algorithm];
    std::printf("%-16s %6zu %8zu %8zu %8zu  %s\n", algorithmName(algorithm), row[0], row[1], row[2], row[3],
                row[3] ? "FAIL" : "ok");
  }
  if (!options.digests) return;
  for (const CaseResult& c : results) {
    for (std::size_t p = 0; p < c.digests.size(); ++p) {
      std::printf("digest %s %u %s %s pass %zu %s\n", algorithmName(c.algorithm), c.pixels, orderName(c.order),
                  patternText(c).c_str(), p + 1, c.digests[p].c_str());
    }
  }
}

}  // namespace

int runCheck(const CheckOptions& options) {
  // Mesa's llvmpipe (22.3) has a race in its fences: the last rasterizer thread to signal one still
  // unlocks the fence's mutex after the waiting thread has seen it signalled (without the lock) and
  // freed it, writing 4 zero bytes into freed heap (docs/reliability.md: a core dump of the SIGSEGV
  // this caused about once in 400 runs). check waits on a fence after every pass of every case, so
  // it runs llvmpipe without rasterizer threads (no slower here: its textures are small) unless the
  // user chose a thread count. Other drivers do not read the variable.
  ::setenv("LP_NUM_THREADS", "0", 0);
  HeadlessContext context;
  // The compute shaders assert their bounds here: on a GPU with robust buffer access an access past
  // the end is dropped silently, and only the count the shaders keep shows it.
#ifndef __EMSCRIPTEN__  // the browser has no compute shaders
  boundsCheck() = true;
#endif
  std::vector<CaseResult> results;
  const std::vector<Algorithm> algorithms = runnableAlgorithms(options.algorithms, options.algorithmsGiven, "check");
  for (Algorithm algorithm : algorithms) {
    runSortCases(algorithm, options, results);
    if (pixelSortAlgorithm(algorithm)) runPixelCases(algorithm, options.quick, results);
  }
  if (!options.json && ::isatty(fileno(stderr))) std::fprintf(stderr, "\r\033[K");

  std::size_t failed = 0, checked = 0, skipped = 0;
  for (const CaseResult& c : results) {
    failed += !c.failure.empty();
    checked += !c.skipped;
    skipped += c.skipped;
  }
  if (options.json) {
    printJson(context, options, results);
  } else {
    printTable(context, options, algorithms, results);
    std::printf("%s: %zu cases checked pass by pass against the CPU model, %zu failed, %zu skipped (passes x N over %.3g)\n",
                failed ? "FAIL" : "ok", checked, failed, skipped, options.maxWork);
  }
  return failed ? static_cast<int>(ExitCode::Mismatch) : 0;
}

}  // namespace texsort
