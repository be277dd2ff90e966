// CPU model of every pass kind: the oracle every GPU test compares against, texel for texel.
#include "sort/cpu_model.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "sort/bits.h"
#include "sort/pixel_rules.h"
#include "sort/radix_model.h"
#include "sort/wide_layout.h"

namespace texsort {
namespace {

const Element& lower(const Element& a, const Element& b) { return elementLess(b, a) ? b : a; }
const Element& higher(const Element& a, const Element& b) { return elementLess(b, a) ? a : b; }

// Article 004: csign says whether the partner is ahead (+1) or behind (-1); cdir says whether this
// block sorts ascending (+1) or descending (-1); keep the min when they agree.
Element bitonicOutput(std::uint64_t stepno, std::uint64_t offset, const std::vector<Element>& in, std::uint64_t i) {
  const bool partnerAhead = (i % (2 * offset)) < offset;
  const bool ascending = ((i / stepno) % 2) == 0;
  const std::uint64_t partner = partnerAhead ? i + offset : i - offset;
  return partnerAhead == ascending ? lower(in[i], in[partner]) : higher(in[i], in[partner]);
}

// Batcher's rule: is x the lower element of a compare-exchange in the step (p, k)?
bool mergeLowerEnd(const OddEvenMergeStep& step, std::uint64_t x, std::uint64_t n) {
  const std::uint64_t p = step.runLength, k = step.distance, first = k % p;
  return x >= first && (x - first) % (2 * k) < k && x + k < n && x / (2 * p) == (x + k) / (2 * p);
}

std::uint32_t keyDigit(const Element& e, std::uint32_t bit, std::uint32_t bits) {
  return (static_cast<std::uint32_t>(e.key) >> bit) & ((1u << bits) - 1u);
}

// The split's gather: output position d takes, for the digit v whose run holds d (the runs of
// digits 0 ... 3 in order), the (d - start of v)-th element of digit v. `scan` holds the inclusive
// counts of each digit value (four floats an element), so the search runs over monotone counts.
std::vector<Element> gather(const std::vector<Element>& in, const std::vector<float>& scan) {
  const std::uint64_t n = in.size();
  const auto count = [&](std::uint64_t i, unsigned v) { return static_cast<std::uint64_t>(scan[4 * i + v]); };
  std::array<std::uint64_t, 5> starts{};
  for (unsigned v = 0; v < 4; ++v) starts[v + 1] = starts[v] + count(n - 1, v);
  std::vector<Element> out(n);
  for (std::uint64_t d = 0; d < n; ++d) {
    unsigned v = 3;
    while (starts[v] > d) --v;  // the last run starting at or before d (an empty one starts where the next does)
    const std::uint64_t target = d - starts[v];
    std::uint64_t lo = 0, hi = n - 1;  // smallest i whose count exceeds target
    while (lo < hi) {
      const std::uint64_t mid = (lo + hi) / 2;
      if (count(mid, v) > target) hi = mid;
      else lo = mid + 1;
    }
    out[d] = in[lo];
  }
  return out;
}

// One bitonic step on the compact (key, index) pairs: the classic compare rule on two floats.
void compactStep(const BitonicStep& step, std::vector<float>& c) {
  const std::uint64_t n = c.size() / 2, d = step.offset;
  std::vector<float> next(c.size());
  for (std::uint64_t e = 0; e < n; ++e) {
    const std::uint64_t partner = e ^ d;
    const bool partnerAhead = (e & d) == 0, ascending = (e & step.stepno) == 0;
    const bool otherFirst = c[2 * partner] < c[2 * e] || (c[2 * partner] == c[2 * e] && c[2 * partner + 1] < c[2 * e + 1]);
    const std::uint64_t keep = (otherFirst == (partnerAhead == ascending)) ? partner : e;
    next[2 * e] = c[2 * keep];
    next[2 * e + 1] = c[2 * keep + 1];
  }
  c = std::move(next);
}

// Position j takes the uploaded element whose original index the (key, index) pair j names, or,
// with positionBits = s > 0, the element at j's line start plus the index's low s bits.
std::vector<Element> gatherByIndex(const std::vector<Element>& uploaded, const std::vector<float>& pairs,
                                   std::uint32_t positionBits) {
  const std::uint64_t n = uploaded.size();
  std::vector<Element> out(n);
  const unsigned high = indexHighBits(n);
  const std::uint64_t positionMask = (std::uint64_t{1} << positionBits) - 1;
  for (std::uint64_t j = 0; j < n; ++j) {
    const Element pair{pairs[2 * j], pairs[2 * j + 1], 0, 0};
    out[j] = uploaded[positionBits == 0 ? originalIndex(pair, high)
                                        : (j & ~positionMask) | (static_cast<std::uint64_t>(pair.index) & positionMask)];
  }
  return out;
}

// The pixel sort's result (Buffer::Pixels): 8-bit R, G, B, A of pixel i < pixels at 4i, the rest zero.
void putPixel(std::uint8_t* out, float rgb, std::uint32_t alpha) {
  const auto packed = static_cast<std::uint32_t>(rgb);
  out[0] = static_cast<std::uint8_t>(packed >> 16);
  out[1] = static_cast<std::uint8_t>(packed >> 8);
  out[2] = static_cast<std::uint8_t>(packed);
  out[3] = static_cast<std::uint8_t>(alpha);
}

// ImageOrder: pixel i takes the colour and alpha of the element at its line and position.
std::vector<std::uint8_t> pixelsFromElements(const std::vector<Element>& elements,
                                             const std::vector<PixelTexel>& source, std::uint32_t pixels) {
  std::vector<std::uint8_t> out(4 * source.size());
  for (std::uint64_t i = 0; i < pixels; ++i) {
    const Element& e = elements[static_cast<std::uint64_t>(source[i].element)];
    putPixel(&out[4 * i], e.rgb, static_cast<std::uint32_t>(e.alpha));
  }
  return out;
}

// The gathers into image order: pixel i finds the (key, index) pair at its line and position; the
// index's low positionBits bits are the position in that line whose source pixel it shows.
std::vector<std::uint8_t> pixelsFromPairs(const std::vector<float>& pairs, const std::vector<PixelTexel>& source,
                                          std::uint32_t positionBits, std::uint32_t pixels) {
  std::vector<std::uint8_t> out(4 * source.size());
  const std::uint64_t positionMask = (std::uint64_t{1} << positionBits) - 1;
  for (std::uint64_t i = 0; i < pixels; ++i) {
    const auto at = static_cast<std::uint64_t>(source[i].element);
    const std::uint64_t from = (at & ~positionMask) | (static_cast<std::uint64_t>(pairs[2 * at + 1]) & positionMask);
    const PixelTexel& t = source[static_cast<std::uint64_t>(source[from].pixel)];
    putPixel(&out[4 * i], t.rgb, static_cast<std::uint32_t>(t.alphaMask) & 255u);
  }
  return out;
}

// The pixel sort's rules on its source texels (pixel_rules.h; span_starts.frag, pixel_order.frag).
std::uint32_t rgbOf(const PixelTexel& t) { return static_cast<std::uint32_t>(t.rgb); }
std::uint32_t lumaOf(const PixelTexel& t) {
  const std::uint32_t rgb = rgbOf(t);
  return lumaKey(std::uint8_t(rgb >> 16), std::uint8_t(rgb >> 8), std::uint8_t(rgb));
}

bool inSpan(const SpanStarts& p, const PixelTexel& t) {
  if (!(static_cast<std::uint32_t>(t.alphaMask) & kMaskAllowsFlag)) return false;  // the mask keeps it out
  if (p.intervals != static_cast<std::uint32_t>(Intervals::Threshold)) return true;
  const std::uint32_t rgb = rgbOf(t);
  const std::uint32_t k = pixelKey(static_cast<PixelKey>(p.selectKey), std::uint8_t(rgb >> 16), std::uint8_t(rgb >> 8), std::uint8_t(rgb));
  return (k >= p.lowest && k <= p.highest) != (p.invert != 0);
}

// Whether element j starts a span (span_starts.frag): padding, a pixel out of every span, the
// row's first position or a line's first pixel, one after a pixel out of every span, or a break of
// the interval kind.
bool startsSpan(const SpanStarts& p, const std::vector<PixelTexel>& source, std::uint64_t j) {
  const std::uint32_t position = static_cast<std::uint32_t>(j & ((std::uint64_t{1} << p.lineBits) - 1));
  const std::uint32_t line = static_cast<std::uint32_t>(j >> p.lineBits);
  if (source[j].pixel < 0) return true;  // padding
  const auto pixel = static_cast<std::uint64_t>(source[j].pixel);
  if (position == 0 || (static_cast<std::uint32_t>(source[pixel].alphaMask) & kLineStartFlag)) return true;
  if (!inSpan(p, source[pixel])) return true;
  if (!inSpan(p, source[static_cast<std::uint64_t>(source[j - 1].pixel)])) return true;
  switch (static_cast<Intervals>(p.intervals)) {
    case Intervals::Edges: {
      const auto lumaAt = [&](std::int32_t x, std::int32_t y) { return lumaOf(source[std::uint64_t(y) * p.width + x]); };
      return edgeStrength(lumaAt, std::int32_t(pixel % p.width), std::int32_t(pixel / p.width), std::int32_t(p.width),
                          std::int32_t(p.height)) > kEdgeScale * p.lowest;
    }
    case Intervals::Random: return randomBreak(p.seed, line, position, p.spanLength);
    case Intervals::Waves: return waveBreak(p.seed, line, position, p.spanLength);
    default: return false;
  }
}

Element pixelOrderOutput(const PixelOrder& p, const std::vector<PixelTexel>& source,
                         const std::vector<std::uint32_t>& spans, std::uint64_t j) {
  const std::uint64_t position = j & ((std::uint64_t{1} << p.lineBits) - 1);
  const auto line = static_cast<std::uint32_t>(j >> p.lineBits);
  const bool real = source[j].pixel >= 0;
  const std::uint64_t start = spanStartOf(spans, j, p.lineBits);
  std::uint64_t piece = real && p.maxSpan ? start + (position - start) / p.maxSpan * p.maxSpan : start;
  if (real && skipRun(p.seed, line, static_cast<std::uint32_t>(piece), p.skipPercent)) piece = position;
  std::uint64_t key = 0;
  Element e;
  if (real) {
    const PixelTexel& t = source[static_cast<std::uint64_t>(source[j].pixel)];
    const std::uint32_t rgb = rgbOf(t);
    const std::uint8_t rgba[4] = {std::uint8_t(rgb >> 16), std::uint8_t(rgb >> 8), std::uint8_t(rgb),
                                  std::uint8_t(static_cast<std::uint32_t>(t.alphaMask) & 255u)};
    key = elementKey(static_cast<PixelKey>(p.key), rgba, p.seed, line, static_cast<std::uint32_t>(position));
    if (p.descending) key = p.maxKey - key;
    e.rgb = t.rgb;
    e.alpha = float(static_cast<std::uint32_t>(t.alphaMask) & 255u);
  }
  const std::uint64_t order = (piece << (p.keyBits + p.lineBits)) | (key << p.lineBits) | position;
  e.key = float(order >> 24);
  e.index = float(order & 0xFFFFFFu);
  return e;
}

}  // namespace

Element networkOutput(const Pass& pass, const std::vector<Element>& in, std::uint64_t i) {
  const std::uint64_t n = in.size();
  const auto notOneLayer = [](const auto&) -> Element {
    throw std::logic_error("networkOutput: not a single-layer network pass on the elements");
  };
  return std::visit(
      Overloaded{
          [&](const BitonicStep& p) { return bitonicOutput(p.stepno, p.offset, in, i); },
          [&](const BitonicLegacyStep& p) { return bitonicOutput(p.step.stepno, p.step.offset, in, i); },
          [&](const OddEvenMergeStep& p) {
            if (mergeLowerEnd(p, i, n)) return lower(in[i], in[i + p.distance]);
            if (i >= p.distance && mergeLowerEnd(p, i - p.distance, n)) return higher(in[i - p.distance], in[i]);
            return in[i];
          },
          [&](const TranspositionRound& p) {
            const std::uint64_t q = p.parity;
            if (i >= q && (i - q) % 2 == 0 && i + 1 < n) return lower(in[i], in[i + 1]);
            if (i >= q + 1 && (i - q) % 2 == 1) return higher(in[i - 1], in[i]);
            return in[i];
          },
          [&](const RadixFlags& p) { return notOneLayer(p); },
          [&](const RadixScanStep& p) { return notOneLayer(p); },
          [&](const RadixGather& p) { return notOneLayer(p); },
          [&](const PackCompact& p) { return notOneLayer(p); },
          [&](const FusedBitonicSteps& p) { return notOneLayer(p); },
          [&](const GatherByIndex& p) { return notOneLayer(p); },
          [&](const SpanStarts& p) { return notOneLayer(p); },
          [&](const SpanScanStep& p) { return notOneLayer(p); },
          [&](const PixelOrder& p) { return notOneLayer(p); },
          [&](const ImageOrder& p) { return notOneLayer(p); },
          [&](const ComputeBitonicSteps& p) { return notOneLayer(p); },
          [&](const SharedBitonicSteps& p) { return notOneLayer(p); },
          [&](const WideBitonicSteps& p) { return notOneLayer(p); },
          [&](const WideGather& p) { return notOneLayer(p); },
          [&](const RadixTileCounts& p) { return notOneLayer(p); },
          [&](const RadixCountScan& p) { return notOneLayer(p); },
          [&](const RadixScatter& p) { return notOneLayer(p); },
      },
      pass);
}

std::vector<Element> runPass(const Pass& pass, const std::vector<Element>& in) {
  std::vector<Element> out(in.size());
  for (std::uint64_t i = 0; i < in.size(); ++i) out[i] = networkOutput(pass, in, i);
  return out;
}

namespace {

// The pixel sort's (span, key, position) orders as pairs.
std::vector<float> pairsFromPixels(const PixelOrder& order, const SortState& state, std::uint64_t n) {
  std::vector<Element> made(n);
  for (std::uint64_t j = 0; j < n; ++j) made[j] = pixelOrderOutput(order, state.source, state.spans, j);
  return pairsOf(made);
}

// The wide state, laid out by the bits `layout`, as pairs in index order, and back.
std::vector<float> pairsFromWide(const std::vector<float>& wide, std::uint32_t layout, std::uint64_t n) {
  std::vector<float> pairs(2 * n);
  for (std::uint64_t e = 0; e < n; ++e) {
    const std::uint64_t at = wideOffset(e, layout, n);
    pairs[2 * e] = wide[at];
    pairs[2 * e + 1] = wide[at + 1];
  }
  return pairs;
}

void storeWide(const std::vector<float>& pairs, std::uint32_t layout, std::uint64_t n, std::vector<float>& wide) {
  wide.resize(2 * n);
  for (std::uint64_t e = 0; e < n; ++e) {
    const std::uint64_t at = wideOffset(e, layout, n);
    wide[at] = pairs[2 * e];
    wide[at + 1] = pairs[2 * e + 1];
  }
}

// Each pass kind's effect on the state, one overload a kind (a kind without one does not compile).
class PassModel {
 public:
  PassModel(SortState& state, std::uint64_t n) : s_(state), n_(n) {}

