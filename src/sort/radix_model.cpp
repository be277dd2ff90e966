// compute-radix's dispatches on the CPU: the same tiles, counts and offsets as compute_radix.comp.
#include "sort/radix_model.h"

#include <algorithm>
#include <stdexcept>

namespace texsort {

namespace {

void checkCounts(const RadixDigit& d, std::uint64_t n, const std::vector<std::uint32_t>& counts) {
  if (counts.size() != radixCountsSize(d, n)) throw std::logic_error("radix model: counts of another shape");
}

}  // namespace

void radixTileCounts(const RadixDigit& d, const std::vector<Element>& elements, std::vector<std::uint32_t>& counts) {
  const std::uint64_t n = elements.size(), tiles = radixTiles(d, n);
  counts.assign(radixCountsSize(d, n), 0);  // the totals too: the scan's, none yet
  for (std::uint64_t i = 0; i < n; ++i) ++counts[radixDigitOf(d, elements[i].key) * tiles + (i >> d.tileLog2)];
}

void radixCountScan(const RadixDigit& d, std::uint64_t n, std::vector<std::uint32_t>& counts) {
  checkCounts(d, n, counts);
  const std::uint64_t tiles = radixTiles(d, n), values = std::uint64_t{1} << d.radixBits;
  for (std::uint64_t v = 0; v < values; ++v) {
    std::uint32_t sum = 0;
    for (std::uint64_t t = 0; t < tiles; ++t) {
      const std::uint32_t count = counts[v * tiles + t];
      counts[v * tiles + t] = sum;
      sum += count;
    }
    counts[values * tiles + v] = sum;
  }
}

bool radixDigitIsConstant(const RadixDigit& d, std::uint64_t n, const std::vector<std::uint32_t>& counts) {
  checkCounts(d, n, counts);
  const std::uint64_t values = std::uint64_t{1} << d.radixBits, totals = values * radixTiles(d, n);
  for (std::uint64_t v = 0; v < values; ++v)
    if (counts[totals + v] == n) return true;
  return false;
}

std::vector<Element> radixScatter(const RadixDigit& d, const std::vector<Element>& elements,
                                  const std::vector<std::uint32_t>& counts) {
  const std::uint64_t n = elements.size(), tiles = radixTiles(d, n), values = std::uint64_t{1} << d.radixBits;
  checkCounts(d, n, counts);
  if (radixDigitIsConstant(d, n, counts)) return elements;
  std::vector<std::uint64_t> below(values, 0);  // elements of every smaller digit value
  for (std::uint64_t v = 1; v < values; ++v) below[v] = below[v - 1] + counts[values * tiles + v - 1];
  std::vector<Element> out(n);
  std::vector<std::uint64_t> next(values);
  for (std::uint64_t t = 0; t < tiles; ++t) {
    for (std::uint64_t v = 0; v < values; ++v) next[v] = below[v] + counts[v * tiles + t];
    const std::uint64_t end = std::min(n, (t + 1) << d.tileLog2);
    for (std::uint64_t i = t << d.tileLog2; i < end; ++i) {
      const std::uint64_t at = next[radixDigitOf(d, elements[i].key)]++;
      if (at >= n) throw std::logic_error("radix model: a scatter past the end");
      out[at] = elements[i];
    }
  }
  return out;
}

}  // namespace texsort
