// Every file texsort reads is an input, whatever it is read as: a recipe file is never replaced by
// an output, a recipe saved by Windows editors reads as typed, an animated GIF is a clip, and a
// phone's clip is sorted as it is shown (its display rotation).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

#include "record_support.h"
#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

// The run is refused in one line naming the recipe file, exit 2, and nothing in `dir` changes.
void expectRecipeKept(const std::vector<std::string>& args, const test::TempFolder& dir, const std::string& recipe,
                      const std::string& message) {
  SCOPED_TRACE(args[0] + " ... " + args.back());
  const std::vector<std::string> before = test::listFolder(dir.root());
  const std::vector<std::uint8_t> kept = test::readFile(recipe);
  const test::RunResult r = runTexsort(args);
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_EQ(r.err, "texsort: error: " + message + "\n");
  EXPECT_EQ(test::readFile(recipe), kept);
  EXPECT_EQ(test::listFolder(dir.root()), before);
}

// --preset FILE is read like the picture: no output may be it, by any spelling (a link either
// way, a batch's folder, a clip's output, the viewer's screenshot), checked before any work.
TEST(InputsKept, ARecipeFileIsNeverTheOutput) {
  test::TempFolder dir;
  const std::string recipe = dir.path("my.txt"), link = dir.path("link.txt");
  test::writeFile(recipe, bytesOf("--key hue\n"));
  test::writeFile(dir.path("a.png"), test::readFile(test::assetPath("coffee.png")));
  ASSERT_EQ(::symlink("my.txt", link.c_str()), 0);
  const std::string in = dir.path("a.png");
  const std::string is = ": output is the recipe file";
  expectRecipeKept({"pixelsort", in, "--preset", recipe, "-o", recipe}, dir, recipe,
                   recipe + is + "; choose another output");
  expectRecipeKept({"pixelsort", in, "--preset", link, "-o", recipe}, dir, recipe,
                   recipe + is + " (" + link + "); choose another output");
  expectRecipeKept({"pixelsort", in, "--preset", recipe, "-o", link}, dir, recipe,
                   link + is + " (" + recipe + "); choose another output");
  expectRecipeKept({"pixelsort", in, "--preset", recipe, "--then", "--key", "red", "-o", recipe}, dir, recipe,
                   recipe + is + "; choose another output");
  // A batch whose folder holds the recipe under the name an input's output takes.
  ASSERT_EQ(::mkdir(dir.path("out").c_str(), 0755), 0);
  const std::string inFolder = dir.path("out/a.png");
  test::writeFile(inFolder, bytesOf("--key saturation\n"));
  expectRecipeKept({"pixelsort", in, "--preset", inFolder, "-o", dir.path("out/")}, dir, inFolder,
                   inFolder + is + "; choose another output");
  expectRecipeKept({"pixelsort", in, test::assetPath("astronaut.png"), "--preset", inFolder, "-o", dir.path("out/")}, dir,
                   inFolder, inFolder + is + "; choose another output");
  // A clip's output, and the viewer's (no display needed: it checks before the window).
  const std::string clipRecipe = dir.path("r.mkv");
  test::writeFile(clipRecipe, bytesOf("--key blue\n"));
  expectRecipeKept({"pixelsort", in, "--frames", "2", "--preset", clipRecipe, "-o", clipRecipe}, dir, clipRecipe,
                   clipRecipe + is + "; choose another output");
  expectRecipeKept({"demo", in, "--preset", recipe, "--frames", "1", "--screenshot", recipe}, dir, recipe,
                   recipe + is + "; choose another output");
  expectRecipeKept({"demo", in, "--preset", link, "--frames", "1", "--export-state", recipe}, dir, recipe,
                   recipe + is + " (" + link + "); choose another output");
  // The recipe's own mask is read too, in the viewer as on the command line.
  const std::string masked = dir.path("masked.txt"), mask = dir.path("m.png");
  test::writeFile(masked, bytesOf("--intervals mask --mask " + mask + "\n"));
  test::writeFile(mask, test::readFile(test::assetPath("coffee.png")));
  for (const char* command : {"pixelsort", "demo"}) {
    std::vector<std::string> args = {command, in, "--preset", masked, "-o", mask};
    if (command == std::string("demo")) args = {command, in, "--preset", masked, "--frames", "1", "--screenshot", mask};
    expectRecipeKept(args, dir, mask, mask + ": output is the mask file; choose another output");
  }
  // A shipped preset is a name, not a file: an output of that name is written.
  test::RunOptions inDir;
  inDir.cwd = dir.root();
  EXPECT_EQ(runTexsort({"pixelsort", in, "--preset", "melt", "-o", "melt", "-q"}, inDir).exitCode, 0);
  EXPECT_TRUE(test::fileExists(dir.path("melt")));
}

