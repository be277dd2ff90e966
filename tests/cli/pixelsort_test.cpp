// `texsort pixelsort` end to end on real files: the output is the plain reference (a stable sort of
// every span), alpha travels with its pixel, bad values are refused in one line with nothing written.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <random>

#include "image/image_io.h"
#include "pixelsort/pixel_sort.h"
#include "pixelsort/presets.h"
#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;

TEST(PixelSortCli, WritesEachSpanStablySortedForEveryOptionSet) {
  test::TempFolder dir;
  std::mt19937 rng(5);
  const Image input = test::randomImage(37, 23, rng, 12);  // odd sizes, random alpha
  const std::string in = dir.path("in.png");
  saveImagePng(in, input);
  struct Case {
    std::vector<std::string> args;
    PixelSortOptions options;
  };
  std::vector<Case> cases;
  cases.push_back({{}, PixelSortOptions{}});
  PixelSortOptions vertical;
  vertical.angle = kVerticalAngle;
  vertical.key = PixelKey::Hue;
  vertical.order = SortOrder::Descending;
  cases.push_back({{"--direction", "vertical", "--key", "hue", "--order", "desc"}, vertical});
  PixelSortOptions pieces;
  pieces.intervals = Intervals::None;
  pieces.maxSpan = 6;
  pieces.key = PixelKey::Saturation;
  cases.push_back({{"--intervals", "none", "--max-span", "6", "--key", "saturation"}, pieces});
  PixelSortOptions narrow;
  narrow.lower = 0.4;
  narrow.upper = 0.6;
  narrow.key = PixelKey::Blue;
  cases.push_back({{"--lower", "0.4", "--upper", "0.6", "--key", "blue"}, narrow});
  PixelSortOptions slanted;
  slanted.angle = 30;
  slanted.key = PixelKey::Lightness;
  cases.push_back({{"--angle", "30", "--key", "lightness"}, slanted});
  PixelSortOptions edges;
  edges.intervals = Intervals::Edges;
  edges.lower = 0.1;
  cases.push_back({{"--intervals", "edges", "--lower", "0.1"}, edges});
  PixelSortOptions random;
  random.intervals = Intervals::Random;
  random.spanLength = 9;
  random.seed = 12345;
  random.skipPercent = 25;
  cases.push_back({{"--intervals", "random", "--span-length", "9", "--seed", "12345", "--skip", "25"}, random});
  // Pieces and skips together: a skip is chosen per piece (by the piece's start), not per span.
  PixelSortOptions skippedPieces;
  skippedPieces.intervals = Intervals::None;
  skippedPieces.maxSpan = 4;
  skippedPieces.skipPercent = 50;
  cases.push_back({{"--intervals", "none", "--max-span", "4", "--skip", "50"}, skippedPieces});
  PixelSortOptions waves;
  waves.intervals = Intervals::Waves;
  waves.spanLength = 7;
  waves.angle = -60;
  waves.key = PixelKey::Red;
  cases.push_back({{"--intervals", "waves", "--span-length", "7", "--angle", "-60", "--key", "red"}, waves});
  Image mask = test::randomImage(37, 23, rng, 2);
  const std::string maskFile = dir.path("mask.png");
  saveImagePng(maskFile, mask);
  mask = loadImage(maskFile, 1u << 20);
  PixelSortOptions masked;
  masked.intervals = Intervals::Mask;
  masked.mask = std::make_shared<const Image>(mask);
  cases.push_back({{"--intervals", "mask", "--mask", maskFile}, masked});
  PixelSortOptions thresholdInMask = masked;
  thresholdInMask.intervals = Intervals::Threshold;
  thresholdInMask.lower = 0.1;
  cases.push_back({{"--mask", maskFile, "--lower", "0.1"}, thresholdInMask});
  // Any key as the threshold's, inside or outside the range; the keys chroma and rgb.
  PixelSortOptions hueWindow;
  hueWindow.select = PixelKey::Hue;
  hueWindow.lower = 0.3;
  hueWindow.upper = 0.7;
  hueWindow.key = PixelKey::Chroma;
  cases.push_back({{"--select", "hue", "--lower", "0.3", "--upper", "0.7", "--key", "chroma"}, hueWindow});
  PixelSortOptions outside;
  outside.invert = true;
  outside.key = PixelKey::Rgb;
  cases.push_back({{"--invert", "--key", "rgb"}, outside});
  PixelSortOptions byAlpha;
  byAlpha.key = PixelKey::Alpha;
  byAlpha.intervals = Intervals::None;
  cases.push_back({{"--key", "alpha", "--intervals", "none"}, byAlpha});
  PixelSortOptions shuffled;
  shuffled.key = PixelKey::Shuffle;
  shuffled.seed = 7;
  shuffled.angle = 30;
  cases.push_back({{"--key", "shuffle", "--seed", "7", "--angle", "30"}, shuffled});
  // The curved paths (their exact rules: paths_test.cpp), centred or placed.
  PixelSortOptions rings;
  rings.path = PixelPath::Circles;
  rings.key = PixelKey::Hue;
  cases.push_back({{"--path", "circles", "--key", "hue"}, rings});
  PixelSortOptions placed;
  placed.path = PixelPath::Spiral;
  placed.centerX = 3;
  placed.centerY = 20.5;
  placed.intervals = Intervals::None;
  placed.maxSpan = 40;
  cases.push_back({{"--path", "spiral", "--center", "3,20.5", "--intervals", "none", "--max-span", "40"}, placed});
  PixelSortOptions rays;
  rays.path = PixelPath::Radial;
  rays.intervals = Intervals::Edges;
  rays.lower = 0.05;
  cases.push_back({{"--path", "radial", "--intervals", "edges", "--lower", "0.05"}, rays});
  Image field = test::randomImage(37, 23, rng, 8);
  const std::string fieldFile = dir.path("field.png");
  saveImagePng(fieldFile, field);
  field = loadImage(fieldFile, 1u << 20);
  PixelSortOptions flow;
  flow.path = PixelPath::Flow;
  flow.field = std::make_shared<const Image>(field);
  flow.intervals = Intervals::None;
  cases.push_back({{"--path", "flow", "--field", fieldFile, "--intervals", "none"}, flow});
  PixelSortOptions curve;
  curve.path = PixelPath::Hilbert;
  curve.order = SortOrder::Descending;
  cases.push_back({{"--path", "hilbert", "--order", "desc"}, curve});
  for (const Case& c : cases) {
    const std::string out = dir.path("out.png");
    std::vector<std::string> args = {"pixelsort", in, "-o", out, "--verify", "-q"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    SCOPED_TRACE(::testing::PrintToString(args));
    const test::RunResult r = runTexsort(args);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.out.empty() && r.err.empty()) << "quiet";
    const Image result = loadImage(out, 1u << 20);
    EXPECT_EQ(result.rgba, pixelSortReference(input, c.options).rgba);
    EXPECT_NE(result.rgba, input.rgba) << "something moved";
  }
  // --mix blends the sorted image with the original, as mixWithOriginal defines it.
  const std::string mixedFile = dir.path("mixed.png");
  ASSERT_EQ(runTexsort({"pixelsort", in, "-o", mixedFile, "--mix", "0.3", "--angle", "30", "--verify", "-q"}).exitCode, 0);
  PixelSortOptions slant;
  slant.angle = 30;
  std::vector<std::uint8_t> expected = pixelSortReference(input, slant).rgba;
  mixWithOriginal(expected, input.rgba, 0.3);
  EXPECT_EQ(loadImage(mixedFile, 1u << 20).rgba, expected);
  // Without --verify the read-back may reuse the source's memory: --mix must still blend with the original.
  ASSERT_EQ(runTexsort({"pixelsort", in, "-o", mixedFile, "--mix", "0.3", "--angle", "30", "-q"}).exitCode, 0);
  EXPECT_EQ(loadImage(mixedFile, 1u << 20).rgba, expected) << "--mix without --verify";
  EXPECT_EQ(test::readFile(in), [&] {
    saveImagePng(dir.path("again.png"), input);
    return test::readFile(dir.path("again.png"));
  }()) << "the input is untouched";
}

