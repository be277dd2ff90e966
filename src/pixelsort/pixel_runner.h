// The pixel sort on a GPU runner: which line sort runs it here (measured once a process), its
// source uploaded as `texsort pixelsort` uploads it, and PixelSortPlan, the one way every caller
// sorts pictures: checked, laid out, scheduled and compiled once for a size and a set of options.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <functional>
#include <string>
#include <vector>

#include "pixelsort/pixel_sort.h"
#include "sort/runner.h"

namespace texsort {

// The line sort `texsort pixelsort` takes unless --algo names one (auto): fasterPixelSortBackend
// (pixel_sort.h) for the current context, from its renderer's name and, where it has compute shaders,
// a copy pass of 2^kHardwareProbeLog2 elements on each path (2^kSoftwareProbeLog2 on a software
// renderer), the quickest of a few, measured once a process (one context serves it).
constexpr int kHardwareProbeLog2 = 22, kSoftwareProbeLog2 = 17;
struct PixelSortBackend {
  Algorithm algorithm = kFragmentPixelSort;
  bool compute = false;                          // the context has compute shaders
  bool software = false;                         // a software renderer
  double fragmentCopyMs = 0, computeCopyMs = 0;  // the probe's copies (0: not measured)
  int probeLog2 = 0;                             // of 2^probeLog2 elements each
  int probes = 0;                                // the runs whose least copies these are (kept between runs)
  bool measured = false;                         // this run measured (else they were read where kept)
  std::string keptIn;                            // the cache file they are kept in ("": not kept)
};
const PixelSortBackend& pixelSortBackendChoice();
inline Algorithm pixelSortBackendHere() { return pixelSortBackendChoice().algorithm; }
// A stage's line sort for `elementCount` elements (its lineShape's count): its own when --algo
// named one, else pixelSortBackendHere(), or the fragment path where that is a compute row and one
// storage block does not hold a pair for each element.
Algorithm pixelSortAlgorithmHere(Algorithm given, bool chosen, std::uint64_t elementCount);
// `backend` for `elementCount` elements on the current context: itself, or the fragment path where
// it is a compute row and one storage block does not hold a pair for each element.
Algorithm fittedPixelSortBackend(Algorithm backend, std::uint64_t elementCount);

// The pixel sort's source for `layout`, uploaded as texsort pixelsort does: rows and columns without
// a mask straight from the pixels' bytes (uploadSourceBytes), the others made part by part
// (PixelSource; `elementOf` is elementsOfPixels(layout) made beforehand, or empty to make it here).
void uploadPixelSource(Runner& runner, const Image& image, const PixelSortOptions& options, const LineLayout& layout,
                       std::vector<std::uint32_t> elementOf = {});

// Throws the one-line error for a picture of this size the line sort or the key cannot take, naming
// `name`: exit 4 beyond the algorithm's element count, exit 1 for a line too long for the key.
void checkPixelSortFits(const std::string& name, std::uint32_t width, std::uint32_t height, SortShape shape, PixelKey key,
                        Algorithm algorithm);
// What a plan checks before there is a GL context (the limits of `given`, which may be auto's
// default, and the host's share of the memory budget), so a run can refuse before it opens one.
void checkPixelSortPlanOnHost(const std::string& name, std::uint32_t width, std::uint32_t height,
                              const PixelSortOptions& options, Algorithm given, std::uint64_t fileBytes = 0);

// A pixel sort made ready for pictures of one size with one set of options on the current GL
// context: the limits and the memory budget checked (errors name `name`), the lines laid out, the
// schedule built, the runner made and its programs compiled. Any picture of that size then sorts
// with upload, the passes and a read-back only.
class PixelSortPlan {
 public:
  struct Lines {  // lineLayout and elementsOfPixels of the plan's size and options, made beforehand
    LineLayout layout;
    std::vector<std::uint32_t> elementOf;
  };
  static Lines linesFor(std::uint32_t width, std::uint32_t height, const PixelSortOptions& options);

