// A recipe's sorts run in one place (pixelsort/recipe.h, frame_sorter.h): each sort on the result of
// the one before, its side pictures read from its files and checked, its --mix applied, the same
// picture whether a still's run (sortThrough) or a frame's (FrameSorter, rows at any stride) takes it.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "error.h"
#include "image/image_io.h"
#include "pixelsort/frame_sorter.h"
#include "pixelsort/option_parse.h"
#include "pixelsort/recipe.h"
#include "gpu_fixture.h"
#include "test_support.h"

namespace texsort {
namespace {

using Gpu = test::GpuTest;

// The recipe by the plain reference: each sort a stable sort of every span, mixed by its --mix with
// what it sorted, on the result of the one before.
Image referenceThrough(Image image, const std::vector<PixelSortStage>& stages) {
  for (const PixelSortStage& stage : stages) {
    Image sorted = pixelSortReference(image, stage.options);
    mixWithOriginal(sorted.rgba, image.rgba, stage.options.mix);
    image = std::move(sorted);
  }
  return image;
}

TEST_F(Gpu, ARecipeSortsEachStageOnTheLastOnesResult) {
  test::TempFolder dir;
  std::mt19937 rng(65);
  const Image image = test::randomImage(37, 23, rng, 40);
  Image mask = test::randomImage(37, 23, rng, 2);
  saveImagePng(dir.path("mask.png"), mask);
  const std::vector<std::string> words = {"--key", "hue", "--mask", dir.path("mask.png"), "--then", "--angle", "30",
                                          "--mix", "0.5", "--then", "--path", "circles", "--intervals", "none",
                                          "--order", "desc"};
  std::vector<PixelSortStage> stages = parseSorts(words).stages;
  ASSERT_EQ(stages.size(), 3u);
  const Image still = sortThrough(image, stages, "the picture", true);  // --verify's CPU model after each sort
  for (PixelSortStage& stage : stages) readSidePictures(stage);
  const Image expected = referenceThrough(image, stages);
  ASSERT_TRUE(stages[0].options.mask) << "the first sort's mask read from its file";
  EXPECT_TRUE(still.rgba == expected.rgba) << "a still through the recipe equals the reference's";
  EXPECT_FALSE(still.rgba == referenceThrough(image, {stages[0], stages[2]}).rgba) << "the middle sort counts";

  // A frame: rows 160 bytes apart, sorted in place twice (the plans made at the first, kept).
  const std::size_t stride = 160, row = 37 * 4;
  std::vector<std::uint8_t> frame(stride * 23, 0xab);
  for (std::uint32_t y = 0; y < 23; ++y) std::memcpy(&frame[y * stride], &image.rgba[y * row], row);
  FrameSorter sorter(parseSorts(words).stages);
  for (int pass = 0; pass < 2; ++pass) {
    std::vector<std::uint8_t> in = frame;
    sorter.sort(in.data(), stride, in.data(), stride, 37, 23);
    for (std::uint32_t y = 0; y < 23; ++y) {
      ASSERT_EQ(std::memcmp(&in[y * stride], &expected.rgba[y * row], row), 0) << "frame " << pass << ", row " << y;
      ASSERT_EQ(in[y * stride + row], 0xab) << "the padding past each row is left alone";
    }
  }
}

// A filter's parameters change: the new recipe's sorter inherits the last one's plans, and each of
// its sorts takes the runner of the sort in the same place where it serves (same backend and size);
// the frames equal the reference's. A frame of another size plans afresh.
TEST_F(Gpu, ANewRecipeTakesTheLastRecipesRunners) {
  std::mt19937 rng(67);
  const Image image = test::randomImage(37, 23, rng, 40);
  const std::vector<std::string> before = {"--angle", "10", "--then", "--key", "hue"};
  const std::vector<std::string> after = {"--angle", "40", "--then", "--key", "saturation", "--lower", "0.3"};
  FrameSorter first(parseSorts(before).stages);
  std::vector<std::uint8_t> frame = image.rgba;
  first.sort(frame.data(), 37 * 4, frame.data(), 37 * 4, 37, 23);
  const Runner* runners[] = {&first.plan(0).runner(), &first.plan(1).runner()};
  const std::uint64_t rowElements = first.plan(1).runner().elementCount();
  FrameSorter second(parseSorts(after).stages);
  second.inherit(first);
  frame = image.rgba;
  second.sort(frame.data(), 37 * 4, frame.data(), 37 * 4, 37, 23);
  EXPECT_EQ(&second.plan(0).runner(), runners[0]);
  EXPECT_EQ(&second.plan(1).runner(), runners[1]);
  EXPECT_TRUE(frame == referenceThrough(image, parseSorts(after).stages).rgba);
  // Circles lay out more elements than rows: that sort makes a runner of its own.
  const std::vector<std::string> circles = {"--angle", "40", "--then", "--path", "circles", "--intervals", "none"};
  FrameSorter third(parseSorts(circles).stages);
  third.inherit(second);
  frame = image.rgba;
  third.sort(frame.data(), 37 * 4, frame.data(), 37 * 4, 37, 23);
  EXPECT_EQ(&third.plan(0).runner(), runners[0]);
  EXPECT_NE(third.plan(1).runner().elementCount(), rowElements);
  EXPECT_TRUE(frame == referenceThrough(image, parseSorts(circles).stages).rgba);
  const Image small = test::randomImage(16, 9, rng, 40);
  frame = small.rgba;
  third.sort(frame.data(), 16 * 4, frame.data(), 16 * 4, 16, 9);
  EXPECT_TRUE(frame == referenceThrough(small, parseSorts(circles).stages).rgba);
}

TEST_F(Gpu, ARecipesSidePicturesAreCheckedByTheirFiles) {
  test::TempFolder dir;
  std::mt19937 rng(66);
  const Image image = test::randomImage(12, 9, rng);
  saveImagePng(dir.path("small.png"), test::randomImage(5, 5, rng));
  const std::vector<PixelSortStage> stages =
      parseSorts({"--key", "hue", "--then", "--intervals", "mask", "--mask", dir.path("small.png")}).stages;
  try {
    sortThrough(image, stages, "the picture");
    FAIL() << "a mask of another size sorted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(dir.path("small.png") + ": the mask is 5x5, the image 12x9"), std::string::npos)
        << e.what();
  }
  try {
    FrameSorter refused(parseSorts({"--key", "hue", "--then", "--mask", "-"}).stages);
    FAIL() << "a frame's sort read standard input";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "--mask must be a file, not -");
  }
}

}  // namespace
}  // namespace texsort