// A recipe: each --then sort runs on the result of the one before, with options of its own (its
// own mask, path, key, line sort, mix), every sort checked by --verify; the whole run's options
// are refused in a stage, and --then anywhere but pixelsort.
TEST(PixelSortCli, ThenSortsTheResultAgain) {
  test::TempFolder dir;
  std::mt19937 rng(9);
  const Image input = test::randomImage(29, 17, rng, 12);
  saveImagePng(dir.path("in.png"), input);
  Image mask = test::randomImage(29, 17, rng, 2);
  saveImagePng(dir.path("mask.png"), mask);
  mask = loadImage(dir.path("mask.png"), 1u << 20);
  const test::RunResult r = runTexsort({"pixelsort", dir.path("in.png"), "-o", dir.path("out.png"), "--verify",
                                        "--direction", "vertical", "--then", "--key", "hue", "--intervals", "none",
                                        "--max-span", "9", "--algo", "oddeven-merge", "--then", "--path", "circles",
                                        "--mask", dir.path("mask.png"), "--mix", "0.6"},
                                       test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "slow-compute"}}});  // auto: bitonic-wide
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("  then      lines at 0 degrees, key hue ascending, spans by none, on oddeven-merge\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  then      circles, key luma ascending, spans by threshold, mixed 0.6, on bitonic-wide\n"), std::string::npos);
  PixelSortOptions first, second, third;
  first.angle = kVerticalAngle;
  second.key = PixelKey::Hue;
  second.intervals = Intervals::None;
  second.maxSpan = 9;
  third.path = PixelPath::Circles;
  third.mask = std::make_shared<const Image>(mask);
  const Image one = pixelSortReference(input, first);
  const Image two = pixelSortReference(one, second);
  std::vector<std::uint8_t> three = pixelSortReference(two, third).rgba;
  mixWithOriginal(three, two.rgba, 0.6);
  EXPECT_EQ(loadImage(dir.path("out.png"), 1u << 20).rgba, three);

  const std::pair<std::vector<std::string>, std::string> refused[] = {
      {{"--then"}, "pixelsort: --then (sort 2) needs the options of that sort"},
      {{"--then", dir.path("in.png")}, "--then (sort 2) takes options, not files"},
      {{"--then", "--key", "colour"}, "--key: colour not in"},
      {{"--then", "--mask", "-"}, "a --then sort's mask must be a file, not -"},
      {{"--then", "--mask", dir.path("out2.png")}, "output is the mask file"},
  };
  for (const auto& [extra, message] : refused) {
    SCOPED_TRACE(message);
    std::vector<std::string> args = {"pixelsort", dir.path("in.png"), "-o", dir.path("out2.png")};
    args.insert(args.end(), extra.begin(), extra.end());
    const test::RunResult bad = runTexsort(args);
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find(message), std::string::npos) << bad.err;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
    EXPECT_FALSE(test::fileExists(dir.path("out2.png")));
  }
  // The whole run's options may stand after a --then: they are the whole run's.
  const test::RunResult quiet = runTexsort({"pixelsort", dir.path("in.png"), "--then", "--key", "hue", "-q", "-o",
                                            dir.path("quiet.png"), "--verify"});
  EXPECT_EQ(quiet.exitCode, 0) << quiet.err;
  EXPECT_EQ(quiet.out + quiet.err, "");
  const test::RunResult sortThen = runTexsort({"sort", dir.path("in.png"), "-o", dir.path("out2.png"), "--then", "--key", "hue"});
  EXPECT_EQ(sortThen.exitCode, 2);
  EXPECT_NE(sortThen.err.find("--then chains pixel sorts: only texsort pixelsort takes it"), std::string::npos);
}

