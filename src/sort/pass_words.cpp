// Plain words for every pass kind (pass_words.h): one overload a kind, so a new kind without its
// words does not compile.
#include "sort/pass_words.h"

#include <string>

#include "sort/element.h"

namespace texsort {
namespace {

std::string str(std::uint64_t v) { return std::to_string(v); }
std::string places(std::uint64_t d) { return str(d) + (d == 1 ? " place" : " places"); }

// The sort's order as a person sees it on the picture (the key is luma).
struct Order {
  const char* first;  // "darker first"
  const char* rising;  // what an ascending block looks like
  const char* falling;
  const char* key;  // the key the passes compare: a descending sort's is turned over
};
Order orderOf(SortOrder order) {
  return order == SortOrder::Ascending
             ? Order{"darker first", "darker to brighter", "brighter to darker", "its key"}
             : Order{"brighter first", "brighter to darker", "darker to brighter",
                     "its turned-over key (the largest key minus its own, so brighter goes first)"};
}

std::string bitonic(std::uint32_t stepno, std::uint32_t offset, std::uint64_t n, const Order& o) {
  const std::string blocks = stepno >= n ? std::string("the whole picture runs one way, ") + o.first
                                         : "blocks of " + str(stepno) + " pixels run " + o.rising + " and " +
                                               o.falling + " in turn, so the next rank can merge two into one";
  return "Every pixel looks at the one " + places(offset) + " away; the pair swaps if it is out of order: " +
         blocks + ".";
}

std::string words(const BitonicStep& p, std::uint64_t n, const Order& o) { return bitonic(p.stepno, p.offset, n, o); }
std::string words(const BitonicLegacyStep& p, std::uint64_t n, const Order& o) {
  return bitonic(p.step.stepno, p.step.offset, n, o);
}
std::string words(const OddEvenMergeStep& p, std::uint64_t, const Order& o) {
  return "Pixels " + places(p.distance) + " apart compare and swap if out of order (" + o.first +
         "): sorted runs of " + str(p.runLength) + " merge into runs of " + str(2 * p.runLength) + ".";
}
std::string words(const TranspositionRound& p, std::uint64_t n, const Order& o) {
  return std::string("Every ") + (p.parity ? "odd" : "even") + "-numbered pixel compares itself with its right-hand " +
         "neighbour and they swap if out of order (" + o.first + "); after " + str(n) + " rounds all are in place.";
}
// "bit 3 of its key", or "bits 2 to 3 of its key" for a wider digit.
std::string keyBits(std::uint32_t bit, std::uint32_t bits, const Order& o) {
  return (bits == 1 ? "bit " + str(bit) : "bits " + str(bit) + " to " + str(bit + bits - 1)) + " of " + o.key;
}
std::string words(const RadixFlags& p, std::uint64_t, const Order& o) {
  if (p.bits == 1) {
    return "Every pixel notes whether " + keyBits(p.bit, 1, o) +
           " is 0: those go first in this bit's split, each group keeping its order.";
  }
  return "Every pixel notes " + keyBits(p.bit, p.bits, o) + ", a number from 0 to " + str((1u << p.bits) - 1) +
         ": the pixels go into " + str(1u << p.bits) + " groups in that order, each group keeping its order.";
}
std::string words(const RadixScanStep& p, std::uint64_t, const Order&) {
  return "Every place adds the counts from " + places(p.distance) + " before it: after the last step each place " +
         "knows how many pixels of each group come up to it.";
}
std::string words(const RadixGather& p, std::uint64_t, const Order& o) {
  return "Every place takes the pixel that belongs there: the pixels with " + keyBits(p.bit, p.bits, o) +
         " at 0 first, then " + (p.bits == 1 ? std::string("the others") : "1, 2 and so on") +
         ", each group in its old order.";
}
std::string words(const PackCompact&, std::uint64_t, const Order&) {
  return "Every two pixels' keys and places are packed into one texel, so the passes after it read half as much.";
}
std::string words(const FusedBitonicSteps& p, std::uint64_t n, const Order& o) {
  return str(p.count) + (p.count == 1 ? " bitonic step" : " bitonic steps") + " in one pass, from the pixel " +
         places(p.offset) + " away inward: " + bitonic(p.stepno, p.offset, n, o);
}
std::string words(const GatherByIndex&, std::uint64_t, const Order&) {
  return "Every place fetches the whole pixel, its colour, from where its sorted key came from.";
}
std::string words(const ComputeBitonicSteps& p, std::uint64_t, const Order& o) {
  return "Groups of pixels are loaded into the GPU's fast memory and run " + str(computeSteps(p).size()) +
         " compare-and-swap steps there before they are stored back (" + o.first + ").";
}
std::string words(const SharedBitonicSteps& p, std::uint64_t, const Order& o) {
  return "Blocks of " + str(std::uint64_t{1} << p.blockLog2) + " pixels are loaded into the GPU's shared memory and run " +
         str(sharedSteps(p).size()) + " compare-and-swap steps there (" + o.first + ").";
}
std::string words(const WideBitonicSteps& p, std::uint64_t, const Order& o) {
  return "Every fragment takes 16 pixels, runs " + str(wideSteps(p).size()) +
         " compare-and-swap steps on them at once and writes them back (" + o.first + ").";
}
std::string words(const WideGather&, std::uint64_t, const Order&) {
  return "Every place fetches the whole pixel, its colour, from where its sorted key came from.";
}
std::string words(const SpanStarts&, std::uint64_t, const Order&) {
  return "Every place marks whether a span starts there: a pixel outside the bounds, an edge or a break.";
}
std::string words(const SpanScanStep& p, std::uint64_t, const Order&) {
  return "Every place carries the latest span start along its line, " + str(p.distance) +
         (p.distance == 1 ? " word" : " words") + " of 32 places at a time.";
}
std::string words(const PixelOrder&, std::uint64_t, const Order&) {
  return "Every pixel gets one sort key of its span, its colour's key and its place, so sorting a whole line "
         "sorts each span on its own.";
}
std::string words(const ImageOrder&, std::uint64_t, const Order&) {
  return "Every pixel is written back into the picture from its sorted place.";
}

std::string words(const RadixTileCounts& p, std::uint64_t, const Order& o) {
  const std::string bits = p.d.shift >= kIndexLowBits ? std::string(o.key) + " (bits " + str(p.d.shift - kIndexLowBits) + " and up)"
                                                     : "its span and key (bits " + str(p.d.shift) + " and up of the order)";
  return "Every block of " + str(std::uint64_t{1} << p.d.tileLog2) + " pixels counts how many of its pixels have each value of " +
         str(p.d.bits) + " bits of " + bits + "; nothing moves yet.";
}
std::string words(const RadixCountScan&, std::uint64_t, const Order&) {
  return "The counts are added up, value by value and block by block, so every block knows where its pixels of "
         "each value start in the result.";
}
std::string words(const RadixScatter& p, std::uint64_t, const Order& o) {
  return "Every pixel moves to its place in its line for these " + str(p.d.bits) + " bits" +
         (p.d.shift >= kIndexLowBits ? std::string(" of ") + o.key : std::string()) + ": smaller values first, each value's pixels keeping their order.";
}

}  // namespace

std::string plainWords(const Pass& pass, std::uint64_t n, SortOrder order) {
  const Order o = orderOf(order);
  return std::visit([&](const auto& p) { return words(p, n, o); }, pass);
}

}  // namespace texsort
