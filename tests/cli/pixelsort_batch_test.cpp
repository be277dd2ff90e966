// `texsort pixelsort a b c -o DIR/`: each input into the folder under its own name, each output the
// bytes its single run writes; a failing input is one line and the rest still done; names that
// would collide, a missing folder and standard input are refused before anything is written.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <tuple>

#include "record_support.h"
#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;

void drawPicture(const std::string& path, const std::string& size, int seed) {
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i",
                                        "nullsrc=s=" + size + ",format=rgb24,geq=r='mod(X*" + std::to_string(seed) +
                                            "+Y*11,256)':g='mod(X*5+Y*53,256)':b='mod(X*Y,256)'",
                                        "-frames:v", "1", path})
                .exitCode,
            0);
}

TEST(PixelSortBatch, EachInputIntoTheFolderAndTheRestDoneAfterAFailure) {
  test::TempFolder in, out, single;
  drawPicture(in.path("first.png"), "40x30", 37);
  drawPicture(in.path("Third.JPG"), "33x21", 13);
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i", "testsrc2=size=32x24:rate=5:duration=0.8",
                                        in.path("clip.gif")}).exitCode, 0);
  test::writeFile(in.path("broken.png"), {'n', 'o', 'p', 'e'});
  const std::vector<std::string> options = {"--angle", "30", "--lower", "0.15"};
  std::vector<std::string> args = {"pixelsort", in.path("first.png"), in.path("broken.png"), in.path("Third.JPG"),
                                   in.path("clip.gif"), "-o", out.root() + "/"};
  args.insert(args.end(), options.begin(), options.end());
  const test::RunResult r = runTexsort(args);
  EXPECT_EQ(r.exitCode, 1) << r.err;  // the failure's own code
  EXPECT_EQ(r.err, "texsort: error: " + in.path("broken.png") + ": not an image texsort can read (unknown image type)\n");
  EXPECT_NE(r.out.find("pixel-sorted 3 of 4 inputs into " + out.root() + "/; the errors above name the others"),
            std::string::npos) << r.out;
  EXPECT_EQ(test::listFolder(out.root()), (std::vector<std::string>{"Third.png", "clip.gif", "first.png"}));
  // Every output is what its input alone writes.
  for (const auto& [input, output] : std::vector<std::pair<std::string, std::string>>{
           {"first.png", "first.png"}, {"Third.JPG", "Third.png"}, {"clip.gif", "clip.gif"}}) {
    SCOPED_TRACE(input);
    std::vector<std::string> one = {"pixelsort", in.path(input), "-o", single.path(output), "-q"};
    one.insert(one.end(), options.begin(), options.end());
    ASSERT_EQ(runTexsort(one).exitCode, 0);
    EXPECT_EQ(test::decodeFrames(out.path(output), "rgba"), test::decodeFrames(single.path(output), "rgba"));
  }
  // All good: exit 0; --format names the clips' format; -q prints nothing.
  test::TempFolder again;
  const test::RunResult ok = runTexsort({"pixelsort", in.path("first.png"), in.path("clip.gif"), "-o", again.root(),
                                         "--format", "mkv", "-q"});
  EXPECT_EQ(ok.exitCode, 0) << ok.err;
  EXPECT_EQ(ok.out + ok.err, "");
  EXPECT_EQ(test::listFolder(again.root()), (std::vector<std::string>{"clip.mkv", "first.png"}));
}

// An input of the last one's size and options sorts with its plan (textures, programs, lines: the
// report says so); a failing input or a clip between drops it, and another size (the same width
// too) makes a plan of its own; every output is its single run's bytes.
TEST(PixelSortBatch, AnInputOfTheLastOnesSizeSortsWithItsPlan) {
  test::TempFolder in, out, single;
  drawPicture(in.path("a.png"), "40x30", 37);
  drawPicture(in.path("b.png"), "40x30", 19);
  drawPicture(in.path("d.png"), "40x30", 23);
  drawPicture(in.path("f.png"), "40x30", 29);
  drawPicture(in.path("e.png"), "40x20", 31);
  drawPicture(in.path("c.png"), "33x21", 13);
  test::writeFile(in.path("broken.png"), {'n', 'o', 'p', 'e'});
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i", "testsrc2=size=40x30:rate=5:duration=0.4",
                                        in.path("clip.gif")}).exitCode, 0);
  const std::vector<std::string> options = {"--angle", "30", "--lower", "0.15", "--algo", "bitonic-fast"};
  std::vector<std::string> args = {"pixelsort"};
  for (const char* name : {"a.png", "b.png", "broken.png", "d.png", "clip.gif", "f.png", "e.png", "c.png"})
    args.push_back(in.path(name));
  args.insert(args.end(), {"-o", out.root()});
  args.insert(args.end(), options.begin(), options.end());
  const test::RunResult r = runTexsort(args);
  ASSERT_EQ(r.exitCode, 1) << r.err;  // broken.png's
  const auto kept = [&](const std::string& name) {  // whether its report's time line says so
    const std::size_t at = r.out.find("  time ", r.out.find("pixel-sorted " + in.path(name) + " "));
    const std::string line = at == std::string::npos ? "" : r.out.substr(at, r.out.find('\n', at) - at);
    return line.find("textures and programs kept from the last input") != std::string::npos;
  };
  EXPECT_FALSE(kept("a.png")) << r.out;
  EXPECT_TRUE(kept("b.png")) << r.out;
  EXPECT_FALSE(kept("d.png")) << "the failing input between dropped the plan\n" << r.out;
  EXPECT_FALSE(kept("f.png")) << "the clip between dropped the plan\n" << r.out;
  EXPECT_FALSE(kept("e.png")) << "the same width, another height\n" << r.out;
  EXPECT_FALSE(kept("c.png")) << r.out;
  for (const char* name : {"a.png", "b.png", "d.png", "f.png", "e.png", "c.png"}) {
    SCOPED_TRACE(name);
    std::vector<std::string> one = {"pixelsort", in.path(name), "-o", single.path(name), "-q"};
    one.insert(one.end(), options.begin(), options.end());
    ASSERT_EQ(runTexsort(one).exitCode, 0);
    EXPECT_EQ(test::readFile(out.path(name)), test::readFile(single.path(name)));
  }
}