  // `given` and `chosen` as --algo: auto (chosen false) takes pixelSortAlgorithmHere's choice for
  // these lines (the backend here, or the fragment path past one storage block of pairs).
  PixelSortPlan(const std::string& name, std::uint32_t width, std::uint32_t height, const PixelSortOptions& options,
                Algorithm given, bool chosen, std::uint64_t fileBytes = 0);
  // The same with the lines from `lines`, called once the checks have passed and before the
  // textures are made (a caller made them beforehand on another thread, or starts work beside).
  PixelSortPlan(const std::string& name, std::uint32_t width, std::uint32_t height, const PixelSortOptions& options,
                Algorithm given, bool chosen, std::uint64_t fileBytes, const std::function<Lines()>& lines);

  // A new plan for `options` on `earlier`'s picture size (the viewer's and the page's new lines), on
  // `earlier`'s runner where it is of the same backend (fragment or compute) and element count: its
  // textures and compiled programs then serve this plan, which allocates and compiles only what it
  // lacks. The checks come first: a refusal leaves `earlier` as it was. A failure after the runner
  // changed hands (this schedule's programs or textures) gives it back (giveRunnerBack). The memory
  // budget counts no textures for a runner taken. With `freeEarlier` (a clip's next plan: `earlier`
  // is done), a runner that does not serve is freed before the checks, so the two are never in
  // memory at once.
  PixelSortPlan(PixelSortPlan& earlier, const PixelSortOptions& options, Algorithm given, bool chosen,
                bool freeEarlier = false);
  // After a failure past the making of a plan that took `earlier`'s runner: the runner back to
  // `earlier`, prepared for its schedule again; gotRunnerBack() then says so (once), and the
  // picture is to be uploaded to `earlier` again (this plan's may be in the runner). No-op for a
  // plan with a runner of its own.
  void giveRunnerBack(PixelSortPlan& earlier) noexcept;
  bool gotRunnerBack() { return std::exchange(gotRunnerBack_, false); }

  const PixelSortOptions& options() const { return options_; }
  std::uint32_t width() const { return width_; }
  std::uint32_t height() const { return height_; }
  Algorithm algorithm() const { return algorithm_; }
  const LineLayout& layout() const { return lines_.layout; }
  const PassSchedule& schedule() const { return schedule_; }
  Runner& runner() const;  // throws Error(Gpu) after releaseRunner()
  // Whether a picture sorted with `other` takes this plan's lines, schedule and programs: the
  // options differ at most in --mix, which run() applies after the read-back.
  bool takes(const PixelSortOptions& other) const;

  // Whether `other` on `algorithm` lays out the same lines: only the path, angle, centre, mask or
  // field, whether lines share rows (packsLines), a path's key, or the line sort change them.
  bool keepsLines(const PixelSortOptions& other, Algorithm algorithm) const;
  // New options on the same lines (keepsLines): a new schedule on the same runner, which starts
  // again from the source already uploaded. Throws as a new plan would for a key the lines cannot
  // take, and then leaves the plan as it was.
  void reschedule(const PixelSortOptions& options);

  // Uploads `image` (the plan's size); the passes start from it.
  void upload(const Image& image);
  // The next picture of the plan's size, drawn in `framebuffer` (Runner::uploadSourcePixels): copied
  // in on the GPU; the passes start from it.
  void uploadPixels(GLuint framebuffer);
  // Uploads `image` (the plan's size) and runs every pass; returns their GPU milliseconds.
  double run(const Image& image);
  // The picture's bytes after the last pass (image order), read back over `storage`'s memory (see
  // Runner::readPixelBytes) and mixed with `image`, the picture uploaded, by `mix`.
  std::vector<std::uint8_t> readSorted(const Image& image, std::vector<std::uint8_t> storage, double mix);
  // run(), then readSorted() by `mix` (the options' --mix, or an animated one).
  std::vector<std::uint8_t> sort(const Image& image, std::vector<std::uint8_t> storage, double mix);
  // Gives the runner's textures back (before an encoder asks for memory, say); the layout and the
  // schedule stay for a report. What needs the runner throws after it.
  void releaseRunner() { runner_.reset(); }

 private:
  std::string name_;  // in messages
  std::uint32_t width_, height_;
  PixelSortOptions options_;
  Algorithm algorithm_ = kFragmentPixelSort;  // the line sort taken (auto's choice for this shape)
  Lines lines_;
  PassSchedule schedule_;
  std::unique_ptr<Runner> runner_;
  bool tookRunner_ = false;    // the runner is an earlier plan's (giveRunnerBack)
  bool gotRunnerBack_ = false;  // a later plan's failure gave the runner back (gotRunnerBack)
};

}  // namespace texsort
