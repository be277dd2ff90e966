// Transparent huge pages: the tunable, the restart, and what `texsort info` says of them; the
// allocator's settings that keep freed memory for reuse.
#include "io/huge_pages.h"

#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>

namespace texsort {
namespace {

constexpr const char* kTunable = "glibc.malloc.hugetlb";

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
