// The pixel sort's CPU side: keys, spans, the elements the GPU sorts, the output image, and a plain
// reference to check the network against.
#include "pixelsort/pixel_sort.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "error.h"
#include "sort/bits.h"

namespace texsort {
namespace {

// floor(x / d) for d > 0, for either sign of x (C++ division truncates toward zero).
std::int32_t floorDiv(std::int32_t x, std::int32_t d) { return x >= 0 ? x / d : -((-x + d - 1) / d); }

std::uint32_t hueKey(std::int32_t r, std::int32_t g, std::int32_t b) {
  const std::int32_t mx = std::max({r, g, b}), mn = std::min({r, g, b}), d = mx - mn;
  if (d == 0) return 0;
  if (mx == r) return static_cast<std::uint32_t>((1530 + floorDiv(255 * (g - b), d)) % 1530);
  if (mx == g) return static_cast<std::uint32_t>(510 + floorDiv(255 * (b - r), d));
  return static_cast<std::uint32_t>(1020 + floorDiv(255 * (r - g), d));
}

// x * 255000 rounded the way the definition reads it: ceil or floor of the exact product, where a
// product within 1e-6 of an integer is that integer (0.25 * 255000 is 63750, not 63750.000001).
std::uint32_t scaledBound(double x, bool up) {
  const double v = x * double(kMaxLuma);
  const double nearest = std::round(v);
  if (std::abs(v - nearest) < 1e-6) return static_cast<std::uint32_t>(nearest);
  return static_cast<std::uint32_t>(up ? std::ceil(v) : std::floor(v));
}

// Bits needed to write v (0 for 0).
unsigned bitWidth(std::uint32_t v) {
  unsigned bits = 0;
  while (v >> bits) ++bits;
  return bits;
}

}  // namespace

const PixelKeyInfo kPixelKeys[10] = {
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
};

const PixelKeyInfo& pixelKeyInfo(PixelKey key) { return kPixelKeys[static_cast<std::size_t>(key)]; }

std::uint32_t pixelKey(PixelKey key, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  const std::uint32_t mx = std::max({r, g, b}), mn = std::min({r, g, b});
  switch (key) {
    case PixelKey::Luma: return lumaKey(r, g, b);
    case PixelKey::Lightness: return mx + mn;
    case PixelKey::Hue: return hueKey(r, g, b);
    case PixelKey::Saturation: return mx == 0 ? 0 : 255 * (mx - mn) / mx;
    case PixelKey::Intensity: return std::uint32_t{r} + g + b;
    case PixelKey::Min: return mn;
    case PixelKey::Max: return mx;
    case PixelKey::Red: return r;
    case PixelKey::Green: return g;
    case PixelKey::Blue: return b;
  }
  throw std::logic_error("pixelKey: unknown key");
}

void checkPixelSortOptions(const PixelSortOptions& options) {
  const auto fraction = [](double v, const char* name) {
    if (!(v >= 0.0 && v <= 1.0)) {
      throw Error(ExitCode::Usage, std::string("pixelsort: ") + name + " must be a fraction from 0 to 1, not " +
                                       std::to_string(v));
    }
  };
  fraction(options.lower, "--lower");
  fraction(options.upper, "--upper");
  if (options.intervals == Intervals::Threshold && options.lower > options.upper) {
    throw Error(ExitCode::Usage, "pixelsort: --lower " + std::to_string(options.lower) + " is above --upper " +
                                     std::to_string(options.upper) + ": no pixel could be in a span");
  }
}

LumaBounds lumaBounds(const PixelSortOptions& options) {
  return LumaBounds{scaledBound(options.lower, true), scaledBound(options.upper, false)};
}

LineLayout lineLayout(std::uint32_t width, std::uint32_t height, double angle) {
  LineLayout layout;
  layout.width = width;
  layout.height = height;
  const std::uint64_t n = std::uint64_t{width} * height;
  layout.pixels.reserve(n);
  layout.starts.push_back(0);
  const auto endLine = [&] { layout.starts.push_back(layout.pixels.size()); };
  double turns = std::fmod(angle, 360.0);
  if (turns < 0) turns += 360.0;
  if (turns == 0.0 || turns == 180.0) {  // rows, left to right or right to left
    for (std::uint32_t y = 0; y < height; ++y, endLine())
      for (std::uint32_t k = 0; k < width; ++k) layout.pixels.push_back(y * width + (turns == 0.0 ? k : width - 1 - k));
  } else if (turns == 90.0 || turns == 270.0) {  // columns, bottom to top or top to bottom
    for (std::uint32_t x = 0; x < width; ++x, endLine())
      for (std::uint32_t k = 0; k < height; ++k) layout.pixels.push_back((turns == 270.0 ? k : height - 1 - k) * width + x);
  } else {
    const double radians = turns * 3.14159265358979323846 / 180.0, c = std::cos(radians), s = std::sin(radians);
    struct Place {
      std::int64_t line;
      double along;
      std::uint32_t pixel;
    };
    std::vector<Place> places;
    places.reserve(n);
    for (std::uint32_t y = 0; y < height; ++y)
      for (std::uint32_t x = 0; x < width; ++x)
        places.push_back({std::llround(s * x + c * y), c * x - s * y, y * width + x});
    std::sort(places.begin(), places.end(), [](const Place& a, const Place& b) {
      return a.line < b.line || (a.line == b.line && a.along < b.along);
    });
    for (std::size_t i = 0; i < places.size(); ++i) {
      if (i > 0 && places[i].line != places[i - 1].line) endLine();
      layout.pixels.push_back(places[i].pixel);
    }
    if (!places.empty()) endLine();
  }
  layout.count = static_cast<std::uint32_t>(layout.starts.size() - 1);
  for (std::uint32_t line = 0; line < layout.count; ++line) layout.longest = std::max(layout.longest, layout.lengthOf(line));
  layout.paddedLength = std::max<std::uint64_t>(2, nextPowerOfTwo(layout.longest));
  layout.paddedCount = nextPowerOfTwo(std::max(1u, layout.count));
  return layout;
}

std::vector<std::uint32_t> spanNumbers(const Image& image, const PixelSortOptions& options, const LineLayout& layout) {
  const LumaBounds bounds = lumaBounds(options);
  std::vector<std::uint32_t> spans(layout.pixels.size());
  for (std::uint32_t line = 0; line < layout.count; ++line) {
    std::uint32_t* out = &spans[layout.starts[line]];
    bool inSpan = false;
    std::uint32_t start = 0;
    for (std::uint32_t p = 0; p < layout.lengthOf(line); ++p) {
      bool member = true;
      if (options.intervals == Intervals::Threshold) {
        const std::uint8_t* px = &image.rgba[4 * layout.pixelOf(line, p)];
        const std::uint32_t y = lumaKey(px[0], px[1], px[2]);
        member = y >= bounds.lowest && y <= bounds.highest;
      }
      if (!member) {
        inSpan = false;
        out[p] = p;  // a span of one: stays where it is
        continue;
      }
      if (!inSpan) start = p;
      inSpan = true;
      out[p] = options.maxSpan == 0 ? start : start + (p - start) / options.maxSpan * options.maxSpan;
    }
  }
  return spans;
}

std::vector<Element> pixelSortElements(const Image& image, const PixelSortOptions& options, const LineLayout& layout) {
  return pixelSortElements(image, options, layout, spanNumbers(image, options, layout));
}

std::vector<Element> pixelSortElements(const Image& image, const PixelSortOptions& options, const LineLayout& layout,
                                       const std::vector<std::uint32_t>& spans) {
  const std::uint32_t maxKey = pixelKeyInfo(options.key).maxValue;
  const unsigned keyBits = bitWidth(maxKey), s = log2Exact(layout.paddedLength);
  if (2 * s + keyBits > 48) throw std::logic_error("pixelSortElements: lines too long for the 48-bit order");
  const auto element = [&](std::uint64_t span, std::uint64_t key, std::uint64_t position) {
    const std::uint64_t order = (span << (keyBits + s)) | (key << s) | position;
    return Element{float(order >> 24), float(order & 0xFFFFFFu), 0.0f, 0.0f};
  };
  std::vector<Element> elements(layout.paddedLength * layout.paddedCount);
  for (std::uint64_t line = 0; line < layout.paddedCount; ++line) {
    for (std::uint64_t p = 0; p < layout.paddedLength; ++p) {
      Element& e = elements[line * layout.paddedLength + p];
      const std::uint32_t length = line < layout.count ? layout.lengthOf(std::uint32_t(line)) : 0;
      if (p >= length) {  // after every span of the line: span number `length`
        e = element(length, 0, p);
        continue;
      }
      const std::uint8_t* px = &image.rgba[4 * layout.pixelOf(std::uint32_t(line), std::uint32_t(p))];
      const std::uint32_t key = pixelKey(options.key, px[0], px[1], px[2]);
      e = element(spans[layout.starts[line] + p], options.order == SortOrder::Ascending ? key : maxKey - key, p);
    }
  }
  return elements;
}

bool pixelSortAlgorithm(Algorithm algorithm) {
  return info(algorithm).sortsLines && !usesCompute(algorithm) && algorithm != Algorithm::Radix &&
         algorithm != Algorithm::Transposition;
}

void checkPixelSortAlgorithm(Algorithm algorithm) {
  if (!pixelSortAlgorithm(algorithm)) {
    throw Error(ExitCode::Usage, std::string("pixelsort: ") + algorithmName(algorithm) +
                                     " does not sort lines by (key, index) on fragment passes; use bitonic, "
                                     "bitonic-legacy, bitonic-fast, bitonic-wide or oddeven-merge");
  }
}

PassSchedule pixelSortSchedule(const LineLayout& layout, Algorithm algorithm) {
  checkPixelSortAlgorithm(algorithm);
  PassSchedule schedule = scheduleFor(algorithm, layout.shape());
  const std::uint32_t s = log2Exact(layout.paddedLength);
  for (Pass& pass : schedule.passes) {
    if (auto* gather = std::get_if<GatherByIndex>(&pass)) gather->positionBits = s;
    if (auto* gather = std::get_if<WideGather>(&pass)) gather->positionBits = s;
  }
  return schedule;
}

Image pixelSortImage(const Image& input, const std::vector<Element>& sorted, const LineLayout& layout) {
  if (sorted.size() != layout.paddedLength * layout.paddedCount) throw std::logic_error("pixelSortImage: wrong size");
  Image out = input;
  for (std::uint32_t line = 0; line < layout.count; ++line) {
    for (std::uint32_t p = 0; p < layout.lengthOf(line); ++p) {
      const Element& e = sorted[std::uint64_t{line} * layout.paddedLength + p];
      const std::uint32_t position = static_cast<std::uint32_t>(e.index) & static_cast<std::uint32_t>(layout.paddedLength - 1);
      if (position >= layout.lengthOf(line)) throw std::logic_error("pixelSortImage: padding inside line " + std::to_string(line));
      const std::uint64_t from = layout.pixelOf(line, position);
      std::copy_n(&input.rgba[4 * from], 4, &out.rgba[4 * layout.pixelOf(line, p)]);
    }
  }
  return out;
}

Image pixelSortReference(const Image& image, const PixelSortOptions& options) {
  const LineLayout layout = lineLayout(image.width, image.height, options.angle);
  const std::vector<std::uint32_t> spans = spanNumbers(image, options, layout);
  Image out = image;
  std::vector<std::uint32_t> positions;
  for (std::uint32_t line = 0; line < layout.count; ++line) {
    const std::uint32_t* span = &spans[layout.starts[line]];
    const std::uint32_t length = layout.lengthOf(line);
    const auto keyAt = [&](std::uint32_t p) {
      const std::uint8_t* px = &image.rgba[4 * layout.pixelOf(line, p)];
      return pixelKey(options.key, px[0], px[1], px[2]);
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
