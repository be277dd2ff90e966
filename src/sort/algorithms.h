// The algorithm registry: one row per algorithm, read by the CLI, the benchmark, the plots, the
// viewer and the tests. Adding an algorithm is an enumerator, one row, and its schedule builder.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "sort/element.h"
#include "sort/schedule.h"

namespace texsort {

enum class Algorithm : std::uint8_t {
  Bitonic,
  BitonicLegacy,
  OddEvenMerge,
  Transposition,
  Radix,
  BitonicFast,
  BitonicWide,
  ComputeB2,  // article 000's ladder on the compute backend, in the order of its table's columns
  ComputeC2,
  ComputeB4,
  ComputeB8,
  ComputeB16,
  ComputeC4,
  ComputeNoShared,
  ComputeB32,  // beyond the article: 32 pairs an invocation, no shared memory
  ComputeB32C4,  // and with the largest shared block OpenGL 4.3 guarantees (32 KiB: 4096 pairs)
  ComputeB32C16,  // the same block, four shared steps per barrier (16 pairs an invocation)
  ComputeRadix,   // beyond the bitonic ceiling: a radix sort of the pairs, a few dispatches a digit
  kCount  // not an algorithm: the number of them, checked against the registry below
};

struct Rgb8 {
  std::uint8_t r = 0, g = 0, b = 0;
};

struct AlgorithmInfo {
  Algorithm id;
  const char* name;    // on the command line (--algo NAME), in tables and JSON
  const char* label;   // in the viewer
  Rgb8 colour;         // its line in plots, in the viewer and in PNG plots alike
  PassSchedule (*schedule)(const SortShape& shape);
  bool sortsLines;     // builds schedules for more than one line (SortShape::lineCount > 1)
  int minGlVersion;    // the OpenGL version its runner needs, major * 10 + minor
  const char* summary; // one line for --help and the README
  std::uint64_t maxElements = kMaxElements;  // the most it sorts exactly, and why not more
  const char* limitReason = "";
};

constexpr std::uint64_t k2to24 = std::uint64_t{1} << 24;

// The fragment radix's digit: two bits split four ways, ~1.5x faster than one (docs/performance.md).
constexpr unsigned kRadixDigitBits = 2;
PassSchedule radixLumaSchedule(const SortShape& shape);  // radixSchedule(shape, kKeyBits, kRadixDigitBits)
// computeRadixSchedule(shape, the bits of r: kKeyBits and the index's high bits under them).
PassSchedule computeRadixLumaSchedule(const SortShape& shape);
// computeSchedule(shape, fused steps, shared memory) for each column of article 000's table.
template <unsigned MaxFused, SharedMemory Shared, unsigned BlockLog2 = kSharedBlockLog2>
PassSchedule computeLadderSchedule(const SortShape& shape) {
  return computeSchedule(shape, MaxFused, Shared, BlockLog2);
}
template <unsigned WindowBits>
PassSchedule computePackedSchedule(const SortShape& shape) {
  return packedComputeSchedule(shape, WindowBits);
}
constexpr int kComputeGlVersion = 43;  // compute shaders and storage buffers

inline constexpr AlgorithmInfo kAlgorithmRegistry[] = {
    {Algorithm::Bitonic, "bitonic", "bitonic (one step per pass)", {70, 140, 255}, bitonicSchedule, true, 33,
     "article 004's bitonic network, one compare-exchange step per pass"},
    {Algorithm::BitonicLegacy, "bitonic-legacy", "bitonic (legacy float shader)", {160, 110, 255},
     bitonicLegacySchedule, true, 33, "the same network in article 004's float arithmetic", k2to24,
     "its float index arithmetic is exact only up to 2^24"},
    {Algorithm::OddEvenMerge, "oddeven-merge", "odd-even merge", {255, 160, 40}, oddEvenMergeSchedule, true, 33,
     "Batcher's odd-even merge sort (article 001)"},
    {Algorithm::Transposition, "transposition", "odd-even transposition", {240, 70, 70}, transpositionSchedule, false,
     33, "odd-even transposition sort: N rounds of neighbour swaps (article 001)"},
    {Algorithm::Radix, "radix", "radix (split)", {60, 200, 110}, radixLumaSchedule, false, 33,
     "LSD radix sort by split and prefix sum (article 002), two key bits a split", k2to24, "its float32 prefix sums are exact only up to 2^24"},
    {Algorithm::BitonicFast, "bitonic-fast", "bitonic fast path (fused steps)", {225, 80, 200}, fastBitonicSchedule,
     true, 33, "bitonic on packed (key, index) pairs, 2-3 steps fused per pass"},
    {Algorithm::BitonicWide, "bitonic-wide", "bitonic wide path (4 steps, 8 targets)", {255, 120, 160},
     wideBitonicSchedule, true, 33,
     "bitonic with 16 elements per fragment through 8 render targets, 4 steps per pass (article 000's B16)"},
    {Algorithm::ComputeB2, "compute-b2", "compute B2 (one step per dispatch)", {40, 190, 190},
     computeLadderSchedule<1, SharedMemory::None>, true, kComputeGlVersion,
     "compute shader, one step per dispatch (article 000's B2)"},
    {Algorithm::ComputeC2, "compute-c2", "compute B2 + C2 (shared memory)", {90, 210, 150},
     computeLadderSchedule<1, SharedMemory::C2>, true, kComputeGlVersion,
     "B2, and the steps inside a 1024-element block in shared memory (B2+C2)"},
    {Algorithm::ComputeB4, "compute-b4", "compute B2B4 + C2", {150, 220, 90}, computeLadderSchedule<2, SharedMemory::C2>,
     true, kComputeGlVersion, "two global steps per dispatch, 4 elements per invocation (B2B4+C2)"},
    {Algorithm::ComputeB8, "compute-b8", "compute B2B4B8 + C2", {210, 210, 60}, computeLadderSchedule<3, SharedMemory::C2>,
     true, kComputeGlVersion, "up to three global steps per dispatch, 8 elements per invocation (B2B4B8+C2)"},
    {Algorithm::ComputeB16, "compute-b16", "compute B2B4B8B16 + C2", {240, 190, 40},
     computeLadderSchedule<4, SharedMemory::C2>, true, kComputeGlVersion,
     "up to four global steps per dispatch, 16 elements per invocation (B2B4B8B16+C2)"},
    {Algorithm::ComputeC4, "compute-c4", "compute B2B4B8B16 + C2C4", {250, 130, 110},
     computeLadderSchedule<4, SharedMemory::C4>, true, kComputeGlVersion,
     "B16, and two shared-memory steps per barrier (B2B4B8B16+C2C4)"},
    {Algorithm::ComputeNoShared, "compute-noshared", "compute B2B4B8B16, no shared memory", {170, 170, 170},
     computeLadderSchedule<4, SharedMemory::None>, true, kComputeGlVersion,
     "up to four steps per dispatch for every distance, no shared memory (B2B4B8B16)"},
    {Algorithm::ComputeB32, "compute-b32", "compute B32, no shared memory", {120, 200, 255},
     computePackedSchedule<5>, true, kComputeGlVersion,
     "up to five steps per dispatch, 32 elements per invocation, a merge's last steps with the next one's first "
     "(beyond article 000)"},
    {Algorithm::ComputeB32C4, "compute-b32c4", "compute B32 + C4 (4096-pair blocks)", {60, 120, 230},
     computeLadderSchedule<5, SharedMemory::C4, kLargeSharedBlockLog2>, true, kComputeGlVersion,
     "B32, and every step inside a block of 4096 pairs (the 32 KiB of shared memory GL 4.3 guarantees) two per barrier"},
    {Algorithm::ComputeB32C16, "compute-b32c16", "compute B32 + C16 (4096-pair blocks)", {30, 80, 170},
     computeLadderSchedule<5, SharedMemory::C16, kLargeSharedBlockLog2>, true, kComputeGlVersion,
     "B32, and every step inside a block of 4096 pairs up to four per barrier, 16 pairs in an invocation's registers"},
    {Algorithm::ComputeRadix, "compute-radix", "compute radix (6-bit digits)", {250, 90, 40}, computeRadixLumaSchedule,
     true, kComputeGlVersion,
     "LSD radix sort on compute: per digit, tile counts, their scan and a stable scatter (article 002's split, "
     "grown)"},
};
constexpr std::size_t kAlgorithmCount = std::size(kAlgorithmRegistry);

constexpr bool registryIsInEnumOrder() {
  for (std::size_t i = 0; i < kAlgorithmCount; ++i) {
    if (static_cast<std::size_t>(kAlgorithmRegistry[i].id) != i) return false;
  }
  return true;
}
static_assert(kAlgorithmCount == static_cast<std::size_t>(Algorithm::kCount), "one registry row per algorithm");
static_assert(registryIsInEnumOrder(), "registry rows in the enumerators' order");

template <std::size_t... I>
constexpr std::array<Algorithm, sizeof...(I)> algorithmIds(std::index_sequence<I...>) {
  return {kAlgorithmRegistry[I].id...};
}
// Every algorithm, in registry order: what loops, lists and parameterised tests iterate.
inline constexpr std::array<Algorithm, kAlgorithmCount> kAlgorithms =
    algorithmIds(std::make_index_sequence<kAlgorithmCount>{});

inline const AlgorithmInfo& info(Algorithm a) { return kAlgorithmRegistry[static_cast<std::size_t>(a)]; }
inline const char* algorithmName(Algorithm a) { return info(a).name; }

// The algorithm whose CLI name is `name`; false if none.
bool parseAlgorithm(const std::string& name, Algorithm& algorithm);

// The passes of `algorithm` for `shape`. Throws texsort::Error(Gpu) with a one-line reason beyond
// the row's maxElements, std::invalid_argument for a shape it cannot build.
PassSchedule scheduleFor(Algorithm algorithm, const SortShape& shape);
PassSchedule scheduleFor(Algorithm algorithm, std::uint64_t n);  // one line of n = 2^k

// Throws texsort::Error(Gpu) with the row's reason when `count` elements are more than it sorts.
void checkAlgorithmFits(Algorithm algorithm, std::uint64_t count);

// Whether the algorithm runs on the compute backend (the rows that need GL 4.3).
inline bool usesCompute(Algorithm a) { return info(a).minGlVersion >= kComputeGlVersion; }

// Whether a context of this GL version (major * 10 + minor) runs the algorithm.
inline bool algorithmAvailable(Algorithm a, int glVersion) { return glVersion >= info(a).minGlVersion; }

}  // namespace texsort
