// `texsort bench`: the benchmark table of article 001/000 style, as text, JSON or CSV.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <memory>
#include <optional>
#include <thread>

#include "bench/benchmark.h"
#include "bench/plot.h"
#include "image/image_io.h"
#include "cli/commands.h"
#include "cli/report.h"
#include "context/egl_context.h"
#include "error.h"
#include "io/files.h"
#include "record/encoder.h"
#include "sort/memory_budget.h"
#include "sort/runner.h"

namespace texsort {
namespace {

// Where the table, JSON or CSV goes: standard output, unless --plot - gives that to the PNG alone.
std::FILE* gReport = stdout;

std::string ratio(double value, const char* format) {
  if (value <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

// Each pipeline's one-step baseline: the ladder's speed-ups are over it.
Algorithm pipelineBaseline(Algorithm a) { return usesCompute(a) ? Algorithm::ComputeB2 : Algorithm::Bitonic; }

// GPU ms of the baseline at the cell's N over the cell's; 0 when the baseline was not measured.
double speedupOverBaseline(const std::vector<BenchCell>& cells, const BenchCell& c) {
  if (c.skipped || c.gpuMs <= 0) return 0.0;
  for (const BenchCell& base : cells) {
    if (base.algorithm == pipelineBaseline(c.algorithm) && base.n == c.n && !base.skipped && base.gpuMs > 0) {
      return base.gpuMs / c.gpuMs;
    }
  }
  return 0.0;
}

// Article 000's table for this machine: one row per N, one column per algorithm; three blocks
// (GPU ms, speed-up over the pipeline's baseline, effective GB/s).
void printLadder(const std::vector<BenchCell>& cells, const std::vector<Algorithm>& algorithms,
                 const std::vector<std::uint64_t>& sizes) {
  const auto block = [&](const char* title, auto value, const char* format) {
    std::fprintf(gReport, "\n%s\n%-9s", title, "N");
    for (Algorithm a : algorithms) std::fprintf(gReport, " %16s", algorithmName(a));
    std::fprintf(gReport, "\n");
    for (std::uint64_t n : sizes) {
      std::fprintf(gReport, "%-9llu", static_cast<unsigned long long>(n));
      for (Algorithm a : algorithms) {
        const auto found = std::find_if(cells.begin(), cells.end(),
                                        [&](const BenchCell& c) { return c.algorithm == a && c.n == n; });
        const double v = found == cells.end() || found->skipped ? 0.0 : value(*found);
        std::fprintf(gReport, " %16s", ratio(v, format).c_str());
      }
      std::fprintf(gReport, "\n");
    }
  };
  block("GPU ms per sort (medians; pack and gather included)", [](const BenchCell& c) { return c.gpuMs; }, "%.3f");
  block("speed-up over the pipeline's one-step baseline (compute-b2, bitonic)",
        [&](const BenchCell& c) { return speedupOverBaseline(cells, c); }, "%.2fx");
  block("effective GB/s (bytes each dispatch or pass reads and writes, over GPU time)",
        [](const BenchCell& c) { return c.gbPerSecond(); }, "%.2f");
  std::fprintf(gReport, "\n- : skipped (over --max-work, or beyond what the algorithm sorts exactly)\n");
}

void printTable(const std::vector<BenchCell>& cells) {
  std::fprintf(gReport, "%-15s %8s %7s %10s %10s %9s %10s %7s %9s %9s %9s %9s %11s %9s %9s %9s\n", "algorithm", "N", "passes",
              "GPU ms", "wall ms", "ms/pass", "Melem/s", "GB/s", "copy ms", "pass/copy", "step/copy", "sort/copy",
              "std::sort ms", "x std::sort", "x classic", "x naive");
  for (const BenchCell& c : cells) {
    if (c.skipped) {
      std::fprintf(gReport, "%-15s %8llu %7zu   skipped: %s\n", c.label(), static_cast<unsigned long long>(c.n),
                  c.passes, c.note.c_str());
      continue;
    }
    std::fprintf(gReport, "%-15s %8llu %7zu %10.3f %10.3f %9.4f %10.2f %7.2f %9.4f %9.2f %9s %9.1f %11.3f %9.2f %9s %9s\n",
                c.label(), static_cast<unsigned long long>(c.n), c.passes, c.gpuMs, c.wallMs,
                c.msPerPass(), c.elementsPerSecond() / 1e6, c.gbPerSecond(), c.copyMs, c.passPerCopy(),
                ratio(c.stepPerCopy(), "%.3f").c_str(), c.sortPerCopy(), c.stdSortMs, c.sortPerStdSort(),
                ratio(c.speedupVsClassic(), "%.2f").c_str(), ratio(c.speedupVsNaive(), "%.2f").c_str());
  }
}

void printJson(const std::vector<BenchCell>& cells, const HeadlessContext& context, unsigned runs) {
  std::fprintf(gReport, "{\n  \"date\": %s,\n  \"renderer\": %s,\n  \"gl_version\": %s,\n  \"cpu\": %s,\n  \"runs\": %u,\n"
              "  \"cells\": [\n",
              jsonString(today()).c_str(), jsonString(context.renderer()).c_str(),
              jsonString(context.glVersion()).c_str(), jsonString(cpuName()).c_str(), runs);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const BenchCell& c = cells[i];
    std::fprintf(gReport, "    {\"algorithm\": \"%s\", \"n\": %llu, \"passes\": %zu, ", c.label(),
                static_cast<unsigned long long>(c.n), c.passes);
    if (c.skipped) {
      std::fprintf(gReport, "\"skipped\": true, \"note\": %s}", jsonString(c.note).c_str());
    } else {
      std::fprintf(gReport, "\"skipped\": false, \"gpu_ms\": %.4f, \"wall_ms\": %.4f, \"ms_per_pass\": %.5f, "
                  "\"elements_per_second\": %.0f, \"gb_per_second\": %.3f, \"copy_pass_ms\": %.5f, "
                  "\"pass_per_copy\": %.4f, \"network_steps\": %llu, \"step_per_copy\": %.4f, "
                  "\"sort_per_copy\": %.3f, \"std_sort_ms\": %.4f, \"sort_per_std_sort\": %.4f, "
                  "\"speedup_vs_classic\": %.4f, \"naive_wall_ms\": %.4f, \"speedup_vs_naive\": %.4f, "
                  "\"pipeline\": \"%s\", \"speedup_vs_pipeline_baseline\": %.4f}",
                  c.gpuMs, c.wallMs, c.msPerPass(), c.elementsPerSecond(), c.gbPerSecond(), c.copyMs,
                  c.passPerCopy(), static_cast<unsigned long long>(c.steps), c.stepPerCopy(), c.sortPerCopy(),
                  c.stdSortMs, c.sortPerStdSort(), c.speedupVsClassic(), c.naiveWallMs, c.speedupVsNaive(),
                  usesCompute(c.algorithm) && !c.naive ? "compute" : "fragment",
                  speedupOverBaseline(cells, c));
    }
    std::fprintf(gReport, "%s\n", i + 1 < cells.size() ? "," : "");
  }
  std::fprintf(gReport, "  ]\n}\n");
}

void printCsv(const std::vector<BenchCell>& cells) {
  std::fprintf(gReport, "algorithm,n,passes,skipped,gpu_ms,wall_ms,ms_per_pass,elements_per_second,gb_per_second,"
              "copy_pass_ms,pass_per_copy,network_steps,step_per_copy,sort_per_copy,std_sort_ms,sort_per_std_sort,"
              "speedup_vs_classic,naive_wall_ms,speedup_vs_naive\n");
  for (const BenchCell& c : cells) {
    std::fprintf(gReport, "%s,%llu,%zu,%d,%.4f,%.4f,%.5f,%.0f,%.3f,%.5f,%.4f,%llu,%.4f,%.3f,%.4f,%.4f,%.4f,%.4f,%.4f\n",
                c.label(), static_cast<unsigned long long>(c.n), c.passes, c.skipped ? 1 : 0, c.gpuMs,
                c.wallMs, c.msPerPass(), c.elementsPerSecond(), c.gbPerSecond(), c.copyMs, c.passPerCopy(),
                static_cast<unsigned long long>(c.steps), c.stepPerCopy(), c.sortPerCopy(), c.stdSortMs,
                c.sortPerStdSort(), c.speedupVsClassic(), c.naiveWallMs, c.speedupVsNaive());
  }
}

void printPassCosts(const PassCosts& costs, const std::string& what) {
  double total = 0;
  for (const PassShapeCost& c : costs.shapes) total += c.totalMs;
  const std::string copy = costs.copyMs > 0 ? "one copy pass = " + ratio(costs.copyMs, "%.4f") + " ms"
                                            : std::string("no copy pass (its elements exceed a storage block)");
  std::fprintf(gReport, "\n%s, %s: passes timed alone (median of each pass's runs); %s\n", algorithmName(costs.algorithm),
              what.c_str(), copy.c_str());
  std::fprintf(gReport, "%-52s %7s %10s %10s %8s %10s %7s\n", "pass shape", "passes", "us/pass", "pass/copy", "GB/s",
               "total ms", "share");
  for (const PassShapeCost& c : costs.shapes) {
    std::fprintf(gReport, "%-52s %7zu %10.1f %10s %8.2f %10.3f %6.1f%%\n", c.shape.c_str(), c.passes, c.msPerPass * 1e3,
                ratio(costs.copyMs > 0 ? c.msPerPass / costs.copyMs : 0.0, "%.2f").c_str(), c.gbPerSecond(), c.totalMs,
                total > 0 ? 100.0 * c.totalMs / total : 0.0);
  }
  std::fprintf(gReport, "%-52s %7s %10s %10s %8s %10.3f\n", "all passes", "", "", "", "", total);
  std::fprintf(gReport, "GB/s: the bytes such a pass must read and write (as the ladder counts them) over its median time\n");
}

// The pixel sort's rows: the seed's bitonic, auto's two backends (its fragment one as this context
// draws it) and the compute row without shared memory (the fastest on llvmpipe), those this context
// runs; --algos: those, each checked.
std::vector<Algorithm> pixelSortBenchRows(const BenchOptions& options) {
  std::vector<Algorithm> rows;
  const std::vector<Algorithm> defaults = {Algorithm::Bitonic, fragmentSortHere(), Algorithm::ComputeB32, kComputePixelSort};
  for (const Algorithm a : options.algorithmsGiven ? options.algorithms : defaults) {
    if (options.algorithmsGiven) checkPixelSortAlgorithm(a);  // throws the one-line reason
    if (options.algorithmsGiven || algorithmAvailableHere(a)) rows.push_back(a);
  }
  return rows;
}

// One measured (or skipped) pixel sort: its algorithm, side and cell, or why it was skipped.
struct PixelSortRow {
  Algorithm algorithm;
  std::uint32_t side;
  PixelSortCell cell;
  std::string skipped;
};

void printPixelSortRows(const std::vector<PixelSortRow>& rows, const BenchOptions& options, const HeadlessContext& context) {
  if (options.format == BenchOptions::Format::Json) {
    std::fprintf(gReport, "{\n  \"date\": %s,\n  \"renderer\": %s,\n  \"gl_version\": %s,\n  \"cpu\": %s,\n  \"runs\": %u,\n"
                 "  \"image\": %s,\n  \"pixel_sort\": [\n", jsonString(today()).c_str(), jsonString(context.renderer()).c_str(),
                 jsonString(context.glVersion()).c_str(), jsonString(cpuName()).c_str(), options.runs,
                 jsonString(options.pixelSortImage).c_str());
  } else if (options.format == BenchOptions::Format::Csv) {
    std::fprintf(gReport, "algorithm,side,passes,skipped,gpu_ms,wall_ms,cpu_ref_ms,x_cpu\n");
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const PixelSortRow& r = rows[i];
    const PixelSortCell& c = r.cell;
    const std::string size = std::to_string(r.side) + "x" + std::to_string(r.side);
    switch (options.format) {
      case BenchOptions::Format::Table:
        if (!r.skipped.empty()) std::fprintf(gReport, "%-16s %-11s   skipped: %s\n", algorithmName(r.algorithm), size.c_str(), r.skipped.c_str());
        else std::fprintf(gReport, "%-16s %-11s %7zu %10.2f %10.2f %12.2f %10.2f\n", algorithmName(r.algorithm), size.c_str(),
                          c.passes, c.gpuMs, c.wallMs, c.cpuMs, c.speedup());
        break;
      case BenchOptions::Format::Json:
        std::fprintf(gReport, "    {\"algorithm\": \"%s\", \"side\": %u, ", algorithmName(r.algorithm), r.side);
        if (!r.skipped.empty()) std::fprintf(gReport, "\"skipped\": true, \"note\": %s}", jsonString(r.skipped).c_str());
        else std::fprintf(gReport, "\"skipped\": false, \"passes\": %zu, \"gpu_ms\": %.4f, \"wall_ms\": %.4f, "
                          "\"cpu_ref_ms\": %.4f, \"x_cpu\": %.4f}", c.passes, c.gpuMs, c.wallMs, c.cpuMs, c.speedup());
        std::fprintf(gReport, "%s\n", i + 1 < rows.size() ? "," : "");
        break;
      case BenchOptions::Format::Csv:
        std::fprintf(gReport, "%s,%u,%zu,%d,%.4f,%.4f,%.4f,%.4f\n", algorithmName(r.algorithm), r.side, c.passes,
                     r.skipped.empty() ? 0 : 1, c.gpuMs, c.wallMs, c.cpuMs, c.speedup());
        break;
    }
  }
  if (options.format == BenchOptions::Format::Json) std::fprintf(gReport, "  ]\n}\n");
}

// bench --pixelsort IMAGE: texsort pixelsort (default options) at each of --sides, against a stable
// sort of every span on one core; --per-pass: each pass of it timed alone.
int runPixelSortBench(const BenchOptions& options, const HeadlessContext& context) {
  const Image image = loadImage(options.pixelSortImage, kMaxElements);
  const PixelSortOptions defaults;
  const bool table = options.format == BenchOptions::Format::Table, showProgress = options.progress && ::isatty(STDERR_FILENO);
  if (table) {
    std::fprintf(gReport, "pixel sort of %s (%ux%u) scaled to each side by nearest neighbour; default options (horizontal, "
                 "luma threshold %.2f..%.2f, key luma)\n", options.pixelSortImage.c_str(), image.width, image.height,
                 defaults.lower, defaults.upper);
  }
  if (table && !options.perPass) {
    std::fprintf(gReport, "%-16s %-11s %7s %10s %10s %12s %10s\n", "algorithm", "image", "passes", "GPU ms", "wall ms",
                 "CPU ref ms", "x CPU");
  }
  std::vector<PixelSortRow> rows;
  for (const std::uint32_t side : options.pixelSortSides) {
    const Image scaled = scaledNearest(image, side);
    for (const Algorithm a : pixelSortBenchRows(options)) {
      PixelSortRow row{a, side, {}, {}};
      if (showProgress) std::fprintf(stderr, "\rpixel sort %ux%u, %s ...        ", side, side, algorithmName(a));
      try {  // a size past a limit of this context (the memory budget, a storage block) is a skipped row
        if (options.perPass) {
          const PassCosts costs = measurePixelSortPassCosts(scaled, defaults, a, options.runs);
          if (showProgress) std::fprintf(stderr, "\r%60s\r", "");
          printPassCosts(costs, "pixel sort " + std::to_string(side) + "x" + std::to_string(side) + " (" +
                                    std::to_string(costs.n) + " elements)");
          continue;
        }
        row.cell = measurePixelSort(scaled, defaults, a, options.runs);
      } catch (const Error& e) {
        if (e.code() != ExitCode::Gpu) throw;
        row.skipped = e.what();
      }
      if (showProgress) std::fprintf(stderr, "\r%60s\r", "");
      rows.push_back(row);
      if (table) printPixelSortRows({row}, options, context);  // as each is measured
      std::fflush(gReport);
    }
  }
  if (!table) printPixelSortRows(rows, options, context);
  if (table && !options.perPass) {
    std::fprintf(gReport, "wall ms: the source (rows and columns: the pixels' bytes as they are; angles, masks: texels made on the CPU), upload, every pass (spans, keys, sort: GPU), read back, output image; CPU ref: keys, spans and "
                 "std::stable_sort of every span on one core; x CPU > 1: the GPU pipeline is faster\n");
  }
  return 0;
}

}  // namespace

int runBench(const BenchOptions& options) {
  gReport = options.plot == "-" ? stderr : stdout;
  if (!options.plot.empty()) checkOutput(options.plot, {{options.pixelSortImage}});  // before minutes of measuring
  if (options.video) return runVideoBench(options, gReport);
  HeadlessContext context;
  const bool showProgress = options.progress && ::isatty(STDERR_FILENO);
  // The rows this context runs, those left out said in one line (--pixelsort has rows of its own:
  // only those named are checked here, before the heading).
  const bool pixelRows = !options.pixelSortImage.empty();
  const std::vector<Algorithm> algorithms =
      pixelRows && !options.algorithmsGiven ? std::vector<Algorithm>{}
                                            : runnableAlgorithms(options.algorithms, options.algorithmsGiven, "bench");
  if (options.format == BenchOptions::Format::Table) {
    const char* mode = options.ladder                   ? " --ladder"
                       : options.perPass                ? " --per-pass"
                       : !options.pixelSortImage.empty() ? " --pixelsort"
                                                         : "";
    std::fprintf(gReport, "texsort bench%s, %s: %s, %s; CPU %s; medians of %u runs after a warm-up\n", mode, today().c_str(),
                context.renderer().c_str(), context.glVersion().c_str(), cpuName().c_str(), options.runs);
    std::fflush(gReport);
  }
  if (!options.pixelSortImage.empty()) return runPixelSortBench(options, context);
  if (options.perPass) {
    for (Algorithm algorithm : algorithms) {
      for (std::uint64_t n : options.sizes) {
        if (showProgress) {
          std::fprintf(stderr, "\r%s, N = %llu ...        ", algorithmName(algorithm), static_cast<unsigned long long>(n));
        }
        const PassCosts costs = measurePassCosts(algorithm, n, options.runs);
        if (showProgress) std::fprintf(stderr, "\r%60s\r", "");
        printPassCosts(costs, "N = " + std::to_string(n));
      }
    }
    return 0;
  }
  std::vector<BenchCell> cells;
  const bool naive = options.naive && !options.ladder;
  const std::size_t total = (algorithms.size() + (naive ? 1 : 0)) * options.sizes.size();
  if (naive) {  // the yardstick's rows first: every later cell's "x naive" is over them
    for (std::uint64_t n : options.sizes) {
      if (showProgress) {
        std::fprintf(stderr, "\r[%zu/%zu] naive, N = %llu ...        ", cells.size() + 1, total,
                     static_cast<unsigned long long>(n));
      }
      cells.push_back(measureNaiveCell(n, options.runs));
    }
  }
  for (Algorithm algorithm : algorithms) {
    for (std::size_t k = 0; k < options.sizes.size(); ++k) {
      const std::uint64_t n = options.sizes[k];
      if (showProgress) {
        std::fprintf(stderr, "\r[%zu/%zu] %s, N = %llu ...        ", cells.size() + 1, total, algorithmName(algorithm),
                     static_cast<unsigned long long>(n));
      }
      cells.push_back(measureCell(algorithm, n, options.runs, options.maxWork));
      if (naive) cells.back().naiveWallMs = cells[k].wallMs;  // the naive row at this size
    }
  }
  if (showProgress) std::fprintf(stderr, "\r%60s\r", "");
  if (!options.plot.empty()) {
    saveImagePng(options.plot, plotBenchmark(cells, "texsort bench, " + today() + ": " + context.renderer()));
  }
  switch (options.format) {
    case BenchOptions::Format::Table:
      if (options.ladder) printLadder(cells, algorithms, options.sizes);
      else printTable(cells);
      break;
    case BenchOptions::Format::Json: printJson(cells, context, options.runs); break;
    case BenchOptions::Format::Csv: printCsv(cells); break;
  }
  return 0;
}

}  // namespace texsort