TEST(PixelSortBatch, RefusedBeforeAnythingIsWritten) {
  test::TempFolder in, out;
  drawPicture(in.path("a.png"), "8x8", 3);
  drawPicture(in.path("a.jpg"), "8x8", 5);
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"pixelsort", in.path("a.png"), in.path("a.jpg"), "-o", out.root()},
       "pixelsort: " + in.path("a.png") + " and " + in.path("a.jpg") + " would both be written to " + out.path("a.png")},
      {{"pixelsort", in.path("a.png"), in.path("a.jpg"), "-o", out.path("missing")},
       out.path("missing") + ": not a folder; several inputs are written into an existing folder"},
      {{"pixelsort", in.path("a.png"), "-o", in.path("a.jpg/")}, in.path("a.jpg/") + ": not a folder; DIR/ means"},
      {{"pixelsort", in.path("a.png"), "-", "-o", out.root()}, "pixelsort: a batch reads files; - (standard input) has no name"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    const test::RunResult r = runTexsort(c.args);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err.rfind("texsort: error: " + c.message, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(test::listFolder(out.root()).empty());
    EXPECT_EQ(test::listFolder(in.root()), (std::vector<std::string>{"a.jpg", "a.png"}));
  }
}

// No output of a batch may be a file the batch reads: a link in the inputs to an earlier output, a
// hard link, a mask in the folder. All are checked before the first input is sorted.
TEST(PixelSortBatch, NoOutputReplacesAnyOfItsInputs) {
  test::TempFolder in, out;
  drawPicture(in.path("a.png"), "8x8", 3);
  drawPicture(out.path("a.png"), "8x8", 7);  // a picture of the user's, where a.png's result would go
  drawPicture(out.path("b.png"), "8x8", 9);
  ASSERT_EQ(::symlink(out.path("a.png").c_str(), in.path("lnk.png").c_str()), 0);
  ASSERT_EQ(::link(out.path("b.png").c_str(), in.path("b.png").c_str()), 0);
  drawPicture(in.path("c.png"), "8x8", 11);
  const std::vector<std::uint8_t> a = test::readFile(out.path("a.png")), b = test::readFile(out.path("b.png"));
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  std::vector<Case> cases = {
      {{"pixelsort", in.path("a.png"), in.path("lnk.png"), "-o", out.root() + "/"},
       out.path("a.png") + ": output is the input file (" + in.path("lnk.png") + ")"},
      {{"pixelsort", in.path("c.png"), in.path("b.png"), "-o", out.root() + "/"},
       out.path("b.png") + ": output is the input file (" + in.path("b.png") + ")"},
      {{"pixelsort", in.path("b.png"), "-o", out.path("b.png")},
       out.path("b.png") + ": output is the input file (" + in.path("b.png") + ")"},
      {{"pixelsort", in.path("c.png"), in.path("a.png"), "-o", out.root(), "--mask", out.path("c.png")},
       out.path("c.png") + ": output is the mask file"},
  };
  // A dangling link whose target the batch would write before reading the link.
  drawPicture(in.path("d.png"), "8x8", 13);
  ASSERT_EQ(::symlink(out.path("d.png").c_str(), in.path("e.png").c_str()), 0);
  cases.push_back({{"pixelsort", in.path("d.png"), in.path("e.png"), "-o", out.root() + "/"},
                   out.path("d.png") + ": output is the input file (" + in.path("e.png") + ")"});
  // The last case's mask: where c.png's result would go.
  drawPicture(out.path("c.png"), "8x8", 5);
  const std::vector<std::uint8_t> c = test::readFile(out.path("c.png"));
  for (const Case& k : cases) {
    SCOPED_TRACE(k.message);
    const test::RunResult r = runTexsort(k.args);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err.rfind("texsort: error: " + k.message, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(test::readFile(out.path("a.png")), a);
    EXPECT_EQ(test::readFile(out.path("b.png")), b);
    EXPECT_EQ(test::readFile(out.path("c.png")), c);
    EXPECT_EQ(test::listFolder(out.root()), (std::vector<std::string>{"a.png", "b.png", "c.png"}));
  }
}

// A batch exits with its first failure's code, whichever comes last: a picture that is no picture
// (1) and a clip of odd sides for MP4 (2), in both orders.
TEST(PixelSortBatch, ExitsWithTheFirstFailuresCode) {
  test::TempFolder in;
  test::writeFile(in.path("broken.png"), {'n', 'o', 'p', 'e'});
  const std::string odd = test::writeClip(in, "odd.mkv", 45, 31, 2, 10);
  for (const auto& [first, second, code] : {std::tuple<std::string, std::string, int>{"broken.png", "odd.mkv", 1},
                                            {"odd.mkv", "broken.png", 2}}) {
    test::TempFolder out;
    SCOPED_TRACE(first + " then " + second);
    const test::RunResult r = runTexsort({"pixelsort", in.path(first), in.path(second), "-o", out.root(), "--format", "mp4", "-q"});
    EXPECT_EQ(r.exitCode, code) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 2) << r.err;
    EXPECT_TRUE(test::listFolder(out.root()).empty());
  }
}

}  // namespace
}  // namespace texsort
