// `texsort pixelsort`: file -> keys and spans -> one bitonic network over every line on the GPU ->
// file, with sort's I/O contract (atomic output, one-line errors, --verify).
#include <chrono>
#include <cstdio>
#include <memory>

#include "cli/commands.h"
#include "cli/report.h"
#include "context/egl_context.h"
#include "error.h"
#include "fault.h"
#include "io/files.h"
#include "sort/cpu_model.h"
#include "sort/memory_budget.h"
#include "sort/runner.h"

namespace texsort {
namespace {

// Throws Error(Mismatch) unless the GPU's elements equal the CPU model's and the CPU model's image
// equals a plain stable sort of every span.
void verifyPixelSort(const Image& image, const PixelSortOptions& options, const LineLayout& layout,
                     const std::vector<Element>& input, const PassSchedule& schedule, const std::vector<Element>& gpu) {
  const std::vector<Element> cpu = runSchedule(schedule, input);
  requireSameAsCpuModel(gpu, cpu, [&](std::size_t i) {
    return "line " + std::to_string(i / layout.paddedLength) + ", position " + std::to_string(i % layout.paddedLength);
  });
  if (pixelSortImage(image, cpu, layout).rgba != pixelSortReference(image, options).rgba) {
    throw Error(ExitCode::Mismatch, "verify: the CPU model differs from a stable sort of every span");
  }
}

// Spans of two or more pixels (the ones that can move anything).
std::uint64_t countSpans(const std::vector<std::uint32_t>& spans, const LineLayout& layout) {
  std::uint64_t count = 0;
  for (std::uint32_t line = 0; line < layout.count; ++line) {
    const std::uint32_t* span = &spans[layout.starts[line]];
    for (std::uint32_t p = 0; p + 1 < layout.lengthOf(line); ++p) count += span[p] == p && span[p + 1] == p;
  }
  return count;
}

}  // namespace

int runPixelSort(const PixelSortCommandOptions& options) {
  using Clock = std::chrono::steady_clock;
  if (samePath(options.input, options.output)) {
    throw Error(ExitCode::Usage, options.output + ": output is the input file; choose another output");
  }
  checkOutputPath(options.output);
  const PixelSortOptions& ps = options.pixelSort;
  checkPixelSortOptions(ps);
  const std::string name = options.input == "-" ? "standard input" : options.input;
  std::vector<unsigned char> bytes = readImageFile(options.input);
  const ImageHeader header = readImageHeader(name, bytes.data(), bytes.size(), kMaxElements);
  const LineLayout layout = lineLayout(header.width, header.height, ps.angle);
  if (layout.paddedLength * layout.paddedCount > kMaxElements) {
    throw Error(ExitCode::BadInput, name + ": " + std::to_string(header.width) + "x" + std::to_string(header.height) +
                                        " needs " + std::to_string(layout.paddedCount) + " lines of " +
                                        std::to_string(layout.paddedLength) + " elements, more than the 2^28 texsort sorts");
  }
  HeadlessContext context;
  checkMemoryBudget(name, static_cast<std::uint32_t>(layout.paddedLength), static_cast<std::uint32_t>(layout.paddedCount),
                    bytes.size(), options.algorithm);
  const Image image = decodeImage(name, bytes.data(), bytes.size(), header);
  std::vector<unsigned char>().swap(bytes);

  const std::vector<std::uint32_t> spans = spanNumbers(image, ps, layout);
  const std::vector<Element> elements = pixelSortElements(image, ps, layout, spans);
  const PassSchedule schedule = pixelSortSchedule(layout, options.algorithm);
  const std::unique_ptr<Runner> runner = makeRunner(options.algorithm, elements.size());
  runner->prepare(schedule);
  const auto start = Clock::now();
  runner->upload(elements);
  const double gpuMs = runner->run(schedule);
  std::vector<Element> sorted = runner->readElements();
  const double wallMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();

  if (forcedFailure("verify") && sorted.size() >= 2) std::swap(sorted[0].index, sorted[1].index);
  if (options.verify) verifyPixelSort(image, ps, layout, elements, schedule, sorted);
  saveImagePng(options.output, pixelSortImage(image, sorted, layout));

  if (!options.quiet) {
    std::FILE* report = options.output == "-" ? stderr : stdout;
    char angle[32];
    std::snprintf(angle, sizeof angle, "%g", ps.angle);
    std::fprintf(report, "pixel-sorted %s (%ux%u) -> %s: lines at %s degrees, key %s %s, spans by %s\n",
                 options.input.c_str(), image.width, image.height, options.output.c_str(),
                 ps.angle == 0.0 ? "0 (rows)" : ps.angle == kVerticalAngle ? "-90 (columns)" : angle, pixelKeyInfo(ps.key).name,
                 ps.order == SortOrder::Ascending ? "ascending" : "descending",
                 ps.intervals == Intervals::None ? "whole lines" : "luma threshold");
    if (ps.intervals == Intervals::Threshold) {
      const LumaBounds b = lumaBounds(ps);
      std::fprintf(report, "  spans     %llu of two or more pixels (luma %u..%u%s)\n",
                   static_cast<unsigned long long>(countSpans(spans, layout)), b.lowest, b.highest,
                   ps.maxSpan ? (", pieces of at most " + std::to_string(ps.maxSpan)).c_str() : "");
    }
    std::fprintf(report, "  lines     %u of up to %u pixels, padded to %llu x %llu elements\n", layout.count, layout.longest,
                 static_cast<unsigned long long>(layout.paddedCount), static_cast<unsigned long long>(layout.paddedLength));
    std::fprintf(report, "  passes    %zu %s, every line at once, carrying %llu network steps\n", schedule.size(),
                 algorithmName(options.algorithm), static_cast<unsigned long long>(networkSteps(schedule)));
    std::fprintf(report, "  renderer  %s (EGL %s)\n", context.renderer().c_str(), context.platform().c_str());
    std::fprintf(report, "  GPU time  %.2f ms; upload + sort + read back %.2f ms\n", gpuMs, wallMs);
    if (options.verify) std::fprintf(report, "  verify    identical to the CPU model and to a stable sort of every span\n");
  }
  return 0;
}

}  // namespace texsort
