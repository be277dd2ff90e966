// The pixel sort's CPU side: keys, spans, the elements the GPU sorts, the output image, and a plain
// reference to check the network against; the lines themselves are line_layout.cpp.
#include "pixelsort/pixel_sort.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "error.h"
#include "sort/bits.h"
#include "sort/wide_layout.h"

namespace texsort {
namespace {

// x * 255000 rounded the way the definition reads it: ceil or floor of the exact product, where a
// product within 1e-6 of an integer is that integer (0.25 * 255000 is 63750, not 63750.000001).
std::uint32_t scaledBound(double x, bool up, std::uint32_t max = kMaxLuma) {
  const double v = x * double(max);
  const double nearest = std::round(v);
  if (std::abs(v - nearest) < 1e-6) return static_cast<std::uint32_t>(nearest);
  return static_cast<std::uint32_t>(up ? std::ceil(v) : std::floor(v));
}


}  // namespace

const PixelKeyInfo kPixelKeys[14] = {
    {PixelKey::Luma, "luma", kMaxLuma, "299 R + 587 G + 114 B (Rec. 601, 0..255000)"},
    {PixelKey::Lightness, "lightness", 510, "max + min of R, G, B (HSL lightness x 2, 0..510)"},
    {PixelKey::Hue, "hue", 1529,
     "d = max - min; 0 for greys; max R: (1530 + floor(255 (G - B) / d)) mod 1530; max G: 510 + floor(255 (B - R) / "
     "d); max B: 1020 + floor(255 (R - G) / d) (0..1529, 255 per 60 degrees; R wins ties, then G)"},
    {PixelKey::Saturation, "saturation", 255, "floor(255 (max - min) / max), 0 for black (HSV saturation, 0..255)"},
    {PixelKey::Intensity, "intensity", 765, "R + G + B (0..765)"},
    {PixelKey::Min, "min", 255, "the smallest of R, G, B"},
    {PixelKey::Max, "max", 255, "the largest of R, G, B (HSV value)"},
    {PixelKey::Red, "red", 255, "R"},
    {PixelKey::Green, "green", 255, "G"},
    {PixelKey::Blue, "blue", 255, "B"},
    {PixelKey::Chroma, "chroma", 255, "max - min of R, G, B (0..255)"},
    {PixelKey::Rgb, "rgb", 16777215, "the packed colour 65536 R + 256 G + B (0..16777215; lines of up to 4096 pixels)"},
    {PixelKey::Alpha, "alpha", 255, "A, the alpha channel"},
    {PixelKey::Shuffle, "shuffle", 65535, "a seeded random order of each span: floor(h(--seed, 4, line, position) / 65536)"},
};

const PixelKeyInfo& pixelKeyInfo(PixelKey key) { return kPixelKeys[static_cast<std::size_t>(key)]; }

const IntervalsInfo kIntervals[6] = {
    {Intervals::Threshold, "threshold", "runs of pixels whose luma lies from --lower to --upper"},
    {Intervals::None, "none", "whole lines"},
    {Intervals::Edges, "edges", "breaks where the Sobel edge strength (|Gx| + |Gy|) / 4 on luma exceeds --lower x 255000 (a black-white step measures 255000)"},
    {Intervals::Random, "random", "a break at each pixel with chance 1 / --span-length, by --seed"},
    {Intervals::Waves, "waves", "breaks every --span-length pixels +- a quarter, drifting in a zigzag across lines, by --seed"},
    {Intervals::Mask, "mask", "the runs of white in --mask"},
};

const IntervalsInfo& intervalsInfo(Intervals intervals) { return kIntervals[static_cast<std::size_t>(intervals)]; }

void checkPixelSortOptions(const PixelSortOptions& options) {
  const auto fraction = [](double v, const char* name) {
    if (!(v >= 0.0 && v <= 1.0)) {
      throw Error(ExitCode::Usage, std::string("pixelsort: ") + name + " must be a fraction from 0 to 1, not " +
                                       numberText(v));
    }
  };
  fraction(options.lower, "--lower");
  fraction(options.upper, "--upper");
  if (options.intervals == Intervals::Threshold && options.lower > options.upper) {
    throw Error(ExitCode::Usage, "pixelsort: --lower " + numberText(options.lower) + " is above --upper " +
                                     numberText(options.upper) + ": no pixel could be in a span");
  }
  if (options.spanLength < 1) throw Error(ExitCode::Usage, "pixelsort: --span-length must be at least 1");
  if (!(options.mix >= 0.0 && options.mix <= 1.0)) {
    throw Error(ExitCode::Usage, "pixelsort: --mix must be a fraction from 0 to 1, not " + numberText(options.mix));
  }
  if (!colourKey(options.select)) {
    throw Error(ExitCode::Usage, std::string("pixelsort: --select takes a key of the colour; not ") + pixelKeyInfo(options.select).name);
  }
  for (const double c : {options.centerX, options.centerY}) {
    if (c != -1.0 && !(c >= 0 && c <= 65535 && std::floor(2 * c) == 2 * c)) {
      throw Error(ExitCode::Usage, "pixelsort: --center takes pixel coordinates from 0 to 65535 in halves (12,7.5), not " +
                                       std::to_string(c));
    }
  }
  if (options.skipPercent > 100) {
    throw Error(ExitCode::Usage, "pixelsort: --skip is a percentage from 0 to 100, not " + std::to_string(options.skipPercent));
  }
}

void checkMaskSize(const PixelSortOptions& options, std::uint32_t width, std::uint32_t height, const std::string& maskName,
                   const std::string& fieldName) {
  if (options.field && (options.field->width != width || options.field->height != height)) {
    throw Error(ExitCode::Usage, fieldName + ": the --field is " + std::to_string(options.field->width) + "x" +
                                     std::to_string(options.field->height) + ", the image " + std::to_string(width) + "x" +
                                     std::to_string(height) + "; they must be the same size");
  }
  if (options.mask && (options.mask->width != width || options.mask->height != height)) {
    throw Error(ExitCode::Usage, maskName + ": the mask is " + std::to_string(options.mask->width) + "x" +
                                     std::to_string(options.mask->height) + ", the image " + std::to_string(width) + "x" +
                                     std::to_string(height) + "; they must be the same size");
  }
}

LumaBounds lumaBounds(const PixelSortOptions& options) {
  return LumaBounds{scaledBound(options.lower, true), scaledBound(options.upper, false)};
}

LumaBounds selectBounds(const PixelSortOptions& options) {
  const std::uint32_t max = pixelKeyInfo(options.select).maxValue;
  return LumaBounds{scaledBound(options.lower, true, max), scaledBound(options.upper, false, max)};
}

std::vector<std::uint32_t> spanNumbers(const Image& image, const PixelSortOptions& options, const LineLayout& layout) {
  std::vector<std::uint32_t> spans(layout.pixelCount());
  for (std::uint32_t line = 0; line < layout.count; ++line)
    lineSpanNumbers(image, options, layout, line, &spans[layout.starts[line]]);
  return spans;
}

void PixelSource::fill(std::uint64_t first, std::uint64_t count, PixelTexel* out) const {
  const std::uint64_t pixels = image_.pixelCount();
  const bool listed = layout_.axis == LineAxis::None;
  const std::vector<std::uint64_t>& firsts = layout_.firstElements;
  // Listed lines: the last line starting at or before `first`, then on along the rows.
  auto line = static_cast<std::uint32_t>(
      listed ? std::upper_bound(firsts.begin(), firsts.end(), first) - firsts.begin() - 1 : 0);
  for (std::uint64_t j = first; j < first + count; ++j) {
    PixelTexel& t = out[j - first];
    t = PixelTexel{};
    if (j < pixels) {  // pixel j's colour and the element holding it
      const std::uint8_t* px = &image_.rgba[4 * j];
      const std::uint8_t* m = options_.mask ? &options_.mask->rgba[4 * j] : nullptr;
      t.rgb = float((std::uint32_t{px[0]} << 16) | (std::uint32_t{px[1]} << 8) | px[2]);
      t.alphaMask = float(px[3] + (m == nullptr || maskWhite(m[0], m[1], m[2]) ? kMaskAllowsFlag : 0));
      t.element = static_cast<std::int32_t>(shape_.axis == LineAxis::None ? elementOf_[j] : sourceElementOf(shape_, j));
      if (listed && firstPixels_[j]) t.alphaMask += float(kLineStartFlag);
    }
    if (listed) {  // element j's line (the last starting at or before it) and position there
      while (line + 1 < layout_.count && firsts[line + 1] <= j) ++line;
      const std::uint64_t p = j - firsts[line];
      if (p < layout_.lengthOf(line)) t.pixel = static_cast<std::int32_t>(layout_.pixels[layout_.starts[line] + p]);
      continue;
    }
    const auto row = static_cast<std::uint32_t>(j / layout_.paddedLength);  // rows and columns: a line a row
    const std::uint64_t p = j % layout_.paddedLength;
    if (row < layout_.count && p < layout_.lengthOf(row)) {
      t.pixel = static_cast<std::int32_t>(layout_.pixelOf(row, static_cast<std::uint32_t>(p)));
    }
  }
}

SourceShape sourceShape(const LineLayout& layout, const PixelSortOptions& options) {
  return SourceShape{layout.axis, layout.width, layout.height, log2Exact(layout.paddedLength), options.mask != nullptr};
}

std::vector<PixelTexel> pixelSortSource(const Image& image, const PixelSortOptions& options, const LineLayout& layout) {
  const PixelSource source(image, options, layout);
  std::vector<PixelTexel> texels(source.size());
  source.fill(0, texels.size(), texels.data());
  return texels;
}

std::string pixelSortLimit(SortShape shape, PixelKey key, Algorithm algorithm) {
  if (const AlgorithmInfo& row = info(algorithm); shape.count() > row.maxElements) {
    return std::to_string(shape.lineCount) + " rows of " + std::to_string(shape.lineLength) +
           " elements, more than the " + std::to_string(row.maxElements) + " that " + row.name + " sorts" +
           (*row.limitReason ? std::string(" (") + row.limitReason + ")" : std::string());
  }
  const unsigned s = log2Exact(shape.lineLength);
  if (2 * s + bitWidth(pixelKeyInfo(key).maxValue) > 48) {
    return "lines of " + std::to_string(shape.lineLength) + " elements, too long for the 48-bit order with --key " +
           pixelKeyInfo(key).name;
  }
  return {};
}

bool pixelSortAlgorithm(Algorithm algorithm) {
  return info(algorithm).sortsLines && algorithm != Algorithm::Radix && algorithm != Algorithm::Transposition;
}

Algorithm fasterPixelSortBackend(bool computeShaders, bool softwareRenderer, double fragmentCopyMs, double computeCopyMs) {
  if (!computeShaders || computeCopyMs <= 0.0) return kFragmentPixelSort;  // 0: not measured
  if (softwareRenderer) return computeCopyMs <= 2.0 * fragmentCopyMs ? kSoftwareComputePixelSort : kFragmentPixelSort;
  return 2.0 * computeCopyMs <= fragmentCopyMs ? kComputePixelSort : kFragmentPixelSort;
}

void checkPixelSortAlgorithm(Algorithm algorithm) {
  if (!pixelSortAlgorithm(algorithm)) {
    std::string names;
    for (const Algorithm a : kAlgorithms) {
      if (pixelSortAlgorithm(a)) names += std::string(names.empty() ? "" : ", ") + algorithmName(a);
    }
    throw Error(ExitCode::Usage, std::string("pixelsort: ") + algorithmName(algorithm) +
                                     " does not sort lines by (key, index); use one of " + names);
  }
}

namespace {

// The line sort of the 48-bit order piece << (K + s) | key << s | position. compute-radix sorts the
// pairs by its bits above the position: they start in position order and the sort is stable, so
// the position's bits need no digits of their own.
PassSchedule lineSortSchedule(const SortShape& shape, Algorithm algorithm, std::uint32_t keyBits) {
  if (algorithm != Algorithm::ComputeRadix) return scheduleFor(algorithm, shape);
  const std::uint32_t s = log2Exact(shape.lineLength);
  return computeRadixBitsSchedule(shape, s, 2 * s + keyBits, kRadixBits, kRadixTileLog2, true);
}

// The compute rows end with a dispatch that holds every line's last steps (in shared memory or in
// registers), or compute-radix's last scatter, then a gather: that dispatch writes the image's
// bytes itself (positionBits s, the image's pixels), and the gather goes. False for other sorts.
bool lastDispatchIntoImage(PassSchedule& sort, std::uint32_t s, std::uint32_t pixels) {
  const std::size_t n = sort.passes.size();
  if (n < 2 || !std::holds_alternative<GatherByIndex>(sort.passes[n - 1])) return false;
  const auto fold = [&](auto& last) {
    last.positionBits = s;
    last.pixels = pixels;
    return true;
  };
  const bool folds = std::visit(Overloaded{[&](SharedBitonicSteps& p) { return fold(p); },
                                           [&](ComputeBitonicSteps& p) { return fold(p); },
                                           [&](RadixScatter& p) { return fold(p); },  // compute-radix's last digit
                                           [](auto&) { return false; }},
                                sort.passes[n - 2]);
  if (folds) sort.passes.pop_back();
  return folds;
}

}  // namespace

PassSchedule pixelSortSchedule(const LineLayout& layout, Algorithm algorithm, const PixelSortOptions& options) {
  checkPixelSortAlgorithm(algorithm);
  if (const std::string limit = pixelSortLimit(layout.shape(), options.key, algorithm); !limit.empty()) {
    throw std::logic_error("pixelSortSchedule: " + limit);
  }
  const std::uint32_t s = log2Exact(layout.paddedLength);
  const std::uint32_t maxKey = pixelKeyInfo(options.key).maxValue;
  PassSchedule sort = lineSortSchedule(layout.shape(), algorithm, bitWidth(maxKey));
  // Edges break at a luma level; the threshold bounds its --select key.
  const LumaBounds bounds = options.intervals == Intervals::Threshold ? selectBounds(options) : lumaBounds(options);
  PassSchedule schedule{sort.shape, {}};
  schedule.passes.push_back(SpanStarts{static_cast<std::uint32_t>(options.intervals), bounds.lowest, bounds.highest,
                                       options.spanLength, options.seed, layout.width, layout.height, s,
                                       static_cast<std::uint32_t>(options.select), options.invert ? 1u : 0u});
  std::uint32_t step = 0;
  for (std::uint64_t distance = 1; distance < layout.paddedLength / kSpanWordBits; distance *= kSpanScanFanIn)
    schedule.passes.push_back(SpanScanStep{step++, static_cast<std::uint32_t>(distance), s});
  const PixelOrder order{static_cast<std::uint32_t>(options.key), maxKey, bitWidth(maxKey),
                         options.order == SortOrder::Descending, options.maxSpan, options.skipPercent, options.seed, s};
  // The wide path's first pass makes the elements itself (the key pass folded in): no element
  // texture at all. The others sort the elements the key pass writes.
  auto* firstWide = std::get_if<WideBitonicSteps>(&sort.passes.front());
  if (firstWide && firstWide->source == kWideFromElements) {
    firstWide->source = kWideFromPixels;
    firstWide->order = order;
  } else if (std::holds_alternative<PackCompact>(sort.passes.front())) {  // the fast path, the compute rows
    PixelOrder pairs = order;
    pairs.intoPairs = 1;
    schedule.passes.push_back(pairs);
    sort.passes.erase(sort.passes.begin());
  } else {
    schedule.passes.push_back(order);
  }
  // The fast and wide paths end with a gather, which takes the lines back to image order in the same
  // pass; the others get a pass of their own for it. Rows on the wide path need no gather: the line
  // order is the image's, so the last sort pass writes the bytes itself.
  const auto pixels = static_cast<std::uint32_t>(std::uint64_t{layout.width} * layout.height);
  const bool wideRows = layout.axis == LineAxis::Rows && sort.passes.size() >= 2;
  if (wideRows && std::holds_alternative<WideGather>(sort.passes.back())) {
    sort.passes.pop_back();
    auto& steps = std::get<WideBitonicSteps>(sort.passes.back());
    if (steps.window != kWideLowWindow) throw std::logic_error("pixelSortSchedule: the last wide pass owns other bits");
    steps.positionBits = s;
    steps.pixels = pixels;
    schedule.passes.insert(schedule.passes.end(), sort.passes.begin(), sort.passes.end());
    return schedule;
  }
  if (lastDispatchIntoImage(sort, s, pixels)) {
    schedule.passes.insert(schedule.passes.end(), sort.passes.begin(), sort.passes.end());
    return schedule;
  }
  for (std::size_t k = 0; k < sort.passes.size(); ++k) {
    Pass pass = sort.passes[k];
    const std::uint32_t intoImage = k + 1 == sort.passes.size() ? pixels : 0;
    if (auto* gather = std::get_if<GatherByIndex>(&pass)) *gather = GatherByIndex{s, intoImage};
    if (auto* gather = std::get_if<WideGather>(&pass)) *gather = WideGather{gather->window, s, intoImage};
    schedule.passes.push_back(pass);
  }
  const Pass& last = schedule.passes.back();
  if (!std::holds_alternative<GatherByIndex>(last) && !std::holds_alternative<WideGather>(last)) {
    schedule.passes.push_back(ImageOrder{pixels});
  }
  return schedule;
}

Image pixelSortOutput(const Image& input, const std::vector<std::uint8_t>& pixels) {
  if (pixels.size() < 4 * input.pixelCount()) throw std::logic_error("pixelSortOutput: too few pixels");
  const auto end = pixels.begin() + 4 * static_cast<std::ptrdiff_t>(input.pixelCount());
  return withPixels(input, std::vector<std::uint8_t>(pixels.begin(), end));
}

std::uint32_t mixWeight(double mix) { return static_cast<std::uint32_t>(std::lround(std::clamp(mix, 0.0, 1.0) * 256.0)); }

void mixWithOriginal(std::vector<std::uint8_t>& sorted, const std::vector<std::uint8_t>& original, double mix) {
  const std::uint32_t w = mixWeight(mix);
  if (w == 256) return;
  if (original.size() < sorted.size()) throw std::logic_error("mixWithOriginal: the original is smaller");
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    sorted[i] = static_cast<std::uint8_t>((original[i] * (256u - w) + sorted[i] * w + 128u) >> 8);
  }
}

