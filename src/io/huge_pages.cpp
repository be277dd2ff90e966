// Transparent huge pages: the tunable, the restart, and what `texsort info` says of them; the
// allocator's settings that keep freed memory for reuse.
#include "io/huge_pages.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>

namespace texsort {
namespace {

constexpr int kDefaultMmapMax = 65536;  // glibc's M_MMAP_MAX when no tunable sets it
constexpr int kPopulateWrite = 23;      // MADV_POPULATE_WRITE (Linux 5.14), missing from older headers

constexpr const char* kTunable = "glibc.malloc.hugetlb";

constexpr std::size_t kHugePage = std::size_t{2} << 20, kSmallPage = 4096;

// p rounded down (up) to a multiple of `to`, a power of two.
char* alignDown(const void* p, std::size_t to) {
  return reinterpret_cast<char*>(reinterpret_cast<std::uintptr_t>(p) & ~std::uintptr_t{to - 1});
}
char* alignUp(const void* p, std::size_t to) { return alignDown(static_cast<const char*>(p) + to - 1, to); }

// The kernel's THP mode, the bracketed word of "always [madvise] never"; empty when unknown.
std::string thpMode() {
  std::ifstream file("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  std::getline(file, line);
  const std::size_t open = line.find('['), close = line.find(']');
  return open != std::string::npos && close > open ? line.substr(open + 1, close - open - 1) : std::string();
}

// The value GLIBC_TUNABLES gives the tunable `name` (colon-separated name=value entries), if it
// names it.
std::optional<std::string> tunableValue(const char* tunables, const char* name = kTunable) {
  if (tunables == nullptr) return std::nullopt;
  const std::string all = tunables;
  for (std::size_t at = 0; at <= all.size();) {
    const std::size_t end = std::min(all.find(':', at), all.size());
    const std::string entry = all.substr(at, end - at);
    const std::size_t equals = entry.find('=');
    if (equals != std::string::npos && entry.compare(0, equals, name) == 0)  // the whole name
      return entry.substr(equals + 1);
    at = end + 1;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> tunablesWithHugePages(const char* current) {
  if (tunableValue(current)) return std::nullopt;
  const std::string entry = std::string(kTunable) + "=1";
  return current == nullptr || *current == '\0' ? entry : std::string(current) + ":" + entry;
}

void restartWithHugePages(char** argv) {
  if (thpMode() != "madvise") return;  // "always" needs no asking; "never" gives none
  const char* current = std::getenv("GLIBC_TUNABLES");
  const std::optional<std::string> tunables = tunablesWithHugePages(current);
  if (!tunables) return;
  const std::optional<std::string> before = current ? std::optional<std::string>(current) : std::nullopt;
  if (setenv("GLIBC_TUNABLES", tunables->c_str(), 1) != 0) return;
  execv("/proc/self/exe", argv);
  // No restart (no /proc, say): carry on in small pages, with the environment as it was.
  if (before) setenv("GLIBC_TUNABLES", before->c_str(), 1);
  else unsetenv("GLIBC_TUNABLES");
}

void keepFreedMemory() {
  const char* tunables = std::getenv("GLIBC_TUNABLES");
  if (!tunableValue(tunables, "glibc.malloc.arena_max")) mallopt(M_ARENA_MAX, 1);
  if (!tunableValue(tunables, "glibc.malloc.mmap_threshold")) mallopt(M_MMAP_THRESHOLD, kKeptBlockBytes);
  if (!tunableValue(tunables, "glibc.malloc.trim_threshold")) mallopt(M_TRIM_THRESHOLD, kKeptFreeBytes);
}

HeapReserve::HeapReserve(std::size_t bytes) {
  if (bytes < (std::size_t{8} << 20) || bytes > std::size_t{kKeptFreeBytes}) return;
  // One block from the heap: with mmap allowed glibc would map a block this large on its own, and
  // unmap it when freed.
  const std::optional<std::string> mmapMax = tunableValue(std::getenv("GLIBC_TUNABLES"), "glibc.malloc.mmap_max");
  mallopt(M_MMAP_MAX, 0);
  block_ = static_cast<char*>(std::malloc(bytes));
  mallopt(M_MMAP_MAX, mmapMax ? std::atoi(mmapMax->c_str()) : kDefaultMmapMax);
  if (!block_) return;
  bytes_ = bytes;
  // Huge pages where the kernel gives them on request, whether or not glibc asked (the pixel sort
  // runs without the restart); prepare() turns to small pages from the first dear one.
  char* const first = alignUp(block_, kHugePage);
  char* const end = alignDown(block_ + bytes, kHugePage);
  if (end > first) madvise(first, static_cast<std::size_t>(end - first), MADV_HUGEPAGE);
}

HeapReserve::~HeapReserve() { std::free(block_); }

bool HeapReserve::prepare(double dearMsPerMiB) {
  if (!block_) return false;
  constexpr std::size_t kPiece = std::size_t{8} << 20;
  char* const end = alignDown(block_ + bytes_, kSmallPage);
  char* page = alignUp(block_, kHugePage);
  for (; page + kHugePage <= end; page += kHugePage) {
    const auto begun = std::chrono::steady_clock::now();
    for (char* p = page; p < page + kHugePage; p += kSmallPage) *static_cast<volatile char*>(p) = 0;
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begun).count();
    if (ms > dearMsPerMiB * static_cast<double>(kHugePage >> 20)) break;
  }
  bool populated = false;
  if (page + kHugePage <= end) {
    char* const rest = page + kHugePage;
    populated = madvise(rest, static_cast<std::size_t>(end - rest), MADV_NOHUGEPAGE) == 0;
    // In pieces: the GL driver's mmap while it loads waits for one piece at most.
    for (char* p = rest; populated && p < end; p += kPiece)
      populated = madvise(p, std::min<std::size_t>(kPiece, static_cast<std::size_t>(end - p)), kPopulateWrite) == 0;
  }
  std::free(block_);
  block_ = nullptr;
  return populated;
}

void populatePages(void* begin, std::size_t bytes) {
  if (bytes < (std::size_t{1} << 20)) return;
  char* const first = alignUp(begin, kSmallPage);
  char* const end = alignDown(static_cast<char*>(begin) + bytes, kSmallPage);
  madvise(first, static_cast<std::size_t>(end - first), kPopulateWrite);
}

std::string hugePagesStatus() {
  const std::string mode = thpMode();
  if (mode == "always") return "on: the kernel backs large allocations with huge pages (THP always)";
  if (mode != "madvise") return "off: the kernel gives no transparent huge pages (THP " + (mode.empty() ? "unknown" : mode) + ")";
  const std::optional<std::string> value = tunableValue(std::getenv("GLIBC_TUNABLES"));
  if (value && *value != "0") return "on: GLIBC_TUNABLES " + std::string(kTunable) + "=" + *value + " (THP madvise)";
  if (value) return "off: GLIBC_TUNABLES sets " + std::string(kTunable) + "=0";
  return "off: texsort could not restart itself with GLIBC_TUNABLES " + std::string(kTunable) + "=1";
}

}  // namespace texsort
