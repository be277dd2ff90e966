// `texsort sort` and `texsort info`: the headless pipeline file -> elements -> passes -> file.
#include <algorithm>
#include <memory>
#include <utility>
#include <cstdio>

#include "cli/commands.h"
#include "cli/report.h"
#include "context/egl_context.h"
#include "gl/capabilities.h"
#include "error.h"
#include "sort/cpu_model.h"
#include "fault.h"
#include "io/files.h"
#include "sort/bits.h"
#include "sort/memory_budget.h"
#include "pixelsort/option_table.h"
#include "pixelsort/pixel_runner.h"
#include "pixelsort/presets.h"
#ifndef __EMSCRIPTEN__  // the browser has no compute runner
#include "sort/compute_runner.h"
#endif
#include "sort/runner.h"

namespace texsort {
namespace {

// Throws Error(Mismatch) unless the GPU's final state equals the CPU model's, element for element,
// and the CPU model's equals a plain stable sort by (key, index).
void verifyResult(const std::vector<Element>& input, const PassSchedule& schedule, const std::vector<Element>& gpu) {
  const std::vector<Element> cpu = runSchedule(schedule, input);
  requireSameAsCpuModel(gpu, cpu, [&](std::size_t i) {
    return std::to_string(i) + ": GPU " + describeElement(gpu[i]) + ", CPU " + describeElement(cpu[i]);
  });
  std::vector<Element> reference = input;
  std::stable_sort(reference.begin(), reference.end(), elementLess);
  if (reference != cpu) throw Error(ExitCode::Mismatch, "verify: the CPU model's result is not sorted by (key, index)");
}

}  // namespace

static int sortFile(const SortOptions& options);

int runSort(const SortOptions& options) {
  return namingTheFile(inputName(options.input), [&] { return sortFile(options); });
}

// `texsort sort` itself; runSort names the file in a GPU allocation's failure.
static int sortFile(const SortOptions& given) {
  using Clock = std::chrono::steady_clock;
  SortOptions options = given;
  checkOutput(options.output, {{options.input}});
  // The header first: the memory budget is checked before the image is decoded or anything large
  // is allocated, on the host or on the GPU.
  const std::string name = inputName(options.input);
  std::vector<unsigned char> bytes = readImageFile(options.input);
  const ImageHeader header = readImageHeader(name, bytes.data(), bytes.size(), kMaxElements);
  const std::uint64_t count = nextPowerOfTwo(std::uint64_t{header.width} * header.height);
  checkAlgorithmFits(options.algorithm, count);
  HeadlessContext context;
  if (options.automatic) options.algorithm = sortAlgorithmHere(count);
  if (!options.algorithmGiven) options.algorithm = fragmentSortHere();
  checkMemoryBudget(name, header.width, header.height, bytes.size(), options.algorithm);
  const Image image = decodeImage(name, bytes.data(), bytes.size(), header);
  std::vector<unsigned char>().swap(bytes);
  const std::vector<Element> elements = packElements(image, options.order);
  const PassSchedule schedule = scheduleFor(options.algorithm, elements.size());

  const std::unique_ptr<Runner> runner = makeRunner(options.algorithm, elements.size());
  if (!options.quiet && schedule.size() > 20000) {
    std::fprintf(stderr, "texsort: note: %s needs %zu passes for %zu elements; this takes a while\n",
                 algorithmName(options.algorithm), schedule.size(), elements.size());
  }
  runner->prepare(schedule);  // shader compiles and allocations stay out of the timing
  const auto start = Clock::now();
  runner->upload(elements);
  const double gpuMs = runner->run(schedule);
  std::vector<Element> sorted = runner->readElements();
  const double wallMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();

  // A forced failure swaps two elements, so the tests see --verify catch a real difference.
  if (forcedFailure("verify") && sorted.size() >= 2) std::swap(sorted[0], sorted[1]);
  if (options.verify) verifyResult(elements, schedule, sorted);
  saveImagePng(options.output, unpackElements(sorted, image.width, image.height, image.channels));

  if (!options.quiet) {
    // With -o - the image owns standard output; the report goes to standard error.
    std::FILE* report = options.output == "-" ? stderr : stdout;
    const TextureLayout& layout = runner->layout();
    std::fprintf(report, "sorted %s (%ux%u, %d channel%s) -> %s, %s by luma\n", inputName(options.input).c_str(), image.width,
                image.height, image.channels, image.channels == 1 ? "" : "s", outputName(options.output).c_str(),
                options.order == SortOrder::Ascending ? "ascending" : "descending");
    std::fprintf(report, "  elements  %zu (%llu pixels + %llu padding) in a %ux%u RGBA32F texture\n", elements.size(),
                static_cast<unsigned long long>(image.pixelCount()),
                static_cast<unsigned long long>(elements.size() - image.pixelCount()), layout.width, layout.height);
    const std::uint64_t steps = networkSteps(schedule);
    if (steps != 0 && steps != schedule.size()) {
      std::fprintf(report, "  passes    %zu %s, carrying %llu network steps\n", schedule.size(), algorithmName(options.algorithm),
                  static_cast<unsigned long long>(steps));
    } else {
      std::fprintf(report, "  passes    %zu %s\n", schedule.size(), algorithmName(options.algorithm));
    }
#ifndef __EMSCRIPTEN__
    const auto* compute = dynamic_cast<const ComputeRunner*>(runner.get());
    if (compute != nullptr && compute->skippedScatters() > 0) {
      std::fprintf(report, "  skipped   %u radix scatters: digits every key shares\n", compute->skippedScatters());
    }
#endif
    std::fprintf(report, "  renderer  %s (EGL %s)\n", context.renderer().c_str(), context.platform().c_str());
    std::fprintf(report, "  GPU time  %.2f ms (%.3f ms per pass); upload + sort + read back %.2f ms\n", gpuMs,
                schedule.empty() ? 0.0 : gpuMs / double(schedule.size()), wallMs);
    if (options.verify) std::fprintf(report, "  verify    identical to the CPU model, sorted by (key, index)\n");
  }
  if (options.exitWhenDone) exitNow(0);  // the GL context stays up: its teardown is ~9 ms
  return 0;
}

namespace {

// info --options: the option table and the presets, one JSON object (no GL needed).
int printOptionTable() {
  std::string out = "{\"options\": [";
  for (const SortOptionInfo& o : sortOptionTable()) {
    char range[80] = "";
    if (o.kind == SortOptionInfo::Kind::Real || o.kind == SortOptionInfo::Kind::Integer) {
      std::snprintf(range, sizeof range, ", \"min\": %.17g, \"max\": %.17g", o.min, o.max);
    }
    std::string choices;
    for (const std::string& c : o.choices) choices += (choices.empty() ? "" : ", ") + jsonString(c);
    out += std::string(&o == &sortOptionTable().front() ? "" : ",") + "\n  {\"name\": " + jsonString(o.name) +
           ", \"kind\": \"" + kindName(o.kind) + "\"" + range + ", \"default\": " + jsonString(o.initial) +
           ", \"choices\": [" + choices + "], \"animated\": " + (o.animated ? "true" : "false") +
           ", \"help\": " + jsonString(o.help) + "}";
  }
  out += "\n], \"presets\": [";
  for (const PresetInfo& p : kPresets) out += std::string(&p == kPresets ? "" : ", ") + jsonString(p.name);
  out += "]}\n";
  std::fputs(out.c_str(), stdout);
  return 0;
}

}  // namespace

int runInfo(bool optionTable) {
  if (optionTable) return printOptionTable();
  HeadlessContext context;
  std::printf("renderer          %s\n", context.renderer().c_str());
  std::printf("GL version        %s\n", context.glVersion().c_str());
  std::printf("max texture size  %d\n", context.maxTextureSize());
  std::printf("draw targets      %d a draw%s\n", gl::drawBuffers(),
              algorithmAvailableHere(Algorithm::BitonicWide) ? "" : ": bitonic-wide (8) does not run here, bitonic-fast does");
  std::printf("EGL platform      %s\n", context.platform().c_str());
  std::printf("memory            %s\n", memorySummary().c_str());
  const std::uint64_t side = static_cast<std::uint64_t>(context.maxTextureSize());
  std::printf("largest sort      %llu elements (%llux%llu texture; indices above 2^24 split across r and g)\n",
              static_cast<unsigned long long>(std::min(kMaxElements, side * side)),
              static_cast<unsigned long long>(side), static_cast<unsigned long long>(side));
  if (gl::computeAvailable()) {
    const gl::ComputeLimits l = gl::computeLimits();
    std::printf("compute shaders   available: the compute-* algorithms run here\n");
    std::printf("  work group size   %d x %d x %d, at most %d invocations\n", l.workGroupSize[0], l.workGroupSize[1],
                l.workGroupSize[2], l.invocations);
    std::printf("  work group count  %d x %d x %d\n", l.workGroupCount[0], l.workGroupCount[1], l.workGroupCount[2]);
    std::printf("  shared memory     %d bytes per work group (C2/C4 blocks use %d, compute-b32c4's and -b32c16's %d)\n",
                l.sharedBytes, 8 << kSharedBlockLog2, 8 << kLargeSharedBlockLog2);
    const auto fits = [&](std::uint64_t bytesEach) {  // elements whose buffer fits one storage block
      return static_cast<unsigned long long>(std::min<std::uint64_t>(kMaxElements, std::uint64_t(l.storageBlockBytes) / bytesEach));
    };
    std::printf("  storage block     %lld MiB (the compute path sorts up to %llu elements, pixel-sorts up to %llu: "
                "8-byte pairs, no elements)\n",
                static_cast<long long>(l.storageBlockBytes >> 20), fits(sizeof(Element)), fits(kPairBytes));
  } else {
    std::printf("compute shaders   not available (OpenGL 4.3 needed): the compute-* algorithms do not run here\n");
  }
  if (gl::computeAvailable()) {
    std::printf("sort auto         compute-radix: compute shaders here (beyond one storage block: %s)\n",
                algorithmName(fragmentSortHere()));
  } else {
    std::printf("sort auto         %s: no compute shaders here\n", algorithmName(fragmentSortHere()));
  }
  const PixelSortBackend& backend = pixelSortBackendChoice();
  std::printf("pixelsort auto    %s: ", algorithmName(backend.algorithm));
  if (!backend.compute) std::printf("no compute shaders here\n");
  else if (backend.computeCopyMs <= 0) std::printf("the copies could not be timed here\n");
  else if (backend.software) {
    std::printf("a copy of 2^%d elements took %.3f ms on compute, %.3f ms on fragment passes (a software renderer: "
                "%s where compute takes at most twice the fragment time)\n", backend.probeLog2, backend.computeCopyMs,
                backend.fragmentCopyMs, algorithmName(kSoftwareComputePixelSort));
  } else {
    std::printf("a copy of 2^%d elements took %.3f ms on compute, %.3f ms on fragment passes (%s where compute takes "
                "at most half the fragment time)\n", backend.probeLog2, backend.computeCopyMs, backend.fragmentCopyMs,
                algorithmName(kComputePixelSort));
  }
  if (backend.computeCopyMs > 0 && backend.keptIn.empty()) {
    std::printf("  probe           measured now, not kept (a failure is forced, or no cache file can be written)\n");
  } else if (backend.computeCopyMs > 0) {
    std::printf("  probe           the least copies of %d run%s on this machine, %s %s (remove it to measure again)\n",
                backend.probes, backend.probes == 1 ? "" : "s", backend.measured ? "this one's kept in" : "read from",
                backend.keptIn.c_str());
  }
  return 0;
}

}  // namespace texsort
