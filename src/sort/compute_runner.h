// The compute runner (GL 4.3, optional): article 000's kernels as compute dispatches on storage
// buffers, in place. It runs the compute schedules (computeSchedule: pack, ComputeBitonicSteps,
// SharedBitonicSteps, gather) and the pixel sort's on them (span starts, span scan, pixel order,
// the sort's last dispatch into the image: compute_pixels.cpp), and offers the same Runner interface as
// the fragment runner: the state after each dispatch reads back as the CPU model keeps it, and
// view() copies the buffers into textures for the viewer. Knows nothing of windows or images.
#pragma once

#include <array>
#include <map>
#include <utility>

#include "gl/objects.h"
#include "sort/pass_blocks.h"
#include "sort/prepared_programs.h"
#include "sort/runner.h"

namespace texsort {

// Whether the compute shaders assert their bounds (texsort check turns it on): a dispatch whose
// invocations would touch data past the end counts them, and the runner throws
// texsort::Error(Mismatch) naming the count. Off: the shaders carry no check.
bool& boundsCheck();

// Whether the compute runner runs `pass` as one of the pixel sort's kernels (compute_pixel.comp):
// span starts, span scan, pixel order, and the last sort dispatch into the image.
bool computePixelPass(const Pass& pass);

// compute_steps.comp's defines for `steps` (BITS and its group's code, the bounds check where on);
// throws texsort::Error(Gpu) for a shape it does not run.
std::string computeStepsDefines(const ComputeBitonicSteps& steps);
// compute_shared.comp's defines for `steps` on `elements` elements (BLOCK_LOG2, PER_BARRIER,
// THREADS); throws texsort::Error(Gpu) for a shape it does not run.
std::string sharedStepsDefines(const SharedBitonicSteps& steps, std::uint64_t elements);

// The storage-buffer bindings of compute_common.glsl and compute_pixel.glsl (below 8, the least GL
// 4.3 offers).
enum ComputeBinding : GLuint {
  kBindElements = 0, kBindPairs = 1, kBindTarget = 2, kBindFaults = 3,  // Target: the gather's, or the image's bytes
  kBindSource = 4, kBindMaps = 5, kBindSpansIn = 6, kBindSpansOut = 7,
  kBindCounts = 4, kBindPairsOut = 5,  // compute_radix.comp's, which has no pixel buffers
};

// compute_radix.comp's defines for `pass` (a RadixTileCounts, RadixCountScan or RadixScatter);
// throws texsort::Error(Gpu) for another kind or a digit it does not run.
std::string radixDefines(const Pass& pass);
// A compute-radix dispatch's phase (1 tile counts, 2 count scan, 3 scatter) and digit; phase 0 and
// no digit for any other pass.
struct RadixCall {
  int phase = 0;
  const RadixDigit* d = nullptr;
};
RadixCall radixCallOf(const Pass& pass);

class ComputeRunner final : public Runner {
 public:
  // Needs a current context where gl::computeAvailable(), for `elementCount` elements (a power of
  // two, at most kMaxElements); each buffer is made at its first use. Throws texsort::Error(Gpu)
  // when compute is not available or the pairs (at once) or a buffer made later is larger than a
  // storage block may be.
  explicit ComputeRunner(std::uint64_t elementCount);

  const TextureLayout& layout() const override { return layout_; }
  void upload(const std::vector<Element>& elements) override;
  void uploadSource(const std::vector<PixelTexel>& texels, const SourceShape& shape) override;
  void uploadSource(const SourceFill& fill, const SourceShape& shape) override;
  void uploadSourceBytes(const std::uint8_t* rgba, const SourceShape& shape) override;
  void uploadSourcePixels(GLuint framebuffer) override;
  void restartFromSource() override;
  void prepare(const PassSchedule& schedule, const SourceShape& source = SourceShape{}) override;
  // Keeps the pairs as they were before an in-place dispatch (one buffer copy), so view() can show
  // what moved, as the fragment runner's ping-pong does; run() keeps none.
  void runPass(const Pass& pass) override;
  std::uint64_t programLookups() const override { return programLookups_; }
  double run(const PassSchedule& schedule) override;
  double copyPassMs() override;
  std::vector<Element> readElements() const override;
  std::vector<std::uint8_t> readPixelBytes(std::uint64_t count, std::vector<std::uint8_t> storage) override;
  std::vector<std::uint32_t> readSpanWords() const override;
  SortState readState() const override;
  StateView view() const override;
  // compute-radix's scatters skipped since upload(): digits every key shares.
  std::uint32_t skippedScatters() const { return skippedScatters_; }