// A batch reads its --then sorts' masks for every input: none of them may be an output.
TEST(InputsKept, ABatchsLaterMaskIsNeverAnOutput) {
  test::TempFolder dir;
  ASSERT_EQ(::mkdir(dir.path("out").c_str(), 0755), 0);
  test::writeFile(dir.path("a.png"), test::readFile(test::assetPath("coffee.png")));
  test::writeFile(dir.path("out/a.png"), test::readFile(test::assetPath("coffee.png")));
  for (const char* option : {"--mask", "--field"}) {
    std::vector<std::string> args = {"pixelsort", dir.path("a.png"), test::assetPath("astronaut.png"), "-o", dir.path("out/"),
                                     "--then", option, dir.path("out/a.png")};
    const bool mask = option == std::string("--mask");
    const std::vector<std::string> needs = mask ? std::vector<std::string>{"--intervals", "mask"}
                                                : std::vector<std::string>{"--path", "flow"};
    args.insert(args.end(), needs.begin(), needs.end());
    const std::string role = mask ? "mask" : "field";
    expectRecipeKept(args, dir, dir.path("out/a.png"),
                     dir.path("out/a.png") + ": output is the " + role + " file; choose another output");
  }
}

// A byte-order mark before the first option (Notepad's UTF-8) reads as no mark: the same sorts.
TEST(InputsKept, ARecipeWithAByteOrderMarkReadsAsTyped) {
  test::TempFolder dir;
  test::writeFile(dir.path("plain.txt"), bytesOf("--key hue --angle 30\n--key red\n"));
  test::writeFile(dir.path("bom.txt"), bytesOf("\xEF\xBB\xBF--key hue --angle 30\n--key red\n"));
  for (const char* name : {"plain", "bom"}) {
    const test::RunResult r = runTexsort({"pixelsort", test::assetPath("coffee.png"), "--preset",
                                          dir.path(std::string(name) + ".txt"), "-o", dir.path(std::string(name) + ".png"), "-q"});
    ASSERT_EQ(r.exitCode, 0) << name << ": " << r.err;
  }
  EXPECT_EQ(test::readFile(dir.path("bom.png")), test::readFile(dir.path("plain.png")));
  // The mark anywhere else is still not an option.
  test::writeFile(dir.path("late.txt"), bytesOf("--key hue \xEF\xBB\xBF\n"));
  const test::RunResult late = runTexsort({"pixelsort", test::assetPath("coffee.png"), "--preset", dir.path("late.txt"), "-o",
                                           dir.path("late.png")});
  EXPECT_EQ(late.exitCode, 2) << late.err;
  EXPECT_FALSE(test::fileExists(dir.path("late.png")));
}

