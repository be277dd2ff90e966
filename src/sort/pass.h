// The typed passes: one small parameter struct per pass kind, and Pass, a std::variant of them.
// Every consumer (GPU runner, CPU model, text, diagram, benchmark) dispatches with std::visit, so a
// kind that one of them forgets is a compile error, not a silent default. No GL here.
//
// Adding a pass kind: its struct below (or in pixel_passes.h, radix_passes.h) (fields named for what they mean, kTraits, fields()), its
// alternative in Pass, its shader, and one overload in each visitor the compiler then asks for:
// the CPU model (cpu_model.cpp), its uniforms' Step block (pass_blocks.cpp), the text
// (pass_text.cpp: passText, passShape; pass_words.cpp), the numbers (pass.cpp: bytesPerElement,
// stageOf, compareExchanges), the viewer's roles (state_display.cpp), and the compute runner
// (compute_runner.cpp) if it runs there.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "sort/pass_traits.h"
#include "sort/pixel_passes.h"
#include "sort/radix_passes.h"

namespace texsort {

// One compare-exchange step of the bitonic network, with article 004's uniforms (u_stepno, ...):
//   stepno = 2^(rank+1): blocks of stepno elements alternate direction; an element's block sorts
//            ascending when floor(i / stepno) is even (the seed's cdir);
//   offset = 2^(rank-step): the partner is i + offset when i mod stage < offset (csign = +1),
//            else i - offset (csign = -1); stage = 2 * offset.
// rank and step are the pass counter's decomposition (rank 0.., step 0..rank).
// A sort of independent lines runs the same steps; its last merge carries a stepno that no element
// index reaches (the element count), so every line sorts ascending.
struct BitonicStep {
  std::uint32_t rank = 0;
  std::uint32_t step = 0;
  std::uint32_t stepno = 0;
  std::uint32_t offset = 0;
  std::uint32_t stage() const { return 2 * offset; }
  auto fields() const { return std::tie(rank, step, stepno, offset); }
  static constexpr PassTraits kTraits{"bitonic step", "bitonic.frag", bufferBit(Buffer::Elements), Buffer::Elements,
                                      true};
};

// The same step in article 004's float arithmetic (fmod, floor, convert1dto2d), float uniforms.
struct BitonicLegacyStep {
  BitonicStep step;
  auto fields() const { return step.fields(); }
  static constexpr PassTraits kTraits{"bitonic step (legacy float shader)", "bitonic_legacy.frag",
                                      bufferBit(Buffer::Elements), Buffer::Elements, true};
};

// One step of Batcher's odd-even merge sort (article 001): sorted runs of runLength (p) elements
// merge into runs of 2p. Element i compares with i + distance (k) when (i - k mod p) mod 2k < k and
// both lie in the same run of 2p; every comparison is ascending. rank = log2 p, step = log2 (p / k).
struct OddEvenMergeStep {
  std::uint32_t rank = 0;
  std::uint32_t step = 0;
  std::uint32_t runLength = 0;
  std::uint32_t distance = 0;
  auto fields() const { return std::tie(rank, step, runLength, distance); }
  static constexpr PassTraits kTraits{"odd-even merge step", "oddeven_merge.frag", bufferBit(Buffer::Elements),
                                      Buffer::Elements, true};
};

// One round of odd-even transposition sort: parity 0 compares pairs (0,1) (2,3) ..., parity 1
// pairs (1,2) (3,4) ...; parity = round mod 2.
struct TranspositionRound {
  std::uint32_t round = 0;
  std::uint32_t parity = 0;
  auto fields() const { return std::tie(round, parity); }
  static constexpr PassTraits kTraits{"transposition round", "transposition.frag", bufferBit(Buffer::Elements),
                                      Buffer::Elements, true};
};

// Radix sort by split (article 002), a digit of `bits` (1 or 2) key bits from bit `bit` (0 = least
// significant) at a time: the split into 2^bits groups. Flags: each position's digit as a one-hot
// RGBA (channel v = 1 where the digit is v; the article's e = 1 - bit is channel 0 of a 1-bit digit),
// into the scan buffer.
struct RadixFlags {
  std::uint32_t bit = 0;
  std::uint32_t bits = 1;
  auto fields() const { return std::tie(bit, bits); }
  static constexpr PassTraits kTraits{"radix flags", "radix_flags.frag", bufferBit(Buffer::Elements), Buffer::Scan,
                                      false};
};

// One doubling step (number `step`) of the inclusive prefix sums of the flags (Hillis-Steele), all
// four channels at once: each position adds the texel `distance` = 2^step before it.
struct RadixScanStep {
  std::uint32_t bit = 0;
  std::uint32_t bits = 1;
  std::uint32_t step = 0;
  std::uint32_t distance = 0;
  auto fields() const { return std::tie(bit, bits, step, distance); }
  static constexpr PassTraits kTraits{"radix scan step", "radix_scan.frag", bufferBit(Buffer::Scan), Buffer::Scan,
                                      false};
};

// The split's move (article 002: d = b ? i - f + totalFalses : f; for a digit v, d = the elements of
// smaller digits + the count of v before i), done as a gather: binary search over the scan.
struct RadixGather {
  std::uint32_t bit = 0;
  std::uint32_t bits = 1;
  auto fields() const { return std::tie(bit, bits); }
  static constexpr PassTraits kTraits{"radix gather", "radix_gather.frag",
                                      bufferBit(Buffer::Elements) | bufferBit(Buffer::Scan), Buffer::Elements, false};
};

// Fast path, first pass: (key, index) of elements 2t and 2t + 1 into compact texel t.
struct PackCompact {
  auto fields() const { return std::tie(); }
  static constexpr PassTraits kTraits{"pack (key, index) pairs", "fast_pack.frag", bufferBit(Buffer::Elements),
                                      Buffer::Compact, false};
};

// Fast path: `count` consecutive bitonic steps of one merge in one pass, on compact texels. The
// steps are those of BitonicStep{rank, firstStep + s, stepno, offset >> s} for s < count.
struct FusedBitonicSteps {
  std::uint32_t rank = 0;
  std::uint32_t firstStep = 0;
  std::uint32_t stepno = 0;
  std::uint32_t offset = 0;  // the first step's partner distance
  std::uint32_t count = 0;   // 1 to 3
  auto fields() const { return std::tie(rank, firstStep, stepno, offset, count); }
  static constexpr PassTraits kTraits{"fused bitonic steps", "fast_bitonic.frag", bufferBit(Buffer::Compact),
                                      Buffer::Compact, true};
};

// Fast path, last pass: every position fetches its full element by the original index the compact
// state holds there, from the elements as uploaded.
// positionBits (both gathers): 0 for a sort of elements, where a pair's index is the element's
// original index; s > 0 for the pixel sort's lines of 2^s, where the low s bits of the pair's index
// are the element's position in its line (the line of the position being written: elements never
// leave their line), so the source is that line's start plus those bits.
// pixels > 0: the pixel sort's last pass, folded with ImageOrder: position i < pixels gathers for
// the position that holds pixel i (the source's alpha channel), so the sorted lines come back in
// image order, and writes that pixel's colour and alpha, taken from the source rather than from
// the elements (passReads), as bytes into Buffer::Pixels (passWrites); later positions are zero.
struct GatherByIndex {
  std::uint32_t positionBits = 0;
  std::uint32_t pixels = 0;
  auto fields() const { return std::tie(positionBits, pixels); }
  static constexpr PassTraits kTraits{"gather by index", "fast_gather.frag",
                                      bufferBit(Buffer::Elements) | bufferBit(Buffer::Compact) | bufferBit(Buffer::Source),
                                      Buffer::Elements, false};
};

// Compute backend (article 000's B2 ... B16, and B32): the steps from (firstRank, firstStep) to
// (lastRank, lastStep) in one dispatch, in place on the pairs (stepno: as SharedBitonicSteps'). Each
// distance is a bit of `window` (at most 5): an invocation loads the 2^popcount(window) elements
// that differ only there, runs the steps in registers and stores them (pixels > 0: each position's
// pixel bytes, as GatherByIndex's). compute-b32 also packs a merge's last steps with the next's first.
struct ComputeBitonicSteps {
  std::uint32_t firstRank = 0, firstStep = 0, lastRank = 0, lastStep = 0;
  std::uint32_t stepno = 0;
  std::uint32_t window = 0;
  std::uint32_t positionBits = 0, pixels = 0;
  auto fields() const {
    return std::tie(firstRank, firstStep, lastRank, lastStep, stepno, window, positionBits, pixels);
  }
  static constexpr PassTraits kTraits{"compute bitonic steps", "compute_steps.comp", bufferBit(Buffer::Compact),
                                      Buffer::Compact, true, true};
};

// Compute backend (article 000's C2, C4; C16): every step whose partner lies in the same block of
// 2^blockLog2 elements, in workgroup shared memory, in one dispatch: merges firstRank ... lastRank,
// the first from step firstStep, later ones from step 0 (each step's distance below the block). A
// workgroup loads its block once, runs the steps stepsPerBarrier (s) at a time with a barrier after
// each chunk (an invocation owns 2^s elements: kernel C2^s), and stores it. Merges before lastRank
// use stepno 2^(rank+1); lastRank uses `stepno` (a line's last merge carries the element count).
// With `pixels` > 0 (the pixel sort's last pass, the gather folded in) it stores no pairs but each
// position's pixel bytes, as GatherByIndex's. sharedKernel(): "C2", "C4", "C16".
struct SharedBitonicSteps {
  std::uint32_t firstRank = 0;
  std::uint32_t firstStep = 0;
  std::uint32_t lastRank = 0;
  std::uint32_t stepno = 0;
  std::uint32_t blockLog2 = 0;
  std::uint32_t stepsPerBarrier = 1;
  std::uint32_t positionBits = 0, pixels = 0;
  auto fields() const {
    return std::tie(firstRank, firstStep, lastRank, stepno, blockLog2, stepsPerBarrier, positionBits, pixels);
  }
  static constexpr PassTraits kTraits{"shared-memory bitonic steps", "compute_shared.comp", bufferBit(Buffer::Compact),
                                      Buffer::Compact, true, true};
  std::string sharedKernel() const { return "C" + std::to_string(2u << (stepsPerBarrier - 1)); }
};

// Wide path (article 000's B16 on fragment shaders): consecutive bitonic steps, from (firstRank,
// firstStep) to (lastRank, lastStep), whose partner distances all lie among four index bits, the
// mask `window` (wide_layout.h; not always adjacent: a merge's last steps, bits 1 and 0, share a
// pass with the next merge's first). A fragment owns the 16 elements that differ only in those
// bits: it reads them from the layout the previous pass wrote (`source`, its window;
// kWideFromElements: from the element texture as uploaded, which folds the pack into the first
// pass; kWideFromPixels: the pixel sort's elements computed by `order`'s rule from the source and
// the span words, which folds the key pass in as well), runs the steps in registers and writes all
// 16 through 8 render targets in the layout of its own window, where the next pass finds them. Merges before lastRank
// use stepno 2^(rank+1); lastRank uses `stepno`. With `pixels` > 0 (the pixel sort of rows, its
// last pass, window bits 0-3) it writes no pairs but the bytes of the pixel each sorted position
// takes (found by the pair's low `positionBits`, as WideGather's) into Buffer::Groups: for rows the
// line order is the image's, so no gather follows.
constexpr std::uint32_t kWideFromElements = 0xffffffffu;
constexpr std::uint32_t kWideFromPixels = 0xfffffffeu;
struct WideBitonicSteps {
  std::uint32_t firstRank = 0;
  std::uint32_t firstStep = 0;
  std::uint32_t lastRank = 0;
  std::uint32_t lastStep = 0;
  std::uint32_t stepno = 0;
  std::uint32_t window = 0;
  std::uint32_t source = kWideFromElements;
  PixelOrder order{};              // kWideFromPixels only
  std::uint32_t positionBits = 0;  // with pixels: as WideGather's
  std::uint32_t pixels = 0;        // > 0: into Buffer::Groups, for an image of this many pixels
  auto fields() const {
    return std::tie(firstRank, firstStep, lastRank, lastStep, stepno, window, source, order, positionBits, pixels);
  }
  static constexpr PassTraits kTraits{"wide bitonic steps", "wide_bitonic.frag",
                                      bufferBit(Buffer::Elements) | bufferBit(Buffer::Wide), Buffer::Wide, true};
};

// Wide path, last pass: every position fetches its full element by the original index that the
// wide state (in the layout of `window`) holds for it, from the elements as uploaded.
struct WideGather {
  std::uint32_t window = 0;
  std::uint32_t positionBits = 0;  // as GatherByIndex's
  std::uint32_t pixels = 0;        // as GatherByIndex's
  auto fields() const { return std::tie(window, positionBits, pixels); }
  static constexpr PassTraits kTraits{"wide gather by index", "wide_gather.frag",
                                      bufferBit(Buffer::Elements) | bufferBit(Buffer::Wide) | bufferBit(Buffer::Source),
                                      Buffer::Elements, false};
};

using Pass = std::variant<BitonicStep, BitonicLegacyStep, OddEvenMergeStep, TranspositionRound, RadixFlags,
                          RadixScanStep, RadixGather, PackCompact, FusedBitonicSteps, GatherByIndex,
                          ComputeBitonicSteps, SharedBitonicSteps, WideBitonicSteps, WideGather, SpanStarts,
                          SpanScanStep, PixelOrder, ImageOrder, RadixTileCounts, RadixCountScan, RadixScatter>;
constexpr std::size_t kPassKindCount = std::variant_size_v<Pass>;

// std::visit with one lambda per kind: Overloaded{[](const BitonicStep&) {...}, ...}.
template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

// The traits of every kind, by variant index: built from the kinds themselves, so it cannot have a
// row too few; checked below for what every runner relies on.
template <std::size_t... I>
constexpr std::array<PassTraits, sizeof...(I)> passTraitsTable(std::index_sequence<I...>) {
  return {std::variant_alternative_t<I, Pass>::kTraits...};
}
inline constexpr std::array<PassTraits, kPassKindCount> kPassTraits =
    passTraitsTable(std::make_index_sequence<kPassKindCount>{});

constexpr bool passTraitsAreConsistent() {
  for (const PassTraits& t : kPassTraits) {
    if (t.kind == nullptr || t.shader == nullptr || t.reads == 0) return false;
    if (t.network && (t.writes == Buffer::Scan || t.writes == Buffer::Spans)) return false;  // network steps move elements
    if (t.writes == Buffer::Source) return false;             // the pixel source is only uploaded
    if (t.network && t.writes == Buffer::Pixels) return false;
  }
  return true;
}
static_assert(kPassTraits.size() == kPassKindCount, "one traits row per pass kind");
static_assert(passTraitsAreConsistent(), "every pass kind names a shader, reads a buffer, and networks move elements");

inline const PassTraits& traitsOf(const Pass& pass) { return kPassTraits[pass.index()]; }
// The buffers this pass samples: its kind's reads, less the elements for the pixel sort's gathers
// (pixels > 0), which take colour from the source, and for wide steps after the first; the first
// wide pass of the pixel sort reads the source and the span words instead of the elements. The
// runner binds these, and keeps a single half of a buffer no pass both reads and writes.
unsigned passReads(const Pass& pass);
// The buffer this pass renders into: its kind's, but Buffer::Pixels for the pixel sort's gathers.
Buffer passWrites(const Pass& pass);

// The shapes the fused-step shader implements, one program each (fast_bitonic.frag's FAST_SHAPE).
enum class FusedShape : int {
  Unknown = 0,
  InTexel = 1,      // one step of distance 1: partners share a texel
  TexelPair = 2,    // distances 2, 1: texels t and t ^ 1
  MergeTail = 3,    // distances 4, 2, 1: texels t ^ {0, 1, 2, 3}
  TwoFarSteps = 4,  // distances d, d/2 with d >= 8: four texels
  OneFarStep = 5,   // one step of distance d >= 8: two texels
};
FusedShape fusedShape(const FusedBitonicSteps& pass);
unsigned fusedTexelsRead(const FusedBitonicSteps& pass);  // compact texels a fragment reads: 1, 2 or 4
std::vector<BitonicStep> fusedSteps(const FusedBitonicSteps& pass);  // the classic steps it carries
std::vector<BitonicStep> computeSteps(const ComputeBitonicSteps& pass);
std::vector<BitonicStep> sharedSteps(const SharedBitonicSteps& pass);
std::vector<BitonicStep> wideSteps(const WideBitonicSteps& pass);

// Network steps a pass carries: 1 for a network step, a fused, compute or shared pass's, else 0.
std::uint32_t networkSteps(const Pass& pass);

// The stage a pass belongs to, for marking stage ends on plots: the merge (rank) of bitonic and
// odd-even merge sort, the key bit of radix sort; pack, gather and transposition's rounds (one
// long stage) get values of their own. Only whether two neighbours' stages differ means anything.
std::uint32_t stageOf(const Pass& pass);

// One comparator of a single-layer network pass: after the pass, position `low` holds the smaller
// of the two elements when `ascending` (the larger otherwise), position `high` the other.
struct CompareExchange {
  std::uint32_t low = 0;
  std::uint32_t high = 0;
  bool ascending = true;
};

// The comparators of a pass on n elements, by increasing `low`. Empty for passes that are not one
// comparator layer on the elements (radix, pack, fused steps, gather). The network diagram draws
// these; tests check them against the CPU model.
std::vector<CompareExchange> compareExchanges(const Pass& pass, std::uint32_t n);

// How many compare-exchanges a pass on n elements makes: its comparators for a single layer, n / 2
// for each bitonic step a fused, wide or compute pass carries, 0 for passes that compare nothing
// (radix, pack, gather, span passes). What the viewer counts per pass and in all.
std::uint64_t compareExchangeCount(const Pass& pass, std::uint64_t n);

// Bytes a pass reads and writes per element (texture traffic), for effective-bandwidth figures.
double bytesPerElement(const Pass& pass, std::uint64_t n);

// What a pass does, in words, for n elements: the CLI, the tests and the viewer's pass panel all
// read it from here.
struct PassText {
  std::string title;        // "bitonic rank 3 step 1"
  std::string parameters;   // "stepno 16 offset 4 stage 8" (the uniforms as set), may be empty
  std::string explanation;  // what each fragment does in this pass, a sentence or two
};
PassText passText(const Pass& pass, std::uint64_t n);
// The pass's shape: its title without what differs between passes of that shape ("bitonic rank
// step", "compute B32: distance 2^9..2^5"); bench --per-pass times passes by it.
std::string passShape(const Pass& pass);

// One line: title, then ": " and the parameters when there are any.
std::string describe(const Pass& pass);

}  // namespace texsort