 private:
  static constexpr std::uint32_t kLocalSize = 64;  // the global kernels' workgroup (article 000: 64 threads)
  const gl::Program& program(const Pass& pass);
  // compute_common.glsl's program `shader` with `defines`; its blocks checked against Run and the
  // Step block of `pass` (null: none), and bound.
  const gl::Program& program(const char* shader, const std::string& defines, const Pass* pass);
  PassBlocks blocksOf(const Pass& pass) const;  // the blocks of `pass` on this runner
  void dispatch(const gl::Program& program, std::uint64_t workgroups);
  // A ComputeBitonicSteps or SharedBitonicSteps dispatch of `program` (in use, buffers and blocks
  // bound): its workgroups, for the sort and for the pixel sort's last dispatch alike.
  void dispatchSortSteps(const gl::Program& program, const Pass& pass);
  void bind(const gl::StorageBuffer& elements, const gl::StorageBuffer& target) const;
  const gl::StorageBuffer& pairs();
  const gl::StorageBuffer& elementBuffer();  // elements_[current_], made at its first use
  // Throws texsort::Error(Gpu) when one buffer of `bytes` is more than a storage block may hold.
  void checkStorageBlock(std::uint64_t bytes) const;
  void dispatchPass(const Pass& pass);
  // The pixel sort (compute_pixels.cpp): compute_pixel.comp's kernel for a pixel pass (SpanStarts,
  // SpanScanStep, PixelOrder, GatherByIndex into the image), its dispatch, and the source's start.
  const gl::Program& pixelProgram(const Pass& pass);
  // compute-radix (compute_radix.cpp): a digit's dispatch, and its buffers made before a timed run.
  void dispatchRadixPass(const Pass& pass, const gl::Program& program);
  void radixBuffers(const RadixDigit& digit);
  bool digitIsConstant(const RadixDigit& digit) const;
  void dispatchPixelPass(const Pass& pass, const gl::Program& program);
  void dispatchRadixIntoImage(const gl::Program& program, std::uint64_t workgroups);
  void startSource(const SourceShape& shape);
  std::vector<PixelTexel> readSource() const;
  void viewPixels(StateView& view) const;

  TextureLayout layout_;
  std::array<gl::StorageBuffer, 2> elements_;  // the elements as they stand: [current_]; gather and radix
                                               // scatter write the other
  std::size_t current_ = 0;
  gl::StorageBuffer pairs_;      // (key, index) pairs, allocated on first use
  gl::StorageBuffer counts_;     // compute-radix: Buffer::Counts
  gl::StorageBuffer pairsOut_;   // compute-radix on pairs: the scatter's target, then swapped with pairs_
  gl::StorageBuffer previousPairs_;  // the pairs before the last dispatch, when hasPrevious_
  bool hasPrevious_ = false;
  bool scattered_ = false;
  std::uint32_t skippedScatters_ = 0;       // runPass() ran a radix scatter: elements_[1 - current_] is the state before it
  SourceShape sourceShape_;      // the pixel sort's source: how it is kept
  gl::StorageBuffer source_;     // Buffer::Source: pixel p's 8-bit RGBA in uint p, R lowest (the texture's bytes)
  gl::StorageBuffer maps_;       // Buffer::Maps (a uvec2 an element), where sourceShape_.maps()
  std::array<gl::StorageBuffer, 2> spans_;  // Buffer::Spans (a uvec2 a word): [currentSpans_] as it stands
  std::size_t currentSpans_ = 0;
  gl::StorageBuffer pixels_;     // Buffer::Pixels: the sorted image's RGBA, a uint a position
  gl::StorageBuffer copyTarget_; // copyPassMs() only
  gl::StorageBuffer faults_;     // with boundsCheck(): the shaders' count of out-of-bounds invocations
  unsigned written_ = 0;         // bufferBit()s written since upload()
  Buffer shown_ = Buffer::Elements;
  std::map<std::string, gl::Program> programs_;  // by shader and defines
  PreparedPrograms prepared_;                     // the prepared schedule's, a pass each
  PassBlockBuffer blocks_;                        // ... and their uniform blocks; a loose record for others
  std::uint64_t programLookups_ = 0;              // program(pass) calls since prepare()
  gl::GpuTimer timer_;
  // view(): the buffers copied into textures of the fragment runner's layouts.
  mutable gl::Texture elementTexture_;
  mutable gl::Texture compactTexture_;
  mutable gl::Texture previousTexture_;
  mutable gl::Texture previousElementsTexture_;
  mutable gl::Texture sourceTexture_, mapsTexture_, spansTexture_, pixelsTexture_;
};

}  // namespace texsort
