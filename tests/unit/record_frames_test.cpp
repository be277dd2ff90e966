// Recording frames: which passes each frame shows, the frame's size, and its pixels.
#include <gtest/gtest.h>

#include <algorithm>

#include "record/encoder.h"
#include "record/frames.h"

namespace texsort {
namespace {

TEST(RecordFrames, HoldsTheEndsAndStepsByEvery) {
  const std::vector<std::uint32_t> passes = framePasses(0, 171, 1, 30);
  ASSERT_EQ(passes.size(), 30u + 170u + 30u);
  EXPECT_TRUE(std::all_of(passes.begin(), passes.begin() + 30, [](std::uint32_t p) { return p == 0; }));
  EXPECT_TRUE(std::all_of(passes.end() - 30, passes.end(), [](std::uint32_t p) { return p == 171; }));
  for (std::uint32_t i = 30; i < 200; ++i) EXPECT_EQ(passes[i], i - 29);
}

TEST(RecordFrames, EveryKeepsTheLastPassWhateverItsRemainder) {
  EXPECT_EQ(framePasses(0, 10, 4, 1), (std::vector<std::uint32_t>{0, 4, 8, 10}));
  EXPECT_EQ(framePasses(0, 8, 4, 2), (std::vector<std::uint32_t>{0, 0, 4, 8, 8}));
  EXPECT_EQ(framePasses(5, 9, 1, 1), (std::vector<std::uint32_t>{5, 6, 7, 8, 9}));
  EXPECT_EQ(framePasses(3, 3, 1, 4), (std::vector<std::uint32_t>{3, 3, 3, 3}));  // one pass: held once
  EXPECT_EQ(framePasses(0, 3, 1000, 1), (std::vector<std::uint32_t>{0, 3}));
}

TEST(RecordFrames, HoldFramesRoundAndNeverVanish) {
  EXPECT_EQ(holdFrameCount(1.0, 30.0), 30u);
  EXPECT_EQ(holdFrameCount(0.0, 30.0), 1u);
  EXPECT_EQ(holdFrameCount(0.5, 25.0), 13u);
  EXPECT_EQ(holdFrameCount(0.01, 10.0), 1u);
}

TEST(RecordFrames, GeometryScalesAddsTheStripAndEvensTheSides) {
  const FrameGeometry half = frameGeometry(512, 512, 0.5, 0, 0, 2, true);
  EXPECT_EQ(half.pictureWidth, 256u);
  EXPECT_EQ(half.pictureHeight, 256u);
  EXPECT_EQ(half.textScale, 1);
  EXPECT_EQ(half.width, 256u);
  EXPECT_EQ(half.height, 256u + half.captionHeight + (half.captionHeight & 1));
  EXPECT_GT(half.captionHeight, 20u);

  const FrameGeometry odd = frameGeometry(33, 17, 1.0, 0, 0, 0, true);
  EXPECT_EQ(odd.captionHeight, 0u);
  EXPECT_EQ(odd.width, 34u);
  EXPECT_EQ(odd.height, 18u);
  const FrameGeometry oddGif = frameGeometry(33, 17, 1.0, 0, 0, 0, false);
  EXPECT_EQ(oddGif.width, 33u);
  EXPECT_EQ(oddGif.height, 17u);

  const FrameGeometry wide = frameGeometry(512, 256, 0.0, 400, 0, 1, false);  // height keeps the aspect
  EXPECT_EQ(wide.pictureHeight, 200u);
  EXPECT_EQ(wide.textScale, 2);
  const FrameGeometry stretched = frameGeometry(512, 256, 0.0, 100, 100, 0, false);
  EXPECT_EQ(stretched.pictureWidth, 100u);
  EXPECT_EQ(stretched.pictureHeight, 100u);
  EXPECT_EQ(frameGeometry(3, 3, 0.01, 0, 0, 0, false).pictureWidth, 1u);  // never 0
}

Image rgbaImage(std::uint32_t w, std::uint32_t h, const std::vector<std::uint8_t>& rgb) {
  Image image;
  image.width = w;
  image.height = h;
  image.channels = 3;
  for (std::size_t i = 0; i < rgb.size(); i += 3) image.rgba.insert(image.rgba.end(), {rgb[i], rgb[i + 1], rgb[i + 2], 255});
  return image;
}

TEST(RecordFrames, ShrinkingAveragesTheCoveredPixels) {
  // 4x2 -> 2x1: each output pixel is the rounded mean of a 2x2 block.
  const Image picture = rgbaImage(4, 2, {0, 0, 0, 10, 20, 30, 100, 100, 100, 200, 200, 200,
                                         1, 2, 3, 4, 5, 6, 0, 0, 0, 255, 255, 255});
  const FrameGeometry g = frameGeometry(4, 2, 0.5, 0, 0, 0, false);
  EXPECT_EQ(composeFrame(picture, g, ""),
            (std::vector<std::uint8_t>{4, 7, 10, 139, 139, 139}));  // (0+10+1+4+2)/4 rounds 3.75 to 4, ...
}

TEST(RecordFrames, EnlargingRepeatsPixelsAndTheStripNeverCoversThePicture) {
  const Image picture = rgbaImage(2, 1, {10, 20, 30, 40, 50, 60});
  const FrameGeometry g = frameGeometry(2, 1, 2.0, 0, 0, 1, true);
  const std::vector<std::uint8_t> frame = composeFrame(picture, g, "pass 1/1");
  ASSERT_EQ(frame.size(), std::size_t{g.width} * g.height * 3);
  const std::vector<std::uint8_t> row = {10, 20, 30, 10, 20, 30, 40, 50, 60, 40, 50, 60};
  for (std::uint32_t y = 0; y < 2; ++y) {
    EXPECT_EQ(std::vector<std::uint8_t>(frame.begin() + y * g.width * 3, frame.begin() + y * g.width * 3 + 12), row);
  }
}

TEST(RecordFrames, TheCaptionIsWrittenInTheStripLineByLine) {
  Image picture = rgbaImage(400, 10, std::vector<std::uint8_t>(400 * 10 * 3, 0));
  const FrameGeometry g = frameGeometry(400, 10, 1.0, 0, 0, 2, false);
  const auto lit = [&](const std::vector<std::uint8_t>& frame, std::uint32_t y0, std::uint32_t y1) {
    std::size_t count = 0;
    for (std::size_t i = std::size_t{y0} * g.width * 3; i < std::size_t{y1} * g.width * 3; i += 3) count += frame[i] > 128;
    return count;
  };
  const std::uint32_t middle = g.pictureHeight + g.captionHeight / 2;
  const std::vector<std::uint8_t> blank = composeFrame(picture, g, "");
  const std::vector<std::uint8_t> one = composeFrame(picture, g, "pass 3/9");
  const std::vector<std::uint8_t> two = composeFrame(picture, g, "pass 3/9\nstepno 8 offset 2");
  EXPECT_EQ(lit(blank, 0, g.height), 0u);
  EXPECT_EQ(lit(one, 0, g.pictureHeight), 0u) << "the caption stays in its strip";
  EXPECT_GT(lit(one, g.pictureHeight, middle), 20u);
  EXPECT_EQ(lit(one, middle, g.height), 0u);
  EXPECT_GT(lit(two, middle, g.height), 20u) << "the second line goes under the first";
}

TEST(RecordFrames, VideoFormatsFromNamesAndExtensions) {
  EXPECT_EQ(videoFormatForPath("out/sort.GIF"), VideoFormat::Gif);
  EXPECT_EQ(videoFormatForPath("sort.mp4"), VideoFormat::Mp4);
  EXPECT_EQ(videoFormatForPath("a.b/sort.webm"), VideoFormat::Webm);
  EXPECT_EQ(videoFormatForPath("sort.mkv"), VideoFormat::Mkv);
  EXPECT_FALSE(videoFormatForPath("a.gif/sort").has_value());
  EXPECT_FALSE(videoFormatForPath("sort.avi").has_value());
  EXPECT_FALSE(videoFormatForPath("sort").has_value());
  EXPECT_EQ(videoFormatNamed("webm"), VideoFormat::Webm);
}

}  // namespace
}  // namespace texsort
