// The curved paths of --path: circles, a spiral, rays and a Hilbert curve, each pixel in exactly one
// line. Everything is integer arithmetic on doubled coordinates (the centre may sit between pixels),
// so every machine (and the browser) lists the same pixels in the same order; docs/pixelsort.md
// defines each path in these terms.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "error.h"
#include "pixelsort/pixel_sort.h"
#include "sort/bits.h"

namespace texsort {

const PathInfo kPaths[6] = {
    {PixelPath::Lines, "lines", "parallel straight lines at --angle (--direction)"},
    {PixelPath::Circles, "circles", "rings around --center, each a line clockwise from the right of the centre"},
    {PixelPath::Spiral, "spiral", "one line from --center outwards, ring after ring, each clockwise"},
    {PixelPath::Radial, "radial", "rays from --center outwards, one towards each pixel of the image's border"},
    {PixelPath::Hilbert, "hilbert", "one Hilbert curve over the image (its power-of-two square, pixels outside skipped)"},
    {PixelPath::Flow, "flow", "lines that follow a direction field: --field FILE, each pixel's hue the way it goes"},
};

const PathInfo& pathInfo(PixelPath path) { return kPaths[static_cast<std::size_t>(path)]; }

namespace {

// A pixel as seen from the centre: doubled offsets (exact for a centre on a half pixel).
struct Offset {
  std::int64_t dx = 0, dy = 0;  // 2 (x - cx), 2 (y - cy); y grows downwards
  std::int64_t q() const { return dx * dx + dy * dy; }  // 4 d^2
  // 0 for directions from the right of the centre (included) clockwise on screen to its left
  // (excluded), 1 for the other half; the centre itself counts as 0.
  int half() const { return dy < 0 || (dy == 0 && dx < 0) ? 1 : 0; }
};

// Whether a's direction comes before b's, clockwise on screen from the right of the centre: by
// half, then by the sign of the cross product (exact: |dx|, |dy| < 2^16).
bool angleBefore(const Offset& a, const Offset& b) {
  if (a.half() != b.half()) return a.half() < b.half();
  return a.dx * b.dy - a.dy * b.dx > 0;
}
bool sameAngle(const Offset& a, const Offset& b) { return a.half() == b.half() && a.dx * b.dy - a.dy * b.dx == 0; }

std::int64_t integerSqrt(std::int64_t v) {
  auto r = static_cast<std::int64_t>(std::sqrt(static_cast<double>(v)));
  while (r * r > v) --r;
  while ((r + 1) * (r + 1) <= v) ++r;
  return r;
}

// The ring of a pixel: k with k - 1/2 <= d < k + 1/2, i.e. (2k - 1)^2 <= 4 d^2 < (2k + 1)^2.
std::int64_t ringOf(const Offset& o) { return (integerSqrt(o.q()) + 1) / 2; }

// Pixel (x, y) of the Hilbert curve of side n (a power of two) at distance d along it.
void hilbertPoint(std::uint64_t n, std::uint64_t d, std::uint64_t& x, std::uint64_t& y) {
  x = y = 0;
  for (std::uint64_t side = 1; side < n; side *= 2) {
    const std::uint64_t rx = 1 & (d / 2), ry = 1 & (d ^ rx);
    if (ry == 0) {  // the quadrant's turn: reflect, then swap
      if (rx == 1) {
        x = side - 1 - x;
        y = side - 1 - y;
      }
      std::swap(x, y);
    }
    x += side * rx;
    y += side * ry;
    d /= 4;
  }
}

// The image's pixels as seen from --center (doubled: the image's middle, between pixels on an
// even side, unless --center says), and the order within a line: by ring (or distance), then
// angle, then pixel index.
struct Centre {
  std::uint32_t width = 0;
  std::int64_t cx2 = 0, cy2 = 0;

  Centre(std::uint32_t w, std::uint32_t h, const PixelSortOptions& options)
      : width(w),
        cx2(options.centerX >= 0 ? std::llround(2 * options.centerX) : std::int64_t{w} - 1),
        cy2(options.centerY >= 0 ? std::llround(2 * options.centerY) : std::int64_t{h} - 1) {}

