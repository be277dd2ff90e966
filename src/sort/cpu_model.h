// The CPU model: runs the same pass schedules on arrays with the GPU's layout and compare rules.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "sort/element.h"
#include "sort/schedule.h"

namespace texsort {

// The pixel sort's source as the CPU model keeps it, one record per element position j: pixel j's
// packed RGB and its alpha + 256 when the mask lets it be sorted + 512 when it is the first of its
// line (listed lines only: lines that share a row start there), floats as the elements carry them
// (below 2^24, exact); the pixel at element j's (line, position) and the element holding pixel j,
// -1 where there is none, as integers: past 2^24 elements a float would round them.
struct PixelTexel {
  float rgb = 0.0f;
  float alphaMask = 0.0f;
  std::int32_t pixel = -1;
  std::int32_t element = -1;

  friend bool operator==(const PixelTexel& a, const PixelTexel& b) {
    return a.rgb == b.rgb && a.alphaMask == b.alphaMask && a.pixel == b.pixel && a.element == b.element;
  }
};

// How the GPU keeps that source: each pixel's 8-bit R, G, B, A (Buffer::Source, RGBA8UI texel p)
// and, unless the lines are rows or columns and no mask is given, the maps (Buffer::Maps, RG32UI
// texel j: the pixel at element j, the element holding pixel j + 2^30 when the mask lets it be
// sorted + 2^29 when it is its line's first; ~0 for none). Rows and columns compute the maps
// instead (sourcePixelOf, sourceElementOf, and the same arithmetic in shaders/pixel_source.glsl):
// a quarter of the texture memory.
enum class LineAxis : std::uint8_t { None, Rows, RowsBack, ColumnsDown, ColumnsUp };
struct SourceShape {
  LineAxis axis = LineAxis::None;  // None: the lines are listed in the maps
  std::uint32_t width = 0;         // the image
  std::uint32_t height = 0;
  std::uint32_t lineBits = 1;  // lines of 2^lineBits element positions
  bool masked = false;         // a mask is given: its bits ride in the maps
  bool maps() const { return axis == LineAxis::None || masked; }
  std::uint64_t pixelCount() const { return std::uint64_t{width} * height; }
  friend bool operator==(const SourceShape& a, const SourceShape& b) {
    return a.axis == b.axis && a.width == b.width && a.height == b.height && a.lineBits == b.lineBits &&
           a.masked == b.masked;
  }
};
constexpr std::uint32_t kMapsMaskBit = 1u << 30;
constexpr std::uint32_t kMapsLineStartBit = 1u << 29;  // the maps' g: pixel j is its line's first
// PixelTexel::alphaMask's flags above the alpha.
constexpr std::uint32_t kMaskAllowsFlag = 256;
constexpr std::uint32_t kLineStartFlag = 512;
// Line `line`, position `position` of a width x height image's rows or columns (axis other than
// None, both inside the image): its pixel.
inline std::uint64_t axisPixelOf(LineAxis axis, std::uint64_t width, std::uint64_t height, std::uint64_t line,
                                 std::uint64_t position) {
  switch (axis) {
    case LineAxis::Rows: return line * width + position;
    case LineAxis::RowsBack: return line * width + (width - 1 - position);
    case LineAxis::ColumnsDown: return position * width + line;
    case LineAxis::ColumnsUp: return (height - 1 - position) * width + line;
    case LineAxis::None: break;
  }
  throw std::logic_error("axisPixelOf: no arithmetic for a listed layout");
}

// For shape.axis other than None: the pixel at element j, -1 for padding; the element holding pixel p.
inline std::int64_t sourcePixelOf(const SourceShape& s, std::uint64_t j) {
  const std::uint64_t line = j >> s.lineBits, position = j & ((std::uint64_t{1} << s.lineBits) - 1);
  const bool rows = s.axis == LineAxis::Rows || s.axis == LineAxis::RowsBack;
  const std::uint64_t lines = rows ? s.height : s.width, length = rows ? s.width : s.height;
  if (line >= lines || position >= length) return -1;
  return static_cast<std::int64_t>(axisPixelOf(s.axis, s.width, s.height, line, position));
}

inline std::uint64_t sourceElementOf(const SourceShape& s, std::uint64_t p) {
  const std::uint64_t x = p % s.width, y = p / s.width;
  switch (s.axis) {
    case LineAxis::Rows: return (y << s.lineBits) | x;
    case LineAxis::RowsBack: return (y << s.lineBits) | (s.width - 1 - x);
    case LineAxis::ColumnsDown: return (x << s.lineBits) | y;
    case LineAxis::ColumnsUp: return (x << s.lineBits) | (s.height - 1 - y);
    case LineAxis::None: break;
  }
  throw std::logic_error("sourceElementOf: no arithmetic for a listed layout");
}

// The source as a GPU runner keeps it, texels first .. first + count - 1: each one's 8-bit R, G, B,
// A into `bytes` (4 a texel) and, where shape.maps(), its maps into `maps` (2 a texel; else null).
void encodeSourceTexels(const PixelTexel* texels, std::uint64_t first, std::uint64_t count, const SourceShape& shape,
                        std::uint8_t* bytes, std::uint32_t* maps);
// And back: the n texels of those bytes and maps (null for shapes without them: their arithmetic).
std::vector<PixelTexel> decodeSourceTexels(const std::uint8_t* bytes, const std::uint32_t* maps, std::uint64_t n,
                                           const SourceShape& shape);

// Everything a runner keeps between passes, one vector per Buffer: the elements; for radix sort the
// scan buffer (four floats per element: the digit's one-hot flags, then their inclusive prefix sums); for the pixel
// sort the span words (Buffer::Spans: start bits, latest start; two numbers a word of 32
// positions); for the fast path the compact elements (two floats per element position: key,
// original index; two elements per texel); for the wide path the layered (key, index) pairs as
// stored, layer by layer (wideOffset, wide_layout.h); the pixel sort's source, and its result
// (Buffer::Pixels: 8-bit RGBA, four bytes a position); compute-radix's counts (Buffer::Counts:
// radix_model.h). A buffer neither uploaded nor written by a pass yet is empty.
struct SortState {
  std::vector<Element> elements;
  std::vector<float> scan;
  std::vector<float> compact;
  std::vector<float> wide;
  std::vector<PixelTexel> source;
  std::vector<std::uint32_t> spans;
  std::vector<std::uint8_t> pixels;
  std::vector<std::uint32_t> counts;