// A recipe line holds one sort's options: a file, an output, a whole run's option, help or another
// recipe in one is one line naming the recipe and the line, exit 2, nothing written. The viewer's
// --preset says the same, once. A recipe may be 64 KiB, not a byte more.
TEST(PixelSortCli, ARecipeLineHoldsOneSortsOptionsOnly) {
  test::TempFolder dir;
  std::mt19937 rng(17);
  saveImagePng(dir.path("in.png"), test::randomImage(9, 7, rng, 12));
  const std::string recipe = dir.path("r.recipe");
  const std::pair<std::string, std::string> bad[] = {
      {"--key hue " + dir.path("in.png") + "\n", ":1: " + dir.path("in.png") + " is not a sort's option; a recipe line holds one sort's options, no files"},
      {"# two sorts\n--key hue\n\n--angle 30 -o x.png\n", ":4: -o is not a sort's option"},
      {"--help\n", ":1: --help is not a sort's option"},
      {"--key hue --frames 3\n", ":1: --frames is not a sort's option"},
      {"--preset=asdf\n", ":1: --preset=asdf is not a sort's option"},
      {"--key hue --then --key luma\n", ":1: --then is not a sort's option"},
      {"garbage words\n", ":1: garbage is not a sort's option"},
      {"--kye hue\n", ":1: The following argument was not expected: --kye"},
      // Spelled otherwise, judged by what they do:
      {"-qh\n", ":1: help is not a sort's option"},
      {"--key hue --verify=1\n", ":1: an option of the whole run is not a sort's option"},
      {"--quiet=true\n", ":1: an option of the whole run is not a sort's option"},
      {std::string("--format\0 mkv\n", 13), ":1: a NUL byte; a recipe is text"},
      {"-ox.png\n", ":1: "},
  };
  for (const auto& [text, message] : bad) {
    SCOPED_TRACE(text);
    test::writeFile(recipe, std::vector<std::uint8_t>(text.begin(), text.end()));
    const test::RunResult r = runTexsort({"pixelsort", dir.path("in.png"), "-o", dir.path("x.png"), "--preset", recipe});
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err.rfind("texsort: error: " + recipe + message, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(test::fileExists(dir.path("x.png")));
    const test::RunResult demo = runTexsort({"demo", "--preset", recipe, "--frames", "1"});
    EXPECT_EQ(demo.exitCode, 2) << demo.err;
    EXPECT_NE(demo.err.find(recipe + message), std::string::npos) << demo.err;
    EXPECT_EQ(std::count(demo.err.begin(), demo.err.end(), '\n'), 1) << demo.err;
    EXPECT_EQ(demo.err.find("--help)"), demo.err.rfind("--help)")) << demo.err;
  }
  // A FIFO is refused before it is opened (opening one waits for a writer).
  ASSERT_EQ(::mkfifo(dir.path("fifo.recipe").c_str(), 0600), 0);
  const test::RunResult fifo = runTexsort({"pixelsort", dir.path("in.png"), "-o", dir.path("x.png"), "--preset", dir.path("fifo.recipe")});
  EXPECT_EQ(fifo.exitCode, 1) << fifo.err;
  EXPECT_EQ(fifo.err, "texsort: error: " + dir.path("fifo.recipe") + ": a pipe or socket; a recipe is read from a file (--preset)\n");
  ::unlink(dir.path("fifo.recipe").c_str());
  // An option twice is blamed on whoever gave it twice; a bad value after a preset is the value's.
  const std::pair<std::vector<std::string>, std::string> twice[] = {
      {{"--preset", "asdf", "--key", "hue"}, "--key: given by --preset asdf and by the command line"},
      {{"--preset", "melt", "--preset", "asdf"}, "--direction: given by --preset melt and by --preset asdf"},
      {{"--preset", "asdf", "--then", "--key", "bogus"}, "--key: bogus not in"},
      {{"--preset", "asdf", "--then", "--key", "hue", "--key", "luma"}, "--key: At Most 1 required but received 2"},
  };
  for (const auto& [extra, message] : twice) {
    std::vector<std::string> args = {"pixelsort", dir.path("in.png"), "-o", dir.path("x.png")};
    args.insert(args.end(), extra.begin(), extra.end());
    const test::RunResult r = runTexsort(args);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err.rfind("texsort: error: " + message, 0), 0u) << r.err;
  }
  for (const std::size_t size : {std::size_t{1} << 16, (std::size_t{1} << 16) + 1}) {
    std::string text = "--key hue\n#";
    text.resize(size - 1, 'x');
    text += '\n';
    test::writeFile(recipe, std::vector<std::uint8_t>(text.begin(), text.end()));
    const test::RunResult r = runTexsort({"pixelsort", dir.path("in.png"), "-o", dir.path("x.png"), "-q", "--preset", recipe});
    EXPECT_EQ(r.exitCode, size == 1u << 16 ? 0 : 1) << size << ": " << r.err;
  }
}

