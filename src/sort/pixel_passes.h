// The pixel sort's pass kinds: span starts, the span scan, the key pass (PixelOrder) and image
// order. Included by pass.h, which holds them in Pass with the sorts' kinds.
#pragma once

#include <cstdint>
#include <tuple>

#include "sort/pass_traits.h"

namespace texsort {

// Pixel sort: the element every line sort orders. Position p of a line, with its span's start from
// the span words (cut into pieces of at most maxSpan, counted from the span's start; a piece left
// whole by --skip becomes p itself, so its pixels stay), becomes (r, g, rgb, alpha) with
// r * 2^24 + g = piece << (keyBits + lineBits) | key << lineBits | p, the key reversed
// (maxKey - key) when descending. Padding has piece p, above every real one, so it sorts after the
// line's pixels. Its own pass on every line sort but the wide path, whose first pass does this.
// intoPairs = 1 (the fast path and the compute rows, whose sorts start with a pack): it writes only
// the (r, g) pairs, into Buffer::Compact, the pack folded in; the elements are never made.
struct PixelOrder {
  std::uint32_t key = 0;  // PixelKey (pixel_rules.h)
  std::uint32_t maxKey = 0;
  std::uint32_t keyBits = 0;
  std::uint32_t descending = 0;
  std::uint32_t maxSpan = 0;
  std::uint32_t skipPercent = 0;
  std::uint32_t seed = 0;
  std::uint32_t lineBits = 1;
  std::uint32_t intoPairs = 0;
  auto fields() const {
    return std::tie(key, maxKey, keyBits, descending, maxSpan, skipPercent, seed, lineBits, intoPairs);
  }
  static constexpr PassTraits kTraits{"pixel order", "pixel_order.frag", bufferBit(Buffer::Source) | bufferBit(Buffer::Spans),
                                      Buffer::Elements, false};
};

// Pixel sort, first pass: which positions start a span. Element j is position p = j mod
// 2^lineBits of its line; its pixel is in a span or not (mask, threshold: pixel_rules.h), and it
// starts one (a span of its own, for the ones outside every span) when it is padding, out of every
// span, the line's first pixel, after a pixel out of every span, or a break of `intervals` (edges,
// random, waves). A fragment does the 32 positions of one word of Buffer::Spans: their start bits,
// and the latest start among them (0 when none). The running maximum of those along each line
// (SpanScanStep) then gives every position its span's start: the highest start bit at or below it
// in its own word, else the previous word's latest start.
constexpr std::uint32_t kSpanWordBits = 32;
// The span words of `elements` positions: a bit a position, at least one word.
constexpr std::uint64_t spanWordCount(std::uint64_t elements) {
  return elements / kSpanWordBits > 0 ? elements / kSpanWordBits : 1;
}
struct SpanStarts {
  std::uint32_t intervals = 0;   // Intervals (pixel_rules.h)
  std::uint32_t lowest = 0;      // threshold: luma from lowest ...
  std::uint32_t highest = 0;     // ... to highest; edges: a break where edgeStrength > 4 * lowest
  std::uint32_t spanLength = 1;  // random, waves: S
  std::uint32_t seed = 0;
  std::uint32_t width = 0;       // the image, for the edge detector's neighbours
  std::uint32_t height = 0;
  std::uint32_t lineBits = 1;    // lines of 2^lineBits elements
  std::uint32_t selectKey = 0;   // threshold: the PixelKey tested against lowest .. highest
  std::uint32_t invert = 0;      // threshold: 1 when a span is a run of keys outside the range
  auto fields() const {
    return std::tie(intervals, lowest, highest, spanLength, seed, width, height, lineBits, selectKey, invert);
  }
  static constexpr PassTraits kTraits{"span starts", "span_starts.frag", bufferBit(Buffer::Source), Buffer::Spans, false};
};

// Pixel sort: one step of the running maximum of the words' latest starts along each line
// (Hillis-Steele with fan-in kSpanScanFanIn): word w takes the largest of the values at w - k *
// distance, k = 0 .. 7, that lie in its line. Distances 1, 8, 64, ... words up to the line's
// 2^lineBits / 32 words; lines of 32 positions or fewer need none.
constexpr std::uint32_t kSpanScanFanIn = 8;
struct SpanScanStep {
  std::uint32_t step = 0;
  std::uint32_t distance = 1;  // in words
  std::uint32_t lineBits = 1;
  auto fields() const { return std::tie(step, distance, lineBits); }
  static constexpr PassTraits kTraits{"span scan step", "span_scan.frag", bufferBit(Buffer::Spans), Buffer::Spans, false};
};

// Pixel sort, last pass: the sorted lines back in image order. Position i below `pixels` takes the
// colour and alpha of the element at the (line, position) of pixel i, as bytes (Buffer::Pixels);
// later positions are zero.
struct ImageOrder {
  std::uint32_t pixels = 0;
  auto fields() const { return std::tie(pixels); }
  static constexpr PassTraits kTraits{"image order", "image_order.frag",
                                      bufferBit(Buffer::Elements) | bufferBit(Buffer::Source), Buffer::Pixels, false};
};

}  // namespace texsort