// An animated GIF is a clip, whatever its name or where it comes from: to a still's output, or
// with --frames, it is refused as any clip is; one of a single picture stays a still.
TEST(InputsKept, AnAnimatedGifIsAClip) {
  test::TempFolder dir;
  const std::string clip = test::writeClip(dir, "clip.mkv", 40, 30, 4, 10);
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", clip, dir.path("clip.gif")}).exitCode, 0);
  test::writeFile(dir.path("gif.png"), test::readFile(dir.path("clip.gif")));
  const std::string needs = ": a clip needs a clip's output: -o OUT.gif, .mp4, .webm or .mkv, or --format FORMAT for - or "
                            "a device\n";
  for (const std::string& name : {dir.path("clip.gif"), dir.path("gif.png")}) {
    const test::RunResult r = runTexsort({"pixelsort", name, "-o", dir.path("o.png")});
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err, "texsort: error: " + name + " (an animated GIF)" + needs);
  }
  test::RunOptions piped;
  piped.stdinPath = dir.path("clip.gif");
  const test::RunResult stdinRun = runTexsort({"pixelsort", "-", "-o", dir.path("o.png")}, piped);
  EXPECT_EQ(stdinRun.exitCode, 2) << stdinRun.err;
  EXPECT_EQ(stdinRun.err, "texsort: error: standard input (an animated GIF)" + needs);
  const test::RunResult frames = runTexsort({"pixelsort", dir.path("clip.gif"), "--frames", "5", "-o", dir.path("o.mkv")});
  EXPECT_EQ(frames.exitCode, 2) << frames.err;
  EXPECT_EQ(frames.err, "texsort: error: " + dir.path("clip.gif") +
                            ": an animated GIF is a clip; --frames makes a clip of a still picture, a clip keeps its own "
                            "frames (drop --frames)\n");
  EXPECT_EQ(test::listFolder(dir.root()), (std::vector<std::string>{"clip.gif", "clip.mkv", "gif.png"}));
  // Its own frames, all of them, to a clip's output.
  ASSERT_EQ(runTexsort({"pixelsort", dir.path("clip.gif"), "-o", dir.path("o.mkv"), "-q"}).exitCode, 0);
  EXPECT_EQ(test::probe(dir.path("o.mkv")).frames, 4);
}

// A clip with a display rotation (a phone's: the frames stored sideways, shown upright) is sorted
// as it is shown and written upright: every frame equals the sort of the same clip stored upright.
TEST(InputsKept, ARotatedClipIsSortedAsItIsShown) {
  test::TempFolder dir;
  const std::string clip = test::writeClip(dir, "clip.mkv", 48, 32, 3, 10);
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", clip, "-c:v", "libx264", "-pix_fmt", "yuv420p", dir.path("plain.mp4")})
                .exitCode, 0);
  const std::vector<std::string> options = {"-q", "--angle", "30", "--intervals", "edges", "--lower", "0.2"};
  const auto sorted = [&](const std::string& in, const std::string& out) {
    std::vector<std::string> args = {"pixelsort", dir.path(in), "-o", dir.path(out)};
    args.insert(args.end(), options.begin(), options.end());
    const test::RunResult r = runTexsort(args);
    EXPECT_EQ(r.exitCode, 0) << in << ": " << r.err;
    return test::decodeFrames(dir.path(out));
  };
  const std::vector<std::uint8_t> plain = sorted("plain.mp4", "plain.mkv");
  for (const int degrees : {90, 180, 270}) {
    SCOPED_TRACE(std::to_string(degrees) + " degrees");
    const std::string turned = "rot" + std::to_string(degrees) + ".mp4", upright = "up" + std::to_string(degrees) + ".mkv";
    ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", dir.path("plain.mp4"), "-c", "copy", "-metadata:s:v:0",
                                          "rotate=" + std::to_string(degrees), dir.path(turned)}).exitCode, 0);
    // The same frames as shown, stored upright (lossless, in RGB as texsort turns an H.264 clip's
    // YUV into RGB: record/video_formats.h): what the sort must see.
    ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", dir.path(turned), "-vf",
                                          "scale=flags=bicubic+full_chroma_int+accurate_rnd:in_color_matrix=bt601,format=bgra",
                                          "-c:v", "ffv1", dir.path(upright)}).exitCode, 0);
    const test::Probe shown = test::probe(dir.path(upright));
    EXPECT_EQ(shown.width, degrees == 180 ? 48 : 32);
    const std::vector<std::uint8_t> frames = sorted(turned, "out" + std::to_string(degrees) + ".mkv");
    const test::Probe out = test::probe(dir.path("out" + std::to_string(degrees) + ".mkv"));
    EXPECT_EQ(out.width, shown.width);
    EXPECT_EQ(out.height, shown.height);
    EXPECT_EQ(out.frames, 3);
    EXPECT_TRUE(frames == sorted(upright, "expected.mkv")) << "each frame is the sort of the frame shown";
    EXPECT_FALSE(frames == plain) << "the rotation was applied";
  }
}

}  // namespace
}  // namespace texsort
