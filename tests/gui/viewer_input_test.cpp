// The viewer driven as a user drives it: keys, clicks, typing and the wheel go through the same
// input queue as the window's own events (demo --input, viewer/input_queue.h), under Xvfb; each
// test is a defect a user met.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include <stb_image.h>

#include "test_support.h"

namespace texsort {
namespace {

struct Driven {
  test::RunResult result;
  unsigned pass = 0, passCount = 0;        // the global sort's, from the screenshot line
  unsigned pixelPass = 0, pixelCount = 0;  // the Pixel sort mode's, when it is on
};

// `texsort demo ARGS --input SCRIPT --screenshot` in a fresh Xvfb server.
Driven drive(const test::TempFolder& dir, std::vector<std::string> args, const std::string& script) {
  std::vector<std::string> all = {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo",
                                  "--input", script, "--screenshot", dir.path("shot.png")};
  all.insert(all.end(), args.begin(), args.end());
  Driven run;
  run.result = test::runXvfb(all);
  const std::string& out = run.result.out;
  if (const std::size_t at = out.find("), pass "); at != std::string::npos) {
    EXPECT_EQ(std::sscanf(out.c_str() + at, "), pass %u of %u", &run.pass, &run.passCount), 2) << out;
  }
  if (const std::size_t at = out.find("pixel sort pass "); at != std::string::npos) {
    EXPECT_EQ(std::sscanf(out.c_str() + at, "pixel sort pass %u of %u", &run.pixelPass, &run.pixelCount), 2) << out;
  }
  return run;
}

// The Record section's header and its button had one label, so one ImGui ID: the click toggled
// the header and recorded nothing. The path is typed over the default after a quick Ctrl+A.
TEST(GuiInput, TheRecordButtonRecordsWhatItSays) {
  test::TempFolder dir;
  const std::string video = dir.path("clicked.gif");
  const Driven r = drive(dir, {"--generate", "8", "--frames", "120"},
                      "3: move 150 500; 5: wheel -30; 10: click @Record; 13: wheel -30; 17: click @record path; "
                      "20: key ctrl+a; 22: type " + video + "; 30: click @Start recording");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.err << r.result.out;
  ASSERT_TRUE(test::fileExists(video)) << r.result.err;
  const std::vector<std::uint8_t> bytes = test::readFile(video);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + std::min<std::size_t>(6, bytes.size())), "GIF89a");
  EXPECT_EQ(r.pass, r.passCount) << "the recording ran the whole sort";
}

// End on the astronaut (171 passes, more than a frame's budget runs) reaches the sorted image: the
// jump goes on over the next frames instead of stopping at the pass the first frame reached.
TEST(GuiInput, EndReachesTheSortedImage) {
  test::TempFolder dir;
  const Driven r = drive(dir, {"--frames", "150"}, "3: key end");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.err;
  EXPECT_EQ(r.passCount, 171u);
  EXPECT_EQ(r.pass, 171u);
}

// Three taps of the right arrow queued in one frame (as a quick typist's land between two frames)
// are three steps: Dear ImGui polls key state, so a press and release within a frame was lost.
TEST(GuiInput, QuickTapsAreEachSeen) {
  test::TempFolder dir;
  const Driven r = drive(dir, {"--generate", "8", "--frames", "30"}, "3: key right; 3: key right; 3: key right");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.err;
  EXPECT_EQ(r.passCount, 21u);
  EXPECT_EQ(r.pass, 3u);
}

// In the Pixel sort mode the shortcuts drive its passes (they drove the hidden global sort).
TEST(GuiInput, ShortcutsDriveThePixelSortMode) {
  test::TempFolder dir;
  const Driven r = drive(dir, {"--generate", "16", "--pixelsort", "--frames", "40"},
                      "5: key end; 8: key left; 11: key home; 14: key right");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.err;
  EXPECT_GE(r.pixelCount, 2u);
  EXPECT_EQ(r.pixelPass, 1u) << "end, back one, home, forward one";
  EXPECT_EQ(r.pass, 0u) << "the global sort stays where it was";
}

// On a screen larger than the default 1280x820 the window takes 85 % of it (it opened at 1280x820
// whatever the screen).
TEST(GuiInput, TheWindowFitsALargerScreen) {
  test::TempFolder dir;
  const std::string shot = dir.path("big.png");
  const test::RunResult r = test::runXvfb({"-a", "-s", "-screen 0 1920x1080x24", test::texsortBinary(), "demo",
                                           "--generate", "8", "--frames", "3", "--screenshot", shot});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  int w = 0, h = 0, channels = 0;
  ASSERT_TRUE(stbi_info(shot.c_str(), &w, &h, &channels)) << shot;
  EXPECT_EQ(w, 1920 * 85 / 100);
  EXPECT_EQ(h, 1080 * 85 / 100);
}

// Ctrl+Q quits (there was no quit key): a run told to last 3000 frames ends at once, exit 0.
TEST(GuiInput, CtrlQQuits) {
  test::TempFolder dir;
  const Driven r = drive(dir, {"--generate", "8", "--frames", "3000"}, "4: key ctrl+q");
  EXPECT_EQ(r.result.exitCode, 0) << r.result.err;
  EXPECT_FALSE(test::fileExists(dir.path("shot.png"))) << "quit before the last frame's screenshot";
}

// A recording started by demo --record and cancelled in the window has not written its file: the
// run says so and does not exit 0 (0 means the file is written).
TEST(GuiInput, ACancelledRecordingIsNotASuccess) {
  test::TempFolder dir;
  const std::string video = dir.path("cancelled.mp4");
  const Driven r = drive(dir, {"--record", video, "--frames", "100000"},
                      "2: move 150 500; 3: wheel -40; 9: wheel -40; 12: click @Cancel");  // Record opens itself
  EXPECT_EQ(r.result.exitCode, 6) << r.result.err << r.result.out;
  EXPECT_NE(r.result.err.find("texsort: error: " + video + ": the recording was cancelled; nothing was written"),
            std::string::npos)
      << r.result.err;
  EXPECT_FALSE(test::fileExists(video));
}

}  // namespace
}  // namespace texsort