// Messages say what is wrong in one line: a name holding a newline stays on it (escaped), an
// option a preset gives and the command line repeats names the preset, a name too long for its
// folder is refused before a clip is decoded.
TEST(PixelSortCli, MessagesNameWhatIsWrongInOneLine) {
  test::TempFolder dir;
  struct Case {
    std::vector<std::string> args;
    int code;
    std::string message;
  };
  const std::string clip = dir.path("clip.mkv");
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i", "testsrc2=size=32x24:rate=10:duration=0.3",
                                        "-c:v", "ffv1", clip}).exitCode, 0);
  const std::string longName = dir.path(std::string(252, 'x') + ".mkv");
  const std::string longMask = dir.path(std::string(300, 'b') + ".png");
  const std::vector<Case> cases = {
      {{"pixelsort", dir.path("a\nb.png"), "-o", dir.path("x.png")}, 1, dir.path("a\\nb.png") + ": no such file"},
      {{"pixelsort", test::assetPath("coffee.png"), "-o", dir.path(std::string(300, 'a') + ".png"), "--mask", longMask}, 3,
       dir.path(std::string(300, 'a') + ".png") + ": file name too long"},
      {{"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("a\tb/x.png")}, 3,
       dir.path("a\\tb/x.png") + ": folder " + dir.path("a\\tb") + " does not exist"},
      {{"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("x.png"), "--preset", "asdf", "--key", "hue"}, 2,
       "--key: given by --preset asdf and by the command line"},
      {{"pixelsort", clip, "-o", longName}, 3, longName + ": file name too long: 256 bytes, where the folder takes 255"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    const test::RunResult r = runTexsort(c.args);
    EXPECT_EQ(r.exitCode, c.code) << r.err;
    EXPECT_EQ(r.err.rfind("texsort: error: " + c.message, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"clip.mkv"});
  }
}

// --preset NAME puts a shipped recipe's options in its place, --preset FILE one's own (a sort a
// line, # comments): the same bytes as the options typed out; bad names and files are one line.
TEST(PixelSortCli, PresetsAreTheirOptionsTypedOut) {
  test::TempFolder dir;
  std::mt19937 rng(13);
  saveImagePng(dir.path("in.png"), test::randomImage(33, 21, rng, 12));
  const auto run = [&](std::vector<std::string> extra, const std::string& out) {
    std::vector<std::string> args = {"pixelsort", dir.path("in.png"), "-o", dir.path(out), "-q"};
    args.insert(args.end(), extra.begin(), extra.end());
    const test::RunResult r = runTexsort(args);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return test::readFile(dir.path(out));
  };
  for (const PresetInfo& preset : kPresets) {
    SCOPED_TRACE(preset.name);
    std::vector<std::string> typed = recipeWords(preset.recipe);
    typed.push_back("--verify");
    EXPECT_EQ(run({"--preset", preset.name, "--verify"}, "preset.png"), run(typed, "typed.png"));
  }
  EXPECT_EQ(run({"--preset", "rings"}, "a.png"), run({"--path", "circles", "--key", "hue", "--lower", "0.1", "--upper", "0.9"}, "b.png"));
  test::writeFile(dir.path("mine.recipe"), {});
  std::FILE* f = std::fopen(dir.path("mine.recipe").c_str(), "w");
  std::fputs("# columns, then rows by hue\n--direction vertical   # first\n\n  --key hue --intervals none\n", f);
  std::fclose(f);
  EXPECT_EQ(run({"--preset", dir.path("mine.recipe")}, "c.png"),
            run({"--direction", "vertical", "--then", "--key", "hue", "--intervals", "none"}, "d.png"));
  const std::pair<std::vector<std::string>, std::pair<int, std::string>> bad[] = {
      {{"pixelsort", dir.path("in.png"), "-o", dir.path("x.png"), "--preset", "nope"},
       {2, "--preset: no preset named 'nope'; the presets are asdf, melt, rings"}},
      {{"pixelsort", dir.path("in.png"), "-o", dir.path("x.png"), "--preset", dir.path("none.recipe")},
       {1, dir.path("none.recipe") + ": cannot read this recipe file (--preset)"}},
      {{"pixelsort", dir.path("in.png"), "-o", dir.path("x.png"), "--preset", "/dev/zero"},
       {1, "/dev/zero: a device; a recipe is read from a file (--preset)"}},
      {{"pixelsort", dir.path("in.png"), "-o", dir.path("x.png"), "--preset"}, {2, "--preset needs a preset's name or a recipe file"}},
      {{"sort", dir.path("in.png"), "-o", dir.path("x.png"), "--preset", "rings"}, {2, "--preset names a pixelsort recipe: only texsort pixelsort takes it"}},
  };
  for (const auto& [args, expected] : bad) {
    SCOPED_TRACE(expected.second);
    const test::RunResult r = runTexsort(args);
    EXPECT_EQ(r.exitCode, expected.first) << r.err;
    EXPECT_EQ(r.err.rfind("texsort: error: " + expected.second, 0), 0u) << r.err;
    EXPECT_FALSE(test::fileExists(dir.path("x.png")));
  }
}

// "-" reads standard input and writes standard output (the report then goes to standard error),
// with the same bytes as a file written in place of it.
TEST(PixelSortCli, DashIsStandardInputAndOutput) {
  test::TempFolder dir;
  const std::string file = dir.path("file.png");
  ASSERT_EQ(runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", file, "--angle", "45", "-q"}).exitCode, 0);
  test::RunOptions fromStdin;
  fromStdin.stdinPath = test::assetPath("coffee.png");
  const test::RunResult r = runTexsort({"pixelsort", "-", "-o", "-", "--angle", "45"}, fromStdin);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(std::vector<std::uint8_t>(r.out.begin(), r.out.end()), test::readFile(file));
  EXPECT_NE(r.err.find("pixel-sorted"), std::string::npos) << "the report on standard error";
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"file.png"});
}

TEST(PixelSortCli, ReportsWhatItDid) {
  test::TempFolder dir;
  const test::RunResult r = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png")},
                                       test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "slow-compute"}}});  // auto: bitonic-wide
  ASSERT_EQ(r.exitCode, 0) << r.err;
  for (const char* needle : {"lines at 0 (rows) degrees, key luma ascending", "luma 63750..204000", "bitonic-wide, every line at once", "GPU time"})
    EXPECT_NE(r.out.find(needle), std::string::npos) << needle << "\n" << r.out;
  // The span count (made on a thread of its own beside the passes): spans of two or more pixels.
  const Image image = loadImage(test::assetPath("coffee.png"), std::uint64_t{1} << 24);
  const LineLayout layout = lineLayout(image.width, image.height, 0.0);
  const std::vector<std::uint32_t> spans = spanNumbers(image, PixelSortOptions{}, layout);
  std::uint64_t count = 0;
  for (std::uint32_t line = 0; line < layout.count; ++line)
    for (std::uint32_t p = 0; p + 1 < layout.lengthOf(line); ++p)
      count += spans[layout.starts[line] + p] == p && spans[layout.starts[line] + p + 1] == p;
  EXPECT_GT(count, 100u);
  EXPECT_NE(r.out.find("spans     " + std::to_string(count) + " of two or more pixels"), std::string::npos) << r.out;
}

