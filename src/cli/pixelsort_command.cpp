// `texsort pixelsort`: file -> keys and spans -> one bitonic network over every line on the GPU ->
// file, with sort's I/O contract (atomic output, one-line errors, --verify).
#include <chrono>
#include <cstdio>
#include <cstring>
#include <future>
#include <memory>

#include "cli/commands.h"
#include "cli/report.h"
#include "context/egl_context.h"
#include "error.h"
#include "fault.h"
#include "io/files.h"
#include "record/video_formats.h"
#include "sort/bits.h"
#include "sort/cpu_model.h"
#include "pixelsort/pixel_runner.h"
#include "pixelsort/recipe.h"
#include "sort/runner.h"

namespace texsort {
namespace {

// The context, the line tables and the decode run beside one another on threads of their own; the
// browser edition has no threads, so there each runs where its result is first asked for.
#ifdef __EMSCRIPTEN__
constexpr std::launch kBeside = std::launch::deferred;
#else
constexpr std::launch kBeside = std::launch::async;
#endif

// What `texsort pixelsort` measured of one picture, for its report.
struct PixelSortFigures {
  std::uint32_t width = 0, height = 0;
  std::uint64_t spans = 0;  // of two or more pixels, as the GPU found them
  double gpuMs = 0, wallMs = 0, totalMs = 0, readMs = 0, contextMs = 0, setupMs = 0, decodeMs = 0, encodeMs = 0;
  bool planKept = false;  // a batch's last plan sorted it: no textures or programs made
  std::vector<Algorithm> laterRan;  // the --then sorts' line sorts, as they ran
};

// The report on standard output (standard error when the picture went there).
void reportPixelSort(const PixelSortCommandOptions& options, const PixelSortPlan& plan, const HeadlessContext& context,
                     const PixelSortFigures& f) {
  const PixelSortOptions& ps = plan.options();
  const LineLayout& layout = plan.layout();
  const PassSchedule& schedule = plan.schedule();
  const Algorithm algorithm = plan.algorithm();
  const std::uint64_t spans = f.spans;
  std::FILE* report = options.output == "-" ? stderr : stdout;
  char path[96];
  if (ps.path == PixelPath::Lines && (ps.angle == 0.0 || ps.angle == kVerticalAngle)) {
    std::snprintf(path, sizeof path, "lines at %s degrees", ps.angle == 0.0 ? "0 (rows)" : "-90 (columns)");
  } else if (ps.path == PixelPath::Lines) {
    std::snprintf(path, sizeof path, "lines at %g degrees", ps.angle);
  } else if (ps.path == PixelPath::Hilbert) {
    std::snprintf(path, sizeof path, "path hilbert");
  } else {  // the centre as the path takes it: halves, the image's middle by default
    std::snprintf(path, sizeof path, "path %s around (%g, %g)", pathInfo(ps.path).name,
                  ps.centerX >= 0 ? ps.centerX : (f.width - 1) / 2.0, ps.centerY >= 0 ? ps.centerY : (f.height - 1) / 2.0);
  }
  std::fprintf(report, "pixel-sorted %s (%ux%u) -> %s: %s, key %s %s, spans by %s%s\n",
               inputName(options.input).c_str(), f.width, f.height, outputName(options.output).c_str(), path, pixelKeyInfo(ps.key).name,
               ps.order == SortOrder::Ascending ? "ascending" : "descending", intervalsInfo(ps.intervals).name,
               ps.mask && ps.intervals != Intervals::Mask ? " inside the mask" : "");
  std::string details;
  if (ps.intervals == Intervals::Threshold) {
    const LumaBounds b = selectBounds(ps);
    details = std::string(pixelKeyInfo(ps.select).name) + (ps.invert ? " outside " : " ") + std::to_string(b.lowest) +
              ".." + std::to_string(b.highest);
  }
  if (ps.intervals == Intervals::Edges) details = "edge strength above " + std::to_string(kEdgeScale * lumaBounds(ps).lowest);
  if (ps.intervals == Intervals::Random || ps.intervals == Intervals::Waves) {
    details = "mean length " + std::to_string(ps.spanLength) + ", seed " + std::to_string(ps.seed);
  }
  if (ps.maxSpan) details += (details.empty() ? "" : ", ") + std::string("pieces of at most ") + std::to_string(ps.maxSpan);
  if (ps.skipPercent) details += (details.empty() ? "" : ", ") + std::to_string(ps.skipPercent) + "% left unsorted";
  std::fprintf(report, "  spans     %llu of two or more pixels%s%s%s\n",
               static_cast<unsigned long long>(spans),
               details.empty() ? "" : " (", details.c_str(), details.empty() ? "" : ")");
  std::fprintf(report, "  lines     %u of up to %u pixels, in %llu rows of %llu elements%s\n", layout.count, layout.longest,
               static_cast<unsigned long long>(layout.paddedCount), static_cast<unsigned long long>(layout.paddedLength),
               layout.packed ? " (short lines share a row)" : "");
  const std::uint64_t steps = networkSteps(schedule);  // none on radix, which moves digits, not comparators
  std::fprintf(report, "  passes    %zu %s, every line at once%s\n", schedule.size(), algorithmName(algorithm),
               steps ? (", carrying " + std::to_string(steps) + " network steps").c_str() : "");
  std::fprintf(report, "  renderer  %s (EGL %s)\n", context.renderer().c_str(), context.platform().c_str());
  std::fprintf(report, "  GPU time  %.2f ms (spans, keys, sort, image order); upload + passes + read back %.2f ms\n",
               f.gpuMs, f.wallMs);
  char setup[128];
  if (f.planKept) {
    std::snprintf(setup, sizeof setup, "textures and programs kept from the last input, decoding %.0f",
                  f.setupMs + f.decodeMs);
  } else {
    std::snprintf(setup, sizeof setup, "textures and programs %.0f (decoding beside the textures and programs, %.0f more)",
                  f.setupMs, f.decodeMs);
  }
  std::fprintf(report, "  time      %.0f ms in all: read %.0f, GL context %.0f, %s, GPU work %.0f, PNG encode and write %.0f\n",
               f.totalMs, f.readMs, f.contextMs, setup, f.wallMs, f.encodeMs);
  for (std::size_t k = 0; k < options.then.size(); ++k) {
    const PixelSortOptions& s = options.then[k].options;
    char at[48] = "", mixed[48] = "";
    if (s.path == PixelPath::Lines) std::snprintf(at, sizeof at, " at %g degrees", s.angle);
    if (s.mix < 1.0) std::snprintf(mixed, sizeof mixed, ", mixed %g", s.mix);
    std::fprintf(report, "  then      %s%s, key %s %s, spans by %s%s, on %s\n", pathInfo(s.path).name, at,
                 pixelKeyInfo(s.key).name, s.order == SortOrder::Ascending ? "ascending" : "descending",
                 intervalsInfo(s.intervals).name, mixed,
                 algorithmName(f.laterRan.at(k)));
  }
  if (options.verify) {
    std::fprintf(report, "  verify    identical to the CPU model and to a stable sort of every span%s\n",
                 options.then.empty() ? "" : ", in every sort");
  }
}

// A clip (by its name and first bytes; a GIF may be a still, so not a GIF) sorted to a still's
// output is the user's slip, said as such before its bytes are read as a picture. A file with no
// bytes to read (missing, a folder, empty, unreadable) is left to the reader, which names its problem.
[[noreturn]] void refuseClip(const std::string& name) {
  throw Error(ExitCode::Usage, name + ": a clip needs a clip's output: -o OUT.gif, .mp4, .webm or .mkv, or --format FORMAT "
                                     "for - or a device");
}

// A clip by its name or first bytes; a GIF is looked at once its bytes are read (checkStillBytes).
void checkStillInput(const PixelSortCommandOptions& options) {
  const std::string& in = options.input;
  if (clipInput(in) && videoFormatForPath(in) != VideoFormat::Gif && !regularFileStart(in, 1).empty()) refuseClip(in);
}

// An animated GIF, whatever its name (standard input too), is a clip.
void checkStillBytes(const std::string& name, const std::vector<unsigned char>& bytes) {
  if (gifPictureCount(bytes.data(), bytes.size(), 2) > 1) refuseClip(name + " (an animated GIF)");
}

}  // namespace

static int pixelSortFile(const PixelSortCommandOptions& options);

std::optional<VideoFormat> pixelSortVideoFormat(const PixelSortCommandOptions& options) {
  if (!options.format.empty()) return videoFormatNamed(options.format);
  return options.output == "-" ? std::nullopt : videoFormatForPath(options.output);
}

int runPixelSort(const PixelSortCommandOptions& options) {
  if (options.inputs.size() > 1 || (!options.output.empty() && options.output.back() == '/')) {
    return runPixelSortBatch(options);
  }
  return namingTheFile(inputName(options.input),
                       [&] { return pixelSortFile(options); });
}

// Every file a pixel sort reads, which no output may replace: the inputs, each sort's mask and
// field, the recipe files.
std::vector<InputFile> pixelSortReads(const PixelSortCommandOptions& options) {
  std::vector<InputFile> reads = {{options.mask, "mask"}, {options.field, "field"}};
  if (options.inputs.empty()) reads.push_back({options.input});
  for (const std::string& input : options.inputs) reads.push_back({input});
  for (const PixelSortStage& stage : options.then) {
    reads.push_back({stage.mask, "mask"});
    reads.push_back({stage.field, "field"});
  }
  for (const std::string& recipe : options.recipeFiles) reads.push_back({recipe, "recipe"});
  return reads;
}

// Standard input for one file at most; the output replaces none of the files read.
static void checkPixelSortFiles(const PixelSortCommandOptions& options) {
  if ((options.mask == "-") + (options.field == "-") + (options.input == "-") > 1) {
    throw Error(ExitCode::Usage, "pixelsort: standard input (-) can be one of the input, the mask and the field, not two");
  }
  for (const PixelSortStage& stage : options.then) {
    if (stage.mask == "-" || stage.field == "-") {
      throw Error(ExitCode::Usage, std::string("pixelsort: a --then sort's ") + (stage.mask == "-" ? "mask" : "field") +
                                       " must be a file, not -");
    }
  }
  checkOutput(options.output, pixelSortReads(options));
}

// The still's sort on the GPU: the sorted picture (not yet mixed), the spans for the report, the
// times; the source's bytes are reused for the read-back unless --verify or --mix still need them.
struct StillSorted {
  Image sorted;
  SortState source;  // the whole source on the host only for --verify's CPU model
  std::uint64_t spans = 0;
  double gpuMs = 0.0, wallMs = 0.0;
};

static StillSorted sortStill(const PixelSortCommandOptions& options, const PixelSortOptions& ps, PixelSortPlan& plan,
                             Image& image) {
  using Clock = std::chrono::steady_clock;
  StillSorted out;
  const auto start = Clock::now();
  if (options.verify) out.source.source = pixelSortSource(image, ps, plan.layout());
  out.gpuMs = plan.run(image);
  // Read back over the source's bytes, already in memory (fresh pages for 16 MB: ~50 ms on a VM),
  // unless --verify still needs them.
  const bool keepSource = options.verify || ps.mix < 1.0;  // --verify and --mix still need it
  out.sorted = withPixels(image, plan.readSorted(image, keepSource ? std::vector<std::uint8_t>() : std::move(image.rgba),
                                                 1.0));  // mixed after --verify
  // For the report: the spans the GPU found (the span words hold them, 1 MB at 2048x2048).
  const PassSchedule& schedule = plan.schedule();
  if (!options.quiet) {
    out.spans = longSpanCount(plan.runner().readSpanWords(), schedule.shape.count(), log2Exact(schedule.shape.lineLength),
                              ps.maxSpan, ps.skipPercent, ps.seed);
  }
  if (!options.kept) plan.releaseRunner();  // its textures' memory, before the encoder asks for its own
  out.wallMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return out;
}

// The --then sorts with their masks and fields read and checked, before any sort runs.
static std::vector<PixelSortStage> laterSorts(const PixelSortCommandOptions& options, const ImageHeader& header) {
  std::vector<PixelSortStage> later;
  for (const PixelSortStage& stage : options.then) later.push_back(withSidePictures(stage, header.width, header.height));
  return later;
}

KeptPlan::~KeptPlan() = default;

// Milliseconds since the last call (or since it was made).
struct Lap {
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
  double operator()() {
    const auto now = std::chrono::steady_clock::now();
    const double ms = std::chrono::duration<double, std::milli>(now - last).count();
    last = now;
    return ms;
  }
};

// A batch's last plan where it takes this picture (its size and options; the line sort is the
// batch's), else null. (Its name stays the first picture's: only a new plan's checks and
// reschedule() give it, and a kept plan needs neither.)
static PixelSortPlan* keptPlanFor(const PixelSortCommandOptions& options, const ImageHeader& header,
                                  const PixelSortOptions& ps) {
  if (!options.kept || !options.kept->plan) return nullptr;
  PixelSortPlan& plan = *options.kept->plan;
  if (plan.width() != header.width || plan.height() != header.height || !plan.takes(ps)) return nullptr;
  return &plan;
}

// The GL context (~110 ms, mostly loading the driver) started on a thread of its own, beside reading
// the file; the run's thread takes it once the run is planned. A batch's (`shared`) is up already.
static std::future<std::shared_ptr<HeadlessContext>> startContext(std::shared_ptr<HeadlessContext> shared) {
  return std::async(kBeside, [shared = std::move(shared)] {
    if (shared) return shared;
    auto made = std::make_shared<HeadlessContext>();
    made->releaseThread();
    return made;
  });
}

// `texsort pixelsort` itself; runPixelSort names the file in a GPU allocation's failure.
static int pixelSortFile(const PixelSortCommandOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto begun = Clock::now();
  Lap since;
  checkPixelSortFiles(options);
  PixelSortOptions ps = options.pixelSort;
  checkPixelSortOptions(ps);
  if (const std::optional<VideoFormat> video = pixelSortVideoFormat(options)) {
    if (options.kept) options.kept->plan.reset();  // a batch's still plan: its memory back before the clip's
    return runPixelSortVideo(options, *video);
  }
  if (!options.animate.empty() || options.frames > 0 || options.fps > 0) {
    throw Error(ExitCode::Usage, "pixelsort: --animate, --frames and --fps make a clip; give a video out (-o OUT.gif, "
                                 ".mp4, .webm or .mkv, or --format)");
  }
  checkStillInput(options);
  const std::string name = inputName(options.input);
  std::future<std::shared_ptr<HeadlessContext>> starting = startContext(options.context);
  since();
  std::vector<unsigned char> bytes = readImageFile(options.input);
  checkStillBytes(name, bytes);
  const ImageHeader header = readImageHeader(name, bytes.data(), bytes.size(), kMaxElements);
  ps = withSidePictures({ps, options.mask, options.field, options.algorithm, options.algorithmChosen}, header.width, header.height).options;
  const std::vector<PixelSortStage> later = laterSorts(options, header);
  checkPixelSortPlanOnHost(name, header.width, header.height, ps, options.algorithm, bytes.size());
  PixelSortPlan* const kept = keptPlanFor(options, header, ps);
  const double layoutMs = since();
  // The line tables are made on another core while the GL context opens, the image while this
  // thread allocates the textures and builds the programs (a kept plan has both).
  std::future<PixelSortPlan::Lines> lines;
  if (!kept) lines = std::async(kBeside, [&] { return PixelSortPlan::linesFor(header.width, header.height, ps); });
  const std::shared_ptr<HeadlessContext> opened = starting.get();
  HeadlessContext& context = *opened;
  context.makeCurrent();
  if (!kept && options.kept) options.kept->plan.reset();  // another size: its memory back before the new plan's
  // The plan asks the context whether the image fits (its largest texture asked for) before the
  // textures and programs; decoding starts after that answer, so a refusal comes before the pixels
  // are read, and runs beside the textures and programs.
  std::future<Image> decoded;
  const auto decode = [&] { decoded = std::async(kBeside, [&] { return decodeImage(name, bytes.data(), bytes.size(), header); }); };
  const double contextMs = since();
  std::unique_ptr<PixelSortPlan> made;
  if (kept) decode();
  else made = std::make_unique<PixelSortPlan>(name, header.width, header.height, ps, options.algorithm,
                                              options.algorithmChosen, bytes.size(), [&] {
                                                decode();
                                                return lines.get();
                                              });
  PixelSortPlan& plan = kept ? *kept : *made;
  const double setupMs = since();
  Image image = decoded.get();
  std::vector<unsigned char>().swap(bytes);
  const double decodeMs = since();  // what decoding took beyond the setup
  StillSorted result = sortStill(options, ps, plan, image);
  Image& sorted = result.sorted;

  if (forcedFailure("verify")) sorted.rgba[0] ^= 1;
  if (options.verify) verifyPixelSort(name, image, ps, result.source, plan.schedule(), sorted);
  mixWithOriginal(sorted.rgba, image.rgba, ps.mix);
  std::vector<Algorithm> laterRan;
  sorted = sortThrough(std::move(sorted), later, name, options.verify, &laterRan);
  since();
  saveImagePng(options.output, sorted);
  const double encodeMs = since();
  if (made && options.kept) options.kept->plan = std::move(made);  // for the batch's next input

  if (!options.quiet) {
    const PixelSortFigures figures{image.width, image.height, result.spans, result.gpuMs, result.wallMs,
                                   std::chrono::duration<double, std::milli>(Clock::now() - begun).count(),
                                   layoutMs, contextMs, setupMs, decodeMs, encodeMs, kept != nullptr, std::move(laterRan)};
    reportPixelSort(options, plan, context, figures);
  }
  if (options.exitWhenDone) exitNow(0);  // the GL context stays up: its teardown is ~9 ms
  return 0;
}

}  // namespace texsort
