// The pixel sort's lines: which pixel lies on which line at which place, for rows, columns and any
// angle, and how lines share the rows of the sort texture (pixel_sort.h's LineLayout).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "error.h"
#include "pixelsort/pixel_sort.h"
#include "sort/bits.h"

namespace texsort {

namespace {

// The angle in [0, 360).
double turnsOf(double angle) {
  const double turns = std::fmod(angle, 360.0);
  return turns < 0 ? turns + 360.0 : turns;
}

// The line pixel (x, y) lies on, and its order along it, at an angle other than the rows' and
// columns' (lineLayout's comment).
struct LineFrame {
  double c, s;
  explicit LineFrame(double turns)
      : c(std::cos(turns * 3.14159265358979323846 / 180.0)), s(std::sin(turns * 3.14159265358979323846 / 180.0)) {}
  std::int64_t line(std::uint32_t x, std::uint32_t y) const { return std::llround(s * x + c * y); }
  double along(std::uint32_t x, std::uint32_t y) const { return c * x - s * y; }
};

SortShape paddedShape(std::uint64_t longest, std::uint64_t count) {
  return SortShape{std::max<std::uint64_t>(2, nextPowerOfTwo(longest)),
                   nextPowerOfTwo(std::max<std::uint64_t>(1, count))};
}

// Rows of `length` positions taking lines in their order: a row each, or (pack) each line at the
// end of the row in hand where it still fits, else at the start of the next.
struct RowFiller {
  std::uint64_t length;
  bool pack;
  std::uint64_t rows = 0, used = 0;
  std::uint64_t place(std::uint64_t pixels) {  // the first element of the next line, of that many pixels
    if (rows == 0 || !pack || used + pixels > length) {
      ++rows;
      used = 0;
    }
    used += pixels;
    return (rows - 1) * length + used - pixels;
  }
  SortShape shape() const { return SortShape{length, nextPowerOfTwo(std::max<std::uint64_t>(1, rows))}; }
};

// Lines at an angle other than the axes': line numbers lie within +-(width + height), so the line
// numbered k is at k + lineOffset in a table of 2 lineOffset + 1 entries; and each line's pixel
// count in such a table.
std::int64_t lineOffset(std::uint32_t width, std::uint32_t height) { return std::int64_t{width} + height + 1; }
std::vector<std::uint64_t> pixelsPerLine(const LineFrame& frame, std::uint32_t width, std::uint32_t height) {
  const std::int64_t offset = lineOffset(width, height);
  std::vector<std::uint64_t> pixels(static_cast<std::size_t>(2 * offset + 1), 0);
  for (std::uint32_t y = 0; y < height; ++y)
    for (std::uint32_t x = 0; x < width; ++x) ++pixels[static_cast<std::size_t>(frame.line(x, y) + offset)];
  return pixels;
}

}  // namespace

SortShape lineShape(std::uint32_t width, std::uint32_t height, double angle, bool pack) {
  const double turns = turnsOf(angle);
  if (turns == 0.0 || turns == 180.0) return paddedShape(width, height);
  if (turns == 90.0 || turns == 270.0) return paddedShape(height, width);
  const std::vector<std::uint64_t> pixels = pixelsPerLine(LineFrame(turns), width, height);
  const std::uint64_t longest = *std::max_element(pixels.begin(), pixels.end());
  RowFiller rows{paddedShape(longest, 1).lineLength, pack};
  for (const std::uint64_t n : pixels)  // in line order
    if (n != 0) rows.place(n);
  return rows.shape();
}

bool packsLines(const PixelSortOptions& options) {
  return options.intervals != Intervals::Random && options.intervals != Intervals::Waves && options.skipPercent == 0 &&
         options.key != PixelKey::Shuffle;
}

LineAxis lineAxis(double angle) {
  const double turns = turnsOf(angle);
  if (turns == 0.0) return LineAxis::Rows;
  if (turns == 180.0) return LineAxis::RowsBack;
  if (turns == 270.0) return LineAxis::ColumnsDown;
  if (turns == 90.0) return LineAxis::ColumnsUp;
  return LineAxis::None;
}

LineLayout lineLayout(std::uint32_t width, std::uint32_t height, double angle, bool pack) {
  LineLayout layout;
  layout.width = width;
  layout.height = height;
  const std::uint64_t n = std::uint64_t{width} * height;
  layout.starts.push_back(0);
  const double turns = turnsOf(angle);
  layout.axis = lineAxis(angle);
  if (layout.axis == LineAxis::Rows || layout.axis == LineAxis::RowsBack) {  // left to right or right to left
    for (std::uint32_t y = 1; y <= height; ++y) layout.starts.push_back(std::uint64_t{y} * width);
  } else if (layout.axis != LineAxis::None) {  // columns, bottom to top or top to bottom
    for (std::uint32_t x = 1; x <= width; ++x) layout.starts.push_back(std::uint64_t{x} * height);
  } else {
    // A counting sort by line, each line's pixels placed in their order along it: with
    // (x, y) = (s k' + c a, c k' - s a) for line k' = n . (x, y) = k + e (|e| <= 1/2) and a = d . (x, y),
    // two pixels of one line in one row differ in a by c (x1 - x2), and in rows y1 != y2 by
    // (c (e1 - e2) - (y1 - y2)) / s, whose sign is that of (y2 - y1) / s as |c| < 1. So rows taken
    // from the bottom when s > 0 (from the top when s < 0), each row left to right when c > 0, give
    // every line in order. The check after it falls back to sorting a line should rounding disagree.
    const LineFrame frame(turns);
    const std::int64_t offset = lineOffset(width, height);
    std::vector<std::uint64_t> next = pixelsPerLine(frame, width, height);
    for (std::uint64_t& k : next) {  // each line's count becomes where its first pixel goes
      const std::uint64_t pixels = k;
      k = layout.starts.back();
      if (pixels != 0) layout.starts.push_back(k + pixels);
    }
    layout.pixels.resize(n);
    for (std::uint32_t row = 0; row < height; ++row) {
      const std::uint32_t y = frame.s > 0 ? height - 1 - row : row;
      for (std::uint32_t column = 0; column < width; ++column) {
        const std::uint32_t x = frame.c > 0 ? column : width - 1 - column;
        layout.pixels[next[static_cast<std::size_t>(frame.line(x, y) + offset)]++] = y * width + x;
      }
    }
    const auto along = [&](std::uint32_t pixel) { return frame.along(pixel % width, pixel / width); };
    const auto before = [&](std::uint32_t a, std::uint32_t b) { return along(a) < along(b) || (along(a) == along(b) && a < b); };
    for (std::size_t line = 0; line + 1 < layout.starts.size(); ++line) {
      const auto first = layout.pixels.begin() + static_cast<std::ptrdiff_t>(layout.starts[line]);
      const auto last = layout.pixels.begin() + static_cast<std::ptrdiff_t>(layout.starts[line + 1]);
      if (!std::is_sorted(first, last, before)) std::sort(first, last, before);
    }
  }
  placeLines(layout, pack);
  return layout;
}

void placeLines(LineLayout& layout, bool pack) {
  layout.count = static_cast<std::uint32_t>(layout.starts.size() - 1);
  layout.longest = 0;
  for (std::uint32_t line = 0; line < layout.count; ++line) layout.longest = std::max(layout.longest, layout.lengthOf(line));
  SortShape padded = paddedShape(layout.longest, layout.count);
  if (layout.axis == LineAxis::None) {
    layout.packed = pack;
    RowFiller rows{padded.lineLength, pack};
    layout.firstElements.clear();
    layout.firstElements.reserve(layout.count);
    for (std::uint32_t line = 0; line < layout.count; ++line) layout.firstElements.push_back(rows.place(layout.lengthOf(line)));
    padded = rows.shape();
  }
  layout.paddedLength = padded.lineLength;
  layout.paddedCount = padded.lineCount;
}

LineLayout lineLayout(std::uint32_t width, std::uint32_t height, const PixelSortOptions& options) {
  return options.path == PixelPath::Lines ? lineLayout(width, height, options.angle, packsLines(options))
                                          : pathLayout(width, height, options);
}

SortShape lineShape(std::uint32_t width, std::uint32_t height, const PixelSortOptions& options) {
  return options.path == PixelPath::Lines ? lineShape(width, height, options.angle, packsLines(options))
                                          : pathLayout(width, height, options).shape();
}

LineAxis lineAxis(const PixelSortOptions& options) {
  return options.path == PixelPath::Lines ? lineAxis(options.angle) : LineAxis::None;
}

void lineSpanNumbers(const Image& image, const PixelSortOptions& options, const LineLayout& layout, std::uint32_t line,
                     std::uint32_t* out) {
  const LumaBounds bounds = lumaBounds(options), selected = selectBounds(options);
  const auto lumaAt = [&](std::int32_t x, std::int32_t y) {
    const std::uint8_t* px = &image.rgba[4 * (std::uint64_t(y) * image.width + x)];
    return lumaKey(px[0], px[1], px[2]);
  };
  const auto member = [&](std::uint64_t pixel) {
    if (options.mask) {
      const std::uint8_t* m = &options.mask->rgba[4 * pixel];
      if (!maskWhite(m[0], m[1], m[2])) return false;
    }
    if (options.intervals != Intervals::Threshold) return true;
    const std::uint8_t* px = &image.rgba[4 * pixel];
    const std::uint32_t k = pixelKey(options.select, px[0], px[1], px[2]);
    return (k >= selected.lowest && k <= selected.highest) != options.invert;
  };
  const auto breaks = [&](std::uint32_t p, std::uint64_t pixel) {
    switch (options.intervals) {
      case Intervals::Edges:
        return edgeStrength(lumaAt, std::int32_t(pixel % image.width), std::int32_t(pixel / image.width),
                            std::int32_t(image.width), std::int32_t(image.height)) > kEdgeScale * bounds.lowest;
      case Intervals::Random: return randomBreak(options.seed, line, p, options.spanLength);
      case Intervals::Waves: return waveBreak(options.seed, line, p, options.spanLength);
      default: return false;
    }
  };
  bool inSpan = false;
  std::uint32_t start = 0;
  for (std::uint32_t p = 0; p < layout.lengthOf(line); ++p) {
    const std::uint64_t pixel = layout.pixelOf(line, p);
    if (!member(pixel)) {
      inSpan = false;
      out[p] = p;  // a span of one: stays where it is
      continue;
    }
    if (!inSpan || breaks(p, pixel)) start = p;
    inSpan = true;
    out[p] = options.maxSpan == 0 ? start : start + (p - start) / options.maxSpan * options.maxSpan;
  }
  for (std::uint32_t p = 0; p < layout.lengthOf(line); ++p)
    if (skipRun(options.seed, line, out[p], options.skipPercent)) out[p] = p;
}

std::vector<std::uint32_t> elementsOfPixels(const LineLayout& layout) {
  if (layout.axis != LineLayout::Axis::None) return {};
  std::vector<std::uint32_t> elementOf(layout.pixelCount());
  for (std::uint32_t line = 0; line < layout.count; ++line) {
    const std::uint64_t first = layout.firstElements[line];
    const std::uint32_t* pixel = &layout.pixels[layout.starts[line]];
    for (std::uint32_t p = 0, length = layout.lengthOf(line); p < length; ++p)
      elementOf[pixel[p]] = static_cast<std::uint32_t>(first + p);
  }
  return elementOf;
}

PixelSource::PixelSource(const Image& image, const PixelSortOptions& options, const LineLayout& layout)
    : PixelSource(image, options, layout, elementsOfPixels(layout)) {}

PixelSource::PixelSource(const Image& image, const PixelSortOptions& options, const LineLayout& layout,
                         std::vector<std::uint32_t> elementOf)
    : image_(image),
      options_(options),
      layout_(layout),
      elementOf_(std::move(elementOf)),
      shape_(sourceShape(layout, options)) {
  const bool tableNeeded = layout.axis == LineLayout::Axis::None;
  if (elementOf_.size() != (tableNeeded ? image.pixelCount() : 0)) {
    throw std::logic_error("PixelSource: a table for another layout");
  }
  if (tableNeeded) {
    firstPixels_.assign(image.pixelCount(), false);
    for (std::uint32_t line = 0; line < layout.count; ++line) firstPixels_[layout.pixels[layout.starts[line]]] = true;
  }
}

}  // namespace texsort