// Equal bounds are a threshold of one luma level's width, not an error (only lower > upper is).
TEST(PixelSortCli, EqualThresholdBoundsAreAccepted) {
  test::TempFolder dir;
  const test::RunResult r = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png"),
                                        "--lower", "0.3", "--upper", "0.3", "-q"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  PixelSortOptions options;
  options.lower = options.upper = 0.3;
  EXPECT_EQ(loadImage(dir.path("out.png"), kMaxElements).rgba,
            pixelSortReference(loadImage(test::assetPath("coffee.png"), kMaxElements), options).rgba);
}

TEST(PixelSortCli, BadValuesAreRefusedInOneLineWithNothingWritten) {
  test::TempFolder dir;
  const std::string out = dir.path("out.png");
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"--lower", "0.9", "--upper", "0.2"}, "--lower 0.9 is above --upper 0.2: no pixel"},
      {{"--lower", "-0.5"}, "--lower: -0.5 is out of range; give a number from 0 to 1"},
      {{"--upper", "1.01"}, "--upper: 1.01 is out of range"},
      {{"--key", "opacity"}, "--key: opacity not in"},
      {{"--direction", "diagonal"}, "--direction: diagonal not in"},
      {{"--angle", "30", "--direction", "vertical"}, "excludes"},
      {{"--angle", "nan"}, "--angle: nan is not a finite number"},
      {{"--max-span", "-3"}, "--max-span"},
      {{"--skip", "101"}, "--skip: 101 is out of range; give a whole number from 0 to 100"},
      {{"--seed", "1e3"}, "--seed: 1e3 is not a whole number; give a whole number from 0 to 4294967295"},
      {{"--span-length", "0x10"}, "--span-length: 0x10 is not a whole number"},
      {{"--span-length", "0"}, "--span-length: 0 is out of range"},
      {{"--intervals", "mask"}, "--intervals mask needs --mask FILE"},
      {{"--intervals", "stripes"}, "--intervals: stripes not in"},
      {{"--mask", test::assetPath("astronaut.png")}, "the mask is 512x512, the image 600x400"},
      {{"--mask", out}, "output is the mask file"},
      {{"--path", "zigzag"}, "--path: zigzag not in"},
      {{"--intervals", "none", "--invert"}, "--select and --invert shape --intervals threshold, not none"},
      {{"--intervals", "edges", "--select", "hue"}, "--select and --invert shape --intervals threshold, not edges"},
      {{"--select", "colour"}, "--select: colour not in"},
      {{"--select", "shuffle"}, "--select: shuffle not in"},
      {{"--select", "alpha"}, "--select: alpha not in"},
      {{"--path", "circles", "--angle", "30"}, "--angle and --direction turn --path lines; --path circles goes round"},
      {{"--path", "radial", "--direction", "vertical"}, "--angle and --direction turn --path lines"},
      {{"--path", "hilbert", "--center", "3,4"}, "--center places circles, spiral and radial; not --path hilbert"},
      {{"--center", "3,4"}, "--center places circles, spiral and radial; not --path lines"},
      {{"--path", "circles", "--center", "0x10,5"}, "--center: '0x10,5' is not X,Y"},
      {{"--path", "circles", "--center", "1e1,5"}, "--center: '1e1,5' is not X,Y"},
      {{"--path", "circles", "--center", "10,+20"}, "--center: '10,+20' is not X,Y"},
      {{"--preset", "--x.png"}, "--preset: '--x.png' is an option, not a preset or a recipe file"},
      {{"--path", "circles", "--center", "3,4.25"}, "--center: '3,4.25' is not X,Y: Y 4.25 is neither whole nor a half"},
      {{"--path", "circles", "--center", "70000,4"}, "--center: '70000,4' is not X,Y: X 70000 is over 65535"},
      {{"--path", "circles", "--center", "3"}, "--center: '3' is not X,Y"},
      {{"--path", "flow"}, "--path flow needs --field FILE, the direction field"},
      {{"--field", test::assetPath("coffee.png")}, "--field gives --path flow its directions; add --path flow"},
      {{"--path", "flow", "--field", test::assetPath("astronaut.png")},
       test::assetPath("astronaut.png") + ": the --field is 512x512, the image 600x400"},
      {{"--path", "flow", "--field", out}, "output is the field file"},
  };
  for (const auto& [extra, needle] : cases) {
    std::vector<std::string> args = {"pixelsort", test::assetPath("coffee.png"), "-o", out};
    args.insert(args.end(), extra.begin(), extra.end());
    SCOPED_TRACE(needle);
    const test::RunResult r = runTexsort(args);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
    EXPECT_TRUE(test::listFolder(dir.root()).empty());
  }
  // --field - reads the field from standard input, as --mask - does; the stream is one of them only.
  test::RunOptions field;
  field.stdinPath = test::assetPath("coffee.png");
  const test::RunResult piped =
      runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", out, "-q", "--path", "flow", "--field", "-"}, field);
  ASSERT_EQ(piped.exitCode, 0) << piped.err;
  const std::string named = dir.path("named.png");
  ASSERT_EQ(runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", named, "-q", "--path", "flow", "--field",
                        test::assetPath("coffee.png")}).exitCode, 0);
  EXPECT_EQ(test::readFile(out), test::readFile(named));
  field.stdinPath = "/dev/null";  // a field from standard input is named as the field in messages
  const test::RunResult empty =
      runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("e.png"), "--path", "flow", "--field", "-"}, field);
  EXPECT_EQ(empty.exitCode, 1);
  EXPECT_NE(empty.err.find("texsort: error: standard input (field): empty file"), std::string::npos) << empty.err;
  field.stdinPath = test::assetPath("coffee.png");
  const test::RunResult twice = runTexsort({"pixelsort", "-", "-o", out, "--path", "flow", "--field", "-"}, field);
  EXPECT_EQ(twice.exitCode, 2);
  EXPECT_NE(twice.err.find("standard input (-) can be one of the input, the mask and the field, not two"), std::string::npos)
      << twice.err;
  std::remove(out.c_str());
  std::remove(named.c_str());
  const test::RunResult missing = runTexsort({"pixelsort", dir.path("nothing.png"), "-o", out});
  EXPECT_EQ(missing.exitCode, 1);
  EXPECT_NE(missing.err.find(dir.path("nothing.png")), std::string::npos) << missing.err;
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
}

