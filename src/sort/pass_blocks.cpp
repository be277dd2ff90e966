// The std140 structs behind every block the pass shaders declare, their layouts for the check at
// link, and a pass's blocks as bytes.
#include "sort/pass_blocks.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "sort/bits.h"
#include "sort/element.h"
#include "sort/wide_layout.h"

namespace texsort {

namespace {

// A member of struct S named as the GLSL names it: field f is u_f.
#define TEXSORT_MEMBER(S, f, type) gl::BlockMember{"u_" #f, static_cast<std::uint32_t>(offsetof(S, f)), type}

using I32 = std::int32_t;
using U32 = std::uint32_t;

struct alignas(16) CommonBlock {  // sort_common.glsl
  I32 widthLog2, compactWidthLog2, wideWidthLog2, spansWidthLog2, indexHighBits, positionBits, lineBits;
  I32 sourceWidth, sourceHeight;
};
const gl::BlockLayout kCommon{"Common", kCommonBinding, sizeof(CommonBlock),
                              {TEXSORT_MEMBER(CommonBlock, widthLog2, GL_INT),
                               TEXSORT_MEMBER(CommonBlock, compactWidthLog2, GL_INT),
                               TEXSORT_MEMBER(CommonBlock, wideWidthLog2, GL_INT),
                               TEXSORT_MEMBER(CommonBlock, spansWidthLog2, GL_INT),
                               TEXSORT_MEMBER(CommonBlock, indexHighBits, GL_INT),
                               TEXSORT_MEMBER(CommonBlock, positionBits, GL_INT),
                               TEXSORT_MEMBER(CommonBlock, lineBits, GL_INT),
                               TEXSORT_MEMBER(CommonBlock, sourceWidth, GL_INT),
                               TEXSORT_MEMBER(CommonBlock, sourceHeight, GL_INT)}};

struct alignas(16) OrderBlock {  // pixel_order.glsl
  U32 maxKey;
  I32 keyBits;
  U32 descending;  // a GLSL bool: four bytes
  U32 maxSpan, skipPercent, seed;
};
const gl::BlockLayout kOrder{"Order", kOrderBinding, sizeof(OrderBlock),
                             {TEXSORT_MEMBER(OrderBlock, maxKey, GL_UNSIGNED_INT), TEXSORT_MEMBER(OrderBlock, keyBits, GL_INT),
                              TEXSORT_MEMBER(OrderBlock, descending, GL_BOOL), TEXSORT_MEMBER(OrderBlock, maxSpan, GL_UNSIGNED_INT),
                              TEXSORT_MEMBER(OrderBlock, skipPercent, GL_UNSIGNED_INT),
                              TEXSORT_MEMBER(OrderBlock, seed, GL_UNSIGNED_INT)}};

// The Step blocks, one struct per shape of a kind's uniforms (a shader's comment names its struct).
struct alignas(16) BitonicBlock {  // bitonic.frag
  I32 stepno, offset, stage;
};
const gl::BlockLayout kBitonic{"Step", kStepBinding, sizeof(BitonicBlock),
                               {TEXSORT_MEMBER(BitonicBlock, stepno, GL_INT), TEXSORT_MEMBER(BitonicBlock, offset, GL_INT),
                                TEXSORT_MEMBER(BitonicBlock, stage, GL_INT)}};

struct alignas(16) LegacyBlock {  // bitonic_legacy.frag: the seed's floats
  gl::Vec2 bufInfo;
  float stepno, offset, stage;
};
const gl::BlockLayout kLegacy{"Step", kStepBinding, sizeof(LegacyBlock),
                              {TEXSORT_MEMBER(LegacyBlock, bufInfo, GL_FLOAT_VEC2), TEXSORT_MEMBER(LegacyBlock, stepno, GL_FLOAT),
                               TEXSORT_MEMBER(LegacyBlock, offset, GL_FLOAT), TEXSORT_MEMBER(LegacyBlock, stage, GL_FLOAT)}};

struct alignas(16) FusedBlock {  // fast_bitonic.frag
  I32 stepno, offset;
};
const gl::BlockLayout kFused{"Step", kStepBinding, sizeof(FusedBlock),
                             {TEXSORT_MEMBER(FusedBlock, stepno, GL_INT), TEXSORT_MEMBER(FusedBlock, offset, GL_INT)}};

struct alignas(16) OddEvenBlock {  // oddeven_merge.frag
  I32 count, runLength, distance;
};
const gl::BlockLayout kOddEven{"Step", kStepBinding, sizeof(OddEvenBlock),
                               {TEXSORT_MEMBER(OddEvenBlock, count, GL_INT), TEXSORT_MEMBER(OddEvenBlock, runLength, GL_INT),
                                TEXSORT_MEMBER(OddEvenBlock, distance, GL_INT)}};

struct alignas(16) TranspositionBlock {  // transposition.frag
  I32 count, parity;
};
const gl::BlockLayout kTransposition{
    "Step", kStepBinding, sizeof(TranspositionBlock),
    {TEXSORT_MEMBER(TranspositionBlock, count, GL_INT), TEXSORT_MEMBER(TranspositionBlock, parity, GL_INT)}};

struct alignas(16) RadixFlagsBlock {  // radix_flags.frag
  I32 bit, digitMask;
};
const gl::BlockLayout kRadixFlags{"Step", kStepBinding, sizeof(RadixFlagsBlock),
                                  {TEXSORT_MEMBER(RadixFlagsBlock, bit, GL_INT), TEXSORT_MEMBER(RadixFlagsBlock, digitMask, GL_INT)}};

struct alignas(16) DistanceBlock {  // radix_scan.frag, span_scan.frag
  I32 distance;
};
const gl::BlockLayout kDistance{"Step", kStepBinding, sizeof(DistanceBlock), {TEXSORT_MEMBER(DistanceBlock, distance, GL_INT)}};

struct alignas(16) CountBlock {  // radix_gather.frag
  I32 count, countLog2;
};
const gl::BlockLayout kCount{"Step", kStepBinding, sizeof(CountBlock),
                             {TEXSORT_MEMBER(CountBlock, count, GL_INT), TEXSORT_MEMBER(CountBlock, countLog2, GL_INT)}};

struct alignas(16) PixelCountBlock {  // fast_gather.frag, image_order.frag
  I32 pixelCount;
};
const gl::BlockLayout kPixelCount{"Step", kStepBinding, sizeof(PixelCountBlock),
                                  {TEXSORT_MEMBER(PixelCountBlock, pixelCount, GL_INT)}};

struct alignas(16) WideStepsBlock {  // wide_bitonic.frag
  gl::IVec4 window, sourceWindow, stepnos;
};
const gl::BlockLayout kWideSteps{"Step", kStepBinding, sizeof(WideStepsBlock),
                                 {TEXSORT_MEMBER(WideStepsBlock, window, GL_INT_VEC4),
                                  TEXSORT_MEMBER(WideStepsBlock, sourceWindow, GL_INT_VEC4),
                                  TEXSORT_MEMBER(WideStepsBlock, stepnos, GL_INT_VEC4)}};

struct alignas(16) WideGatherBlock {  // wide_gather.frag
  gl::IVec4 window;
  I32 pixelCount;
};
const gl::BlockLayout kWideGather{
    "Step", kStepBinding, sizeof(WideGatherBlock),
    {TEXSORT_MEMBER(WideGatherBlock, window, GL_INT_VEC4), TEXSORT_MEMBER(WideGatherBlock, pixelCount, GL_INT)}};

struct alignas(16) SpanStartsBlock {  // span_starts.frag
  I32 positions, lowest, highest, imageWidth, imageHeight;
  U32 spanLength, seed;
};
const gl::BlockLayout kSpanStarts{"Step", kStepBinding, sizeof(SpanStartsBlock),
                                  {TEXSORT_MEMBER(SpanStartsBlock, positions, GL_INT), TEXSORT_MEMBER(SpanStartsBlock, lowest, GL_INT),
                                   TEXSORT_MEMBER(SpanStartsBlock, highest, GL_INT),
                                   TEXSORT_MEMBER(SpanStartsBlock, imageWidth, GL_INT),
                                   TEXSORT_MEMBER(SpanStartsBlock, imageHeight, GL_INT),
                                   TEXSORT_MEMBER(SpanStartsBlock, spanLength, GL_UNSIGNED_INT),
                                   TEXSORT_MEMBER(SpanStartsBlock, seed, GL_UNSIGNED_INT)}};

// The compute kernels' blocks: Run (compute_common.glsl), PixelRun (compute_pixel.glsl, in its
// place in the pixel programs), and the sort kernels' Step blocks.
struct alignas(16) RunBlock {
  U32 count, indexHighBits;
};
const gl::BlockLayout kRun{"Run", kRunBinding, sizeof(RunBlock),
                           {TEXSORT_MEMBER(RunBlock, count, GL_UNSIGNED_INT),
                            TEXSORT_MEMBER(RunBlock, indexHighBits, GL_UNSIGNED_INT)}};

struct alignas(16) PixelRunBlock {
  U32 count;
  I32 invocations;
};
const gl::BlockLayout kPixelRun{"PixelRun", kRunBinding, sizeof(PixelRunBlock),
                                {TEXSORT_MEMBER(PixelRunBlock, count, GL_UNSIGNED_INT),
                                 TEXSORT_MEMBER(PixelRunBlock, invocations, GL_INT)}};

struct alignas(16) ArraySlot {  // a uint array's element under std140: 16 bytes
  U32 value;
};
struct alignas(16) ComputeStepsBlock {  // compute_steps.comp
  ArraySlot bits[5], stepnos[5];
};
const gl::BlockLayout kComputeSteps{"Step", kStepBinding, sizeof(ComputeStepsBlock),
                                    {{"u_bits[0]", offsetof(ComputeStepsBlock, bits), GL_UNSIGNED_INT, sizeof(ArraySlot)},
                                     {"u_stepnos[0]", offsetof(ComputeStepsBlock, stepnos), GL_UNSIGNED_INT,
                                      sizeof(ArraySlot)}}};

struct alignas(16) SharedStepsBlock {  // compute_shared.comp
  U32 firstRank, firstStep, lastRank, stepno;
};
const gl::BlockLayout kSharedSteps{"Step", kStepBinding, sizeof(SharedStepsBlock),
                                   {TEXSORT_MEMBER(SharedStepsBlock, firstRank, GL_UNSIGNED_INT),
                                    TEXSORT_MEMBER(SharedStepsBlock, firstStep, GL_UNSIGNED_INT),
                                    TEXSORT_MEMBER(SharedStepsBlock, lastRank, GL_UNSIGNED_INT),
                                    TEXSORT_MEMBER(SharedStepsBlock, stepno, GL_UNSIGNED_INT)}};

struct alignas(16) RadixBlock {  // compute_radix.comp
  U32 shift, mask, tiles, lineTilesLog2;
};
const gl::BlockLayout kRadix{"Step", kStepBinding, sizeof(RadixBlock),
                             {TEXSORT_MEMBER(RadixBlock, shift, GL_UNSIGNED_INT), TEXSORT_MEMBER(RadixBlock, mask, GL_UNSIGNED_INT),
                              TEXSORT_MEMBER(RadixBlock, tiles, GL_UNSIGNED_INT),
                              TEXSORT_MEMBER(RadixBlock, lineTilesLog2, GL_UNSIGNED_INT)}};

#undef TEXSORT_MEMBER

template <class Block>
BlockBytes bytesOf(const gl::BlockLayout& layout, const Block& block) {
  static_assert(std::is_trivially_copyable_v<Block> && sizeof(Block) <= BlockBytes::kMax, "a block's bytes");
  BlockBytes b;
  b.layout = &layout;
  std::memcpy(b.bytes.data(), &block, sizeof block);
  return b;
}

I32 i32(std::uint64_t v) { return static_cast<I32>(v); }

gl::IVec4 windowBits(std::uint32_t window) {
  const std::array<int, kWideGroupLog2> bits = wideWindowBits(window);
  return {bits[0], bits[1], bits[2], bits[3]};
}

BlockBytes wideStepsBlock(const WideBitonicSteps& s) {
  const bool fromLayers = s.source != kWideFromElements && s.source != kWideFromPixels;
  WideStepsBlock b{windowBits(s.window), windowBits(fromLayers ? s.source : kWideLowWindow), {}};
  I32* stepnos[] = {&b.stepnos.x, &b.stepnos.y, &b.stepnos.z, &b.stepnos.w};
  for (std::uint32_t rank = s.firstRank; rank <= s.lastRank && rank - s.firstRank < 4; ++rank) {
    *stepnos[rank - s.firstRank] = i32(rank == s.lastRank ? s.stepno : 2u << rank);
  }
  return bytesOf(kWideSteps, b);
}

BlockBytes computeStepsBlock(const ComputeBitonicSteps& p) {
  ComputeStepsBlock b{};
  unsigned n = 0;
  for (std::uint32_t rest = p.window; rest != 0 && n < 5; rest &= rest - 1) b.bits[n++].value = rest & (0u - rest);
  for (std::uint32_t rank = p.firstRank; rank <= p.lastRank && rank - p.firstRank < 5; ++rank) {
    b.stepnos[rank - p.firstRank].value = rank == p.lastRank ? p.stepno : 2u << rank;
  }
  return bytesOf(kComputeSteps, b);
}

BlockBytes radixBlock(const RadixDigit& d, std::uint64_t n) {
  return bytesOf(kRadix, RadixBlock{d.shift, (1u << d.bits) - 1u, static_cast<U32>(radixTiles(d, n)), d.lineLog2 - d.tileLog2});
}

// The pass's line length, where it carries one, else the source's.
std::uint32_t lineBitsOf(const Pass& pass, const SourceShape& source) {
  if (const auto* order = std::get_if<PixelOrder>(&pass)) return order->lineBits;
  if (const auto* starts = std::get_if<SpanStarts>(&pass)) return starts->lineBits;
  if (const auto* scan = std::get_if<SpanScanStep>(&pass)) return scan->lineBits;
  const auto* wide = std::get_if<WideBitonicSteps>(&pass);
  if (wide != nullptr && wide->source == kWideFromPixels) return wide->order.lineBits;
  return source.lineBits;
}

template <class Kind, class = void>
struct HasPositionBits : std::false_type {};
template <class Kind>
struct HasPositionBits<Kind, std::void_t<decltype(Kind::positionBits)>> : std::true_type {};

// The gathers' line length (the kinds with a positionBits field), 0 for a pass that gathers nothing.
std::uint32_t positionBitsOf(const Pass& pass) {
  return std::visit(
      [](const auto& kind) -> std::uint32_t {
        if constexpr (HasPositionBits<std::decay_t<decltype(kind)>>::value) return kind.positionBits;
        return 0;
      },
      pass);
}

CommonBlock commonOf(std::uint64_t n, const SourceShape& source) {
  const auto widthLog2 = [](std::uint64_t count) { return i32(log2Exact(TextureLayout::forCount(count).width)); };
  return CommonBlock{widthLog2(n),
                     widthLog2(std::max<std::uint64_t>(1, n / 2)),
                     widthLog2(std::max<std::uint64_t>(1, n >> kWideGroupLog2)),
                     widthLog2(spanWordCount(n)),
                     i32(indexHighBits(n)),
                     0,
                     i32(source.lineBits),
                     i32(source.width),
                     i32(source.height)};
}

}  // namespace

const gl::BlockLayout& commonBlockLayout() { return kCommon; }
const gl::BlockLayout& orderBlockLayout() { return kOrder; }
const gl::BlockLayout& runBlockLayout() { return kRun; }
const gl::BlockLayout& pixelRunBlockLayout() { return kPixelRun; }

BlockBytes commonBlock(std::uint64_t elementCount, const SourceShape& source) {
  return bytesOf(kCommon, commonOf(elementCount, source));
}

BlockBytes stepBlock(const Pass& pass, std::uint64_t elementCount) {
  const std::uint64_t n = elementCount;
  return std::visit(
      Overloaded{
          [](const BitonicStep& s) { return bytesOf(kBitonic, BitonicBlock{i32(s.stepno), i32(s.offset), i32(s.stage())}); },
          [&](const BitonicLegacyStep& l) {
            const TextureLayout layout = TextureLayout::forCount(n);
            return bytesOf(kLegacy, LegacyBlock{{float(layout.width), float(layout.height)}, float(l.step.stepno),
                                                float(l.step.offset), float(l.step.stage())});
          },
          [&](const OddEvenMergeStep& s) { return bytesOf(kOddEven, OddEvenBlock{i32(n), i32(s.runLength), i32(s.distance)}); },
          [&](const TranspositionRound& s) { return bytesOf(kTransposition, TranspositionBlock{i32(n), i32(s.parity)}); },
          [](const RadixFlags& s) { return bytesOf(kRadixFlags, RadixFlagsBlock{i32(s.bit), i32((1u << s.bits) - 1u)}); },
          [](const RadixScanStep& s) { return bytesOf(kDistance, DistanceBlock{i32(s.distance)}); },
          [&](const RadixGather&) { return bytesOf(kCount, CountBlock{i32(n), i32(log2Exact(n))}); },
          [](const FusedBitonicSteps& s) { return bytesOf(kFused, FusedBlock{i32(s.stepno), i32(s.offset)}); },
          [](const GatherByIndex& s) { return bytesOf(kPixelCount, PixelCountBlock{i32(s.pixels)}); },
          [](const WideBitonicSteps& s) { return wideStepsBlock(s); },
          [](const WideGather& s) { return bytesOf(kWideGather, WideGatherBlock{windowBits(s.window), i32(s.pixels)}); },
          [&](const SpanStarts& s) {
            return bytesOf(kSpanStarts, SpanStartsBlock{i32(n), i32(s.lowest), i32(s.highest), i32(s.width), i32(s.height),
                                                        s.spanLength, s.seed});
          },
          [](const SpanScanStep& s) { return bytesOf(kDistance, DistanceBlock{i32(s.distance)}); },
          [](const ImageOrder& s) { return bytesOf(kPixelCount, PixelCountBlock{i32(s.pixels)}); },
          [](const ComputeBitonicSteps& s) { return computeStepsBlock(s); },
          [](const SharedBitonicSteps& s) {
            return bytesOf(kSharedSteps, SharedStepsBlock{s.firstRank, s.firstStep, s.lastRank, s.stepno});
          },
          [&](const RadixTileCounts& s) { return radixBlock(s.d, n); },
          [&](const RadixCountScan& s) { return radixBlock(s.d, n); },
          [&](const RadixScatter& s) { return radixBlock(s.d, n); },
          // Kinds whose uniforms are all in Order (PixelOrder), or none (PackCompact).
          [](const PixelOrder&) { return BlockBytes{}; },
          [](const PackCompact&) { return BlockBytes{}; },
      },
      pass);
}

PassBlocks passBlocks(const Pass& pass, std::uint64_t elementCount, const SourceShape& source) {
  PassBlocks blocks;
  CommonBlock common = commonOf(elementCount, source);
  common.positionBits = i32(positionBitsOf(pass));
  common.lineBits = i32(lineBitsOf(pass, source));
  blocks.common = bytesOf(kCommon, common);
  blocks.step = stepBlock(pass, elementCount);
  const PixelOrder* order = std::get_if<PixelOrder>(&pass);
  const auto* wide = std::get_if<WideBitonicSteps>(&pass);
  if (wide != nullptr && wide->source == kWideFromPixels) order = &wide->order;
  if (order != nullptr) {
    blocks.order = bytesOf(kOrder, OrderBlock{order->maxKey, i32(order->keyBits), order->descending, order->maxSpan,
                                              order->skipPercent, order->seed});
  }
  return blocks;
}

BlockBytes runBlock(std::uint64_t elementCount) {
  return bytesOf(kRun, RunBlock{static_cast<U32>(elementCount), indexHighBits(elementCount)});
}

std::uint64_t pixelInvocations(const Pass& pass, std::uint64_t elementCount) {
  if (std::holds_alternative<PixelOrder>(pass)) return elementCount;
  const bool words = std::holds_alternative<SpanStarts>(pass) || std::holds_alternative<SpanScanStep>(pass);
  return words ? spanWordCount(elementCount) : 0;
}

BlockBytes pixelRunBlock(const Pass& pass, std::uint64_t elementCount) {
  return bytesOf(kPixelRun, PixelRunBlock{static_cast<U32>(elementCount), i32(pixelInvocations(pass, elementCount))});
}

void bindCommonBlock(gl::UniformBuffer& buffer, std::uint64_t elementCount, const SourceShape& source) {
  const BlockBytes common = commonBlock(elementCount, source);
  buffer.write(0, common.bytes.data(), common.layout->bytes, "common block");
  buffer.bind(kCommonBinding, 0, common.layout->bytes);
}

std::uint32_t PassBlockBuffer::slot() const {
  if (slot_ == 0) {  // asked of GL once: every bound range needs it
    const std::uint32_t a = gl::UniformBuffer::alignment();
    slot_ = (BlockBytes::kMax + a - 1) / a * a;
  }
  return slot_;
}

void PassBlockBuffer::prepare(const PassSchedule& schedule, const std::function<PassBlocks(const Pass&)>& blocksOf) {
  records_.clear();
  const std::size_t count = std::min(schedule.size(), kMaxRecords);
  const std::uint32_t record = kSlots * slot();
  std::vector<std::uint8_t> bytes((count + 1) * record);  // the loose record last
  std::vector<Layouts> records(count);
  for (std::size_t r = 0; r < count; ++r) {
    const PassBlocks blocks = blocksOf(schedule[r]);
    const BlockBytes* all[] = {&blocks.common, &blocks.step, &blocks.order, &blocks.run};
    for (std::size_t b = 0; b < kSlots; ++b) {
      records[r][b] = all[b]->layout;
      std::memcpy(&bytes[r * record + b * slot()], all[b]->bytes.data(), BlockBytes::kMax);
    }
  }
  buffer_.write(0, bytes.data(), static_cast<std::uint32_t>(bytes.size()), "pass blocks");
  records_ = std::move(records);
}

void PassBlockBuffer::bindRecord(std::size_t record, const Layouts& layouts) const {
  for (std::size_t b = 0; b < kSlots; ++b) {
    if (layouts[b] == nullptr) continue;
    buffer_.bind(layouts[b]->binding, static_cast<std::uint32_t>(record * kSlots * slot() + b * slot()), layouts[b]->bytes);
  }
}

void PassBlockBuffer::bind(std::optional<std::size_t> position, const std::function<PassBlocks()>& blocksOf) {
  if (position && *position < records_.size()) return bindRecord(*position, records_[*position]);
  const PassBlocks blocks = blocksOf();
  const BlockBytes* all[] = {&blocks.common, &blocks.step, &blocks.order, &blocks.run};
  const std::size_t loose = records_.size();
  const std::uint32_t record = kSlots * slot();
  std::vector<std::uint8_t> bytes(record);  // the whole record at once: a buffer that grows loses its bytes
  Layouts layouts{};
  for (std::size_t b = 0; b < kSlots; ++b) {
    layouts[b] = all[b]->layout;
    std::memcpy(&bytes[b * slot()], all[b]->bytes.data(), BlockBytes::kMax);
  }
  buffer_.write(static_cast<std::uint32_t>(loose * record), bytes.data(), record, "pass blocks");
  bindRecord(loose, layouts);
}

}  // namespace texsort
