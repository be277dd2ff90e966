// The viewer's transport logic: stepping, scrubbing, and speed over time.
#include <gtest/gtest.h>

#include "playback/transport.h"

namespace texsort {
namespace {

Transport at(std::uint32_t pass, std::uint32_t count = 171) {
  Transport t;
  t.passCount = count;
  t.pass = pass;
  return t;
}

TEST(Transport, StepsStayWithinZeroToPassCount) {
  Transport t = at(0);
  t.stepBack();
  EXPECT_EQ(t.pass, 0u);
  t.stepForward();
  EXPECT_EQ(t.pass, 1u);
  t.toEnd();
  EXPECT_EQ(t.pass, 171u);
  t.stepForward();
  EXPECT_EQ(t.pass, 171u);
  t.stepBack();
  EXPECT_EQ(t.pass, 170u);
  t.reset();
  EXPECT_EQ(t.pass, 0u);
  t.seek(500);
  EXPECT_EQ(t.pass, 171u);
}

TEST(Transport, SteppingPauses) {
  Transport t = at(10);
  t.play();
  ASSERT_TRUE(t.playing);
  t.stepForward();
  EXPECT_FALSE(t.playing);
  EXPECT_EQ(t.pass, 11u);
}

TEST(Transport, PlaysAtItsSpeedAndStopsAtTheEnd) {
  Transport t = at(0, 20);
  t.passesPerSecond = 4.0f;
  EXPECT_EQ(t.advance(1.0), 0u) << "paused: no movement";
  t.play();
  EXPECT_EQ(t.advance(0.5), 2u);
  EXPECT_EQ(t.advance(0.1), 2u);  // 0.4 of a pass owed
  EXPECT_EQ(t.advance(0.15), 3u);
  EXPECT_EQ(t.advance(100.0), 20u);
  EXPECT_FALSE(t.playing);
}

TEST(Transport, PlayAtTheEndDoesNothing) {
  Transport t = at(171);
  t.play();
  EXPECT_FALSE(t.playing);
  t.togglePlay();
  EXPECT_FALSE(t.playing);
}

// Slow motion: below one pass a second the time to the next pass lights its comparators one by
// one; the pass runs when all are lit. Not when paused, at full speed or at 1 pass/s and more.
TEST(Transport, SlowMotionLightsTheNextPassesComparatorsOneByOne) {
  Transport t = at(0, 21);
  t.passesPerSecond = 0.25f;  // a pass every 4 s
  t.play();
  EXPECT_EQ(t.advance(1.0), 0u);
  EXPECT_EQ(t.litComparators(32), 8u) << "a quarter of the way";
  EXPECT_EQ(t.advance(2.0), 0u);
  EXPECT_EQ(t.litComparators(32), 24u);
  EXPECT_EQ(t.advance(1.0), 1u) << "all lit: the pass runs";
  EXPECT_EQ(t.litComparators(32), 0u) << "and the next one starts unlit";
  t.passesPerSecond = 2.0f;
  t.advance(0.2);
  EXPECT_EQ(t.litComparators(32), 0u) << "at a pass a second and more, nothing to light";
  t.passesPerSecond = 0.25f;
  t.advance(2.0);
  t.pause();
  EXPECT_EQ(t.litComparators(32), 0u) << "paused";
}

}  // namespace
}  // namespace texsort
