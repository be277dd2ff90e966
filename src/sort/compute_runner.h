// The compute runner (GL 4.3, optional): article 000's kernels as compute dispatches on storage
// buffers, in place. It runs the compute schedules (computeSchedule: pack, ComputeBitonicSteps,
// SharedBitonicSteps, gather) and offers the same Runner interface as the fragment runner: the
// state after each dispatch reads back as the CPU model keeps it, and view() copies the buffers
// into textures for the viewer. Knows nothing of windows or images.
#pragma once

#include <array>
#include <map>
#include <utility>

#include "gl/objects.h"
#include "sort/runner.h"

namespace texsort {

// Whether the compute shaders assert their bounds (texsort check turns it on): a dispatch whose
// invocations would touch data past the end counts them, and the runner throws
// texsort::Error(Mismatch) naming the count. Off: the shaders carry no check.
bool& boundsCheck();

class ComputeRunner final : public Runner {
 public:
  // Needs a current context where gl::computeAvailable(). Allocates the element buffers for
  // `elementCount` (a power of two, at most kMaxElements). Throws texsort::Error(Gpu) when compute
  // is not available or a buffer is larger than the context allows.
  explicit ComputeRunner(std::uint64_t elementCount);

  const TextureLayout& layout() const override { return layout_; }
  void upload(const std::vector<Element>& elements) override;
  // No pixel passes here: these throw.
  void uploadSource(const std::vector<PixelTexel>& texels, const SourceShape& shape) override;
  void uploadSource(const SourceFill&, const SourceShape& shape) override {
    uploadSource(std::vector<PixelTexel>(), shape);
  }
  void uploadSourceBytes(const std::uint8_t*, const SourceShape& shape) override {
    uploadSource(std::vector<PixelTexel>(), shape);
  }
  void restartFromSource() override { uploadSource(std::vector<PixelTexel>(), SourceShape{}); }
  void prepare(const PassSchedule& schedule, const SourceShape& source = SourceShape{}) override;
  // Keeps the pairs as they were before an in-place dispatch (one buffer copy), so view() can show
  // what moved, as the fragment runner's ping-pong does; run() keeps none.
  void runPass(const Pass& pass) override;
  double run(const PassSchedule& schedule) override;
  double copyPassMs() override;
  std::vector<Element> readElements() const override;
  std::vector<std::uint8_t> readPixelBytes(std::uint64_t count, std::vector<std::uint8_t> storage) override;
  std::vector<std::uint32_t> readSpanWords() const override;
  SortState readState() const override;
  StateView view() const override;

 private:
  const gl::Program& program(const Pass& pass);
  const gl::Program& program(const char* shader, const std::string& defines);
  void dispatch(const gl::Program& program, std::uint64_t workgroups);
  void setCommonUniforms(const gl::Program& program) const;
  void bind(const gl::StorageBuffer& elements, const gl::StorageBuffer& target) const;
  const gl::StorageBuffer& pairs();
  void dispatchPass(const Pass& pass);

  TextureLayout layout_;
  std::array<gl::StorageBuffer, 2> elements_;  // the elements as they stand: [current_]; gather writes the other
  std::size_t current_ = 0;
  gl::StorageBuffer pairs_;      // (key, index) pairs, allocated on first use
  gl::StorageBuffer previousPairs_;  // the pairs before the last dispatch, when hasPrevious_
  bool hasPrevious_ = false;
  gl::StorageBuffer copyTarget_; // copyPassMs() only
  gl::StorageBuffer faults_;     // with boundsCheck(): the shaders' count of out-of-bounds invocations
  unsigned written_ = 0;         // bufferBit()s written since upload()
  Buffer shown_ = Buffer::Elements;
  std::map<std::string, gl::Program> programs_;  // by shader and defines
  gl::GpuTimer timer_;
  // view(): the buffers copied into textures of the fragment runner's layouts.
  mutable gl::Texture elementTexture_;
  mutable gl::Texture compactTexture_;
  mutable gl::Texture previousTexture_;
};

}  // namespace texsort
