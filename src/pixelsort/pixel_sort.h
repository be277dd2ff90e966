// The pixel-sort effect: runs of pixels inside each row or column (spans) sorted by a key, every
// span on its own, pixels outside spans left in place. Keys and spans are integer functions of the
// 8-bit channels. Each pixel becomes an element whose (key, index) pair encodes (span, key,
// position in the line) as one 48-bit number, so any line sort of the registry (bitonic, the fast
// and wide paths, odd-even merge) sorts every span on its own, all lines in the same passes, and
// the result is unique: ties keep their order in the line.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "image/image_io.h"
#include "sort/packing.h"
#include "sort/algorithms.h"
#include "sort/cpu_model.h"
#include "sort/element.h"
#include "sort/pixel_rules.h"
#include "sort/schedule.h"

namespace texsort {

struct PixelKeyInfo {
  PixelKey key;
  const char* name;
  std::uint32_t maxValue;  // keys run 0 .. maxValue
  const char* formula;     // for --help and README
};
extern const PixelKeyInfo kPixelKeys[14];
const PixelKeyInfo& pixelKeyInfo(PixelKey key);

struct IntervalsInfo {
  Intervals intervals;
  const char* name;
  const char* meaning;  // for --help and the report
};
extern const IntervalsInfo kIntervals[6];
const IntervalsInfo& intervalsInfo(Intervals intervals);

// The paths the lines follow (--path): straight lines at --angle, or curves around --center.
enum class PixelPath : std::uint32_t { Lines, Circles, Spiral, Radial, Hilbert, Flow };
struct PathInfo {
  PixelPath path;
  const char* name;
  const char* meaning;  // for --help and the report
};
extern const PathInfo kPaths[6];
const PathInfo& pathInfo(PixelPath path);

// --direction vertical: columns, top to bottom.
constexpr double kVerticalAngle = -90.0;

struct PixelSortOptions {
  double angle = 0.0;  // the lines' direction, degrees counter-clockwise on screen: 0 = rows left to right
  Intervals intervals = Intervals::Threshold;
  double lower = 0.25;        // threshold: luma Y from ceil(lower * 255000) ...; edges: the break level
  double upper = 0.8;         // ... to floor(upper * 255000), both included
  std::uint32_t spanLength = 64;  // random, waves: the spans' mean length
  std::uint32_t seed = 0;         // random, waves, skip
  std::uint32_t maxSpan = 0;      // cut spans into pieces of at most this many pixels (0: no limit)
  std::uint32_t skipPercent = 0;  // leave this many percent of the spans (pieces) unsorted, by seed
  PixelKey key = PixelKey::Luma;
  SortOrder order = SortOrder::Ascending;
  std::shared_ptr<const Image> mask;  // same size as the image; white (luma >= half) may be sorted
  PixelKey select = PixelKey::Luma;   // threshold: the key --lower and --upper bound (fractions of its range)
  bool invert = false;                // threshold: spans are the runs outside [lower, upper]
  double mix = 1.0;                   // --mix: the sorted result's share against the original (mixWithOriginal)
  PixelPath path = PixelPath::Lines;  // Lines: straight, at `angle`; the others around the centre
  double centerX = -1.0, centerY = -1.0;  // --center in pixels, multiples of 0.5; negative: the image's centre
  std::shared_ptr<const Image> field;     // --path flow: the direction field, same size (its hue is the way)
};

// Throws texsort::Error(Usage) with one line naming the option when a value is out of range.
void checkPixelSortOptions(const PixelSortOptions& options);
// Throws texsort::Error(Usage) naming `maskName` unless the mask (and the flow field) has the image's size.
void checkMaskSize(const PixelSortOptions& options, std::uint32_t width, std::uint32_t height, const std::string& maskName,
                   const std::string& fieldName);

// The luma bounds the threshold uses: Y in [lowest, highest].
struct LumaBounds {
  std::uint32_t lowest = 0;
  std::uint32_t highest = 0;
};
LumaBounds lumaBounds(const PixelSortOptions& options);
// The threshold's bounds on the --select key: ceil(lower x max) .. floor(upper x max), max that
// key's largest value (255000 for luma: lumaBounds).
LumaBounds selectBounds(const PixelSortOptions& options);

// How an image's pixels become lines: line l, position p is pixel pixelOf(l, p), for p below
// lengthOf(l). Every pixel is in exactly one line. The sort runs on rows of paddedLength = 2^s
// positions (s >= 1), paddedCount = 2^j of them; line l's position p is element elementOf(l, p).
// Rows and columns are arithmetic (`pixels` stays empty; line l is row l). Other angles list every
// line's pixels in `pixels` and each line's first element in `firstElements`: one line a row, or,
// packed, lines in their order, first fit, several to a row where they fit (a line start breaks
// spans as a row start does, so the lines of a row never mix).
struct LineLayout {
  using Axis = LineAxis;
  std::uint32_t width = 0, height = 0;
  std::uint32_t count = 0;    // lines
  std::uint32_t longest = 0;  // pixels in the longest line
  std::uint64_t paddedLength = 2;
  std::uint64_t paddedCount = 1;
  Axis axis = Axis::None;             // rows left to right or back, columns down or up, or a table
  std::vector<std::uint64_t> starts;  // line l is positions starts[l] .. starts[l + 1] - 1 of all lines'
  std::vector<std::uint32_t> pixels;  // Axis::None: pixel indices (row-major), line by line, in line order
  std::vector<std::uint64_t> firstElements;  // Axis::None: the element of each line's position 0
  bool packed = false;                       // lines may share a row

