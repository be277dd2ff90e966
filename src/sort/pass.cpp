// What each pass kind is, in numbers: the steps it carries, the buffers it reads and writes, its
// comparators and its traffic. Its words are in pass_text.cpp.
#include "sort/pass.h"

#include <algorithm>

#include "sort/bits.h"
#include "sort/pixel_rules.h"

namespace texsort {

FusedShape fusedShape(const FusedBitonicSteps& p) {
  if (p.count == 1 && p.offset == 1) return FusedShape::InTexel;
  if (p.count == 2 && p.offset == 2) return FusedShape::TexelPair;
  if (p.count == 3 && p.offset == 4) return FusedShape::MergeTail;
  if (p.count == 2 && p.offset >= 8) return FusedShape::TwoFarSteps;
  if (p.count == 1 && p.offset >= 8) return FusedShape::OneFarStep;
  return FusedShape::Unknown;
}

unsigned fusedTexelsRead(const FusedBitonicSteps& p) {
  switch (fusedShape(p)) {
    case FusedShape::InTexel: return 1;
    case FusedShape::TexelPair: return 2;
    case FusedShape::MergeTail: return 4;
    case FusedShape::TwoFarSteps: return 4;
    case FusedShape::OneFarStep: return 2;
    case FusedShape::Unknown: break;
  }
  return 0;
}

std::vector<BitonicStep> fusedSteps(const FusedBitonicSteps& p) {
  std::vector<BitonicStep> steps;
  for (std::uint32_t s = 0; s < p.count; ++s) steps.push_back(BitonicStep{p.rank, p.firstStep + s, p.stepno, p.offset >> s});
  return steps;
}

namespace {
// The network's steps from (firstRank, firstStep) to (lastRank, lastStep): merges before lastRank
// with stepno 2^(rank+1), lastRank with `stepno`.
std::vector<BitonicStep> stepRange(std::uint32_t firstRank, std::uint32_t firstStep, std::uint32_t lastRank,
                                   std::uint32_t lastStep, std::uint32_t stepno) {
  std::vector<BitonicStep> steps;
  for (std::uint32_t rank = firstRank; rank <= lastRank; ++rank) {
    const std::uint32_t last = rank == lastRank ? lastStep : rank;
    for (std::uint32_t step = rank == firstRank ? firstStep : 0; step <= last; ++step)
      steps.push_back(BitonicStep{rank, step, rank == lastRank ? stepno : 2u << rank, 1u << (rank - step)});
  }
  return steps;
}
}  // namespace

std::vector<BitonicStep> computeSteps(const ComputeBitonicSteps& p) {
  return stepRange(p.firstRank, p.firstStep, p.lastRank, p.lastStep, p.stepno);
}

std::vector<BitonicStep> sharedSteps(const SharedBitonicSteps& p) {  // to the end of lastRank
  return stepRange(p.firstRank, p.firstStep, p.lastRank, p.lastRank, p.stepno);
}

std::vector<BitonicStep> wideSteps(const WideBitonicSteps& p) {
  return stepRange(p.firstRank, p.firstStep, p.lastRank, p.lastStep, p.stepno);
}

std::uint64_t radixTiles(const RadixDigit& d, std::uint64_t n) {
  const std::uint64_t tile = std::uint64_t{1} << d.tileLog2;
  return (n + tile - 1) / tile;
}

std::uint64_t radixLines(const RadixDigit& d, std::uint64_t n) {
  return std::max<std::uint64_t>(1, n >> d.lineLog2);
}

std::uint64_t radixCountsSize(const RadixDigit& d, std::uint64_t n) {
  return (std::uint64_t{1} << d.radixBits) * (radixTiles(d, n) + radixLines(d, n));
}

namespace {
// Compute or shared-memory steps that store the pixel sort's bytes (its last pass) instead of pairs.
bool computeIntoImage(const Pass& pass) {
  const auto* shared = std::get_if<SharedBitonicSteps>(&pass);
  const auto* steps = std::get_if<ComputeBitonicSteps>(&pass);
  const auto* scatter = std::get_if<RadixScatter>(&pass);
  return (shared && shared->pixels > 0) || (steps && steps->pixels > 0) || (scatter && scatter->pixels > 0);
}
// compute-radix's dispatches on the pixel sort's pairs: they read and write those, not the elements.
bool radixOnPairs(const Pass& pass) {
  const RadixDigit* d = std::visit(Overloaded{[](const RadixTileCounts& p) { return &p.d; },
                                              [](const RadixCountScan& p) { return &p.d; },
                                              [](const RadixScatter& p) { return &p.d; },
                                              [](const auto&) -> const RadixDigit* { return nullptr; }},
                                   pass);
  return d != nullptr && d->pairs != 0;
}
}  // namespace

unsigned passReads(const Pass& pass) {
  unsigned reads = traitsOf(pass).reads;
  const auto* gather = std::get_if<GatherByIndex>(&pass);
  const auto* wide = std::get_if<WideGather>(&pass);
  if ((gather && gather->pixels > 0) || (wide && wide->pixels > 0)) reads &= ~bufferBit(Buffer::Elements);
  // Wide steps: only the first pass reads the elements; from the pixels, the source and span words.
  const auto* steps = std::get_if<WideBitonicSteps>(&pass);
  if (steps && steps->source != kWideFromElements) reads &= ~bufferBit(Buffer::Elements);
  if (steps && steps->source == kWideFromPixels) reads |= bufferBit(Buffer::Source) | bufferBit(Buffer::Spans);
  if (steps && steps->pixels > 0) reads |= bufferBit(Buffer::Source);  // the colours it writes
  if (computeIntoImage(pass)) reads |= bufferBit(Buffer::Source);
  if (radixOnPairs(pass) && (reads & bufferBit(Buffer::Elements))) {
    reads = (reads & ~bufferBit(Buffer::Elements)) | bufferBit(Buffer::Compact);
  }
  return reads;
}

Buffer passWrites(const Pass& pass) {
  const auto* gather = std::get_if<GatherByIndex>(&pass);
  const auto* wide = std::get_if<WideGather>(&pass);
  if ((gather && gather->pixels > 0) || (wide && wide->pixels > 0)) return Buffer::Pixels;
  const auto* steps = std::get_if<WideBitonicSteps>(&pass);
  if (steps && steps->pixels > 0) return Buffer::Groups;
  const auto* order = std::get_if<PixelOrder>(&pass);
  if (order && order->intoPairs) return Buffer::Compact;
  if (computeIntoImage(pass)) return Buffer::Pixels;
  if (radixOnPairs(pass) && traitsOf(pass).writes == Buffer::Elements) return Buffer::Compact;
  return traitsOf(pass).writes;
}

std::uint32_t networkSteps(const Pass& pass) {
  if (const auto* fused = std::get_if<FusedBitonicSteps>(&pass)) return fused->count;
  if (const auto* compute = std::get_if<ComputeBitonicSteps>(&pass)) {
    return static_cast<std::uint32_t>(computeSteps(*compute).size());
  }
  if (const auto* shared = std::get_if<SharedBitonicSteps>(&pass)) return static_cast<std::uint32_t>(sharedSteps(*shared).size());
  if (const auto* wide = std::get_if<WideBitonicSteps>(&pass)) return static_cast<std::uint32_t>(wideSteps(*wide).size());
  return traitsOf(pass).network ? 1 : 0;
}

std::uint32_t stageOf(const Pass& pass) {
  constexpr std::uint32_t kPack = UINT32_MAX - 2, kGather = UINT32_MAX - 1, kRounds = UINT32_MAX;
  return std::visit(Overloaded{
                        [](const BitonicStep& p) { return p.rank; },
                        [](const BitonicLegacyStep& p) { return p.step.rank; },
                        [](const OddEvenMergeStep& p) { return p.rank; },
                        [](const TranspositionRound&) { return kRounds; },
                        [](const RadixFlags& p) { return p.bit; },
                        [](const RadixScanStep& p) { return p.bit; },
                        [](const RadixGather& p) { return p.bit; },
                        [](const PackCompact&) { return kPack; },
                        [](const FusedBitonicSteps& p) { return p.rank; },
                        [](const GatherByIndex&) { return kGather; },
                        [](const ComputeBitonicSteps& p) { return p.lastRank; },
                        [](const SharedBitonicSteps& p) { return p.lastRank; },
                        [](const WideBitonicSteps& p) { return p.lastRank; },
                        [](const WideGather&) { return kGather; },
                        [](const SpanStarts&) { return kPack; },  // the pixel sort's front passes: one stage
                        [](const SpanScanStep&) { return kPack; },
                        [](const PixelOrder&) { return kPack; },
                        [](const ImageOrder&) { return kGather; },
                        [](const RadixTileCounts& p) { return p.d.digit; },  // a digit a stage, as radix's bits
                        [](const RadixCountScan& p) { return p.d.digit; },
                        [](const RadixScatter& p) { return p.d.digit; },
                    },
                    pass);
}

namespace {

// Calls `each` with every comparator of a single-layer network pass, by increasing `low`.
template <typename Each>
void forEachCompareExchange(const Pass& pass, std::uint32_t n, Each&& each) {
  const auto bitonic = [&](std::uint32_t stepno, std::uint32_t offset) {
    for (std::uint32_t i = 0; i < n; ++i)
      if ((i & offset) == 0) each(CompareExchange{i, i + offset, (i & stepno) == 0});
  };
  std::visit(Overloaded{
                 [&](const BitonicStep& p) { bitonic(p.stepno, p.offset); },
                 [&](const BitonicLegacyStep& p) { bitonic(p.step.stepno, p.step.offset); },
                 [&](const OddEvenMergeStep& p) {
                   const std::uint32_t runs = p.runLength, k = p.distance, first = k % runs;
                   for (std::uint32_t i = first; i + k < n; ++i)
                     if ((i - first) % (2 * k) < k && i / (2 * runs) == (i + k) / (2 * runs)) each(CompareExchange{i, i + k, true});
                 },
                 [&](const TranspositionRound& p) {
                   for (std::uint32_t i = p.parity; i + 1 < n; i += 2) each(CompareExchange{i, i + 1, true});
                 },
                 [](const RadixFlags&) {}, [](const RadixScanStep&) {}, [](const RadixGather&) {},
                 [](const PackCompact&) {}, [](const FusedBitonicSteps&) {}, [](const GatherByIndex&) {},
                 [](const ComputeBitonicSteps&) {}, [](const SharedBitonicSteps&) {},
                 [](const WideBitonicSteps&) {}, [](const WideGather&) {}, [](const SpanStarts&) {},
                 [](const SpanScanStep&) {}, [](const PixelOrder&) {}, [](const ImageOrder&) {},
                 [](const RadixTileCounts&) {}, [](const RadixCountScan&) {}, [](const RadixScatter&) {},
             },
             pass);
}

}  // namespace

std::vector<CompareExchange> compareExchanges(const Pass& pass, std::uint32_t n) {
  std::vector<CompareExchange> pairs;
  forEachCompareExchange(pass, n, [&](const CompareExchange& c) { pairs.push_back(c); });
  return pairs;
}

std::uint64_t compareExchangeCount(const Pass& pass, std::uint64_t n) {
  // Passes that carry several bitonic steps: each step is n / 2 comparators.
  const std::uint32_t steps = networkSteps(pass);
  if (steps > 1) return steps * (n / 2);
  std::uint64_t count = 0;
  forEachCompareExchange(pass, static_cast<std::uint32_t>(n), [&](const CompareExchange&) { ++count; });
  if (count == 0 && steps == 1) count = n / 2;  // one step of a fused, wide or compute pass
  return count;
}

namespace {
double radixCountBytes(const RadixDigit& d, std::uint64_t n) {
  return 4.0 * double(radixCountsSize(d, n)) / double(std::max<std::uint64_t>(n, 1));
}
}  // namespace

double bytesPerElement(const Pass& pass, std::uint64_t n) {
  constexpr double kElement = 16.0, kScan = 16.0, kWord = 8.0;  // RGBA32F element and scan, RG32UI span word
  constexpr double kStep = 3 * kElement;          // a network step reads self and partner, writes one
  constexpr double kPixel = 4.0;                  // RGBA8UI texel of the pixel sort's result
  // A pixel sort gather into image order: the pair, the pixel's texel (its element), the texel at the
  // pair's position (its pixel) and that pixel's; 4 bytes out.
  constexpr double kIntoImage = kElement / 2 + 3 * kElement + kPixel;
  return std::visit(
      Overloaded{
          [&](const BitonicStep&) { return kStep; },
          [&](const BitonicLegacyStep&) { return kStep; },
          [&](const OddEvenMergeStep&) { return kStep; },
          [&](const TranspositionRound&) { return kStep; },
          [&](const RadixFlags&) { return kElement + kScan; },
          [&](const RadixScanStep&) { return 3 * kScan; },
          [&](const RadixGather&) { return double(log2Exact(n) + 1) * kScan + 2 * kElement; },  // search + move
          [&](const PackCompact&) { return kElement + kElement / 2; },  // two element texels in per compact texel out
          // A fragment owns two elements and reads the texels of their groups.
          [&](const FusedBitonicSteps& p) { return (fusedTexelsRead(p) * kElement + kElement) / 2; },
          // Into image order (pixels > 0): kIntoImage.
          [&](const GatherByIndex& p) { return p.pixels ? kIntoImage : kElement / 2 + 2 * kElement; },
          // In place on 8-byte (key, index) pairs: each element read and written once per dispatch.
          [&](const ComputeBitonicSteps& p) { return p.pixels ? kElement / 2 + 2 * kElement + kPixel : kElement; },
          [&](const SharedBitonicSteps& p) { return p.pixels ? kElement / 2 + 2 * kElement + kPixel : kElement; },
          // A fragment reads one texel per element (a full element texel on the first pass, which
          // folds the pack in) and writes 8 texels of two pairs: 16 elements.
          [&](const WideBitonicSteps& p) {
            // From the pixels: as PixelOrder's reads, but two span words for the fragment's 16 positions.
            if (p.source == kWideFromPixels) return 2 * kElement + kWord / 8 + kElement / 2;
            return kElement + kElement / 2;
          },
          [&](const WideGather& p) { return p.pixels ? kIntoImage : kElement / 2 + 2 * kElement; },
          // Each position's source texel and its pixel's (edges: 8 neighbours more); a word of 32
          // positions written.
          [&](const SpanStarts& p) {
            const double texels = p.intervals == static_cast<std::uint32_t>(Intervals::Edges) ? 10 : 2;
            return texels * kElement + kWord / kSpanWordBits;
          },
          // A word of 32 positions reads up to 8 words and writes one.
          [&](const SpanScanStep&) { return (kSpanScanFanIn + 1) * kWord / kSpanWordBits; },
          [&](const PixelOrder& p) { return 2 * kElement + kWord + (p.intoPairs ? kElement / 2 : kElement); },
          [&](const ImageOrder&) { return 2 * kElement + kPixel; },  // the pixel's texel, its element; bytes out
          // The elements or pairs read; the counts (a uint a digit value a tile) written, scanned, read.
          [&](const RadixTileCounts& p) { return (p.d.pairs ? kElement / 2 : kElement) + radixCountBytes(p.d, n); },
          [&](const RadixCountScan& p) { return 2 * radixCountBytes(p.d, n); },
          [&](const RadixScatter& p) {
            if (p.pixels) return kElement / 2 + radixCountBytes(p.d, n) + 2 * kPixel;  // pairs in; source and picture bytes
            return (p.d.pairs ? kElement : 2 * kElement) + radixCountBytes(p.d, n);
          },
      },
      pass);
}

}  // namespace texsort