TEST(PixelSortCli, TheMemoryBudgetCountsThePixelSortsOwnBuffers) {
  test::TempFolder dir;
  test::RunOptions options;
  options.setEnv = {{"TEXSORT_MEMORY_LIMIT", "170000000"},  // 162.1 MiB: enough to sort the coffee image's pixels
                    {"TEXSORT_FORCE_FAILURE", "slow-compute"}};  // auto: bitonic-wide, whose textures these are
  ASSERT_EQ(runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("sorted.png"), "-q"}, options).exitCode, 0);
  const test::RunResult r = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png")}, options);
  // A mask needs the maps: 8 bytes for each of the 1024 x 512 elements.
  const test::RunResult masked = runTexsort(
      {"pixelsort", test::assetPath("coffee.png"), "--mask", test::assetPath("coffee.png"), "-o", dir.path("out.png")},
      options);
  if (test::texturesInHostMemory()) {
    EXPECT_EQ(r.exitCode, 4) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("coffee.png: 600x400 needs 171.0 MiB (host 158.7 MiB + GPU textures 12.2 MiB"), std::string::npos)
        << r.err;
    EXPECT_EQ(masked.exitCode, 4) << masked.err;
    EXPECT_NE(masked.err.find("needs 175.0 MiB (host 158.7 MiB + GPU textures 16.2 MiB"), std::string::npos) << masked.err;
  } else {
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(masked.exitCode, 0) << masked.err;
    std::filesystem::remove(dir.path("out.png"));
  }
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"sorted.png"});
  options.setEnv = {{"TEXSORT_MEMORY_LIMIT", "157000000"}};  // 149.7 MiB: not even the host's share
  const test::RunResult early = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png")}, options);
  EXPECT_EQ(early.exitCode, 4) << early.err;
  EXPECT_NE(early.err.find("coffee.png: 600x400 needs 158.7 MiB of host memory; 149.7 MiB is available"), std::string::npos)
      << early.err;
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"sorted.png"});
  options.setEnv = {{"TEXSORT_MEMORY_LIMIT", "215000000"}};
  EXPECT_EQ(runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png"), "-q"}, options).exitCode, 0);
}

