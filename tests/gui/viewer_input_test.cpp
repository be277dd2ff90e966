// The viewer driven as a user drives it: keys, clicks, typing and the wheel go through the same
// input queue as the window's own events (demo --input, viewer/input_queue.h), under Xvfb; each
// test is a defect a user met.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>

#include <stb_image.h>

#include "image/image_io.h"
#include "sort/element.h"
#include "test_support.h"

namespace texsort {
namespace {

struct Driven {
  test::RunResult result;
  unsigned pass = 0, passCount = 0;        // the global sort's, from the screenshot line
  unsigned pixelPass = 0, pixelCount = 0;  // the Pixel sort mode's, when it is on
};

// `texsort demo ARGS --input SCRIPT --screenshot` in a fresh Xvfb server.
Driven drive(const test::TempFolder& dir, std::vector<std::string> args, const std::string& script,
             const test::RunOptions& options = {}) {
  std::vector<std::string> all = {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo",
                                  "--input", script, "--screenshot", dir.path("shot.png")};
  all.insert(all.end(), args.begin(), args.end());
  Driven run;
  run.result = test::runXvfb(all, options);
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
  // At least one video frame per window frame: 300 frames cover the click and the 81 frames.
  const Driven r = drive(dir, {"--generate", "8", "--frames", "300"},
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
  // At least one pass a frame however loaded the machine: 400 frames cover 171 passes.
  const Driven r = drive(dir, {"--frames", "400"}, "3: key end");
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

// The path is a live control: picked in its combo, the picture is `texsort pixelsort --path` of
// the image; so is the saved clip's command line (GuiClip), which takes the same options.
TEST(GuiInput, ThePathComboSortsAlongThePathPicked) {
  test::TempFolder dir;
  for (const char* path : {"circles", "radial"}) {
    SCOPED_TRACE(path);
    const Driven r = drive(dir, {"--pixelsort", "--frames", "14", "--export-state", dir.path("viewer.png")},
                        std::string("3: click @path; 6: click @path ") + path);
    ASSERT_EQ(r.result.exitCode, 0) << r.result.err << r.result.out;
    ASSERT_EQ(test::runTexsort({"pixelsort", test::assetPath("astronaut.png"), "-o", dir.path("cli.png"), "--path", path,
                                "-q"}).exitCode, 0);
    EXPECT_EQ(test::readFile(dir.path("viewer.png")), test::readFile(dir.path("cli.png")));
  }
}

// A new line sort whose plan fails after it took the view's runner (the fast path's textures not
// allocated, as where memory runs out: forced) leaves the view as it was: at its pass, showing the
// sorted picture of the line sort it had, the command line's.
TEST(GuiInput, AFailedLineSortChangeLeavesTheViewAtItsPass) {
  test::TempFolder dir;
  const std::string recipe = "--algo bitonic-wide\n";
  test::writeFile(dir.path("wide.recipe"), std::vector<std::uint8_t>(recipe.begin(), recipe.end()));
  const Driven r = drive(dir, {"--pixelsort", "--preset", dir.path("wide.recipe"), "--frames", "14", "--export-state",
                               dir.path("viewer.png")},
                         "3: click @line sort; 6: click @line sort bitonic-fast",
                         test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "oom-compact"}}});
  ASSERT_EQ(r.result.exitCode, 0) << r.result.err << r.result.out;
  EXPECT_EQ(r.result.err.find("no widget named"), std::string::npos) << r.result.err;
  EXPECT_NE(r.result.err.find("GL: cannot allocate compact state"), std::string::npos) << r.result.err;
  EXPECT_GT(r.pixelCount, 0u) << r.result.out;
  EXPECT_EQ(r.pixelPass, r.pixelCount) << "the view stays at the end it had reached";
  ASSERT_EQ(test::runTexsort({"pixelsort", test::assetPath("astronaut.png"), "-o", dir.path("cli.png"), "--algo",
                              "bitonic-wide", "-q"}).exitCode, 0);
  EXPECT_EQ(test::readFile(dir.path("viewer.png")), test::readFile(dir.path("cli.png")));
}

// Flow's direction field is a file control beside the path: loaded, the picture is the command
// line's --path flow --field (here the astronaut is its own field: its hues are the ways).
TEST(GuiInput, TheFlowPathTakesItsFieldFile) {
  test::TempFolder dir;
  const std::string astronaut = test::assetPath("astronaut.png");
  const Driven r = drive(dir, {"--pixelsort", "--frames", "24", "--export-state", dir.path("viewer.png")},
                         "3: click @path; 6: click @path flow; 9: click @field path; 11: type " + astronaut +
                             "; 14: click @Field");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.err << r.result.out;
  EXPECT_EQ(r.result.err.find("no widget named"), std::string::npos) << r.result.err;
  ASSERT_EQ(test::runTexsort({"pixelsort", astronaut, "-o", dir.path("cli.png"), "--path", "flow", "--field", astronaut,
                              "-q"}).exitCode, 0);
  EXPECT_EQ(test::readFile(dir.path("viewer.png")), test::readFile(dir.path("cli.png")));
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

// Bar heights read from the bar view's screenshot: n bars across the reported rectangle, each as
// tall as its run of non-background pixels up from the bottom (the background sampled above them).
std::vector<int> barHeights(const std::string& shot, const std::string& out, std::size_t n) {
  int x = 0, y = 0, w = 0, h = 0;
  const std::size_t at = out.find("image at (");
  EXPECT_NE(at, std::string::npos) << out;
  if (at == std::string::npos) return {};
  EXPECT_EQ(std::sscanf(out.c_str() + at, "image at (%d, %d) size (%d x %d)", &x, &y, &w, &h), 4) << out;
  const Image window = loadImage(shot, kMaxElements);
  const auto pixel = [&](int px, int py) {
    const std::size_t i = (std::size_t(py) * window.width + std::size_t(px)) * 4;
    return std::array<std::uint8_t, 3>{window.rgba[i], window.rgba[i + 1], window.rgba[i + 2]};
  };
  const auto background = pixel(x + 1, y + 1);
  std::vector<int> heights;
  for (std::size_t i = 0; i < n; ++i) {
    const int cx = x + int((double(i) + 0.5) * w / double(n));
    int height = 0;
    while (height < h && pixel(cx, y + h - 1 - height) != background) ++height;
    heights.push_back(height);
  }
  return heights;
}

// The bar view: each element a bar as tall as its luma, in position order; unsorted at pass 0, and
// rising from left to right once sorted.
TEST(GuiInput, TheBarViewShowsTheStateAsBars) {
  test::TempFolder dir;
  const Driven unsorted = drive(dir, {"--generate", "16", "--bars", "--frames", "5"}, "2: key home");
  ASSERT_EQ(unsorted.result.exitCode, 0) << unsorted.result.err;
  const std::vector<int> before = barHeights(dir.path("shot.png"), unsorted.result.out, 256);
  const Driven sorted = drive(dir, {"--generate", "16", "--bars", "--frames", "80"}, "2: key end");
  ASSERT_EQ(sorted.result.exitCode, 0) << sorted.result.err;
  ASSERT_EQ(sorted.pass, sorted.passCount);
  const std::vector<int> after = barHeights(dir.path("shot.png"), sorted.result.out, 256);
  ASSERT_EQ(after.size(), 256u);
  EXPECT_FALSE(std::is_sorted(before.begin(), before.end())) << "a random input's bars are not in order";
  EXPECT_TRUE(std::is_sorted(after.begin(), after.end())) << "sorted by luma: the bars rise";
  EXPECT_LT(after.front() + 100, after.back()) << "from dark to bright";
  std::vector<int> a = before, b = after;
  std::sort(a.begin(), a.end());
  EXPECT_EQ(a, b) << "the same bars, moved";
}

// The showcase plays its queue one sort after another, each to its end and checked sorted there.
TEST(GuiInput, TheShowcasePlaysOneSortAfterAnother) {
  test::TempFolder dir;
  const Driven r = drive(dir, {"--showcase", "--speed", "240", "--frames", "240"}, "1: move 5 5");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.err;
  const std::string& out = r.result.out;
  EXPECT_NE(out.find("showcase 1: bitonic on random, 55 passes, sorted"), std::string::npos) << out;
  EXPECT_NE(out.find("showcase 2: bitonic on nearly sorted, 55 passes, sorted"), std::string::npos) << out;
  EXPECT_EQ(out.find("NOT SORTED"), std::string::npos) << out;
  unsigned played = 0;
  const std::size_t at = out.find("viewer: showcase: ");
  ASSERT_NE(at, std::string::npos) << out;
  EXPECT_EQ(std::sscanf(out.c_str() + at, "viewer: showcase: %u sorts", &played), 1);
  EXPECT_GE(played, 2u);
}

// The Pixel sort mode's Play keeps the speed set (it ran a pass a frame whatever the speed): at a
// pass every 20 s nothing moves in 40 frames; as fast as possible it plays to the end.
TEST(GuiInput, ThePixelSortPlaysAtTheSpeedSet) {
  test::TempFolder dir;
  const Driven slow = drive(dir, {"--generate", "32", "--pixelsort", "--speed", "0.05", "--frames", "40"},
                            "3: key home; 5: key space");
  ASSERT_EQ(slow.result.exitCode, 0) << slow.result.err;
  EXPECT_EQ(slow.pixelPass, 0u);
  const Driven fast = drive(dir, {"--generate", "32", "--pixelsort", "--frames", "40"}, "3: key home; 5: key space");
  ASSERT_EQ(fast.result.exitCode, 0) << fast.result.err;
  EXPECT_EQ(fast.pixelPass, fast.pixelCount);
}

// Ctrl+Q quits (there was no quit key): a run told to last 3000 frames ends at once, exit 0.
TEST(GuiInput, CtrlQQuits) {
  test::TempFolder dir;
  const Driven r = drive(dir, {"--generate", "8", "--frames", "3000"}, "4: key ctrl+q");
  EXPECT_EQ(r.result.exitCode, 0) << r.result.err;
  EXPECT_FALSE(test::fileExists(dir.path("shot.png"))) << "quit before the last frame's screenshot";
}

// A script that does not do what it says fails: a step aimed at a widget that is not on screen
// (a typo, a section closed) makes the run exit 2 after naming it, and a step after the last frame
// (--frames) is refused before the window opens. Both were exit 0, the step lost.
TEST(GuiInput, AScriptStepThatCannotHappenIsAnError) {
  test::TempFolder dir;
  const Driven missed = drive(dir, {"--generate", "8", "--frames", "8"}, "3: click @Nonesuch");
  EXPECT_EQ(missed.result.exitCode, 2) << missed.result.err;
  EXPECT_NE(missed.result.err.find("texsort: error: --input: frame 3: no widget named 'Nonesuch' on screen"),
            std::string::npos) << missed.result.err;
  ASSERT_EQ(std::remove(dir.path("shot.png").c_str()), 0) << "the missed step's run still ran to its end";
  const Driven late = drive(dir, {"--generate", "8", "--frames", "8"}, "3: key right; 9: key right");
  EXPECT_EQ(late.result.exitCode, 2) << late.result.err;
  EXPECT_NE(late.result.err.find("--input: a step at frame 9 comes after the last (--frames 8)"), std::string::npos)
      << late.result.err;
  EXPECT_FALSE(test::fileExists(dir.path("shot.png"))) << "refused before the window";
  const Driven last = drive(dir, {"--generate", "8", "--frames", "8"}, "8: key right");
  EXPECT_EQ(last.result.exitCode, 0) << last.result.err;
  EXPECT_EQ(last.pass, 1u) << "a step on the last frame is delivered";
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

// Nothing the panels draw is cut off at the window's right edge (pass explanations, the Record help
// line, combo labels and the image toolbar were): the viewer's layout audit (checkFits, fittedCombo)
// reports every overhang after a scripted run, here at 800x600 and at the default size, in both
// modes, with the network diagram taking a third of the width and the Record section open.
TEST(GuiInput, NothingIsCutOffAtEdges) {
  struct Case {
    const char* screen;
    std::vector<std::string> args;
    const char* script;
  };
  const std::vector<Case> cases = {
      {"800x600x24", {"--generate", "8", "--diagram", "--speed", "0.5"}, "2: key right; 3: move 150 500; 4: wheel -40; 8: click @Record"},
      {"800x600x24", {"--pixelsort"}, "3: key right"},
      {"1280x820x24", {"--pixelsort", "--generate", "16", "--spans"}, "3: key end"},
      {"1280x820x24", {}, "3: key right; 4: move 150 500; 5: wheel -40; 9: click @Record"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> all = {"-a", "-s", std::string("-screen 0 ") + c.screen, test::texsortBinary(), "demo",
                                    "--frames", "20", "--input", c.script};
    all.insert(all.end(), c.args.begin(), c.args.end());
    const test::RunResult r = test::runXvfb(all);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("viewer: layout: nothing cut off"), std::string::npos) << c.screen << " " << c.script << "\n" << r.out;
  }
}

}  // namespace
}  // namespace texsort
