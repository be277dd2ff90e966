// compute-radix's dispatches on the CPU: the same tiles, lines, counts and offsets as compute_radix.comp.
#include "sort/radix_model.h"

#include <algorithm>
#include <stdexcept>

namespace texsort {

namespace {

void checkCounts(const RadixDigit& d, std::uint64_t n, const std::vector<std::uint32_t>& counts) {
  if (counts.size() != radixCountsSize(d, n)) throw std::logic_error("radix model: counts of another shape");
}

// The shape of the counts: tiles (all lines'), tiles a line, digit values, and where the totals start.
struct CountsShape {
  std::uint64_t tiles, lineTiles, values, totals;
  CountsShape(const RadixDigit& d, std::uint64_t n)
      : tiles(radixTiles(d, n)), lineTiles(tiles / radixLines(d, n)), values(std::uint64_t{1} << d.radixBits),
        totals(values * tiles) {}
  std::uint64_t total(std::uint64_t line, std::uint64_t v) const { return totals + line * values + v; }
};

// Pairs as elements of no colour (pairsOf is the way back): the digits and the moves read only key
// and index.
std::vector<Element> elementsOfPairs(const std::vector<float>& pairs) {
  std::vector<Element> elements(pairs.size() / 2);
  for (std::size_t i = 0; i < elements.size(); ++i) elements[i] = Element{pairs[2 * i], pairs[2 * i + 1], 0.0f, 0.0f};
  return elements;
}

}  // namespace

void radixTileCounts(const RadixDigit& d, const std::vector<float>& pairs, std::vector<std::uint32_t>& counts) {
  radixTileCounts(d, elementsOfPairs(pairs), counts);
}

std::vector<float> radixScatter(const RadixDigit& d, const std::vector<float>& pairs,
                                const std::vector<std::uint32_t>& counts) {
  return pairsOf(radixScatter(d, elementsOfPairs(pairs), counts));
}

void radixTileCounts(const RadixDigit& d, const std::vector<Element>& elements, std::vector<std::uint32_t>& counts) {
  const std::uint64_t n = elements.size(), tiles = radixTiles(d, n);
  counts.assign(radixCountsSize(d, n), 0);  // the totals too: the scan's, none yet
  for (std::uint64_t i = 0; i < n; ++i) ++counts[radixDigitOf(d, elements[i]) * tiles + (i >> d.tileLog2)];
}

void radixCountScan(const RadixDigit& d, std::uint64_t n, std::vector<std::uint32_t>& counts) {
  checkCounts(d, n, counts);
  const CountsShape c(d, n);
  for (std::uint64_t v = 0; v < c.values; ++v) {
    for (std::uint64_t line = 0; line * c.lineTiles < c.tiles; ++line) {
      std::uint32_t sum = 0;
      for (std::uint64_t t = line * c.lineTiles; t < (line + 1) * c.lineTiles; ++t) {
        const std::uint32_t count = counts[v * c.tiles + t];
        counts[v * c.tiles + t] = sum;
        sum += count;
      }
      counts[c.total(line, v)] = sum;
    }
  }
}

bool radixTotalsHoldOneValue(const RadixDigit& d, std::uint64_t n, const std::uint32_t* totals) {
  const std::uint64_t lines = radixLines(d, n), lineLength = n / lines, values = std::uint64_t{1} << d.radixBits;
  for (std::uint64_t line = 0; line < lines; ++line) {
    const std::uint32_t* first = totals + line * values;
    if (std::find(first, first + values, lineLength) == first + values) return false;
  }
  return true;
}

bool radixDigitIsConstant(const RadixDigit& d, std::uint64_t n, const std::vector<std::uint32_t>& counts) {
  checkCounts(d, n, counts);
  return radixTotalsHoldOneValue(d, n, counts.data() + CountsShape(d, n).totals);
}

std::vector<Element> radixScatter(const RadixDigit& d, const std::vector<Element>& elements,
                                  const std::vector<std::uint32_t>& counts) {
  const std::uint64_t n = elements.size();
  checkCounts(d, n, counts);
  if (radixDigitIsConstant(d, n, counts)) return elements;
  const CountsShape c(d, n);
  const std::uint64_t lineLength = n / radixLines(d, n);
  std::vector<Element> out(n);
  std::vector<std::uint64_t> next(c.values);
  for (std::uint64_t t = 0; t < c.tiles; ++t) {
    const std::uint64_t line = t / c.lineTiles;
    std::uint64_t place = line * lineLength;  // the line's first element, then past each smaller value's
    for (std::uint64_t v = 0; v < c.values; ++v) {
      next[v] = place + counts[v * c.tiles + t];
      place += counts[c.total(line, v)];
    }
    const std::uint64_t end = std::min(n, (t + 1) << d.tileLog2);
    for (std::uint64_t i = t << d.tileLog2; i < end; ++i) {
      const std::uint64_t at = next[radixDigitOf(d, elements[i])]++;
      if (at >= (line + 1) * lineLength) throw std::logic_error("radix model: a scatter past its line");
      out[at] = elements[i];
    }
  }
  return out;
}

}  // namespace texsort
