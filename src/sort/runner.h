// The runner interface: what every GPU backend offers (the fragment-shader runner, and the compute
// runner where the context has GL 4.3). Commands, the viewer, the benchmark and the tests hold a
// Runner; the CPU model (cpu_model.h) runs the same schedules and is the oracle for every pass.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "sort/algorithms.h"
#include "sort/cpu_model.h"
#include "sort/element.h"
#include "sort/schedule.h"
#include "sort/state_view.h"

namespace texsort {

class Runner {
 public:
  virtual ~Runner() = default;
  Runner() = default;
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;

  virtual const TextureLayout& layout() const = 0;
  std::uint64_t elementCount() const { return layout().count(); }

  // Replaces the state with `elements` (elementCount() of them); other buffers count as unwritten.
  virtual void upload(const std::vector<Element>& elements) = 0;
  // The pixel sort's start: replaces the state with its source texels (elementCount() of them),
  // kept as `shape` says (Buffer::Source, and Buffer::Maps where the shape needs them); every
  // other buffer, the elements too, counts as unwritten until a pass writes it. Runners without
  // the pixel passes throw texsort::Error(Gpu).
  virtual void uploadSource(const std::vector<PixelTexel>& texels, const SourceShape& shape) = 0;
  // The same, built part by part as it uploads (no whole copy on the host): fill(first, count, out)
  // writes texels first .. first + count - 1 to out; the parts come in order and cover them all.
  using SourceFill = std::function<void(std::uint64_t first, std::uint64_t count, PixelTexel* out)>;
  virtual void uploadSource(const SourceFill& fill, const SourceShape& shape) = 0;
  // The same for a shape without maps (rows or columns, no mask), whose source is the pixels'
  // bytes as they are: pixel p's RGBA (R first) at texel p, zero beyond shape.pixelCount(). They go
  // to the texture straight from `rgba`, with no texels made.
  virtual void uploadSourceBytes(const std::uint8_t* rgba, const SourceShape& shape) = 0;
  // The source uploaded last given another picture of its size: the first shape.width x
  // shape.height pixels of `framebuffer`'s colour (8-bit RGBA, row 0 the image's top row) copied
  // into it on the GPU, never through the host (a clip's frame as the browser decoded it). The
  // lines stand, so the maps do too. Then the same start as restartFromSource.
  virtual void uploadSourcePixels(GLuint framebuffer) = 0;
  // The same start again from the source texels already uploaded (no pass writes them): a new
  // schedule on the same image and lines, without the upload.
  virtual void restartFromSource() = 0;
  // Compiles and allocates what `schedule` needs, so a timed run measures only the passes.
  // A pixel sort's schedule gets its programs made for the source as it will be uploaded (`source`).
  virtual void prepare(const PassSchedule& schedule, const SourceShape& source = SourceShape{}) = 0;
  // Runs one pass. The passes of the schedule prepared, in order from an upload, take the programs
  // prepare() found; any other pass looks its program up.
  virtual void runPass(const Pass& pass) = 0;
  // How many times a pass's program was looked up since prepare() (0 while only the prepared
  // passes ran, in order).
  virtual std::uint64_t programLookups() const = 0;
  // Runs every pass in order; returns their GPU time in milliseconds.
  virtual double run(const PassSchedule& schedule) = 0;
  // One plain copy of the element state (the benchmark's unit of cost), in milliseconds from idle
  // to finished; the state is unchanged.
  virtual double copyPassMs() = 0;

  // The elements, element i at position i. Waits for the GPU.
  virtual std::vector<Element> readElements() const = 0;
  // The first `count` elements as 8-bit RGBA (the pixel sort's packed colour and alpha): the image,
  // once the image-order pass has run, written over `storage` (whatever it holds) in its memory where
  // it is large enough: a buffer already touched, the source image's say, costs no fresh pages (on a
  // VM ~3 ms a MB). Runners without the pixel passes throw texsort::Error(Gpu).
  virtual std::vector<std::uint8_t> readPixelBytes(std::uint64_t count, std::vector<std::uint8_t> storage) = 0;
  // The pixel sort's span words (SortState::spans) once its span passes have run; empty before.
  // Runners without the pixel passes throw texsort::Error(Gpu).
  virtual std::vector<std::uint32_t> readSpanWords() const = 0;
  // Every buffer written since upload(), as the CPU model keeps them: tests compare the two.
  virtual SortState readState() const = 0;
  virtual StateView view() const = 0;
};

// Whether the current GL context runs `algorithm`: compute rows need GL 4.3's compute shaders,
// bitonic-wide a draw that writes 8 targets (GL 3.3 promises 8, WebGL2 only 4).
bool algorithmAvailableHere(Algorithm algorithm);
// Throws texsort::Error(Gpu) with one line saying what the context lacks when it does not.
void requireAvailable(Algorithm algorithm);

// A compute row's (key, index) pair: the pixel sort's one buffer of one per element (it moves no
// 16-byte elements), so it reaches twice as far as the plain sort within one storage block.
constexpr std::uint64_t kPairBytes = 8;
// Whether one storage block of the current context holds `elementCount` items of `bytesEach` bytes
// (the compute rows' limit; false without compute shaders).
bool storageBlockHolds(std::uint64_t elementCount, std::uint64_t bytesEach);

// The fastest fragment sort the current context runs: bitonic-wide where one draw writes its 8
// targets (GL 3.3 promises 8), else bitonic-fast, four steps a pass through one (WebGL2 promises 4).
Algorithm fragmentSortHere();

// `texsort sort --algo auto`'s choice for `elementCount` elements on the current context:
// compute-radix where it has compute shaders and the elements fit one storage block (it measured
// fastest there: docs/performance.md), else fragmentSortHere().
Algorithm sortAlgorithmHere(std::uint64_t elementCount);

// The runner that runs `algorithm` on the current GL context, for elementCount elements: the
// fragment runner, or the compute runner for the compute rows. Throws as requireAvailable does.
std::unique_ptr<Runner> makeRunner(Algorithm algorithm, std::uint64_t elementCount);

}  // namespace texsort