Image pixelSortReference(const Image& image, const PixelSortOptions& options) {
  const LineLayout layout = lineLayout(image.width, image.height, options);
  const std::vector<std::uint32_t> spans = spanNumbers(image, options, layout);
  Image out = image;
  std::vector<std::uint32_t> positions;
  for (std::uint32_t line = 0; line < layout.count; ++line) {
    const std::uint32_t* span = &spans[layout.starts[line]];
    const std::uint32_t length = layout.lengthOf(line);
    const auto keyAt = [&](std::uint32_t p) {
      const std::uint8_t* px = &image.rgba[4 * layout.pixelOf(line, p)];
      return elementKey(options.key, px, options.seed, line, p);
    };
    for (std::uint32_t first = 0; first < length;) {
      std::uint32_t end = first + 1;
      while (end < length && span[end] == span[first]) ++end;
      positions.resize(end - first);
      for (std::uint32_t k = 0; k < positions.size(); ++k) positions[k] = first + k;
      std::stable_sort(positions.begin(), positions.end(), [&](std::uint32_t a, std::uint32_t b) {
        return options.order == SortOrder::Ascending ? keyAt(a) < keyAt(b) : keyAt(a) > keyAt(b);
      });
      for (std::uint32_t k = 0; k < positions.size(); ++k) {
        std::copy_n(&image.rgba[4 * layout.pixelOf(line, positions[k])], 4, &out.rgba[4 * layout.pixelOf(line, first + k)]);
      }
      first = end;
    }
  }
  return out;
}

}  // namespace texsort
