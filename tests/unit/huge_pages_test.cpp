// The GLIBC_TUNABLES value texsort restarts itself with; the allocator settings that keep freed
// memory for reuse; the heap reserve.
#include <gtest/gtest.h>
#include <malloc.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "io/huge_pages.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEXSORT_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TEXSORT_ASAN 1
#endif

namespace texsort {
namespace {

TEST(HugePages, TheTunableIsAddedToWhatIsThereUnlessItIsNamedAlready) {
  EXPECT_EQ(tunablesWithHugePages(nullptr), "glibc.malloc.hugetlb=1");
  EXPECT_EQ(tunablesWithHugePages(""), "glibc.malloc.hugetlb=1");
  EXPECT_EQ(tunablesWithHugePages("glibc.malloc.check=3"), "glibc.malloc.check=3:glibc.malloc.hugetlb=1");
  // A name that only starts like it is another tunable.
  EXPECT_EQ(tunablesWithHugePages("glibc.malloc.hugetlbx=2"), "glibc.malloc.hugetlbx=2:glibc.malloc.hugetlb=1");
  EXPECT_EQ(tunablesWithHugePages("glibc.malloc.hugetlb=0"), std::nullopt);
  EXPECT_EQ(tunablesWithHugePages("glibc.malloc.check=3:glibc.malloc.hugetlb=2"), std::nullopt);
}

// Whether every page of [begin, begin + size) is in memory.
bool resident(const char* begin, std::size_t size) {
  const std::size_t page = 4096;
  const auto first = reinterpret_cast<std::uintptr_t>(begin) & ~std::uintptr_t{page - 1};
  const std::size_t pages = (reinterpret_cast<std::uintptr_t>(begin) + size - first + page - 1) / page;
  std::vector<unsigned char> in(pages);
  if (mincore(reinterpret_cast<void*>(first), pages * page, in.data()) != 0) return false;
  for (unsigned char p : in)
    if (!(p & 1)) return false;
  return true;
}

// The whole pages inside the range are faulted in, those holding something keep it; a range under
// 1 MiB is left alone.
TEST(PopulatePages, FaultsInTheWholePagesOfTheRangeAndKeepsWhatTheyHold) {
  constexpr std::size_t kPage = 4096, kBytes = 4u << 20;
  char* const map = static_cast<char*>(mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(map, MAP_FAILED);
  ASSERT_EQ(madvise(map, kBytes, MADV_NOHUGEPAGE), 0);  // a huge page would bring its neighbours in
  for (std::size_t at = 64 * kPage; at < kBytes; at += 64 * kPage) map[at + 5] = static_cast<char>(at >> 12);
  ASSERT_FALSE(resident(map + kPage, kPage));
  populatePages(map + kPage, (1u << 20) - kPage);
  EXPECT_FALSE(resident(map + kPage, kPage)) << "under 1 MiB: nothing";
  populatePages(map + 100, kBytes - 200);
  EXPECT_TRUE(resident(map + kPage, kBytes - 2 * kPage));
  EXPECT_FALSE(resident(map, kPage)) << "a page only partly in the range";
  for (std::size_t at = 64 * kPage; at < kBytes; at += 64 * kPage) EXPECT_EQ(map[at + 5], static_cast<char>(at >> 12));
  munmap(map, kBytes);
}

#ifndef TEXSORT_ASAN  // ASan's allocator takes no mallopt() and keeps no mallinfo2()
// After keepFreedMemory(), a large block that another thread (the decoder's, say) asks for comes
// from the one heap, and stays there when freed, for the next texture. Without it the block is a
// mapping of its own, unmapped when freed.
TEST(KeptMemory, ABlockFreedOnAnotherThreadStaysInTheHeap) {
  keepFreedMemory();
  constexpr std::size_t kBytes = 16u << 20;
  std::size_t mapped = 0;
  static void* volatile escaped = nullptr;  // so the compiler keeps the block
  std::thread([&] {
    void* block = std::malloc(kBytes);
    std::memset(block, 1, kBytes);
    escaped = block;
    mapped = mallinfo2().hblkhd;
    std::free(escaped);
  }).join();
  EXPECT_LT(mapped, kBytes) << "from the heap, not a mapping of its own";
  EXPECT_GE(mallinfo2().fordblks, kBytes) << "kept in the heap when freed";
}

// Dear first touches (any cost is dear at 0 ms a MiB): the block's pages are populated, and the next
// large block asked for comes from it. Cheap ones (no cost is dear at infinity): its huge pages are
// touched one by one instead, nothing populated.
TEST(HeapReserve, PopulatesTheBlockWhenTouchesAreDearAndTheNextBlockReusesIt) {
  keepFreedMemory();
  constexpr std::size_t kBytes = 48u << 20;  // above kKeptBlockBytes, as a run's reserve is
  for (const double dear : {0.0, std::numeric_limits<double>::infinity()}) {
    SCOPED_TRACE(dear);
    HeapReserve reserve(kBytes);
    const char* const begin = reserve.begin();
    ASSERT_NE(begin, nullptr);
    // Its whole pages dropped first: the heap may have handed out memory touched before.
    char* const page = reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(begin) + 4095) & ~std::uintptr_t{4095});
    ASSERT_EQ(madvise(page, (begin + kBytes - page) & ~std::size_t{4095}, MADV_DONTNEED), 0);
    ASSERT_FALSE(resident(begin + (2u << 20), kBytes - (4u << 20)));
    EXPECT_EQ(reserve.prepare(dear), dear == 0.0);
    EXPECT_EQ(reserve.begin(), nullptr) << "freed";
    EXPECT_TRUE(resident(begin + (2u << 20), kBytes - (4u << 20)));
    void* next = std::malloc(kBytes / 2);
    EXPECT_GE(static_cast<const char*>(next), begin);
    EXPECT_LE(static_cast<const char*>(next) + kBytes / 2, begin + kBytes) << "the next block comes from the reserve";
    std::free(next);
  }
}

// What /proc/self/smaps says of the mapping that holds `address`: whether the kernel may back it
// with transparent huge pages.
bool thpEligible(const void* address) {
  std::ifstream smaps("/proc/self/smaps");
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    unsigned long long begin = 0, end = 0;
    if (std::sscanf(line.c_str(), "%llx-%llx ", &begin, &end) == 2 && line.find(':') > line.find(' ')) {
      inside = begin <= at && at < end;
    } else if (inside && line.rfind("THPeligible:", 0) == 0) {
      return line.find('1') != std::string::npos;
    }
  }
  return false;
}