  std::uint64_t pixelCount() const { return std::uint64_t{width} * height; }
  std::uint32_t lengthOf(std::uint32_t line) const { return static_cast<std::uint32_t>(starts[line + 1] - starts[line]); }
  std::uint64_t pixelOf(std::uint32_t line, std::uint32_t position) const {
    return axis == Axis::None ? pixels[starts[line] + position] : axisPixelOf(axis, width, height, line, position);
  }
  std::uint64_t elementOf(std::uint32_t line, std::uint32_t position) const {
    return (axis == Axis::None ? firstElements[line] : line * paddedLength) + position;
  }
  SortShape shape() const { return SortShape{paddedLength, paddedCount}; }
};

// The lines at `angle` degrees, counter-clockwise as seen on screen: 0 rows left to right, 90
// columns bottom to top, 180 rows right to left, -90 (kVerticalAngle) columns top to bottom. Any
// other angle: with direction d = (cos a, -sin a) in pixel coordinates (y down) and normal
// n = (sin a, cos a), pixel (x, y) lies on line round(n . (x, y)) (halves away from zero) at
// position order d . (x, y): parallel digital straight lines one pixel apart, 8-connected.
// pack: put short lines in a row together (other angles only; see packsLines).
LineLayout lineLayout(std::uint32_t width, std::uint32_t height, double angle, bool pack = false);
// The lines `options` ask for: lineLayout at options.angle for --path lines, else pathLayout.
LineLayout lineLayout(std::uint32_t width, std::uint32_t height, const PixelSortOptions& options);
SortShape lineShape(std::uint32_t width, std::uint32_t height, const PixelSortOptions& options);
LineAxis lineAxis(const PixelSortOptions& options);
// A curved path's lines (paths.cpp; docs/pixelsort.md defines each exactly): every pixel in one line,
// listed (Axis::None), lines sharing rows where packsLines allows. A line longer than the key's
// 48-bit order allows (2^floor((48 - key bits) / 2) pixels) is cut into pieces of that length.
LineLayout pathLayout(std::uint32_t width, std::uint32_t height, const PixelSortOptions& options);
// Counts a layout's lines from `starts`, finds the longest, and (listed lines) places each line's
// first element in the rows (packed or a line a row): what every layout ends with.
void placeLines(LineLayout& layout, bool pack);

// Whether the options let lines share rows: not for random and waves intervals or --skip, whose
// choices depend on a position's line and place in it, which the passes take from its row.
bool packsLines(const PixelSortOptions& options);
// Its axis: rows (0 degrees), rows back (180), columns down (-90), columns up (90), else None.
LineAxis lineAxis(double angle);

// The padded shape of lineLayout(width, height, angle) (paddedLength, paddedCount) without its
// tables: for the checks that come before them. Counts the pixels of each line (a table of about
// width + height numbers at other angles than rows and columns).
SortShape lineShape(std::uint32_t width, std::uint32_t height, double angle, bool pack = false);

// The span number of every position of every line, line after line (line l from starts[l]): the
// position in its line where its span (or span piece, under maxSpan) starts; a pixel outside every
// span, or in a piece --skip leaves, is a span of one. Computed the plain way, pixel after pixel
// along each line; the GPU's passes compute the same with a scan.
std::vector<std::uint32_t> spanNumbers(const Image& image, const PixelSortOptions& options, const LineLayout& layout);
// The same for one line: layout.lengthOf(line) numbers into out.
void lineSpanNumbers(const Image& image, const PixelSortOptions& options, const LineLayout& layout, std::uint32_t line,
                     std::uint32_t* out);

// The pixel sort's source texels (PixelTexel, cpu_model.h) for the runner's uploadSource:
// layout.paddedLength * paddedCount of them.
std::vector<PixelTexel> pixelSortSource(const Image& image, const PixelSortOptions& options, const LineLayout& layout);

// How the runner keeps the source of this layout (cpu_model.h): rows and columns without a mask
// need no maps.
SourceShape sourceShape(const LineLayout& layout, const PixelSortOptions& options);

// The element (layout.elementOf(line, position)) that holds each pixel, by pixel index; empty for
// rows and columns, where PixelSource computes it.
std::vector<std::uint32_t> elementsOfPixels(const LineLayout& layout);

// The same texels made part by part, for Runner::uploadSource(fill): texels first .. first + count - 1
// into out. Keeps references to its arguments, and (at angles other than rows and columns) a table
// of the element holding each pixel.
class PixelSource {
 public:
  PixelSource(const Image& image, const PixelSortOptions& options, const LineLayout& layout);
  // The same with the table made beforehand: elementsOfPixels(layout) (empty for rows, columns).
  PixelSource(const Image& image, const PixelSortOptions& options, const LineLayout& layout,
              std::vector<std::uint32_t> elementOf);
  std::uint64_t size() const { return layout_.paddedLength * layout_.paddedCount; }
  void fill(std::uint64_t first, std::uint64_t count, PixelTexel* out) const;

