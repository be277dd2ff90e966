// Builds the bitonic pass schedule (article 004) as data, in nested-loop and pass-counter forms.
#include "sort/schedule.h"

#include <stdexcept>

namespace texsort {

bool isPowerOfTwo(std::uint64_t n) { return n != 0 && (n & (n - 1)) == 0; }

std::uint64_t nextPowerOfTwo(std::uint64_t n) {
  std::uint64_t p = 1;
  while (p < n) p <<= 1;
  return p;
}

unsigned log2Exact(std::uint64_t n) {
  if (!isPowerOfTwo(n)) throw std::invalid_argument("log2Exact: not a power of two");
  unsigned k = 0;
  while ((std::uint64_t{1} << k) < n) ++k;
  return k;
}

std::uint64_t bitonicPassCount(std::uint64_t n) {
  const std::uint64_t k = log2Exact(n);
  return k * (k + 1) / 2;
}

static Pass bitonicPass(std::uint32_t rank, std::uint32_t step) {
  Pass p;
  p.kind = PassKind::BitonicStep;
  p.rank = rank;
  p.step = step;
  p.stepno = 1u << (rank + 1);
  p.offset = 1u << (rank - step);
  p.stage = 2 * p.offset;
  return p;
}

PassSchedule bitonicSchedule(std::uint64_t n) {
  if (!isPowerOfTwo(n)) throw std::invalid_argument("bitonicSchedule: element count must be a power of two");
  if (n > (std::uint64_t{1} << 31)) throw std::invalid_argument("bitonicSchedule: more than 2^31 elements");
  const unsigned k = log2Exact(n);
  PassSchedule passes;
  passes.reserve(k * (k + 1) / 2);
  // Merge blocks of size 2^(rank+1); inside a merge the partner distance halves each step.
  for (std::uint32_t rank = 0; rank < k; ++rank)
    for (std::uint32_t step = 0; step <= rank; ++step) passes.push_back(bitonicPass(rank, step));
  return passes;
}

Pass bitonicPassFromCounter(std::uint32_t counter) {
  // Article 004, main.cpp: subtract the length of each finished rank until the rest fits.
  std::uint32_t step = counter;
  std::uint32_t rank = 0;
  for (; rank < step; ++rank) step -= rank + 1;
  return bitonicPass(rank, step);
}

PassSchedule bitonicLegacySchedule(std::uint64_t n) {
  PassSchedule passes = bitonicSchedule(n);
  for (Pass& p : passes) p.kind = PassKind::BitonicLegacyStep;
  return passes;
}

PassSchedule oddEvenMergeSchedule(std::uint64_t n) {
  const unsigned k = log2Exact(n);
  PassSchedule passes;
  for (std::uint32_t rank = 0; rank < k; ++rank) {
    const std::uint32_t p = 1u << rank;
    for (std::uint32_t step = 0; step <= rank; ++step) {
      Pass pass;
      pass.kind = PassKind::OddEvenMergeStep;
      pass.stepno = p;
      pass.offset = p >> step;
      pass.stage = 2 * pass.offset;
      pass.rank = rank;
      pass.step = step;
      passes.push_back(pass);
    }
  }
  return passes;
}

PassSchedule transpositionSchedule(std::uint64_t n) {
  PassSchedule passes;
  if (n < 2) return passes;
  passes.reserve(n);
  for (std::uint32_t round = 0; round < n; ++round) {
    Pass pass;
    pass.kind = PassKind::TranspositionStep;
    pass.offset = 1;
    pass.parity = round % 2;
    pass.step = round;
    passes.push_back(pass);
  }
  return passes;
}

PassSchedule radixSchedule(std::uint64_t n, unsigned keyBits) {
  const unsigned k = log2Exact(n);
  PassSchedule passes;
  if (n < 2) return passes;
  for (std::uint32_t bit = 0; bit < keyBits; ++bit) {
    Pass flags;
    flags.kind = PassKind::RadixFlags;
    flags.bit = bit;
    passes.push_back(flags);
    for (std::uint32_t d = 0; d < k; ++d) {
      Pass scan;
      scan.kind = PassKind::RadixScanStep;
      scan.bit = bit;
      scan.offset = 1u << d;
      scan.step = d;
      passes.push_back(scan);
    }
    Pass gather;
    gather.kind = PassKind::RadixGather;
    gather.bit = bit;
    passes.push_back(gather);
  }
  return passes;
}

PassSchedule fastBitonicSchedule(std::uint64_t n) {
  if (n < 2) return bitonicSchedule(n);  // nothing to pack: the classic schedule is empty too
  const unsigned k = log2Exact(n);
  PassSchedule passes;
  Pass pack;
  pack.kind = PassKind::FastPack;
  passes.push_back(pack);
  for (std::uint32_t rank = 0; rank < k; ++rank) {
    // Steps of this merge have distances 2^rank .. 1. The tail (distances 4, 2, 1, or fewer) is one
    // pass over at most four texels; the steps above it go two per pass from the largest distance,
    // and an odd one out stays single (a distance of at least 8: two texels).
    const std::uint32_t tail = std::min<std::uint32_t>(rank + 1, 3);
    const std::uint32_t head = rank + 1 - tail;
    for (std::uint32_t step = 0; step < head; step += 2) {
      Pass p = bitonicPass(rank, step);
      p.kind = PassKind::FastBitonic;
      p.parity = head - step >= 2 ? 2 : 1;
      passes.push_back(p);
    }
    Pass last = bitonicPass(rank, head);
    last.kind = PassKind::FastBitonic;
    last.parity = tail;
    passes.push_back(last);
  }
  Pass gather;
  gather.kind = PassKind::FastGather;
  passes.push_back(gather);
  return passes;
}

int fastShape(const Pass& pass) {
  if (pass.kind != PassKind::FastBitonic) return 0;
  if (pass.parity == 1 && pass.offset == 1) return 1;
  if (pass.parity == 2 && pass.offset == 2) return 2;
  if (pass.parity == 3 && pass.offset == 4) return 3;
  if (pass.parity == 2 && pass.offset >= 8) return 4;
  if (pass.parity == 1 && pass.offset >= 8) return 5;
  return 0;
}

unsigned fastTexelsRead(const Pass& pass) {
  static const unsigned texels[] = {0, 1, 2, 4, 4, 2};
  return texels[fastShape(pass)];
}

std::uint64_t networkSteps(const PassSchedule& schedule) {
  std::uint64_t steps = 0;
  for (const Pass& p : schedule) {
    if (p.kind == PassKind::FastBitonic) steps += p.parity;
    else if (isNetworkPass(p.kind)) steps += 1;
  }
  return steps;
}

const char* algorithmName(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::Bitonic: return "bitonic";
    case Algorithm::BitonicLegacy: return "bitonic-legacy";
    case Algorithm::OddEvenMerge: return "oddeven-merge";
    case Algorithm::Transposition: return "transposition";
    case Algorithm::Radix: return "radix";
    case Algorithm::BitonicFast: return "bitonic-fast";
  }
  return "?";
}

