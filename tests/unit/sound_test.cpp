// The recording's sound track: a tone a pass, pitched by the luma of what it moved (record/sound.h).
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "sort/packing.h"
#include "record/sound.h"

namespace texsort {
namespace {

Image grey(std::uint32_t width, std::uint8_t level) {
  Image image;
  image.width = width;
  image.height = 1;
  image.rgba.assign(std::size_t{width} * 4, level);
  return image;
}

TEST(Sound, APassThatMovedNothingIsSilent) {
  const Image a = grey(8, 90);
  const Tone tone = passTone(a, a);
  EXPECT_EQ(tone.amplitude, 0.0);
  const std::vector<std::int16_t> samples = toneSamples(tone, 100);
  EXPECT_EQ(samples, std::vector<std::int16_t>(100, 0));
}

TEST(Sound, ThePitchIsTheMeanLumaOfWhatMovedOverTwoOctaves) {
  const Image before = grey(4, 0);
  Image after = before;
  for (int c = 0; c < 3; ++c) after.rgba[c] = 255;  // one white pixel: the top of the range
  EXPECT_NEAR(passTone(before, after).frequency, 880.0, 1e-9);
  after.rgba.assign(16, 0);
  after.rgba[4] = 100;  // one red pixel of luma 29900, the rest unmoved
  EXPECT_NEAR(passTone(before, after).frequency, 220.0 * std::pow(4.0, 29900.0 / 255000.0), 1e-9);
  EXPECT_LT(passTone(before, after).amplitude, passTone(grey(4, 10), grey(4, 60)).amplitude)
      << "more moved, louder";
}

TEST(Sound, SamplesAreTheToneFadedAtItsEnds) {
  Tone tone;
  tone.frequency = 441.0;  // 100 samples a period at 44100 Hz
  tone.amplitude = 0.5;
  const std::vector<std::int16_t> samples = toneSamples(tone, 4410);
  ASSERT_EQ(samples.size(), 4410u);
  EXPECT_EQ(samples.front(), 0);
  EXPECT_EQ(samples.back(), 0);
  int crossings = 0;
  for (std::size_t i = 1; i < samples.size(); ++i) crossings += (samples[i - 1] < 0) != (samples[i] < 0);
  EXPECT_NEAR(crossings, 88, 2) << "two a period, 44 periods";
  EXPECT_NEAR(*std::max_element(samples.begin(), samples.end()), 16384, 2);
}

TEST(Sound, FramesCoverTheTrackExactly) {
  for (const double fps : {1.0, 7.0, 20.0, 29.97, 30.0, 60.0}) {
    std::uint64_t total = 0;
    for (std::uint32_t f = 0; f < 1000; ++f) total += samplesOfFrame(f, fps);
    EXPECT_EQ(total, static_cast<std::uint64_t>(std::llround(1000.0 * kSoundSampleRate / fps))) << fps;
  }
}

}  // namespace
}  // namespace texsort
