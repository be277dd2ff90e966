// What each pass kind is, in numbers and words: fused shapes, comparators, traffic, text.
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

namespace {
// Compute or shared-memory steps that store the pixel sort's bytes (its last pass) instead of pairs.
bool computeIntoImage(const Pass& pass) {
  const auto* shared = std::get_if<SharedBitonicSteps>(&pass);
  const auto* steps = std::get_if<ComputeBitonicSteps>(&pass);
  return (shared && shared->pixels > 0) || (steps && steps->pixels > 0);
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

double bytesPerElement(const Pass& pass, std::uint64_t n) {
  constexpr double kElement = 16.0, kScan = 4.0, kWord = 8.0;  // RGBA32F element, R32F scan, RG32UI span word
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
      },
      pass);
}

namespace {

std::string str(std::uint64_t v) { return std::to_string(v); }

std::string distanceList(const std::vector<BitonicStep>& steps) {
  std::string distances;
  for (const BitonicStep& s : steps) distances += (distances.empty() ? "" : ", ") + str(s.offset);
  return distances;
}

// A wide window's bits, lowest first, adjacent ones as a range: "0-3", "0, 4-6".
std::string bitList(std::uint32_t mask) {
  std::string list;
  for (std::uint32_t b = 0; b < 32; ++b) {
    if (!((mask >> b) & 1u)) continue;
    std::uint32_t last = b;
    while (last + 1 < 32 && ((mask >> (last + 1)) & 1u)) ++last;
    list += (list.empty() ? "" : ", ") + str(b) + (last > b ? "-" + str(last) : "");
    b = last;
  }
  return list;
}

PassText bitonicText(const char* name, std::uint32_t rank, std::uint32_t step, std::uint32_t stepno,
                     std::uint32_t offset, std::uint64_t n) {
  const std::string blocks = stepno >= n ? "the whole block sorts ascending (stepno reaches past the last element)"
                                         : "blocks of " + str(stepno) + " alternate ascending / descending";
  return {std::string(name) + " rank " + str(rank) + " step " + str(step),
          "stepno " + str(stepno) + " offset " + str(offset) + " stage " + str(2 * offset),
          "partner = i +/- " + str(offset) + "; " + blocks + "; the first " + str(offset) + " of every " +
              str(2 * offset) + " compare forward."};
}

const char* intervalsName(std::uint32_t intervals) {
  static const char* const kinds[] = {"threshold", "whole lines", "edges", "random", "waves", "mask"};
  return intervals < std::size(kinds) ? kinds[intervals] : "?";
}

std::string stepCount(std::size_t k) { return str(k) + (k == 1 ? " step" : " steps"); }

// Each pass kind's title, parameters and explanation: one overload a kind, so a new kind without
// its text does not compile.
PassText textOf(const BitonicStep& p, std::uint64_t n) {
  return bitonicText("bitonic", p.rank, p.step, p.stepno, p.offset, n);
}

PassText textOf(const BitonicLegacyStep& p, std::uint64_t n) {
  const BitonicStep& s = p.step;
  PassText t = bitonicText("bitonic (legacy)", s.rank, s.step, s.stepno, s.offset, n);
  t.explanation += " Article 004's float shader: fmod and floor on float uniforms, the same comparisons.";
  return t;
}

PassText textOf(const OddEvenMergeStep& p, std::uint64_t) {
  return PassText{"odd-even merge of runs of " + str(p.runLength),
                  "runLength " + str(p.runLength) + " distance " + str(p.distance),
                  "sorted runs of " + str(p.runLength) + " merge into runs of " + str(2 * p.runLength) +
                      "; element i compares with i + " + str(p.distance) + " when (i - " +
                      str(p.distance % p.runLength) + ") mod " + str(2 * p.distance) + " < " +
                      str(p.distance) + ", inside its run; all ascending."};
}

PassText textOf(const TranspositionRound& p, std::uint64_t n) {
  return PassText{"transposition round " + str(p.round), "parity " + str(p.parity),
                  std::string("neighbours (i, i+1) with i ") + (p.parity ? "odd" : "even") +
                      " compare; " + str(n) + " rounds sort " + str(n) + " elements."};
}

PassText textOf(const RadixFlags& p, std::uint64_t) {
  return PassText{"radix bit " + str(p.bit) + ": flags", "",
                  "e = 1 - bit, into the scan buffer (the elements do not move)."};
}

PassText textOf(const RadixScanStep& p, std::uint64_t) {
  return PassText{"radix bit " + str(p.bit) + ": scan step " + str(p.step), "distance " + str(p.distance),
                  "prefix sum of e by doubling: each position adds the value " + str(p.distance) +
                      " positions before it."};
}

PassText textOf(const RadixGather& p, std::uint64_t) {
  return PassText{"radix bit " + str(p.bit) + ": gather", "",
                  "each position gathers its element: d = b ? i - f + totalFalses : f, found by binary "
                  "search over the scan."};
}

PassText textOf(const PackCompact&, std::uint64_t) {
  return PassText{"fast path: pack (key, index) two per texel", "",
                  "half the fragments of a full pass, and a distance-1 step happens inside a texel."};
}

PassText textOf(const FusedBitonicSteps& p, std::uint64_t) {
  std::string steps = p.count == 1 ? "step " + str(p.firstStep)
                                   : "steps " + str(p.firstStep) + "-" + str(p.firstStep + p.count - 1);
  const std::string distances = distanceList(fusedSteps(p));
  const unsigned texels = fusedTexelsRead(p);
  return PassText{"fast bitonic rank " + str(p.rank) + " " + steps,
                  "stepno " + str(p.stepno) + " distance" + (p.count == 1 ? " " : "s ") + distances,
                  str(p.count) + (p.count == 1 ? " step" : " steps") +
                      " in one pass: each fragment owns texel t (elements 2t, 2t+1) and reads the " +
                      str(texels) + (texels == 1 ? " texel" : " texels") + " its elements depend on."};
}

PassText textOf(const GatherByIndex& p, std::uint64_t) {
  return PassText{std::string("fast path: gather each element's texel by its original index") +
                      (p.pixels ? ", into image order" : ""),
                  p.pixels ? "pixels " + str(p.pixels) : "",
                  std::string("every position fetches its full element (colour, alpha) by the original index") +
                      (p.pixels ? "; position i, for pixel i's line and position, its bytes." : ".")};
}

PassText textOf(const ComputeBitonicSteps& p, std::uint64_t) {
  const std::vector<BitonicStep> steps = computeSteps(p);
  const std::size_t count = steps.size();
  const std::string group = str(1u << popCount(p.window));
  // One merge: "rank 5 steps 0-3"; across merges: "ranks 4-5, 5 steps" (as the wide path).
  const std::string ranks =
      "ranks " + str(p.firstRank) + "-" + str(p.lastRank) + ", " + str(count) + " steps";
  const std::string which = p.firstRank != p.lastRank ? ranks
                            : count == 1 ? "rank " + str(p.lastRank) + " step " + str(p.firstStep)
                                         : "rank " + str(p.lastRank) + " steps " + str(p.firstStep) + "-" +
                                               str(p.lastStep);
  return PassText{"compute B" + group + " " + which,
                  std::string(p.pixels ? "into the image's bytes, " : "") + "stepno " + str(p.stepno) +
                      " distance" + (count == 1 ? " " : "s ") + distanceList(steps),
                  "one dispatch: each invocation loads the " + group + " (key, index) pairs its " +
                      (count == 1 ? "step connects" : "steps connect") + " from the storage buffer, runs " +
                      str(count) + (count == 1 ? " step" : " steps") + " in registers and " +
                      (p.pixels ? "writes each position's pixel bytes (the gather into image order folded in)."
                                : "stores them back.")};
}

PassText textOf(const WideBitonicSteps& p, std::uint64_t) {
  const std::vector<BitonicStep> steps = wideSteps(p);
  const std::string ranks = p.firstRank == p.lastRank ? "rank " + str(p.firstRank)
                                                      : "ranks " + str(p.firstRank) + "-" + str(p.lastRank);
  const std::string from =
      p.source == kWideFromElements  ? "from the element texture (the pack folded in)"
      : p.source == kWideFromPixels ? "as the pixel sort's (span, key, position) orders, made from the pixels "
                                      "and the span words (the key pass folded in)"
                                    : "from the layout of bits " + bitList(p.source);
  const std::string writes =
      p.pixels > 0 ? "writes the bytes of the pixel each position takes, 4 to a texel of 4 render targets: the "
                     "rows' line order is the image's, so no gather follows."
                   : "writes them through 8 render targets, laid out by those bits.";
  return PassText{"wide bitonic " + ranks + ", " + str(steps.size()) + (steps.size() == 1 ? " step" : " steps") +
                      (p.pixels > 0 ? ", into the image's bytes" : ""),
                  "stepno " + str(p.stepno) + " distances " + distanceList(steps) + " window " +
                      bitList(p.window) + (p.pixels > 0 ? " pixels " + str(p.pixels) : ""),
                  "each fragment owns the 16 elements that differ in index bits " + bitList(p.window) +
                      ", reads them " + from + ", runs the steps in registers and " + writes};
}

PassText textOf(const SpanStarts& p, std::uint64_t) {
  return PassText{std::string("pixel sort: span starts (") + intervalsName(p.intervals) + ")",
                  "lowest " + str(p.lowest) + " highest " + str(p.highest) + " span length " +
                      str(p.spanLength) + " seed " + str(p.seed),
                  "each fragment does a word of 32 positions: a bit for each where a span starts (out of "
                  "every span, after a pixel out of every span, or a break), and the latest of them."};
}

PassText textOf(const SpanScanStep& p, std::uint64_t) {
  return PassText{"pixel sort: span scan step " + str(p.step), "distance " + str(p.distance) + " words",
                  "running maximum of the latest starts along each line: each word of 32 positions takes "
                  "the largest at 0, 1 ... 7 times " + str(p.distance) + " words before it in its line; at "
                  "the end a position's span starts at its word's highest start bit at or below it, else at "
                  "the previous word's latest start."};
}

PassText textOf(const PixelOrder& p, std::uint64_t) {
  return PassText{std::string("pixel sort: (span, key, position) order") + (p.intoPairs ? " into pairs" : ""),
                  "key bits " + str(p.keyBits) + " line bits " + str(p.lineBits) +
                      (p.maxSpan ? " max span " + str(p.maxSpan) : "") +
                      (p.skipPercent ? " skip " + str(p.skipPercent) + "%" : ""),
                  "each position writes its pixel with the 48-bit order span << (K + s) | key << s | "
                  "position in (r, g), so sorting every line sorts every span on its own." +
                      std::string(p.intoPairs ? " Only the (r, g) pairs are written, two to a texel, for "
                                                "the sort that follows: the pack folded in." : "")};
}

PassText textOf(const ImageOrder&, std::uint64_t) {
  return PassText{"pixel sort: back to image order", "",
                  "every pixel fetches the element at its line and position and writes its colour and "
                  "alpha as bytes: the sorted image."};
}

PassText textOf(const WideGather& p, std::uint64_t) {
  return PassText{std::string("wide path: gather each element's texel by its original index") +
                      (p.pixels ? ", into image order" : ""),
                  "window " + bitList(p.window) + (p.pixels ? " pixels " + str(p.pixels) : ""),
                  std::string("every position finds its (key, index) in the layered wide state and fetches its "
                              "full element (colour, alpha) by the original index") +
                      (p.pixels ? "; position i, for pixel i's line and position, its bytes." : ".")};
}

PassText textOf(const SharedBitonicSteps& p, std::uint64_t) {
  const std::vector<BitonicStep> steps = sharedSteps(p);
  const std::string ranks = p.firstRank == p.lastRank ? "rank " + str(p.firstRank)
                                                      : "ranks " + str(p.firstRank) + "-" + str(p.lastRank);
  const std::string block = str(std::uint64_t{1} << p.blockLog2);
  return PassText{"compute " + p.sharedKernel() + " " + ranks + ", " +
                      str(steps.size()) + (steps.size() == 1 ? " step" : " steps"),
                  std::string(p.pixels ? "into the image's bytes, " : "") + "block " + block + " stepno " +
                      str(p.stepno) + " distances " +
                      (steps.size() > 6 ? str(std::max_element(steps.begin(), steps.end(),
                                                               [](const BitonicStep& a, const BitonicStep& b) {
                                                                 return a.offset < b.offset;
                                                               })->offset) +
                                              " ... 1"
                                        : distanceList(steps)),
                  "one dispatch: each workgroup loads a block of " + block +
                      " pairs into shared memory, runs the steps with a barrier after " +
                      (p.stepsPerBarrier == 1 ? std::string("each (an invocation owns two elements)")
                                              : "each chunk of up to " + str(p.stepsPerBarrier) +
                                                    " steps (an invocation owns " +
                                                    str(2u << (p.stepsPerBarrier - 1)) + " elements)") +
                      (p.pixels ? ", and writes each position's pixel bytes (the gather into image order "
                                  "folded in)."
                                : ", and stores the block back.")};
}

// Each pass kind's shape: its title without what differs from one pass of the shape to the next
// (bench --per-pass times passes by it). One overload a kind, as the text.
std::string shapeOf(const BitonicStep&) { return "bitonic rank step"; }
std::string shapeOf(const BitonicLegacyStep&) { return "bitonic (legacy) rank step"; }
std::string shapeOf(const OddEvenMergeStep&) { return "odd-even merge"; }
std::string shapeOf(const TranspositionRound&) { return "transposition round"; }
std::string shapeOf(const RadixFlags&) { return "radix: flags"; }
std::string shapeOf(const RadixScanStep&) { return "radix: scan step"; }
std::string shapeOf(const RadixGather&) { return "radix: gather"; }
std::string shapeOf(const PackCompact&) { return "fast: pack"; }
std::string shapeOf(const FusedBitonicSteps& p) {
  const unsigned texels = fusedTexelsRead(p);
  return "fast: " + stepCount(p.count) + ", " + str(texels) + (texels == 1 ? " texel" : " texels") + " read";
}
std::string shapeOf(const GatherByIndex& p) {  // the pixel sort's (fast path or compute rows): into the image
  return p.pixels ? "gather by index, into the image's bytes" : "fast: gather by index";
}
std::string shapeOf(const WideGather&) { return "wide: gather by index"; }
std::string shapeOf(const WideBitonicSteps& p) {
  const char* from = p.source == kWideFromElements ? " from the element texture"
                     : p.source == kWideFromPixels ? " from the pixels (keys made here)"
                                                   : " from the wide layout";
  return "wide: " + stepCount(wideSteps(p).size()) + from + (p.pixels > 0 ? ", into the image's bytes" : "");
}
// Compute dispatches by kernel and distance: where a kernel's time goes with the stride. Across
// merges: each merge's distances, "2^1..2^0 then 2^19..2^17"; whole merges: their ranks.
std::string shapeOf(const ComputeBitonicSteps& p) {
  const auto power = [](std::uint32_t d) { return "2^" + str(log2Exact(d)); };
  const std::string group = "compute B" + str(1u << popCount(p.window));
  const std::string image = p.pixels ? ", into the image's bytes" : "";
  if (p.firstStep == 0 && p.lastStep == p.lastRank && p.lastRank > p.firstRank) {
    return group + ": merges " + str(p.firstRank) + "-" + str(p.lastRank) + " whole" + image;
  }
  std::string distances;
  const std::vector<BitonicStep> all = computeSteps(p);
  for (std::size_t s = 0; s < all.size(); ++s) {
    if (s > 0 && all[s].rank == all[s - 1].rank) continue;  // a merge's first step starts its part
    std::size_t last = s;
    while (last + 1 < all.size() && all[last + 1].rank == all[s].rank) ++last;
    distances += (s > 0 ? " then " : "") + power(all[s].offset) + (last > s ? ".." + power(all[last].offset) : "");
  }
  return group + ": distance " + distances + image;
}
std::string shapeOf(const SharedBitonicSteps& p) {
  return "compute shared " + p.sharedKernel() + ", block 2^" + str(p.blockLog2) + ": " + stepCount(sharedSteps(p).size()) +
         (p.pixels ? ", into the image's bytes" : "");
}
std::string shapeOf(const SpanStarts& p) { return std::string("pixel sort: span starts (") + intervalsName(p.intervals) + ")"; }
std::string shapeOf(const SpanScanStep&) { return "pixel sort: span scan step"; }
std::string shapeOf(const PixelOrder& p) {
  return std::string("pixel sort: (span, key, position) order") + (p.intoPairs ? " into pairs" : "");
}
std::string shapeOf(const ImageOrder&) { return "pixel sort: back to image order"; }

}  // namespace

PassText passText(const Pass& pass, std::uint64_t n) {
  return std::visit([&](const auto& p) { return textOf(p, n); }, pass);
}

std::string passShape(const Pass& pass) {
  return std::visit([](const auto& p) { return shapeOf(p); }, pass);
}

std::string describe(const Pass& pass) {
  // The element count only shapes the explanation, which describe() leaves out.
  const PassText text = passText(pass, 0);
  return text.parameters.empty() ? text.title : text.title + ": " + text.parameters;
}

}  // namespace texsort
