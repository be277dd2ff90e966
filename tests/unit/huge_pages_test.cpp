// The GLIBC_TUNABLES value texsort restarts itself with; the allocator settings that keep freed
// memory for reuse.
#include <gtest/gtest.h>
#include <malloc.h>

#include <cstdlib>
#include <cstring>
#include <thread>

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
#endif

}  // namespace
}  // namespace texsort
