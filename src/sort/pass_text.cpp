// What each pass kind does, in words: its title, parameters and explanation (passText), its shape
// (passShape), one line (describe).
#include "sort/pass.h"

#include <algorithm>

#include "sort/bits.h"
#include "sort/element.h"

namespace texsort {

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

// "radix bit 3" for a 1-bit digit, "radix bits 2-3" for a wider one.
std::string radixDigit(std::uint32_t bit, std::uint32_t bits) {
  return bits == 1 ? "radix bit " + str(bit) : "radix bits " + str(bit) + "-" + str(bit + bits - 1);
}

PassText textOf(const RadixFlags& p, std::uint64_t) {
  return PassText{radixDigit(p.bit, p.bits) + ": flags", "",
                  p.bits == 1 ? "e = 1 - bit (channel 0; channel 1 the bit), into the scan buffer (the elements do not move)."
                              : "digit v as a flag in channel v (" + str(1u << p.bits) +
                                    " groups), into the scan buffer (the elements do not move)."};
}

PassText textOf(const RadixScanStep& p, std::uint64_t) {
  return PassText{radixDigit(p.bit, p.bits) + ": scan step " + str(p.step), "distance " + str(p.distance),
                  "prefix sums of the flags by doubling: each position adds the texel " + str(p.distance) +
                      " positions before it."};
}

PassText textOf(const RadixGather& p, std::uint64_t) {
  return PassText{radixDigit(p.bit, p.bits) + ": gather", "",
                  p.bits == 1 ? "each position gathers its element: d = b ? i - f + totalFalses : f, found by binary "
                                "search over the scan."
                              : "each position gathers its element: d = (the elements of smaller digits) + (those of "
                                "its digit before it), found by binary search over the scan."};
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

// The digit's bits: the key's (r's, from the order's bit 24: the plain sort), else the 48-bit
// order's (the pixel sort's span and key, above the position).
std::string digitName(const RadixDigit& d) {
  const bool inKey = d.shift >= kIndexLowBits;
  const std::uint32_t first = inKey ? d.shift - kIndexLowBits : d.shift;
  return "radix digit " + str(d.digit) + " (" + (inKey ? "key" : "order") + " bits " + str(first) + "-" +
         str(first + d.bits - 1) + ")";
}
std::string digitParameters(const RadixDigit& d) {
  return "shift " + str(d.shift) + " bits " + str(d.bits) + " values " + str(1u << d.radixBits) + " tile " +
         str(std::uint64_t{1} << d.tileLog2) + " line " + str(std::uint64_t{1} << d.lineLog2);
}

PassText textOf(const RadixTileCounts& p, std::uint64_t) {
  return PassText{digitName(p.d) + ": tile counts", digitParameters(p.d),
                  "one dispatch: each invocation counts how many of its tile's " + str(std::uint64_t{1} << p.d.tileLog2) +
                      " elements have each of the " + str(1u << p.d.bits) +
                      " digit values, and writes the counts, a row a value (the elements do not move)."};
}

PassText textOf(const RadixCountScan& p, std::uint64_t) {
  return PassText{digitName(p.d) + ": count scan", digitParameters(p.d),
                  "one dispatch, a workgroup a digit value and line: its part of the row of counts becomes each "
                  "tile's start among the line's elements of that value (an exclusive prefix sum), and the line's "
                  "total of the value goes after the rows."};
}

PassText textOf(const RadixScatter& p, std::uint64_t) {
  if (p.pixels) {
    return PassText{digitName(p.d) + ": scatter into the image's bytes", digitParameters(p.d),
                    "one dispatch: the last digit's stable split, each pair going not to the other buffer but, as "
                    "the bytes of the pixel it names, to the picture's pixel at its place (the gather into image "
                    "order folded in)."};
  }
  return PassText{digitName(p.d) + ": scatter", digitParameters(p.d),
                  "one dispatch: each invocation walks its tile again, and every element goes to its line's start "
                  "+ the line's elements of smaller values + its tile's start in its value's row + the elements of "
                  "its value before it in the tile, into the other buffer: a stable split by the digit. Skipped when "
                  "in every line one value holds every element."};
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
std::string shapeOf(const RadixTileCounts&) { return "compute radix: tile counts"; }
std::string shapeOf(const RadixCountScan&) { return "compute radix: count scan"; }
std::string shapeOf(const RadixScatter& p) {
  return p.pixels ? "compute radix: scatter into the image's bytes" : "compute radix: scatter";
}

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