bool parseAlgorithm(const std::string& name, Algorithm& algorithm) {
  for (Algorithm a : kAlgorithms) {
    if (name == algorithmName(a)) {
      algorithm = a;
      return true;
    }
  }
  return false;
}

PassSchedule scheduleFor(Algorithm algorithm, std::uint64_t n) {
  switch (algorithm) {
    case Algorithm::Bitonic: return bitonicSchedule(n);
    case Algorithm::BitonicLegacy: return bitonicLegacySchedule(n);
    case Algorithm::OddEvenMerge: return oddEvenMergeSchedule(n);
    case Algorithm::Transposition: return transpositionSchedule(n);
    case Algorithm::Radix: return radixSchedule(n, kKeyBits);
    case Algorithm::BitonicFast: return fastBitonicSchedule(n);
  }
  throw std::invalid_argument("scheduleFor: unknown algorithm");
}

bool isNetworkPass(PassKind kind) {
  return kind == PassKind::BitonicStep || kind == PassKind::BitonicLegacyStep || kind == PassKind::OddEvenMergeStep ||
         kind == PassKind::TranspositionStep;
}

std::vector<CompareExchange> compareExchanges(const Pass& pass, std::uint32_t n) {
  std::vector<CompareExchange> pairs;
  for (std::uint32_t i = 0; i < n; ++i) {
    switch (pass.kind) {
      case PassKind::BitonicStep:
      case PassKind::BitonicLegacyStep:
        if ((i & pass.offset) == 0) pairs.push_back({i, i + pass.offset, (i & pass.stepno) == 0});
        break;
      case PassKind::OddEvenMergeStep: {
        const std::uint32_t p = pass.stepno, k = pass.offset, first = k % p;
        if (i >= first && (i - first) % (2 * k) < k && i + k < n && i / (2 * p) == (i + k) / (2 * p)) {
          pairs.push_back({i, i + k, true});
        }
        break;
      }
      case PassKind::TranspositionStep:
        if (i >= pass.parity && (i - pass.parity) % 2 == 0 && i + 1 < n) pairs.push_back({i, i + 1, true});
        break;
      default: break;
    }
  }
  return pairs;
}

