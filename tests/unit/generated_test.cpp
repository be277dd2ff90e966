// Generated viewer inputs: each pattern has the shape its name promises, in luma.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "sort/packing.h"
#include "viewer/generated.h"

namespace texsort {
namespace {

std::vector<std::uint32_t> lumas(const Image& image) {
  std::vector<std::uint32_t> l(image.pixelCount());
  for (std::size_t i = 0; i < l.size(); ++i) l[i] = lumaKey(image.rgba[i * 4], image.rgba[i * 4 + 1], image.rgba[i * 4 + 2]);
  return l;
}

TEST(Generated, PatternsHaveTheirShape) {
  const auto asc = lumas(generateImage(Pattern::Ascending, 32, 1));
  EXPECT_TRUE(std::is_sorted(asc.begin(), asc.end()));
  EXPECT_LT(asc.front(), asc.back());
  const auto desc = lumas(generateImage(Pattern::Descending, 32, 1));
  EXPECT_TRUE(std::is_sorted(desc.rbegin(), desc.rend()));
  const auto organ = lumas(generateImage(Pattern::PipeOrgan, 32, 1));
  EXPECT_TRUE(std::is_sorted(organ.begin(), organ.begin() + 512));
  EXPECT_TRUE(std::is_sorted(organ.rbegin(), organ.rbegin() + 512));
  const auto few = lumas(generateImage(Pattern::FewUnique, 32, 1));
  EXPECT_LE(std::set<std::uint32_t>(few.begin(), few.end()).size(), 6u);
  const auto nearly = lumas(generateImage(Pattern::NearlySorted, 32, 1));
  EXPECT_FALSE(std::is_sorted(nearly.begin(), nearly.end()));
  std::size_t descents = 0;
  for (std::size_t i = 1; i < nearly.size(); ++i) descents += nearly[i] < nearly[i - 1];
  EXPECT_LT(descents, nearly.size() / 10);
  const auto random = lumas(generateImage(Pattern::Random, 32, 1));
  EXPECT_GT(std::set<std::uint32_t>(random.begin(), random.end()).size(), 300u);
}

TEST(Generated, IsDeterministicAndSized) {
  const Image a = generateImage(Pattern::Random, 16, 7), b = generateImage(Pattern::Random, 16, 7);
  EXPECT_EQ(a.rgba, b.rgba);
  EXPECT_EQ(a.width, 16u);
  EXPECT_EQ(a.height, 16u);
  EXPECT_NE(generateImage(Pattern::Random, 16, 8).rgba, a.rgba);
  EXPECT_EQ(generateImage(Pattern::Ascending, 2048, 1).pixelCount(), 2048u * 2048u);
}

}  // namespace
}  // namespace texsort
