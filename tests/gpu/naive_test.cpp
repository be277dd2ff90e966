// The benchmark's naive yardstick: its CPU model sorts by key, and the GPU passes equal the model
// bit for bit (so "x naive" times a real sort), ties included.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "bench/naive.h"
#include "gpu_fixture.h"

namespace texsort {
namespace {

using Texel = std::array<float, 4>;

std::vector<Texel> texelsOf(const Colours& colours) {
  std::vector<Texel> texels(colours.size() / 4);
  for (std::size_t i = 0; i < texels.size(); ++i) std::copy_n(&colours[4 * i], 4, texels[i].begin());
  return texels;
}

float luma(const Texel& t) { return 299.0f * t[0] + 587.0f * t[1] + 114.0f * t[2]; }

// n colours from a palette of `distinct` lumas; alpha numbers the texel, so texels with equal keys
// still differ and a tie moved the wrong way shows.
Colours testColours(std::uint64_t n, unsigned distinct, std::uint32_t seed) {
  std::mt19937 rng(seed);
  Colours colours;
  for (std::uint64_t i = 0; i < n; ++i) {
    const float grey = float(rng() % distinct * (255 / std::max(1u, distinct - 1)));
    colours.insert(colours.end(), {grey, grey, grey, float(i % 256)});
  }
  return colours;
}

TEST(NaiveModel, SortsByKeyAndKeepsEveryTexel) {
  for (const std::uint64_t n : {2u, 8u, 64u, 512u, 2048u}) {
    for (const unsigned distinct : {2u, 17u, 256u}) {
      SCOPED_TRACE("n " + std::to_string(n) + ", lumas " + std::to_string(distinct));
      const Colours in = testColours(n, distinct, std::uint32_t(n * 31 + distinct));
      std::vector<Texel> out = texelsOf(naiveModel(in));
      EXPECT_TRUE(std::is_sorted(out.begin(), out.end(), [](const Texel& a, const Texel& b) { return luma(a) < luma(b); }));
      std::vector<Texel> before = texelsOf(in);
      std::sort(before.begin(), before.end());
      std::sort(out.begin(), out.end());
      EXPECT_EQ(out, before) << "a permutation of the input";
    }
  }
}

class Naive : public test::GpuTest {};

TEST_F(Naive, GpuEqualsTheCpuModelBitForBit) {
  for (unsigned log2n = 1; log2n <= 11; ++log2n) {  // odd and even: 2x1 ... 64x32 textures
    const std::uint64_t n = std::uint64_t{1} << log2n;
    for (const unsigned distinct : {3u, 256u}) {
      SCOPED_TRACE("n " + std::to_string(n) + ", lumas " + std::to_string(distinct));
      const Colours in = testColours(n, distinct, std::uint32_t(log2n * 7 + distinct));
      NaiveBitonic naive(n);
      EXPECT_EQ(naive.passes(), std::uint64_t{log2n} * (log2n + 1) / 2);
      naive.upload(in);
      naive.run();
      EXPECT_EQ(naive.read(), naiveModel(in));
    }
  }
}

TEST_F(Naive, RefusesSizesItCannotIndex) {
  EXPECT_THROW(NaiveBitonic(3), Error);
  EXPECT_THROW(NaiveBitonic((std::uint64_t{1} << 24) * 2), Error);
}

}  // namespace
}  // namespace texsort
