// A clip in the viewer's Pixel sort mode: it opens on its first frame, , and . step through the
// frames and the frame shown is the pixel sort of that frame (exported, compared with the CLI's);
// Save with a video name writes the whole clip exactly as `texsort pixelsort` does.
#include <gtest/gtest.h>

#include "../cli/record_support.h"
#include "test_support.h"

namespace texsort {
namespace {

std::string drawClip(const test::TempFolder& dir) { return test::writeClip(dir, "clip.mkv", 64, 48, 6, 10); }

test::RunResult demo(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo"};
  all.insert(all.end(), args.begin(), args.end());
  return test::runXvfb(all);
}

// With a recipe (demo --preset), each frame goes through all its sorts.
TEST(GuiClip, EachFrameShownIsThePixelSortOfThatFrame) {
  test::TempFolder dir;
  const std::string clip = drawClip(dir);
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", clip, "-vf", "select=eq(n\\,2)", "-frames:v", "1",
                                        dir.path("frame2.png")}).exitCode, 0);
  for (const std::vector<std::string>& recipe : {std::vector<std::string>{}, {"--preset", "asdf"}}) {
    SCOPED_TRACE(recipe.empty() ? "one sort" : recipe.back());
    std::vector<std::string> args = {clip, "--frames", "14", "--input", "4: key period; 6: key period; 8: key period; "
                                     "10: key comma", "--export-state", dir.path("shown.png")};
    args.insert(args.end(), recipe.begin(), recipe.end());
    const test::RunResult r = demo(args);
    ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
    EXPECT_NE(r.out.find("viewer: clip frame 2 of 6"), std::string::npos) << r.out;
    std::vector<std::string> cli = {"pixelsort", dir.path("frame2.png"), "-o", dir.path("cli.png"), "-q"};
    cli.insert(cli.end(), recipe.begin(), recipe.end());
    ASSERT_EQ(test::runTexsort(cli).exitCode, 0);
    EXPECT_EQ(test::readFile(dir.path("shown.png")), test::readFile(dir.path("cli.png")));
  }
}

TEST(GuiClip, SaveWritesTheWholeClipAsTheCommandDoes) {
  test::TempFolder dir;
  const std::string clip = drawClip(dir);
  const auto frames = [](const std::string& video) {
    return test::runProgram("ffmpeg", {"-v", "error", "-i", video, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"}).out;
  };
  // With a recipe, the command the viewer starts runs all its sorts (--then).
  for (const std::vector<std::string>& recipe : {std::vector<std::string>{}, {"--preset", "weave"}}) {
    SCOPED_TRACE(recipe.empty() ? "one sort" : recipe.back());
    std::vector<std::string> args = {clip, "--frames", "5", "--export-state", dir.path("viewer.mkv")};
    args.insert(args.end(), recipe.begin(), recipe.end());
    const test::RunResult r = demo(args);
    ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
    // Read at once: the viewer waited for its saving run before it quit.
    const std::string saved = frames(dir.path("viewer.mkv"));
    std::vector<std::string> cli = {"pixelsort", clip, "-o", dir.path("cli.mkv"), "-q"};
    cli.insert(cli.end(), recipe.begin(), recipe.end());
    ASSERT_EQ(test::runTexsort(cli).exitCode, 0);
    const std::string expected = frames(dir.path("cli.mkv"));
    EXPECT_EQ(expected.size(), std::size_t{64} * 48 * 3 * 6);
    EXPECT_TRUE(saved == expected) << "the viewer's clip differs from the CLI's";
  }
  // A clip that cannot be read is the CLI's one line and exit code, before any window.
  test::writeFile(dir.path("bad.mp4"), {'n', 'o'});
  const test::RunResult bad = test::runTexsort({"demo", dir.path("bad.mp4")});
  EXPECT_EQ(bad.exitCode, 1) << bad.err;
  EXPECT_EQ(bad.err.rfind("texsort: error: " + dir.path("bad.mp4") + ": ", 0), 0u) << bad.err;
}

}  // namespace
}  // namespace texsort