  void operator()(const BitonicStep& p) { network(p); }
  void operator()(const BitonicLegacyStep& p) { network(p); }
  void operator()(const OddEvenMergeStep& p) { network(p); }
  void operator()(const TranspositionRound& p) { network(p); }
  void operator()(const RadixFlags& p) {
    s_.scan.assign(4 * n_, 0.0f);
    for (std::uint64_t i = 0; i < n_; ++i) s_.scan[4 * i + keyDigit(s_.elements[i], p.bit, p.bits)] = 1.0f;
  }
  void operator()(const RadixScanStep& p) {
    std::vector<float> next(s_.scan);
    for (std::uint64_t i = 4 * std::uint64_t{p.distance}; i < next.size(); ++i) next[i] += s_.scan[i - 4 * p.distance];
    s_.scan = std::move(next);
  }
  void operator()(const RadixGather&) { s_.elements = gather(s_.elements, s_.scan); }
  void operator()(const PackCompact&) { s_.compact = pairsOf(s_.elements); }
  // The fused steps one after the other: the same compare rule as BitonicStep on (key, index).
  void operator()(const FusedBitonicSteps& p) {
    for (const BitonicStep& step : fusedSteps(p)) compactStep(step, s_.compact);
  }
  // The compute kernels run the same steps in place (B2-B32 in registers, C2-C16 in shared memory).
  void operator()(const ComputeBitonicSteps& p) { stepsOrImage(computeSteps(p), p.positionBits, p.pixels); }
  void operator()(const SharedBitonicSteps& p) { stepsOrImage(sharedSteps(p), p.positionBits, p.pixels); }
  // The elements are still as uploaded (element i at position i), so the index finds them.
  void operator()(const GatherByIndex& p) { gatherInto(s_.compact, p.positionBits, p.pixels); }
  // The same steps on the pairs in index order; the layouts only say where they are stored.
  void operator()(const WideBitonicSteps& p) {
    std::vector<float> pairs = p.source == kWideFromElements ? pairsOf(s_.elements)
                               : p.source == kWideFromPixels ? pairsFromPixels(p.order, s_, n_)
                                                             : pairsFromWide(s_.wide, p.source, n_);
    for (const BitonicStep& step : wideSteps(p)) compactStep(step, pairs);
    if (p.pixels > 0) {  // the pixel sort of rows: its bytes, the pairs left as they were
      s_.pixels = pixelsFromPairs(pairs, s_.source, p.positionBits, p.pixels);
    } else {
      storeWide(pairs, p.window, n_, s_.wide);
    }
  }
  void operator()(const WideGather& p) { gatherInto(pairsFromWide(s_.wide, p.window, n_), p.positionBits, p.pixels); }
  void operator()(const SpanStarts& p) {
    const std::uint64_t lineMask = (std::uint64_t{1} << p.lineBits) - 1;
    s_.spans.assign(2 * std::max<std::uint64_t>(1, n_ / kSpanWordBits), 0);
    for (std::uint64_t j = 0; j < n_; ++j) {
      if (!startsSpan(p, s_.source, j)) continue;
      s_.spans[2 * (j / kSpanWordBits)] |= 1u << (j % kSpanWordBits);
      s_.spans[2 * (j / kSpanWordBits) + 1] = static_cast<std::uint32_t>(j & lineMask);  // the latest
    }
  }
  void operator()(const SpanScanStep& p) {
    std::vector<std::uint32_t> next = s_.spans;
    const std::uint64_t words = next.size() / 2;
    const std::uint64_t wordMask = (p.lineBits > 5 ? std::uint64_t{1} << (p.lineBits - 5) : 1) - 1;
    for (std::uint64_t w = 0; w < words; ++w)
      for (std::uint64_t k = 1; k < kSpanScanFanIn && k * p.distance <= (w & wordMask); ++k)
        next[2 * w + 1] = std::max(next[2 * w + 1], s_.spans[2 * (w - k * p.distance) + 1]);
    s_.spans = std::move(next);
  }
  void operator()(const PixelOrder& p) {
    if (p.intoPairs) {
      s_.compact = pairsFromPixels(p, s_, n_);
      return;
    }
    s_.elements.resize(n_);
    for (std::uint64_t j = 0; j < n_; ++j) s_.elements[j] = pixelOrderOutput(p, s_.source, s_.spans, j);
  }
  void operator()(const ImageOrder& p) { s_.pixels = pixelsFromElements(s_.elements, s_.source, p.pixels); }
  void operator()(const RadixTileCounts& p) {
    if (p.d.pairs) radixTileCounts(p.d, s_.compact, s_.counts);
    else radixTileCounts(p.d, s_.elements, s_.counts);
  }
  void operator()(const RadixCountScan& p) { radixCountScan(p.d, n_, s_.counts); }
  void operator()(const RadixScatter& p) {
    if (p.pixels > 0) {  // the pixel sort's last digit: the picture, the pairs left as they were
      s_.pixels = pixelsFromPairs(radixScatter(p.d, s_.compact, s_.counts), s_.source, p.positionBits, p.pixels);
    } else if (p.d.pairs) {
      s_.compact = radixScatter(p.d, s_.compact, s_.counts);
    } else {
      s_.elements = radixScatter(p.d, s_.elements, s_.counts);
    }
  }

