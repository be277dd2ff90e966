// The compute runner's compute-radix dispatches (compute_radix.comp): a digit's tile counts, their
// scan and the stable scatter into the other element (or pair) buffer, which then becomes the
// elements (or pairs); the pixel sort's last scatter writes the picture (compute_pixels.cpp).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "error.h"
#include "sort/compute_runner.h"
#include "sort/radix_model.h"

namespace texsort {
namespace {

constexpr unsigned kScanThreads = 64;

// Invocations of a tile-counts or scatter workgroup, each owning a tile: 64, fewer for wider
// digits, so their counts (2^bits x (threads + 1) uints) stay within 17 KiB of the 32 KiB of shared
// memory GL 4.3 promises.
unsigned tileThreads(unsigned radixBits) { return radixBits <= 6 ? 64u : 64u >> (radixBits - 6); }

// The count scan of lines of at most 64 tiles: an invocation a (value, line) row, walked alone;
// longer lines: a workgroup a row, an invocation a chunk of it.
bool scansARowAnInvocation(const RadixDigit& d) { return d.lineLog2 - d.tileLog2 <= 6; }

// The count scan's workgroups.
std::uint64_t scanWorkgroups(const RadixDigit& d, std::uint64_t n) {
  const std::uint64_t rows = (std::uint64_t{1} << d.radixBits) * radixLines(d, n);
  return scansARowAnInvocation(d) ? (rows + kScanThreads - 1) / kScanThreads : rows;
}

RadixCall radixCall(const Pass& pass) {
  const RadixCall call = radixCallOf(pass);
  if (call.d == nullptr) throw Error(ExitCode::Gpu, "GPU sorter: " + describe(pass) + " is no compute-radix dispatch");
  return call;
}

}  // namespace

RadixCall radixCallOf(const Pass& pass) {
  if (const auto* p = std::get_if<RadixTileCounts>(&pass)) return {1, &p->d};
  if (const auto* p = std::get_if<RadixCountScan>(&pass)) return {2, &p->d};
  if (const auto* p = std::get_if<RadixScatter>(&pass)) return {3, &p->d};
  return {};
}

std::string radixDefines(const Pass& pass) {
  const RadixCall call = radixCall(pass);
  const RadixDigit& d = *call.d;
  if (d.radixBits < 1 || d.radixBits > kMaxRadixBits || d.bits < 1 || d.bits > d.radixBits ||
      d.shift + d.bits > 2 * kIndexLowBits || d.tileLog2 > d.lineLog2) {
    throw Error(ExitCode::Gpu, "GPU sorter: a radix digit of an unknown shape: " + describe(pass));
  }
  // The scan of long lines: no more invocations than a line has tiles, so each has a chunk.
  const unsigned threads = call.phase != 2                ? tileThreads(d.radixBits)
                           : scansARowAnInvocation(d) ? kScanThreads
                                                      : std::min(kScanThreads, 1u << (d.lineLog2 - d.tileLog2));
  return std::string(d.pairs ? "#define RADIX_PAIRS\n" : "") + "#define RADIX_PHASE " + std::to_string(call.phase) +
         "\n#define RADIX_BITS " + std::to_string(d.radixBits) + "u\n#define TILE_LOG2 " + std::to_string(d.tileLog2) +
         "u\n#define THREADS " + std::to_string(threads) + "u\n" +
         (call.phase == 2 && scansARowAnInvocation(d) ? "#define SCAN_A_ROW_AN_INVOCATION\n" : "");
}

void ComputeRunner::radixBuffers(const RadixDigit& d) {
  const std::uint64_t uints = radixCountsSize(d, elementCount());
  if (!counts_ || counts_.bytes() != uints * sizeof(std::uint32_t)) {
    checkStorageBlock(uints * sizeof(std::uint32_t));
    counts_ = gl::StorageBuffer(uints * sizeof(std::uint32_t), nullptr, "radix counts");  // written before read
  }
  if (d.pairs) {
    if (!pairsOut_) pairsOut_ = gl::StorageBuffer(pairs().bytes(), nullptr, "radix scatter pairs");
    return;
  }
  gl::StorageBuffer& target = elements_[1 - current_];
  if (!target) target = gl::StorageBuffer(elementBuffer().bytes(), nullptr, "radix scatter target");
}

// Whether in every line one digit value holds the whole line (the scanned totals say so): the
// digit is then the same within each line and the scatter would move nothing.
bool ComputeRunner::digitIsConstant(const RadixDigit& d) const {
  const std::uint64_t n = elementCount(), values = std::uint64_t{1} << d.radixBits;
  std::vector<std::uint32_t> totals(values * radixLines(d, n));
  counts_.read(totals.data(), totals.size() * sizeof(std::uint32_t), radixTiles(d, n) * values * sizeof(std::uint32_t));
  return radixTotalsHoldOneValue(d, n, totals.data());
}

void ComputeRunner::dispatchRadixPass(const Pass& pass, const gl::Program& p) {
  const RadixCall call = radixCall(pass);
  const RadixDigit& d = *call.d;
  const std::uint64_t n = elementCount(), tiles = radixTiles(d, n);
  radixBuffers(d);
  const auto* intoImage = std::get_if<RadixScatter>(&pass);
  if (intoImage != nullptr && intoImage->pixels == 0) intoImage = nullptr;
  if (call.phase == 3 && intoImage == nullptr && digitIsConstant(d)) {  // nothing moves
    ++skippedScatters_;
    return;
  }
  const std::uint64_t threads = tileThreads(d.radixBits);  // a tile an invocation
  if (intoImage != nullptr) {  // the picture, the pairs left as they were (compute_pixels.cpp)
    dispatchRadixIntoImage(p, (tiles + threads - 1) / threads);
    return;
  }
  bind(elements_[current_], elements_[1 - current_]);  // unbound on pairs: no element buffer
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindCounts, counts_.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindPairsOut, pairsOut_.id());  // unbound on elements
  dispatch(p, call.phase == 2 ? scanWorkgroups(d, n) : (tiles + threads - 1) / threads);
  if (call.phase == 3 && d.pairs) {
    std::swap(pairs_, pairsOut_);
    written_ |= bufferBit(Buffer::Compact);
    shown_ = Buffer::Compact;
  } else if (call.phase == 3) {
    current_ = 1 - current_;
    scattered_ = true;
    written_ |= bufferBit(Buffer::Elements);
    shown_ = Buffer::Elements;
  } else {
    written_ |= bufferBit(Buffer::Counts);
  }
  TEXSORT_GL_CHECK("compute radix");
}

}  // namespace texsort