TEST(PixelSortCli, VerifyCatchesADifference) {
  test::TempFolder dir;
  const test::RunResult r = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png"), "--verify"},
                                       test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "verify"}}, false});
  EXPECT_EQ(r.exitCode, 5) << r.err;
  EXPECT_NE(r.err.find(test::assetPath("coffee.png") + ": verify: the image read back differs from the CPU model at pixel (0, 0)"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
  // A later sort's mismatch is caught too (sortThrough verifies every sort of the recipe).
  const test::RunResult later =
      runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png"), "--verify", "--then", "--key", "hue"},
                 test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "verify-then"}}, false});
  EXPECT_EQ(later.exitCode, 5) << later.err;
  EXPECT_NE(later.err.find(test::assetPath("coffee.png") + ": verify: the image read back differs from the CPU model at pixel (0, 0)"),
            std::string::npos)
      << later.err;
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
}

// A later sort's mask is read and checked before the first sort runs: a wrong one is one line
// naming it, nothing written.
TEST(PixelSortCli, ALaterSortsMaskIsCheckedBeforeAnySort) {
  test::TempFolder dir;
  std::mt19937 rng(70);
  saveImagePng(dir.path("small.png"), test::randomImage(5, 4, rng));
  const test::RunResult r = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png"), "--then",
                                        "--mask", dir.path("small.png"), "--verify"},
                                       test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "verify"}}, false});
  EXPECT_EQ(r.exitCode, 2) << r.err;  // not 5: the first sort (whose verify is forced to fail) never ran
  EXPECT_NE(r.err.find(dir.path("small.png") + ": the mask is 5x4, the image 600x400"), std::string::npos) << r.err;
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"small.png"});
}

}  // namespace
}  // namespace texsort