// The reserve asks for huge pages itself: the pixel sort runs without glibc's tunable that makes
// malloc ask. (Where THP is "never" nothing may have them; under "always" everything may.)
TEST(HeapReserve, AsksForHugePagesItself) {
  keepFreedMemory();
  std::ifstream modeFile("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string mode;
  std::getline(modeFile, mode);
  HeapReserve reserve(16u << 20);
  ASSERT_NE(reserve.begin(), nullptr);
  const char* const middle = reserve.begin() + (8u << 20);
  if (mode.find("[madvise]") != std::string::npos) {
    EXPECT_TRUE(thpEligible(middle));
    // Memory nobody asked for: a fresh mapping (the heap may hold an earlier test's reserve).
    void* other = mmap(nullptr, 16u << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(other, MAP_FAILED);
    EXPECT_FALSE(thpEligible(static_cast<char*>(other) + (8u << 20)));
    munmap(other, 16u << 20);
  }
  if (mode.find("[never]") != std::string::npos) {
    EXPECT_FALSE(thpEligible(middle));
  }
}

TEST(HeapReserve, TakesNothingBelowEightMiB) {
  HeapReserve reserve(4u << 20);
  EXPECT_EQ(reserve.begin(), nullptr);
  EXPECT_FALSE(reserve.prepare(0.0));
}
#endif

}  // namespace
}  // namespace texsort