 private:
  const Image& image_;
  const PixelSortOptions& options_;
  const LineLayout& layout_;
  std::vector<std::uint32_t> elementOf_;  // pixel -> the element at its line and position (listed lines)
  std::vector<bool> firstPixels_;         // listed lines: whether a pixel is its line's first
  SourceShape shape_;                     // rows and columns: the same by arithmetic
};

// Empty when `algorithm` can pixel-sort lines of this padded shape with this key; else why not: no
// more elements than it sorts (AlgorithmInfo::maxElements: 2^28, or 2^24 for bitonic-legacy's float
// index arithmetic; the passes find an element's pixel from its line and position, in integers),
// and span, key and position must fit the 48-bit order.
std::string pixelSortLimit(SortShape shape, PixelKey key, Algorithm algorithm);

// The algorithms that sort lines by (r, g): on fragment passes bitonic, bitonic-legacy,
// bitonic-fast, bitonic-wide, oddeven-merge, and every compute row (its span, key and image-order
// passes compute dispatches too). Not radix (it sorts by the key bits of r only) nor transposition
// (N passes).
bool pixelSortAlgorithm(Algorithm algorithm);
// The line sort `texsort pixelsort` takes unless --algo names one (auto), from one copy of the same
// elements on each path (pixelSortBackendChoice, pixel_runner.h, measures them): bitonic-wide without
// compute shaders or when the copies could not be measured (0). On hardware compute-b32c16 when the
// compute copy takes at most half the fragment copy's time (the fragment passes are then bound by
// the raster units, as on data-centre GPUs). On a software renderer compute-b32 when the compute
// copy takes at most twice the fragment copy's time: there a line sort costs what its copies do,
// and at 2048x2048 bitonic-wide's passes come to ~20 fragment copies, compute-b32's dispatches to
// ~9 compute copies (docs/performance.md); how the two copies compare depends on the CPU under the
// renderer (1.3x on one Xeon VM, 4x on an EPYC one).
// (Where one draw cannot write bitonic-wide's 8 targets, its fragment path is bitonic-fast:
// fragmentSortHere, sort/runner.h.)
constexpr Algorithm kFragmentPixelSort = Algorithm::BitonicWide;
// compute-b32c16 rather than -b32c4: half the barriers and shared-memory traffic for the same
// dispatches (on llvmpipe its merge tails take half C4's time, a line's whole sort about the same:
// docs/performance.md); not yet timed on a GPU.
constexpr Algorithm kComputePixelSort = Algorithm::ComputeB32C16;
// On a software renderer: shared memory and its barriers cost llvmpipe more than they save
// (2048x2048: compute-b32 169 ms, -b32c16 923 ms).
constexpr Algorithm kSoftwareComputePixelSort = Algorithm::ComputeB32;
constexpr Algorithm computePixelSortBackend(bool softwareRenderer) {
  return softwareRenderer ? kSoftwareComputePixelSort : kComputePixelSort;
}
Algorithm fasterPixelSortBackend(bool computeShaders, bool softwareRenderer, double fragmentCopyMs, double computeCopyMs);

// Throws texsort::Error(Usage) naming the algorithm and the ones that run, unless pixelSortAlgorithm.
void checkPixelSortAlgorithm(Algorithm algorithm);

// The passes, all on the GPU: the span starts as bits, 32 positions a word (SpanStarts), the
// running maximum of the words' latest starts along every line (SpanScanStep, fan-in 8; none for
// lines of 32 or fewer), every pixel's element (PixelOrder; on the wide path its first pass makes
// them, kWideFromPixels), `algorithm`'s schedule for every padded line at once (its gather, if it
// has one, takes each element by its position in the line), and the sorted lines back in image
// order as the image's bytes: in that final gather (its `pixels`), or for the algorithms without
// one in a pass of its own (ImageOrder). Throws std::logic_error past pixelSortLimit.
PassSchedule pixelSortSchedule(const LineLayout& layout, Algorithm algorithm, const PixelSortOptions& options);

// The output image: the schedule's result (SortState::pixels, Buffer::Pixels), the first 4 bytes a
// pixel of it, in the input's shape.
Image pixelSortOutput(const Image& input, const std::vector<std::uint8_t>& pixels);

// --mix F: every channel of `sorted` becomes (o (256 - w) + s w + 128) >> 8 with o the original's,
// s its own, and w = round(F x 256); F = 1 (w = 256) leaves the result as it is, F = 0 gives the
// original back.
void mixWithOriginal(std::vector<std::uint8_t>& sorted, const std::vector<std::uint8_t>& original, double mix);
std::uint32_t mixWeight(double mix);  // w = round(F x 256), F clamped to 0..1

// The plain reference: std::stable_sort of each span's pixels by key, nothing shared with the
// network. Tests and --verify compare the network's result with it.
Image pixelSortReference(const Image& image, const PixelSortOptions& options);

}  // namespace texsort