  friend bool operator==(const SortState& a, const SortState& b) {
    return a.elements == b.elements && a.scan == b.scan && a.compact == b.compact && a.wide == b.wide &&
           a.source == b.source && a.spans == b.spans && a.pixels == b.pixels && a.counts == b.counts;
  }
};

// The element that position i holds after a single-layer network pass (bitonic, legacy bitonic,
// odd-even merge, transposition), given the elements `in` before it. This is the rule the pass's
// fragment shader implements; throws std::logic_error for other kinds.
Element networkOutput(const Pass& pass, const std::vector<Element>& in, std::uint64_t i);

// Element j's span start (a position in its line of 2^lineBits) from the span words after the scan:
// the highest start bit at or below j in its word, else the previous word's latest start (the
// lookup of sort_common.glsl's spanStartOf).
std::uint32_t spanStartOf(const std::vector<std::uint32_t>& spans, std::uint64_t j, std::uint32_t lineBits);

// How many runs of two or more positions the pixel order pass sorts, from the span words after the
// scan (`positions` of them, lines of 2^lineBits): the spans the start bits mark (padding and
// pixels out of every span start spans of their own, so none runs into the next line), cut into
// pieces of at most maxSpan (0: whole), less the pieces that --skip leaves (skipRun).
std::uint64_t longSpanCount(const std::vector<std::uint32_t>& spans, std::uint64_t positions, std::uint32_t lineBits,
                            std::uint32_t maxSpan, std::uint32_t skipPercent, std::uint32_t seed);

// Applies one pass of any kind (state.elements.size(), or state.source.size() before the pixel sort
// has written elements, must be a power of two).
SortState runPass(const Pass& pass, SortState state);

// Applies one single-layer network pass to the elements.
std::vector<Element> runPass(const Pass& pass, const std::vector<Element>& in);

// Applies every pass of the schedule in order and returns the whole state / the elements.
SortState runScheduleState(const PassSchedule& schedule, std::vector<Element> elements);
SortState runScheduleState(const PassSchedule& schedule, SortState state);  // from any state: the pixel sort's source
std::vector<Element> runSchedule(const PassSchedule& schedule, std::vector<Element> elements);

}  // namespace texsort