double bytesPerElement(const Pass& pass, std::uint64_t n) {
  constexpr double kElement = 16.0, kScan = 4.0;  // RGBA32F element texel, R32F scan texel
  switch (pass.kind) {
    case PassKind::BitonicStep:
    case PassKind::BitonicLegacyStep:
    case PassKind::OddEvenMergeStep:
    case PassKind::TranspositionStep: return 3 * kElement;  // self + partner in, one out
    case PassKind::RadixFlags: return kElement + kScan;
    case PassKind::RadixScanStep: return 3 * kScan;
    case PassKind::RadixGather: return double(log2Exact(n) + 1) * kScan + 2 * kElement;  // search + move
    case PassKind::FastPack: return kElement + kElement / 2;  // two element texels in per compact texel out
    case PassKind::FastBitonic:  // a fragment owns two elements and reads the texels of their groups
      return (fastTexelsRead(pass) * kElement + kElement) / 2;
    case PassKind::FastGather: return kElement / 2 + 2 * kElement;
  }
  return 0.0;
}

std::string describe(const Pass& pass) {
  const auto str = [](std::uint32_t v) { return std::to_string(v); };
  switch (pass.kind) {
    case PassKind::BitonicStep:
    case PassKind::BitonicLegacyStep:
      return std::string(pass.kind == PassKind::BitonicStep ? "bitonic" : "bitonic (legacy)") + " rank " +
             str(pass.rank) + " step " + str(pass.step) + ": stepno " + str(pass.stepno) + " offset " +
             str(pass.offset) + " stage " + str(pass.stage);
    case PassKind::OddEvenMergeStep:
      return "odd-even merge of runs of " + str(pass.stepno) + ": partner distance " + str(pass.offset);
    case PassKind::TranspositionStep:
      return "transposition round " + str(pass.step) + ": " + (pass.parity ? "odd" : "even") + " pairs";
    case PassKind::RadixFlags: return "radix bit " + str(pass.bit) + ": flags e = 1 - bit";
    case PassKind::RadixScanStep:
      return "radix bit " + str(pass.bit) + ": scan step, add from distance " + str(pass.offset);
    case PassKind::RadixGather: return "radix bit " + str(pass.bit) + ": gather d = b ? i - f + totalFalses : f";
    case PassKind::FastPack: return "fast path: pack (key, index) two per texel";
    case PassKind::FastBitonic:
      return "fast bitonic rank " + str(pass.rank) + " steps " + str(pass.step) + (pass.parity == 2 ? "-" + str(pass.step + 1) : "") +
             ": stepno " + str(pass.stepno) + " offset " + str(pass.offset) + (pass.parity == 2 ? " then " + str(pass.offset / 2) : "");
    case PassKind::FastGather: return "fast path: gather each element's texel by its original index";
  }
  return "unknown pass";
}

}  // namespace texsort
