// --animate's keyframes: values between them, and, for a clip of variable rate, a keyframe at a
// time placed on the frame shown at that time (not the time times the average rate).
#include "pixelsort/animation.h"

#include "error.h"

#include <gtest/gtest.h>

namespace texsort {
namespace {

TEST(Animation, ValuesMoveLinearlyAndHoldAtTheEnds) {
  const Animation a = parseAnimation("lower=2:0.2,50%:0.6");
  EXPECT_DOUBLE_EQ(animatedValue(a, 0, 11, 30.0), 0.2);   // held before the first
  EXPECT_DOUBLE_EQ(animatedValue(a, 2, 11, 30.0), 0.2);
  EXPECT_NEAR(animatedValue(a, 4, 11, 30.0), 0.2 + 0.4 * 2.0 / 3.0, 1e-12);  // 2/3 of the way from frame 2 to 5 (50% of 10)
  EXPECT_DOUBLE_EQ(animatedValue(a, 10, 11, 30.0), 0.6);  // held after the last
}

TEST(Animation, TimesOfAVariableRateLandOnTheirFrames) {
  // Frames at 0, 0.1, ..., 0.5 s, then a stall to 1.5 s, then every 0.5 s.
  const std::vector<double> times = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 1.5, 2.0, 2.5};
  std::vector<Animation> animations = {parseAnimation("upper=0:0.5,1.5s:0.9,2.25s:1")};
  placeTimesOnFrames(animations, 9, [&](std::uint32_t k) { return times.at(k); });
  const std::vector<Keyframe>& keys = animations[0].keys;
  EXPECT_EQ(keys[1].at, Keyframe::At::Frame);
  EXPECT_DOUBLE_EQ(keys[1].position, 6.0);   // 1.5 s is frame 6's time
  EXPECT_DOUBLE_EQ(keys[2].position, 7.5);   // halfway from frame 7 (2.0 s) to 8 (2.5 s)
  EXPECT_DOUBLE_EQ(animatedValue(animations[0], 6, 9, 3.6), 0.9);
  // A time past the last frame goes on at the last step; one before the first is frame 0.
  std::vector<Animation> outside = {parseAnimation("upper=0s:0.5,3s:0.9")};
  placeTimesOnFrames(outside, 9, [&](std::uint32_t k) { return times.at(k); });
  EXPECT_DOUBLE_EQ(outside[0].keys[0].position, 0.0);
  EXPECT_DOUBLE_EQ(outside[0].keys[1].position, 9.0);
}

}  // namespace
}  // namespace texsort

namespace texsort {
namespace {

// A position is written in plain decimals: strtod's hex, exponents, signs and spaces, and frames
// past any clip's count, are refused with the keyframe named (0x1 and 1e30 were taken).
TEST(Animation, PositionsArePlainDecimals) {
  for (const char* good : {"lower=0:0.1,2:0.5", "lower=0.5s:0.1,1.25s:0.5", "lower=0%:0.1,12.5%:0.5", "lower=4294967295:0.1"}) {
    EXPECT_NO_THROW(parseAnimation(good)) << good;
  }
  for (const char* bad : {"lower=0x1:0.1", "lower=1e3:0.1", "lower=+1:0.1", "lower= 1:0.1", "lower=1.:0.1", "lower=.5s:0.1",
                          "lower=-1:0.1", "lower=4294967296:0.1", "lower=1e30:0.1", "lower=inf:0.1", "lower=101%:0.1"}) {
    try {
      parseAnimation(bad);
      ADD_FAILURE() << bad << " was taken";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ExitCode::Usage) << bad;
      EXPECT_NE(std::string(e.what()).find("give POSITION:VALUE"), std::string::npos) << e.what();
    }
  }
}

// Keyframes out of order are named by the frames they fall on, written out (frame 4000000000, not
// 4e+09), a fraction where a percentage falls between frames.
TEST(Animation, KeyframesOutOfOrderNameTheirFramesInFull) {
  const auto refusal = [](const char* text, std::uint32_t frameCount) {
    try {
      checkAnimations({parseAnimation(text)}, frameCount, 30.0);
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ExitCode::Usage);
      return std::string(e.what());
    }
    return std::string("taken");
  };
  EXPECT_NE(refusal("lower=100%:0.1,1000000:0.2", 4000000001u)
                .find("keyframe '1000000:0.2' is frame 1000000 of this clip, not after '100%:0.1' (frame 4000000000)"),
            std::string::npos);
  EXPECT_NE(refusal("lower=50%:0.1,3:0.2", 8).find("is frame 3 of this clip, not after '50%:0.1' (frame 3.5)"),
            std::string::npos);
}

}  // namespace
}  // namespace texsort

namespace texsort {
namespace {

// Messages stay one line of text: control characters and bytes outside UTF-8 (a PNG given as a
// recipe echoed its first line raw) are written as escapes; UTF-8 names are kept as they are.
TEST(Messages, EscapeControlsAndBytesOutsideUtf8) {
  EXPECT_EQ(withControlsEscaped("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80.png"), "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80.png");
  EXPECT_EQ(withControlsEscaped("\x89PNG\r\n\x1a"), "\\x89PNG\\r\\n\\x1a");
  EXPECT_EQ(withControlsEscaped("a\x7f" "b"), "a\\x7fb");
  // Overlong, surrogate, past U+10FFFF, cut short, a stray continuation byte.
  EXPECT_EQ(withControlsEscaped("\xc0\xaf|\xed\xa0\x80|\xf4\x90\x80\x80|\xe2\x82|\x80"),
            "\\xc0\\xaf|\\xed\\xa0\\x80|\\xf4\\x90\\x80\\x80|\\xe2\\x82|\\x80");
  EXPECT_TRUE(plainDecimal("12.5") && plainDecimal("0") && !plainDecimal("1.") && !plainDecimal(".5") && !plainDecimal("0x1") &&
              !plainDecimal("1e3") && !plainDecimal("+1") && !plainDecimal(" 1") && !plainDecimal(""));
}

}  // namespace
}  // namespace texsort