  Offset offset(std::uint64_t pixel) const {
    return Offset{2 * std::int64_t(pixel % width) - cx2, 2 * std::int64_t(pixel / width) - cy2};
  }
  bool byAngle(std::uint32_t a, std::uint32_t b) const {
    const Offset oa = offset(a), ob = offset(b);
    if (angleBefore(oa, ob)) return true;
    if (angleBefore(ob, oa)) return false;
    return oa.q() != ob.q() ? oa.q() < ob.q() : a < b;
  }
};

// Each path lists the pixels line after line into `pixels` and gives each pixel its line in `lineOf`.
void ringPaths(const Centre& centre, bool spiral, std::vector<std::uint32_t>& pixels, std::vector<std::uint64_t>& lineOf) {
  const std::uint64_t n = pixels.size();
  lineOf.resize(n);
  for (std::uint64_t p = 0; p < n; ++p) lineOf[p] = static_cast<std::uint64_t>(ringOf(centre.offset(p)));
  std::sort(pixels.begin(), pixels.end(), [&](std::uint32_t a, std::uint32_t b) {
    return lineOf[a] != lineOf[b] ? lineOf[a] < lineOf[b] : centre.byAngle(a, b);
  });
  if (spiral) lineOf.assign(n, 0);  // the rings one after another, one line
}

void radialPaths(const Centre& centre, std::uint32_t height, std::vector<std::uint32_t>& pixels,
                 std::vector<std::uint64_t>& lineOf) {
  const std::uint64_t n = pixels.size();
  const std::uint32_t width = centre.width;
  // The rays: the directions of the border's pixels, in angle order, each once.
  std::vector<Offset> rays;
  for (std::uint64_t p = 0; p < n; ++p) {
    const std::uint64_t x = p % width, y = p / width;
    const Offset o = centre.offset(p);
    if ((x == 0 || y == 0 || x + 1 == width || y + 1 == height) && o.q() != 0) rays.push_back(o);
  }
  std::sort(rays.begin(), rays.end(), angleBefore);
  rays.erase(std::unique(rays.begin(), rays.end(), sameAngle), rays.end());
  lineOf.resize(n);
  for (std::uint64_t p = 0; p < n; ++p) {
    // The last ray at or before the pixel's direction (before the first: the last ray, round the
    // circle); the centre itself starts ray 0.
    const Offset o = centre.offset(p);
    const auto after = std::upper_bound(rays.begin(), rays.end(), o, angleBefore);
    lineOf[p] = o.q() == 0 || rays.empty() ? 0 : after == rays.begin() ? rays.size() - 1 : std::uint64_t(after - rays.begin() - 1);
  }
  std::sort(pixels.begin(), pixels.end(), [&](std::uint32_t a, std::uint32_t b) {
    if (lineOf[a] != lineOf[b]) return lineOf[a] < lineOf[b];
    const Offset oa = centre.offset(a), ob = centre.offset(b);
    return oa.q() != ob.q() ? oa.q() < ob.q() : centre.byAngle(a, b);
  });
}

// From each pixel not yet taken, in row-major order, a line steps to the neighbour its field pixel
// points at (hue, counter-clockwise from the right, to the nearest of 8 ways) until that leaves the
// image or meets a taken pixel.
void flowPaths(std::uint32_t width, std::uint32_t height, const Image& field, std::vector<std::uint32_t>& pixels,
               std::vector<std::uint64_t>& lineOf) {
  static constexpr int kStep[8][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 1}};
  const std::uint64_t n = pixels.size();
  std::vector<bool> taken(n, false);
  lineOf.resize(n);
  std::size_t next = 0;
  std::uint64_t line = 0;
  for (std::uint64_t start = 0; start < n; ++start) {
    if (taken[start]) continue;
    for (std::uint64_t p = start;;) {
      taken[p] = true;
      lineOf[p] = line;
      pixels[next++] = static_cast<std::uint32_t>(p);
      const std::uint8_t* f = &field.rgba[4 * p];
      const std::uint32_t way = (pixelKey(PixelKey::Hue, f[0], f[1], f[2]) * 8 + 765) / 1530 % 8;
      const std::int64_t x = std::int64_t(p % width) + kStep[way][0], y = std::int64_t(p / width) + kStep[way][1];
      if (x < 0 || y < 0 || x >= std::int64_t(width) || y >= std::int64_t(height)) break;
      p = std::uint64_t(y) * width + std::uint64_t(x);
      if (taken[p]) break;
    }
    ++line;
  }
}

void hilbertPath(std::uint32_t width, std::uint32_t height, std::vector<std::uint32_t>& pixels,
                 std::vector<std::uint64_t>& lineOf) {
  const std::uint64_t side = nextPowerOfTwo(std::max(width, height));
  std::size_t next = 0;
  for (std::uint64_t d = 0; d < side * side; ++d) {
    std::uint64_t x = 0, y = 0;
    hilbertPoint(side, d, x, y);
    if (x < width && y < height) pixels[next++] = static_cast<std::uint32_t>(y * width + x);
  }
  lineOf.assign(pixels.size(), 0);
}

// Lines where the line number changes along the listing; a line longer than the key's order
// allows is cut into pieces of that length.
void cutIntoLines(LineLayout& layout, const std::vector<std::uint64_t>& lineOf, const PixelSortOptions& options) {
  const std::vector<std::uint32_t>& pixels = layout.pixels;
  const std::uint64_t n = pixels.size();
  const unsigned keyBits = bitWidth(pixelKeyInfo(options.key).maxValue);
  const std::uint64_t longest = std::uint64_t{1} << ((48 - keyBits) / 2);
  layout.starts = {0};
  for (std::uint64_t i = 1; i <= n; ++i) {
    if (i == n || lineOf[pixels[i]] != lineOf[pixels[i - 1]] || i - layout.starts.back() == longest) layout.starts.push_back(i);
  }
}

}  // namespace

LineLayout pathLayout(std::uint32_t width, std::uint32_t height, const PixelSortOptions& options) {
  if (options.path == PixelPath::Lines) return lineLayout(width, height, options);
  if (options.path == PixelPath::Flow && !options.field) {
    throw Error(ExitCode::Usage, "pixelsort: --path flow needs --field FILE, the direction field");
  }
  LineLayout layout;
  layout.width = width;
  layout.height = height;
  layout.axis = LineAxis::None;
  std::vector<std::uint32_t>& pixels = layout.pixels;
  pixels.resize(layout.pixelCount());
  std::iota(pixels.begin(), pixels.end(), 0u);
  std::vector<std::uint64_t> lineOf;  // each pixel's line before the lines are counted
  const Centre centre(width, height, options);
  switch (options.path) {
    case PixelPath::Lines: break;  // above
    case PixelPath::Circles:
    case PixelPath::Spiral: ringPaths(centre, options.path == PixelPath::Spiral, pixels, lineOf); break;
    case PixelPath::Radial: radialPaths(centre, height, pixels, lineOf); break;
    case PixelPath::Flow: flowPaths(width, height, *options.field, pixels, lineOf); break;
    case PixelPath::Hilbert: hilbertPath(width, height, pixels, lineOf); break;
  }
  cutIntoLines(layout, lineOf, options);
  placeLines(layout, packsLines(options));
  return layout;
}

}  // namespace texsort
