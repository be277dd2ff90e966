// `texsort check`'s inputs and digests.
#include <gtest/gtest.h>

#include <set>

#include "sort/bits.h"
#include "pixelsort/conformance.h"

namespace texsort {
namespace {

std::vector<std::uint32_t> lumas(const Image& image) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < image.rgba.size(); i += 4) out.push_back(lumaKey(image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]));
  return out;
}

TEST(Conformance, PatternsAreWhatTheyAreCalled) {
  for (std::uint32_t n : checkSizes(false, Algorithm::Bitonic)) {
    const std::vector<std::uint32_t> sorted = lumas(checkImage(CheckPattern::Sorted, n, 1));
    ASSERT_EQ(sorted.size(), n);
    EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end())) << n;
    const std::vector<std::uint32_t> reversed = lumas(checkImage(CheckPattern::Reversed, n, 1));
    EXPECT_TRUE(std::is_sorted(reversed.rbegin(), reversed.rend())) << n;
    const std::vector<std::uint32_t> equal = lumas(checkImage(CheckPattern::AllEqual, n, 1));
    EXPECT_EQ(std::set<std::uint32_t>(equal.begin(), equal.end()).size(), 1u) << n;
    const std::vector<std::uint32_t> few = lumas(checkImage(CheckPattern::FewUnique, n, 1));
    EXPECT_LE(std::set<std::uint32_t>(few.begin(), few.end()).size(), 4u) << n;
    if (n >= 100) {
      const std::vector<std::uint32_t> random = lumas(checkImage(CheckPattern::Random, n, 1));
      EXPECT_FALSE(std::is_sorted(random.begin(), random.end())) << n;
      EXPECT_GT(std::set<std::uint32_t>(random.begin(), random.end()).size(), n / 2) << n;
    }
  }
  EXPECT_EQ(checkSizes(true, Algorithm::Bitonic).back(), 1024u);
  EXPECT_EQ(checkSizes(false, Algorithm::Bitonic).back(), 65536u);
  EXPECT_EQ(checkSizes(false, Algorithm::Bitonic).front(), 2u);
}

// The quick set reaches the merges a shared-memory row runs partly in global dispatches, with blocks
// of both directions: four of its largest blocks once padded (C2's 1024, B32C16's 4096); rows
// without shared memory stop at 1024.
TEST(Conformance, TheQuickSetGivesSharedRowsFourBlocks) {
  EXPECT_EQ(nextPowerOfTwo(checkSizes(true, Algorithm::ComputeC2).back()), 4096u);
  EXPECT_EQ(nextPowerOfTwo(checkSizes(true, Algorithm::ComputeB32C16).back()), 16384u);
  EXPECT_EQ(checkSizes(true, Algorithm::ComputeB32C16).size(), checkSizes(true, Algorithm::Bitonic).size() + 1);
  for (const Algorithm a :
       {Algorithm::ComputeB2, Algorithm::ComputeB32, Algorithm::BitonicWide, Algorithm::Transposition}) {
    EXPECT_EQ(checkSizes(true, a).back(), 1024u) << algorithmName(a);
  }
}

TEST(Conformance, DigestsTellStatesApart) {
  SortState a;
  a.elements = packElements(checkImage(CheckPattern::Random, 100, 3), SortOrder::Ascending);
  const std::string digest = stateDigest(a);
  EXPECT_EQ(digest.size(), 16u);
  EXPECT_EQ(stateDigest(a), digest) << "the same state, the same digest";
  SortState b = a;
  std::swap(b.elements[3], b.elements[4]);
  EXPECT_NE(stateDigest(b), digest);
  SortState c = a;
  c.scan.push_back(0.0f);
  EXPECT_NE(stateDigest(c), digest);
  SortState d = a;
  d.compact = {0.0f};
  EXPECT_NE(stateDigest(d), stateDigest(c)) << "which buffer holds the bytes matters";
  // Every buffer of the state counts: a pass that writes only one of them changes the digest.
  std::vector<SortState> changed(4, a);
  changed[0].wide = {1.0f};
  changed[1].source = {PixelTexel{0.5f, 1.0f, 7, 9}};
  changed[2].spans = {1u};
  changed[3].pixels = {255};
  for (std::size_t i = 0; i < changed.size(); ++i) {
    EXPECT_NE(stateDigest(changed[i]), digest) << "buffer " << i;
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(stateDigest(changed[i]), stateDigest(changed[j])) << i << " vs " << j;
  }
  SortState texel = changed[1];
  texel.source[0].element = 8;
  EXPECT_NE(stateDigest(texel), stateDigest(changed[1])) << "each field of a source texel";
}

}  // namespace
}  // namespace texsort
