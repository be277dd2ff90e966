// Deflate (RFC 1951) for PNG: an LZ77 matcher with hash chains and dynamic Huffman blocks, and
// zlib's Adler-32. texsort-png-bench measures it against libdeflate, zlib and libspng
// (docs/performance.md, "PNG encoding").
#include "image/deflate.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace texsort {
namespace png_detail {

std::vector<std::uint8_t> huffmanLengths(std::vector<std::uint32_t> freq, int maxBits) {
  std::vector<std::uint8_t> lengths(freq.size(), 0);
  std::vector<std::size_t> used;
  for (std::size_t s = 0; s < freq.size(); ++s)
    if (freq[s]) used.push_back(s);
  if (used.size() < 2) {  // a lone symbol (or none) still gets a complete two-code tree
    const std::size_t a = used.empty() ? 0 : used[0];
    lengths[a] = 1;
    lengths[a == 0 ? 1 : 0] = 1;
    return lengths;
  }
  while (true) {
    // Two queues: leaves by frequency, internal nodes in the (non-decreasing) order made.
    std::sort(used.begin(), used.end(),
              [&](std::size_t a, std::size_t b) { return freq[a] != freq[b] ? freq[a] < freq[b] : a < b; });
    const std::size_t leaves = used.size(), nodes = 2 * leaves - 1;
    std::vector<std::uint64_t> weight(nodes);
    std::vector<std::size_t> parent(nodes, 0);
    for (std::size_t k = 0; k < leaves; ++k) weight[k] = freq[used[k]];
    std::size_t nextLeaf = 0, nextNode = leaves, made = leaves;
    const auto take = [&] {
      if (nextLeaf < leaves && (nextNode == made || weight[nextLeaf] <= weight[nextNode])) return nextLeaf++;
      return nextNode++;
    };
    for (; made < nodes; ++made) {
      const std::size_t a = take(), b = take();
      weight[made] = weight[a] + weight[b];
      parent[a] = parent[b] = made;
    }
    std::vector<int> depth(nodes, 0);  // the root, made last, has depth 0; parents come after children
    int longest = 0;
    for (std::size_t k = nodes - 1; k-- > 0;) {
      depth[k] = depth[parent[k]] + 1;
      if (k < leaves) longest = std::max(longest, depth[k]);
    }
    if (longest <= maxBits) {
      for (std::size_t k = 0; k < leaves; ++k) lengths[used[k]] = static_cast<std::uint8_t>(depth[k]);
      return lengths;
    }
    for (std::size_t s : used) freq[s] = (freq[s] >> 1) | 1u;  // flatter, never zero: shorter codes
  }
}

namespace {

constexpr std::size_t kWindow = 32768;       // deflate's largest distance
constexpr int kHashBits = 17;                // 15: 5 % slower, as many bytes
constexpr std::size_t kMinMatch = 4;         // shorter matches seldom pay for their distance code
constexpr std::size_t kMaxMatch = 258;
constexpr int kChainChecks = 8;              // candidates tried per position (16: 1 % smaller, 25 % slower)
constexpr std::size_t kInsertAllBelow = 32;  // positions inside longer matches are not indexed
constexpr std::size_t kBlockTokens = 1u << 15;
constexpr int kLitLenSymbols = 286, kDistSymbols = 30, kCodeLengthSymbols = 19;
// A token is coded once, when made: bits 0-8 its literal/length symbol; for a match (symbol > 256)
// bits 9-13 the length's extra bits, 14-18 the distance symbol, 19-31 the distance's extra bits.
constexpr int kLengthExtraBits[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr int kDistanceExtraBits[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

// Deflate packs bits from the least significant end; Huffman codes go most significant bit first.
class BitWriter {
 public:
  explicit BitWriter(std::vector<unsigned char>& out) : out_(out), at_(out.size()) {}
  void put(std::uint32_t value, int count) {
    bits_ |= std::uint64_t{value} << count_;
    count_ += count;
    if (count_ >= 32) {
      // Room ahead in large steps (alignToByte trims it): a resize per word cost a tenth of deflate.
      if (at_ + 4 > out_.size()) out_.resize(std::max<std::size_t>(2 * out_.size(), 1 << 16));
      const auto word = static_cast<std::uint32_t>(bits_);
      for (int k = 0; k < 4; ++k) out_[at_ + k] = static_cast<unsigned char>(word >> (8 * k));
      at_ += 4;
      bits_ >>= 32;
      count_ -= 32;
    }
  }
  // Flushes to a byte boundary and leaves `out` holding exactly the bytes written.
  void alignToByte() {
    out_.resize(at_);
    for (; count_ > 0; count_ -= 8, bits_ >>= 8) out_.push_back(static_cast<unsigned char>(bits_));
    bits_ = 0;
    count_ = 0;
    at_ = out_.size();
  }
  // A byte as it is, after alignToByte().
  void putByte(unsigned char byte) {
    out_.resize(at_);
    out_.push_back(byte);
    at_ = out_.size();
  }

 private:
  std::vector<unsigned char>& out_;
  std::size_t at_;  // bytes written: out_ may hold more, not yet written
  std::uint64_t bits_ = 0;
  int count_ = 0;
};

// Length symbol (257..285) with the value of its extra bits, for lengths 3..258 (RFC 1951 3.2.5);
// how many bits that value takes is kLengthExtraBits' (kDistanceExtraBits') entry for the symbol.
struct Coded {
  int symbol;
  std::uint32_t extra;
};
inline Coded lengthSymbol(std::uint32_t length) {
  if (length == kMaxMatch) return {285, 0};
  const std::uint32_t v = length - 3;
  if (v < 8) return {static_cast<int>(257 + v), 0};
  const int top = 31 - __builtin_clz(v);  // the highest set bit, >= 3
  const int extraBits = top - 2;
  return {257 + 4 * (top - 1) + static_cast<int>((v >> extraBits) & 3u), v & ((1u << extraBits) - 1)};
}
// Distance symbol (0..29) with its extra bits, for distances 1..32768.
inline Coded distanceSymbol(std::uint32_t distance) {
  const std::uint32_t v = distance - 1;
  if (v < 4) return {static_cast<int>(v), 0};
  const int top = 31 - __builtin_clz(v);  // the highest set bit, >= 2
  const int extraBits = top - 1;
  return {2 * top + static_cast<int>((v >> extraBits) & 1u), v & ((1u << extraBits) - 1)};
}

// Canonical codes for the lengths (RFC 1951 3.2.2), bit-reversed for the writer.
struct HuffmanCode {
  std::vector<std::uint8_t> lengths;
  std::vector<std::uint32_t> codes;
};
HuffmanCode huffmanCode(const std::vector<std::uint32_t>& freq, int maxBits) {
  HuffmanCode code{huffmanLengths(freq, maxBits), std::vector<std::uint32_t>(freq.size(), 0)};
  std::array<std::uint32_t, 16> count{}, next{};
  for (std::uint8_t l : code.lengths) ++count[l];
  count[0] = 0;
  for (int bits = 1; bits < 16; ++bits) next[bits] = (next[bits - 1] + count[bits - 1]) << 1;
  for (std::size_t s = 0; s < freq.size(); ++s) {
    const int l = code.lengths[s];
    if (!l) continue;
    std::uint32_t c = next[l]++, reversed = 0;
    for (int b = 0; b < l; ++b, c >>= 1) reversed = (reversed << 1) | (c & 1u);
    code.codes[s] = reversed;
  }
  return code;
}

// One block with dynamic codes (BTYPE 10) for the tokens.
void writeBlock(BitWriter& w, const std::vector<std::uint32_t>& tokens, bool final) {
  std::vector<std::uint32_t> litFreq(kLitLenSymbols, 0), distFreq(kDistSymbols, 0);
  for (std::uint32_t t : tokens) {
    ++litFreq[t & 0x1FFu];
    if ((t & 0x1FFu) > 256) ++distFreq[(t >> 14) & 0x1Fu];
  }
  litFreq[256] = 1;  // end of block
  const HuffmanCode lit = huffmanCode(litFreq, 15), dist = huffmanCode(distFreq, 15);
  int litCount = kLitLenSymbols, distCount = kDistSymbols;
  while (litCount > 257 && !lit.lengths[litCount - 1]) --litCount;
  while (distCount > 1 && !dist.lengths[distCount - 1]) --distCount;

  // The code lengths, run-length coded with symbols 16 (repeat the last 3..6), 17 (3..10 zeros)
  // and 18 (11..138 zeros), then Huffman coded themselves.
  std::vector<std::uint8_t> lengths(lit.lengths.begin(), lit.lengths.begin() + litCount);
  lengths.insert(lengths.end(), dist.lengths.begin(), dist.lengths.begin() + distCount);
  struct Run {
    int symbol, extraBits;
    std::uint32_t extra;
  };
  std::vector<Run> runs;
  for (std::size_t i = 0; i < lengths.size();) {
    const std::uint8_t v = lengths[i];
    std::size_t same = 1;
    while (i + same < lengths.size() && lengths[i + same] == v) ++same;
    i += same;
    if (v == 0) {
      for (; same >= 11; same -= std::min<std::size_t>(same, 138))
        runs.push_back({18, 7, static_cast<std::uint32_t>(std::min<std::size_t>(same, 138) - 11)});
      if (same >= 3) runs.push_back({17, 3, static_cast<std::uint32_t>(same - 3)}), same = 0;
    } else {
      runs.push_back({v, 0, 0});
      --same;
      for (; same >= 3; same -= std::min<std::size_t>(same, 6))
        runs.push_back({16, 2, static_cast<std::uint32_t>(std::min<std::size_t>(same, 6) - 3)});
    }
    for (; same > 0; --same) runs.push_back({v, 0, 0});
  }
  std::vector<std::uint32_t> runFreq(kCodeLengthSymbols, 0);
  for (const Run& r : runs) ++runFreq[r.symbol];
  const HuffmanCode lengthCode = huffmanCode(runFreq, 7);
  static constexpr int kOrder[kCodeLengthSymbols] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  int orderCount = kCodeLengthSymbols;
  while (orderCount > 4 && !lengthCode.lengths[kOrder[orderCount - 1]]) --orderCount;

  w.put(final ? 1 : 0, 1);
  w.put(2, 2);
  w.put(static_cast<std::uint32_t>(litCount - 257), 5);
  w.put(static_cast<std::uint32_t>(distCount - 1), 5);
  w.put(static_cast<std::uint32_t>(orderCount - 4), 4);
  for (int k = 0; k < orderCount; ++k) w.put(lengthCode.lengths[kOrder[k]], 3);
  for (const Run& r : runs) {
    w.put(lengthCode.codes[r.symbol], lengthCode.lengths[r.symbol]);
    if (r.extraBits) w.put(r.extra, r.extraBits);
  }
  for (std::uint32_t t : tokens) {
    const std::uint32_t symbol = t & 0x1FFu;
    w.put(lit.codes[symbol], lit.lengths[symbol]);
    if (symbol <= 256) continue;
    if (const int bits = kLengthExtraBits[symbol - 257]) w.put((t >> 9) & 0x1Fu, bits);
    const std::uint32_t d = (t >> 14) & 0x1Fu;
    w.put(dist.codes[d], dist.lengths[d]);
    if (const int bits = kDistanceExtraBits[d]) w.put(t >> 19, bits);
  }
  w.put(lit.codes[256], lit.lengths[256]);
}

std::uint32_t load32(const unsigned char* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
std::uint32_t hash4(const unsigned char* p) { return (load32(p) * 2654435761u) >> (32 - kHashBits); }

std::size_t matchLength(const unsigned char* a, const unsigned char* b, std::size_t limit) {
  std::size_t n = 0;
  while (n + 8 <= limit) {
    std::uint64_t x, y;
    std::memcpy(&x, a + n, 8);
    std::memcpy(&y, b + n, 8);
    if (x != y) return n + static_cast<std::size_t>(__builtin_ctzll(x ^ y) >> 3);
    n += 8;
  }
  while (n < limit && a[n] == b[n]) ++n;
  return n;
}

}  // namespace

void deflateRun(const unsigned char* data, std::size_t size, bool last, std::vector<unsigned char>& out) {
  BitWriter w(out);
  // Positions relative to `data`, in 32 bits (a whole 2^28-pixel RGBA image is 2^30 bytes and rows).
  if (size > 0x7FFFFFFFu) throw std::length_error("deflateRun: a run over 2^31 - 1 bytes");
  std::vector<std::int32_t> head(std::size_t{1} << kHashBits, -1), previous(kWindow, -1);
  const auto insert = [&](std::size_t at) {
    const std::uint32_t h = hash4(data + at);
    previous[at & (kWindow - 1)] = head[h];
    head[h] = static_cast<std::int32_t>(at);
  };
  std::vector<std::uint32_t> tokens;
  tokens.reserve(kBlockTokens);
  for (std::size_t i = 0; i < size;) {
    std::size_t best = 0, bestDistance = 0;
    if (i + kMinMatch <= size) {
      const std::size_t limit = std::min(kMaxMatch, size - i);
      std::int32_t candidate = head[hash4(data + i)];
      // Chains only go back in position; the window test also stops at slots a newer position reused.
      for (int checks = kChainChecks; candidate >= 0 && i - static_cast<std::size_t>(candidate) <= kWindow && checks > 0;
           --checks) {
        const std::size_t c = static_cast<std::size_t>(candidate);
        // Its 4 bytes that a longer match would end with: most candidates fail here, at one load.
        const std::size_t probe = best < kMinMatch ? 0 : best - (kMinMatch - 1);
        if (load32(data + c + probe) == load32(data + i + probe)) {
          const std::size_t length = matchLength(data + c, data + i, limit);
          if (length > best) {
            best = length;
            bestDistance = i - c;
            if (length == limit) break;
          }
        }
        candidate = previous[c & (kWindow - 1)];
      }
      insert(i);
    }
    if (best >= kMinMatch) {
      const Coded l = lengthSymbol(static_cast<std::uint32_t>(best)), d = distanceSymbol(static_cast<std::uint32_t>(bestDistance));
      tokens.push_back(static_cast<std::uint32_t>(l.symbol) | l.extra << 9 | static_cast<std::uint32_t>(d.symbol) << 14 | d.extra << 19);
      if (best < kInsertAllBelow)
        for (std::size_t k = i + 1; k < i + best && k + kMinMatch <= size; ++k) insert(k);
      i += best;
    } else {
      tokens.push_back(data[i]);
      ++i;
    }
    if (tokens.size() == kBlockTokens) {
      writeBlock(w, tokens, last && i == size);
      tokens.clear();
    }
  }
  if (!tokens.empty() || size == 0) writeBlock(w, tokens, last);
  if (!last) {  // an empty stored block: BFINAL 0, BTYPE 00, to the byte, LEN 0, NLEN 0xFFFF
    w.put(0, 3);
    w.alignToByte();
    for (unsigned b : {0x00u, 0x00u, 0xFFu, 0xFFu}) w.putByte(static_cast<unsigned char>(b));
  }
  w.alignToByte();
}

std::uint32_t adler32(const unsigned char* data, std::size_t size, std::uint32_t adler) {
  constexpr std::uint32_t kBase = 65521;
  constexpr std::size_t kMostBeforeOverflow = 5552;
  std::uint32_t a = adler & 0xFFFFu, b = adler >> 16;
  while (size > 0) {
    const std::size_t n = std::min(size, kMostBeforeOverflow);
    for (std::size_t k = 0; k < n; ++k) b += a += data[k];
    a %= kBase;
    b %= kBase;
    data += n;
    size -= n;
  }
  return (b << 16) | a;
}

std::uint32_t adler32Combine(std::uint32_t first, std::uint32_t second, std::size_t secondLength) {
  // Over A then B: a = aA + aB - 1, b = bA + bB + |B| (aA - 1), all mod 65521.
  constexpr std::uint64_t kBase = 65521;
  const std::uint64_t aA = first & 0xFFFFu, bA = first >> 16, aB = second & 0xFFFFu, bB = second >> 16;
  const std::uint64_t a = (aA + aB + kBase - 1) % kBase;
  const std::uint64_t b = (bA + bB + (secondLength % kBase) * ((aA + kBase - 1) % kBase)) % kBase;
  return static_cast<std::uint32_t>((b << 16) | a);
}

}  // namespace png_detail

}  // namespace texsort
