// Each pass kind's uniforms as one std140 block mirrored by a C++ struct (pass_blocks.cpp), and
// the blocks the shared GLSL declares: Common (sort_common.glsl, pixel_source.glsl: layouts, line
// and source sizes), Order (pixel_order.glsl: the pixel sort's key rule), and the compute
// programs' Run (compute_common.glsl) or PixelRun (compute_pixel.glsl). A pass's blocks
// are a pure function of the pass, the element count and the source shape, so a runner can write
// a whole schedule's into one buffer when it prepares it (PassBlockBuffer) and bind ranges.
// gl::bindBlocks checks every program's blocks against these structs when it is made.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "gl/uniform_block.h"
#include "sort/cpu_model.h"
#include "sort/pass.h"
#include "sort/schedule.h"

namespace texsort {

// Binding points, one per block name.
enum BlockBinding : GLuint { kCommonBinding = 0, kStepBinding = 1, kOrderBinding = 2, kRunBinding = 3 };

// One block's bytes, as its struct has them, and the layout they follow (null: no block).
struct BlockBytes {
  static constexpr std::uint32_t kMax = 160;  // the largest struct's size (compute_steps.comp's two arrays)
  const gl::BlockLayout* layout = nullptr;
  std::array<std::uint8_t, kMax> bytes{};
};

struct PassBlocks {
  BlockBytes common, step, order, run;  // run: the compute programs' (runBlock)
};

// The layouts for gl::bindBlocks of the blocks every program and the pixel-order programs have;
// a kind's own is stepBlock(pass, n).layout.
const gl::BlockLayout& commonBlockLayout();
const gl::BlockLayout& orderBlockLayout();
const gl::BlockLayout& runBlockLayout();       // compute_common.glsl's Run
const gl::BlockLayout& pixelRunBlockLayout();  // compute_pixel.glsl's PixelRun

// The kind's Step block (no layout: a kind with no uniforms of its own).
BlockBytes stepBlock(const Pass& pass, std::uint64_t elementCount);
// The blocks of `pass` run on `elementCount` elements from a source of shape `source`.
PassBlocks passBlocks(const Pass& pass, std::uint64_t elementCount, const SourceShape& source);
// The compute programs' Run block (compute_common.glsl), and the pixel programs' PixelRun
// (compute_pixel.glsl) for `pass`: the element count and its invocations (pixelInvocations).
BlockBytes runBlock(std::uint64_t elementCount);
BlockBytes pixelRunBlock(const Pass& pass, std::uint64_t elementCount);
// compute_pixel.comp's invocations for `pass`: an element (PixelOrder) or a span word (SpanStarts,
// SpanScanStep) each; 0 for the sort kernels.
std::uint64_t pixelInvocations(const Pass& pass, std::uint64_t elementCount);
// The Common block of the state view of `elementCount` elements from `source` (no pass: the
// viewer's programs, the readback's).
BlockBytes commonBlock(std::uint64_t elementCount, const SourceShape& source);

// commonBlock(elementCount, source) written at the start of `buffer` and bound: the viewer's
// programs and the readback's, which have no other block.
void bindCommonBlock(gl::UniformBuffer& buffer, std::uint64_t elementCount, const SourceShape& source);

// One buffer of pass records (Common, Step, Order, Run, each at an aligned offset): a prepared
// schedule's, a record per pass for its first kMaxRecords passes, then one loose record that a
// pass without one (out of order, unprepared, or past kMaxRecords: transposition's N passes) is
// written into when it runs.
class PassBlockBuffer {
 public:
  static constexpr std::size_t kMaxRecords = 4096;  // every schedule but transposition's beyond 64x64
  // Replaces the records with the schedule's (`blocksOf` gives a pass's); nothing is prepared after
  // a throw.
  void prepare(const PassSchedule& schedule, const std::function<PassBlocks(const Pass&)>& blocksOf);
  void clear() { records_.clear(); }
  // Binds the record of the prepared schedule's pass at `position` where there is one, else
  // writes `blocksOf()` into the loose record and binds that.
  void bind(std::optional<std::size_t> position, const std::function<PassBlocks()>& blocksOf);

 private:
  static constexpr std::size_t kSlots = 4;  // a record's blocks
  using Layouts = std::array<const gl::BlockLayout*, kSlots>;
  void bindRecord(std::size_t record, const Layouts& layouts) const;
  std::uint32_t slot() const;    // a block's room: BlockBytes::kMax rounded up to GL's range alignment
  mutable std::uint32_t slot_ = 0;  // slot(), once asked
  gl::UniformBuffer buffer_;
  std::vector<Layouts> records_;  // which blocks each prepared record holds (null: none)
};

}  // namespace texsort
