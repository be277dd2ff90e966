// The GLIBC_TUNABLES value texsort restarts itself with.
#include <gtest/gtest.h>

#include "io/huge_pages.h"

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

}  // namespace
}  // namespace texsort
