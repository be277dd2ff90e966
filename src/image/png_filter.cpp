// PNG row filters: the five predictors and the per-row choice by the smallest sum of |signed bytes|.
#include "image/png_filter.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>

namespace texsort {
namespace {

// |the residual as a signed byte|: what the filter heuristic sums.
inline unsigned absSigned(int residual) {
  return static_cast<unsigned>(std::abs(static_cast<int>(static_cast<signed char>(residual))));
}

// The sum of |signed bytes| that each filter (0 none, 1 sub, 2 up, 3 average, 4 Paeth) would make
// of a row of n bytes, all five in one sweep. `row` and `above` have bpp zero bytes in front of
// them: the bytes left of the row (and the row above the first is all zero).
std::array<std::uint64_t, 5> filterCosts(const unsigned char* row, const unsigned char* above, std::size_t n, std::size_t bpp) {
  std::array<std::uint64_t, 5> costs{};
  constexpr std::size_t kPiece = std::size_t{1} << 24;  // 32-bit sums (which vectorise) cannot overflow in it
  for (std::size_t first = 0; first < n; first += kPiece) {
    std::uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0;
    for (std::size_t i = first, end = std::min(n, first + kPiece); i < end; ++i) {
      const int x = row[i], a = row[i - bpp], b = above[i], c = above[i - bpp];
      c0 += absSigned(x);
      c1 += absSigned(x - a);
      c2 += absSigned(x - b);
      c3 += absSigned(x - ((a + b) >> 1));
      c4 += absSigned(x - paethPredictor(a, b, c));
    }
    costs[0] += c0, costs[1] += c1, costs[2] += c2, costs[3] += c3, costs[4] += c4;
  }
  return costs;
}

// PNG filter `type` of a row (with its zero margin, as filterCosts takes it) into out.
void filterRow(int type, const unsigned char* row, const unsigned char* above, std::size_t n, std::size_t bpp,
               unsigned char* out) {
  const auto put = [&](auto predict) {
    for (std::size_t i = 0; i < n; ++i)
      out[i] = static_cast<unsigned char>(row[i] - predict(row[i - bpp], above[i], above[i - bpp]));
  };
  switch (type) {
    case 0: std::memcpy(out, row, n); break;
    case 1: put([](int left, int, int) { return left; }); break;
    case 2: put([](int, int up, int) { return up; }); break;
    case 3: put([](int left, int up, int) { return (left + up) >> 1; }); break;
    default: put([](int left, int up, int upLeft) { return paethPredictor(left, up, upLeft); }); break;
  }
}

}  // namespace

std::vector<unsigned char> filterRows(const Image& image, std::uint32_t first, std::uint32_t end) {
  const int channels = image.channels;
  const std::size_t bpp = static_cast<std::size_t>(channels);
  static constexpr int kSource[4][4] = {{0}, {0, 3}, {0, 1, 2}, {0, 1, 2, 3}};
  const std::size_t rowBytes = std::size_t{image.width} * bpp;
  const auto rowOf = [&](std::uint32_t y, unsigned char* row) {
    const std::uint8_t* rgba = image.rgba.data() + std::size_t{y} * image.width * 4;
    if (channels == 4) return static_cast<void>(std::memcpy(row, rgba, rowBytes));
    for (std::size_t x = 0; x < image.width; ++x)
      for (int c = 0; c < channels; ++c) row[x * bpp + c] = rgba[x * 4 + kSource[channels - 1][c]];
  };
  std::vector<unsigned char> filtered((rowBytes + 1) * (end - first));
  // Two rows, each behind bpp zero bytes (filterCosts' margin).
  std::vector<unsigned char> rows(2 * (bpp + rowBytes), 0);
  unsigned char* above = rows.data() + bpp;
  unsigned char* row = above + rowBytes + bpp;
  if (first > 0) rowOf(first - 1, above);
  unsigned char* out = filtered.data();
  for (std::uint32_t y = first; y < end; ++y) {
    rowOf(y, row);
    const std::array<std::uint64_t, 5> costs = filterCosts(row, above, rowBytes, bpp);
    const int type = static_cast<int>(std::min_element(costs.begin(), costs.end()) - costs.begin());
    *out++ = static_cast<unsigned char>(type);
    filterRow(type, row, above, rowBytes, bpp, out);
    out += rowBytes;
    std::swap(above, row);
  }
  return filtered;
}

}  // namespace texsort