 private:
  void network(const Pass& pass) { s_.elements = runPass(pass, s_.elements); }

  // Compute steps on the pairs in place, or (the pixel sort's last pass, pixels > 0) on a copy
  // never stored, whose order gives each position's pixel bytes.
  void stepsOrImage(const std::vector<BitonicStep>& steps, std::uint32_t positionBits, std::uint32_t pixels) {
    std::vector<float> sorted;
    std::vector<float>& pairs = pixels > 0 ? (sorted = s_.compact) : s_.compact;
    for (const BitonicStep& step : steps) compactStep(step, pairs);
    if (pixels > 0) s_.pixels = pixelsFromPairs(pairs, s_.source, positionBits, pixels);
  }

  // The elements in the pairs' order, or (pixels > 0) each position's pixel bytes.
  void gatherInto(const std::vector<float>& pairs, std::uint32_t positionBits, std::uint32_t pixels) {
    if (pixels > 0) {
      s_.pixels = pixelsFromPairs(pairs, s_.source, positionBits, pixels);
    } else {
      s_.elements = gatherByIndex(s_.elements, pairs, positionBits);
    }
  }

  SortState& s_;
  std::uint64_t n_;
};

}  // namespace

SortState runPass(const Pass& pass, SortState state) {
  const std::uint64_t n = std::max(state.elements.size(), state.source.size());
  if (!isPowerOfTwo(n)) throw std::invalid_argument("runPass: size must be a power of two");
  std::visit(PassModel(state, n), pass);
  return state;
}

SortState runScheduleState(const PassSchedule& schedule, std::vector<Element> elements) {
  return runScheduleState(schedule, SortState{std::move(elements), {}, {}, {}, {}, {}, {}, {}});
}

SortState runScheduleState(const PassSchedule& schedule, SortState state) {
  if (std::max(state.elements.size(), state.source.size()) != schedule.shape.count()) {
    throw std::invalid_argument("runSchedule: the schedule is for another size");
  }
  for (const Pass& pass : schedule) state = runPass(pass, std::move(state));
  return state;
}

std::vector<Element> runSchedule(const PassSchedule& schedule, std::vector<Element> elements) {
  return runScheduleState(schedule, std::move(elements)).elements;
}

}  // namespace texsort
