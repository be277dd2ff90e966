// CPU model of every pass kind: the oracle every GPU test compares against, texel for texel.
#include "sort/cpu_model.h"

#include <stdexcept>

namespace texsort {
namespace {

const Element& lower(const Element& a, const Element& b) { return elementLess(b, a) ? b : a; }
const Element& higher(const Element& a, const Element& b) { return elementLess(b, a) ? a : b; }

// Batcher's rule: is x the lower element of a compare-exchange in pass (p = stepno, k = offset)?
bool mergeLowerEnd(const Pass& pass, std::uint64_t x, std::uint64_t n) {
  const std::uint64_t p = pass.stepno, k = pass.offset, first = k % p;
  return x >= first && (x - first) % (2 * k) < k && x + k < n && x / (2 * p) == (x + k) / (2 * p);
}

std::uint32_t keyBit(const Element& e, std::uint32_t bit) { return (static_cast<std::uint32_t>(e.key) >> bit) & 1u; }

// The split's gather: output position d takes the d-th element with bit 0 (e = 1), or, past
// totalFalses of those, the (d - totalFalses)-th element with bit 1. `scan` is the inclusive sum
// of e, so both searches run over monotone counts.
std::vector<Element> gather(const std::vector<Element>& in, const std::vector<float>& scan) {
  const std::uint64_t n = in.size();
  const auto falses = [&](std::uint64_t i) { return static_cast<std::uint64_t>(scan[i]); };
  const auto trues = [&](std::uint64_t i) { return i + 1 - falses(i); };
  const std::uint64_t totalFalses = falses(n - 1);
  std::vector<Element> out(n);
  for (std::uint64_t d = 0; d < n; ++d) {
    const bool wantFalse = d < totalFalses;
    const std::uint64_t target = wantFalse ? d : d - totalFalses;
    std::uint64_t lo = 0, hi = n - 1;  // smallest i whose count exceeds target
    while (lo < hi) {
      const std::uint64_t mid = (lo + hi) / 2;
      if ((wantFalse ? falses(mid) : trues(mid)) > target) hi = mid;
      else lo = mid + 1;
    }
    out[d] = in[lo];
  }
  return out;
}

}  // namespace

Element networkOutput(const Pass& pass, const std::vector<Element>& in, std::uint64_t i) {
  const std::uint64_t n = in.size();
  switch (pass.kind) {
    case PassKind::BitonicStep:
    case PassKind::BitonicLegacyStep: {
      // Article 004: csign says whether the partner is ahead (+1) or behind (-1); cdir says whether
      // this block sorts ascending (+1) or descending (-1); keep the min when they agree.
      const bool partnerAhead = (i % pass.stage) < pass.offset;
      const bool ascending = ((i / pass.stepno) % 2) == 0;
      const std::uint64_t partner = partnerAhead ? i + pass.offset : i - pass.offset;
      return partnerAhead == ascending ? lower(in[i], in[partner]) : higher(in[i], in[partner]);
    }
    case PassKind::OddEvenMergeStep: {
      if (mergeLowerEnd(pass, i, n)) return lower(in[i], in[i + pass.offset]);
      if (i >= pass.offset && mergeLowerEnd(pass, i - pass.offset, n)) return higher(in[i - pass.offset], in[i]);
      return in[i];
    }
    case PassKind::TranspositionStep: {
      const std::uint64_t q = pass.parity;
      if (i >= q && (i - q) % 2 == 0 && i + 1 < n) return lower(in[i], in[i + 1]);
      if (i >= q + 1 && (i - q) % 2 == 1) return higher(in[i - 1], in[i]);
      return in[i];
    }
    default: throw std::logic_error("networkOutput: not a sorting-network pass");
  }
}

SortState runPass(const Pass& pass, SortState state) {
  const std::uint64_t n = state.elements.size();
  if (!isPowerOfTwo(n)) throw std::invalid_argument("runPass: size must be a power of two");
  switch (pass.kind) {
    case PassKind::RadixFlags:
      state.scan.resize(n);
      for (std::uint64_t i = 0; i < n; ++i) state.scan[i] = keyBit(state.elements[i], pass.bit) ? 0.0f : 1.0f;
      return state;
    case PassKind::RadixScanStep: {
      std::vector<float> next(n);
      for (std::uint64_t i = 0; i < n; ++i) next[i] = state.scan[i] + (i >= pass.offset ? state.scan[i - pass.offset] : 0.0f);
      state.scan = std::move(next);
      return state;
    }
    case PassKind::RadixGather:
      state.elements = gather(state.elements, state.scan);
      return state;
    case PassKind::FastPack:
      state.compact.resize(2 * n);
      for (std::uint64_t e = 0; e < n; ++e) {
        state.compact[2 * e] = state.elements[e].key;
        state.compact[2 * e + 1] = state.elements[e].index;
      }
      return state;
    case PassKind::FastBitonic: {
      // The fused steps one after the other: the same compare rule as BitonicStep on (key, index).
      std::vector<float>& c = state.compact;
      for (std::uint32_t step = 0; step < pass.parity; ++step) {
        const std::uint64_t d = pass.offset >> step;
        std::vector<float> next(c.size());
        for (std::uint64_t e = 0; e < n; ++e) {
          const std::uint64_t partner = e ^ d;
          const bool partnerAhead = (e & d) == 0, ascending = (e & pass.stepno) == 0;
          const bool otherFirst = c[2 * partner] < c[2 * e] || (c[2 * partner] == c[2 * e] && c[2 * partner + 1] < c[2 * e + 1]);
          const std::uint64_t keep = (otherFirst == (partnerAhead == ascending)) ? partner : e;
          next[2 * e] = c[2 * keep];
          next[2 * e + 1] = c[2 * keep + 1];
        }
        c = std::move(next);
      }
      return state;
    }
    case PassKind::FastGather: {
      // The elements are still as uploaded (element i at position i), so the index finds them.
      std::vector<Element> out(n);
      for (std::uint64_t j = 0; j < n; ++j) out[j] = state.elements[static_cast<std::uint64_t>(state.compact[2 * j + 1])];
      state.elements = std::move(out);
      return state;
    }
    default:
      state.elements = runPass(pass, state.elements);
      return state;
  }
}

std::vector<Element> runPass(const Pass& pass, const std::vector<Element>& in) {
  std::vector<Element> out(in.size());
  for (std::uint64_t i = 0; i < in.size(); ++i) out[i] = networkOutput(pass, in, i);
  return out;
}

std::vector<Element> runSchedule(const PassSchedule& schedule, std::vector<Element> elements) {
  if (!isPowerOfTwo(elements.size())) throw std::invalid_argument("runSchedule: size must be a power of two");
  SortState state{std::move(elements), {}, {}};
  for (const Pass& pass : schedule) state = runPass(pass, std::move(state));
  return std::move(state.elements);
}

}  // namespace texsort
