// texsort as a user runs it: real files in, real files out, and every error case.
#include <gtest/gtest.h>

#include <stb_image_write.h>

#include <sys/stat.h>

#include <algorithm>
#include <fstream>

#include "error.h"
#include "sort/element.h"
#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;

Image load(const std::string& path) { return loadImage(path, kMaxElements); }

TEST(Cli, SortsTheAstronautExactlyAndReports) {
  test::TempFolder dir;
  const std::string out = dir.path("out.png");
  const test::RunResult r = runTexsort({"sort", test::assetPath("astronaut.png"), "-o", out});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("262144"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("carrying 171 network steps"), std::string::npos) << r.out;  // the fast path, by default
  EXPECT_NE(r.out.find("renderer"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("GPU time"), std::string::npos) << r.out;
  const Image sorted = load(out);
  EXPECT_EQ(sorted.channels, 3);
  EXPECT_EQ(sorted.rgba, test::referenceSorted(load(test::assetPath("astronaut.png")), SortOrder::Ascending).rgba);
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"out.png"});
}

TEST(Cli, VerifyPassesForTheBundledImagesInBothOrders) {
  test::TempFolder dir;
  for (const char* name : {"astronaut.png", "coffee.png"}) {
    for (const char* order : {"asc", "desc"}) {
      SCOPED_TRACE(std::string(name) + " " + order);
      const std::string out = dir.path(std::string(order) + "-" + name);
      const test::RunResult r = runTexsort({"sort", test::assetPath(name), "-o", out, "--order", order, "--verify"});
      ASSERT_EQ(r.exitCode, 0) << r.err;
      EXPECT_NE(r.out.find("identical to the CPU model"), std::string::npos) << r.out;
      const SortOrder o = std::string(order) == "asc" ? SortOrder::Ascending : SortOrder::Descending;
      EXPECT_EQ(load(out).rgba, test::referenceSorted(load(test::assetPath(name)), o).rgba);
    }
  }
}

TEST(Cli, EveryAlgorithmWritesTheSameBytes) {
  test::TempFolder dir;
  std::mt19937 rng(12);
  Image image = test::randomImage(45, 30, rng, 20);  // 1350 pixels, padded to 2048
  image.channels = 4;
  saveImagePng(dir.path("in.png"), image);
  for (const char* order : {"asc", "desc"}) {
    std::vector<std::uint8_t> first;
    for (const AlgorithmInfo& row : kAlgorithmRegistry) {
      const std::string algo = row.name;
      SCOPED_TRACE(algo + " " + order);
      const std::string out = dir.path(algo + "-" + order + ".png");
      const test::RunResult r = runTexsort({"sort", dir.path("in.png"), "-o", out, "--algo", algo, "--order", order, "--verify"});
      ASSERT_EQ(r.exitCode, 0) << r.err;
      EXPECT_NE(r.out.find(std::string("passes    ")), std::string::npos);
      EXPECT_NE(r.out.find(algo), std::string::npos) << r.out;
      const std::vector<std::uint8_t> bytes = test::readFile(out);
      if (first.empty()) first = bytes;
      EXPECT_EQ(bytes, first) << "differs from " << kAlgorithmRegistry[0].name;
    }
  }
}

TEST(Cli, BenchReportsEveryColumnForEveryAlgorithm) {
  const test::RunResult json = runTexsort({"bench", "--sizes", "256,1024", "--runs", "1", "--json"});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  for (const char* field : {"\"renderer\"", "\"cpu\"", "\"gpu_ms\"", "\"wall_ms\"", "\"ms_per_pass\"",
                            "\"elements_per_second\"", "\"gb_per_second\"", "\"copy_pass_ms\"", "\"pass_per_copy\"",
                            "\"std_sort_ms\"", "\"sort_per_std_sort\"", "\"naive_wall_ms\"", "\"speedup_vs_naive\""})
    EXPECT_NE(json.out.find(field), std::string::npos) << field;
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    EXPECT_NE(json.out.find(std::string("\"algorithm\": \"") + row.name + "\", \"n\": 1024"), std::string::npos) << row.name;
  }
  EXPECT_NE(json.out.find("\"algorithm\": \"naive\", \"n\": 1024"), std::string::npos) << "the yardstick's row";
  const test::RunResult csv = runTexsort({"bench", "--sizes", "64", "--runs", "1", "--csv", "--algos", "radix,bitonic"});
  ASSERT_EQ(csv.exitCode, 0) << csv.err;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 4) << csv.out;  // header, naive + 2 cells
  EXPECT_EQ(csv.out.find("naive,64,"), csv.out.find('\n') + 1) << csv.out;
  const test::RunResult bare =
      runTexsort({"bench", "--sizes", "64", "--runs", "1", "--csv", "--algos", "radix,bitonic", "--no-naive"});
  ASSERT_EQ(bare.exitCode, 0) << bare.err;
  EXPECT_EQ(std::count(bare.out.begin(), bare.out.end(), '\n'), 3) << bare.out;  // header + 2 cells
  EXPECT_EQ(bare.out.find("radix,64,"), bare.out.find('\n') + 1) << bare.out;

  const test::RunResult table = runTexsort({"bench", "--sizes", "4096", "--runs", "1", "--algos", "transposition",
                                            "--max-work", "1e6"});
  ASSERT_EQ(table.exitCode, 0) << table.err;
  EXPECT_NE(table.out.find("skipped: 4096 passes x 4096 elements exceeds --max-work"), std::string::npos) << table.out;
  EXPECT_EQ(table.out.rfind("texsort bench, ", 0), 0u) << "the table opens with date, renderer and CPU";

  const test::RunResult bad = runTexsort({"bench", "--sizes", "1000"});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("1000 is not a power of two"), std::string::npos) << bad.err;
}

TEST(Cli, SameInputGivesByteIdenticalOutputEveryRun) {
  test::TempFolder dir;
  std::vector<std::uint8_t> first;
  for (int run = 0; run < 3; ++run) {
    const std::string out = dir.path("run" + std::to_string(run) + ".png");
    ASSERT_EQ(runTexsort({"sort", test::assetPath("coffee.png"), "-o", out, "-q"}).exitCode, 0);
    if (run == 0) first = test::readFile(out);
    else EXPECT_EQ(test::readFile(out), first) << "run " << run;
  }
}

TEST(Cli, ClassicPathReportsTheSeedsPassCount) {
  test::TempFolder dir;
  const test::RunResult r = runTexsort({"sort", test::assetPath("astronaut.png"), "-o", dir.path("o.png"), "--algo", "bitonic"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("passes    171 bitonic\n"), std::string::npos) << r.out;
}

// auto takes compute-radix where compute shaders are (llvmpipe has them): nine dispatches, the
// same bytes as the default, checked against the CPU model; without them, bitonic-wide.
TEST(Cli, AutoSortsOnComputeRadixWhereTheContextHasCompute) {
  test::TempFolder dir;
  const test::RunResult r = runTexsort(
      {"sort", test::assetPath("astronaut.png"), "-o", dir.path("auto.png"), "--algo", "auto", "--verify"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("passes    9 compute-radix\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("skipped"), std::string::npos) << r.out;  // the astronaut's keys use every digit
  // A PGM of one grey: every digit is the same for every key (padding has none: 64x64), so the
  // report says all three scatters were skipped.
  std::vector<std::uint8_t> grey = {'P', '5', '\n', '6', '4', ' ', '6', '4', '\n', '2', '5', '5', '\n'};
  grey.resize(grey.size() + 64 * 64, 77);
  test::writeFile(dir.path("grey.pgm"), grey);
  const test::RunResult flat = runTexsort({"sort", dir.path("grey.pgm"), "-o", dir.path("grey.png"), "--algo", "auto"});
  ASSERT_EQ(flat.exitCode, 0) << flat.err;
  EXPECT_NE(flat.out.find("\n  skipped   3 radix scatters: digits every key shares\n"), std::string::npos) << flat.out;
  ASSERT_EQ(runTexsort({"sort", test::assetPath("astronaut.png"), "-o", dir.path("wide.png"), "-q"}).exitCode, 0);
  EXPECT_EQ(test::readFile(dir.path("auto.png")), test::readFile(dir.path("wide.png")));
  const test::RunResult info = runTexsort({"info"});
  EXPECT_NE(info.out.find("\nsort auto         compute-radix: "), std::string::npos) << info.out;
  const test::RunResult without =
      runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("fragment.png"), "--algo", "auto"},
                 test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "no-compute"}}});
  ASSERT_EQ(without.exitCode, 0) << without.err;
  EXPECT_NE(without.out.find(" bitonic-wide, carrying "), std::string::npos) << without.out;
}

TEST(Cli, QuietPrintsNothing) {
  test::TempFolder dir;
  const test::RunResult r = runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("o.png"), "-q"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

// Writes a width x height image with `channels` channels via stb (random content, many ties).
std::string writeInput(const test::TempFolder& dir, const std::string& name, std::uint32_t w, std::uint32_t h,
                       int channels, std::mt19937& rng) {
  const Image rgba = test::randomImage(w, h, rng, 7);
  std::vector<std::uint8_t> data(std::size_t{w} * h * channels);
  for (std::size_t i = 0; i < std::size_t{w} * h; ++i)
    for (int c = 0; c < channels; ++c) data[i * channels + c] = rgba.rgba[i * 4 + (channels == 2 && c == 1 ? 3 : c)];
  const std::string path = dir.path(name);
  EXPECT_TRUE(stbi_write_png(path.c_str(), int(w), int(h), channels, data.data(), int(w) * channels));
  return path;
}

TEST(Cli, SortsEveryPixelFormatAndShapeKeepingAlphaWithItsPixel) {
  test::TempFolder dir;
  std::mt19937 rng(8);
  struct Case {
    std::string name;
    std::uint32_t w, h;
    int channels;
  };
  const Case cases[] = {{"grey.png", 31, 9, 1},  {"grey-alpha.png", 16, 16, 2}, {"rgb.png", 20, 7, 3},
                        {"rgba.png", 33, 33, 4}, {"one.png", 1, 1, 4},          {"row.png", 1000, 1, 4},
                        {"column.png", 1, 999, 3}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string in = writeInput(dir, c.name, c.w, c.h, c.channels, rng);
    const std::string out = dir.path("sorted-" + c.name);
    const test::RunResult r = runTexsort({"sort", in, "-o", out, "--verify"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const Image result = load(out);
    EXPECT_EQ(result.channels, c.channels);
    EXPECT_EQ(result.width, c.w);
    EXPECT_EQ(result.height, c.h);
    EXPECT_EQ(result.rgba, test::referenceSorted(load(in), SortOrder::Ascending).rgba);
  }

  // 16-bit RGB: reduced to 8 bits on load (the key is 8-bit luma), written back as 8-bit RGB.
  std::vector<std::uint8_t> scanlines;
  for (int y = 0; y < 5; ++y) {
    scanlines.push_back(0);
    for (int x = 0; x < 6 * 7; ++x) scanlines.push_back(std::uint8_t(rng() % 4 * 60));
  }
  const std::string deep = dir.path("rgb16.png");
  test::writeFile(deep, test::rawPng(7, 5, 16, 2, scanlines));
  const test::RunResult r16 = runTexsort({"sort", deep, "-o", dir.path("sorted-rgb16.png"), "--verify"});
  ASSERT_EQ(r16.exitCode, 0) << r16.err;
  const Image deepIn = load(deep);
  EXPECT_EQ(deepIn.rgba[0], scanlines[1]);  // high byte of the first sample
  EXPECT_EQ(load(dir.path("sorted-rgb16.png")).rgba, test::referenceSorted(deepIn, SortOrder::Ascending).rgba);
  EXPECT_EQ(load(dir.path("sorted-rgb16.png")).channels, 3);

  const std::string palette = dir.path("palette.png");
  std::vector<std::uint8_t> indices(12 * 5);
  for (auto& i : indices) i = std::uint8_t(rng() % 4);
  test::writeFile(palette, test::palettePng(12, 5, {0, 0, 0, 255, 250, 250, 250, 10, 90, 10, 10, 128, 1, 1, 1, 0}, indices));
  const test::RunResult r = runTexsort({"sort", palette, "-o", dir.path("sorted-palette.png"), "--order", "desc"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(load(dir.path("sorted-palette.png")).rgba, test::referenceSorted(load(palette), SortOrder::Descending).rgba);

  // A tRNS colour key on grey and on RGB: the keyed pixels are transparent, their alpha travels
  // with them and the output keeps an alpha channel (grey + alpha, RGBA), as a palette's does.
  for (const std::uint8_t colourType : {std::uint8_t{0}, std::uint8_t{2}}) {
    const int samples = colourType == 0 ? 1 : 3;
    std::vector<std::uint8_t> rows;
    for (int y = 0; y < 4; ++y) {
      rows.push_back(0);
      for (int x = 0; x < 6 * samples; ++x) rows.push_back(std::uint8_t((x / samples + y) % 3 * 100));
    }
    const std::vector<std::uint8_t> key = colourType == 0 ? std::vector<std::uint8_t>{0, 100}
                                                          : std::vector<std::uint8_t>{0, 100, 0, 100, 0, 100};
    const std::string keyed = dir.path("keyed" + std::to_string(colourType) + ".png");
    test::writeFile(keyed, test::rawPng(6, 4, 8, colourType, rows, {{"tRNS", key}}));
    const Image in = load(keyed);
    EXPECT_EQ(in.channels, samples + 1) << int(colourType);
    std::size_t transparent = 0;
    for (std::size_t i = 0; i < in.pixelCount(); ++i) transparent += in.rgba[i * 4 + 3] == 0 && in.rgba[i * 4] == 100;
    EXPECT_EQ(transparent, 8u) << "the pixels of value 100 are keyed out";
    const std::string out = dir.path("sorted-keyed" + std::to_string(colourType) + ".png");
    const test::RunResult keyedRun = runTexsort({"sort", keyed, "-o", out, "--verify"});
    ASSERT_EQ(keyedRun.exitCode, 0) << keyedRun.err;
    EXPECT_EQ(load(out).channels, samples + 1);
    EXPECT_EQ(load(out).rgba, test::referenceSorted(in, SortOrder::Ascending).rgba);
  }
}

// The viewer's scripted outputs keep sort's rule, checked before any window opens (so also without
// a display): never the image shown, in any spelling; a place that cannot be written is exit 3; a
// missing image is exit 1, not a window-system error.
TEST(Cli, TheViewersOutputsNeverReplaceTheImageAndFailBeforeTheWindow) {
  test::TempFolder dir;
  const std::string in = dir.path("in.png"), gif = dir.path("in.gif");
  test::writeFile(in, test::readFile(test::assetPath("coffee.png")));
  test::writeFile(gif, test::readFile(test::assetPath("coffee.png")));  // stb reads it by its content
  const std::vector<std::uint8_t> original = test::readFile(in);
  struct Case {
    std::vector<std::string> args;
    int exitCode;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{in, "--frames", "2", "--export-state", in}, 2, "output is the input file"},
      {{in, "--frames", "2", "--screenshot", dir.root() + "/./in.png"}, 2, "output is the input file"},
      {{gif, "--record", gif}, 2, "output is the input file"},
      {{in, "--frames", "2", "--export-state", dir.path("nodir/x.png")}, 3, "does not exist"},
      {{in, "--frames", "2", "--export-sheet", dir.root()}, 3, "is a folder"},
      {{in, "--frames", "2", "--export-state", ""}, 2, "empty"},
      {{in, "--record", dir.path("x.avi")}, 2, "end the name in .gif"},
      {{dir.path("missing.png"), "--frames", "2"}, 1, "missing.png: no such file"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"demo"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const test::RunResult r = runTexsort(args, test::RunOptions{{"DISPLAY", "WAYLAND_DISPLAY"}, {}, false});
    EXPECT_EQ(r.exitCode, c.exitCode) << c.args.back() << ": " << r.err;
    EXPECT_EQ(r.err.rfind("texsort: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_EQ(test::readFile(in), original);
  EXPECT_EQ(test::listFolder(dir.root()).size(), 2u);
}

// bench keeps the memory budget too: a cell that would not fit is a skipped row saying so, measured
// against TEXSORT_MEMORY_LIMIT like any sort.
TEST(Cli, BenchSkipsCellsBeyondTheMemoryBudget) {
  const test::RunResult r = runTexsort({"bench", "--algos", "bitonic", "--sizes", "256", "--runs", "1", "--no-naive"},
                                       test::RunOptions{{}, {{"TEXSORT_MEMORY_LIMIT", "10000000"}}, false});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("skipped: N = 256: 16x16 needs"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("9.5 MiB is available"), std::string::npos) << r.out;
}

// The documented exit codes are numbers scripts rely on: asserted as literals, never through the enum.
TEST(Cli, VerifyMismatchExitsFiveWithItsMessageAndWritesNothing) {
  test::TempFolder dir;
  const test::RunResult r = runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("out.png"), "--verify"},
                                       test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "verify"}}, false});
  EXPECT_EQ(r.exitCode, 5) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("verify: the GPU result differs from the CPU model in 2 of 262144 elements; first at 0"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
  // Without --verify the same corrupted result is written: the check, not luck, caught it.
  const test::RunResult unchecked = runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("out.png")},
                                               test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "verify"}}, false});
  EXPECT_EQ(unchecked.exitCode, 0) << unchecked.err;
}

// A write that fails part-way (here a file-size limit, as a full disk would) leaves the existing
// output as it was and no temporary file, and says so in one line with exit 3.
TEST(Cli, FailedWriteLeavesTheExistingOutputUntouched) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> precious = {'k', 'e', 'e', 'p', ' ', 'm', 'e'};
  test::writeFile(dir.path("out.png"), precious);
  test::RunOptions limited;
  limited.fileSizeLimit = 4096;  // the sorted coffee PNG is far larger
  const test::RunResult r = runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("out.png")}, limited);
  EXPECT_EQ(r.signal, 0) << "SIGXFSZ must not kill texsort";
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(dir.path("out.png") + ": write error: File too large"), std::string::npos) << r.err;
  EXPECT_EQ(test::readFile(dir.path("out.png")), precious);
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"out.png"}) << "no temporary file left";
}

// A new output gets the permissions any new file gets: 0666 less the umask.
TEST(Cli, OutputPermissionsFollowTheUmask) {
  test::TempFolder dir;
  // 002 as well: 022, 027 and 077 alone cannot tell 0666 from 0644 as the mode asked for.
  for (const int umask : {002, 022, 027, 077}) {
    SCOPED_TRACE("umask " + std::to_string(umask));
    const std::string out = dir.path("out-" + std::to_string(umask) + ".png");
    test::RunOptions options;
    options.umask = umask;
    ASSERT_EQ(runTexsort({"sort", test::assetPath("coffee.png"), "-o", out, "-q"}, options).exitCode, 0);
    struct stat st {};
    ASSERT_EQ(::stat(out.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0666u & ~static_cast<unsigned>(umask));
  }
}

TEST(Cli, HelpListsTheSortFlags) {
  const test::RunResult r = runTexsort({"sort", "--help"});
  EXPECT_EQ(r.exitCode, 0);
  for (const char* flag : {"--output", "--order", "--verify", "--quiet"}) EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
}

// Each bad invocation: a documented exit code, one line on stderr naming the problem, no signal,
// no output (or temporary) file left behind, and the input untouched.
struct BadCase {
  std::string label;
  std::vector<std::string> args;  // "{dir}" is replaced by the case's folder
  int code;                       // the exit code README documents, as a number
  std::string needle;
  bool asNobody = false;  // run without root's power to read any file
};

void PrintTo(const BadCase& c, std::ostream* os) { *os << c.label; }

class CliErrors : public ::testing::TestWithParam<BadCase> {};

TEST_P(CliErrors, FailCleanly) {
  const BadCase& c = GetParam();
  test::TempFolder dir;
  test::writeFile(dir.path("empty.png"), {});
  test::writeFile(dir.path("text.png"), {'n', 'o', 't', ' ', 'a', 'n', ' ', 'i', 'm', 'a', 'g', 'e'});
  std::vector<std::uint8_t> png = test::readFile(test::assetPath("coffee.png"));
  test::writeFile(dir.path("input.png"), png);
  std::vector<std::uint8_t> damaged = png;
  damaged[damaged.size() / 2] ^= 0x10;  // inside IDAT data: the chunk's CRC no longer matches
  test::writeFile(dir.path("badcrc.png"), damaged);
  png.resize(png.size() * 2 / 3);
  test::writeFile(dir.path("truncated.png"), png);
  std::vector<std::uint8_t> jpeg = test::readFile(std::string(TEXSORT_SOURCE_DIR) + "/fuzz/seeds/images/rgb6x4.jpg");
  jpeg.resize(jpeg.size() / 2);
  test::writeFile(dir.path("truncated.jpg"), jpeg);
  const std::vector<std::uint8_t> row = {0, 1, 2, 3};  // one filtered RGB scanline: the rest is "missing"
  test::writeFile(dir.path("huge.png"), test::rawPng(60000, 60000, 8, 2, row));
  test::writeFile(dir.path("tall.png"), test::rawPng(1, 300000000, 8, 2, row));
  test::writeFile(dir.path("over.png"), test::rawPng(16385, 16385, 8, 2, row));
  ASSERT_EQ(::mkfifo(dir.path("fifo.png").c_str(), 0644), 0);
  test::writeFile(dir.path("unreadable.png"), test::readFile(dir.path("input.png")));
  ::chmod(dir.path("unreadable.png").c_str(), 0);
  if (c.asNobody) ::chmod(dir.root().c_str(), 0777);
  std::mt19937 rng(1);
  const auto before = test::listFolder(dir.root());
  const auto inputBytes = test::readFile(dir.path("input.png"));

  std::vector<std::string> args;
  for (std::string a : c.args) {
    for (std::size_t at; (at = a.find("{dir}")) != std::string::npos;) a.replace(at, 5, dir.root());
    const std::string base = dir.root().substr(dir.root().find_last_of('/') + 1);
    for (std::size_t at; (at = a.find("{base}")) != std::string::npos;) a.replace(at, 6, base);
    args.push_back(a);
  }
  const test::RunResult r = runTexsort(args, test::RunOptions{{}, {}, c.asNobody});
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.exitCode, c.code) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
  EXPECT_EQ(r.err.rfind("texsort: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(c.needle), std::string::npos) << r.err;
  EXPECT_EQ(test::listFolder(dir.root()), before) << "no file may be created";
  EXPECT_EQ(test::readFile(dir.path("input.png")), inputBytes) << "input must be untouched";
}

INSTANTIATE_TEST_SUITE_P(
    Table, CliErrors,
    ::testing::Values(
        BadCase{"missing", {"sort", "{dir}/missing.png", "-o", "{dir}/out.png"}, 1, "missing.png: no such file"},
        BadCase{"folder", {"sort", "{dir}", "-o", "{dir}/out.png"}, 1, "is a folder"},
        BadCase{"empty", {"sort", "{dir}/empty.png", "-o", "{dir}/out.png"}, 1, "empty.png: empty file"},
        BadCase{"text", {"sort", "{dir}/text.png", "-o", "{dir}/out.png"}, 1, "text.png: not an image"},
        BadCase{"truncated", {"sort", "{dir}/truncated.png", "-o", "{dir}/out.png"}, 1, "truncated.png: truncated PNG"},
        BadCase{"truncatedJpeg", {"sort", "{dir}/truncated.jpg", "-o", "{dir}/out.png"}, 1, "truncated.jpg: corrupt or truncated image"},
        BadCase{"badCrc", {"sort", "{dir}/badcrc.png", "-o", "{dir}/out.png"}, 1, "badcrc.png: corrupt PNG (bad CRC in IDAT chunk)"},
        BadCase{"huge", {"sort", "{dir}/huge.png", "-o", "{dir}/out.png"}, 1, "huge.png: 60000x60000 is 3600000000 pixels, more than the limit of 268435456"},
        BadCase{"tall", {"sort", "{dir}/tall.png", "-o", "{dir}/out.png"}, 1, "tall.png: 1x300000000 is 300000000 pixels"},
        BadCase{"overTextureLimit", {"sort", "{dir}/over.png", "-o", "{dir}/out.png"}, 1, "over.png: 16385x16385 is 268468225 pixels, more than the limit of 268435456"},
        BadCase{"fifo", {"sort", "{dir}/fifo.png", "-o", "{dir}/out.png"}, 1, "fifo.png: is not a regular file"},
        BadCase{"unreadable", {"sort", "{dir}/unreadable.png", "-o", "{dir}/out.png"}, 1, "unreadable.png: cannot open: Permission denied", true},
        BadCase{"missingFolder", {"sort", "{dir}/input.png", "-o", "{dir}/nope/out.png"}, 3, "does not exist"},
        BadCase{"unwritableFolder", {"sort", "{dir}/input.png", "-o", "/sys/texsort-test-out.png"}, 3, "/sys/texsort-test-out.png: cannot write in folder /sys"},
        BadCase{"outputIsFolder", {"sort", "{dir}/input.png", "-o", "{dir}"}, 3, "folder"},
        BadCase{"outputIsInput", {"sort", "{dir}/input.png", "-o", "{dir}/./input.png"}, 2, "output is the input"},
        BadCase{"pixelsortOutputIsInput", {"pixelsort", "{dir}/input.png", "-o", "{dir}/./input.png"}, 2, "output is the input"},
        BadCase{"recordOutputIsInput", {"record", "{dir}/input.png", "-o", "{dir}/../" + std::string("{base}") + "/input.png", "--format", "gif"}, 2, "output is the input"},
        BadCase{"fullDevice", {"sort", "{dir}/input.png", "-o", "/dev/full"}, 3, "/dev/full: write error: No space left on device"},
        BadCase{"badOrder", {"sort", "{dir}/input.png", "-o", "{dir}/out.png", "--order", "sideways"}, 2, "sideways"},
        BadCase{"badAlgo", {"sort", "{dir}/input.png", "-o", "{dir}/out.png", "--algo", "quicksort"}, 2, "quicksort"},
        BadCase{"unknownFlag", {"sort", "{dir}/input.png", "-o", "{dir}/out.png", "--fast"}, 2, "--fast"},
        BadCase{"noOutput", {"sort", "{dir}/input.png"}, 2, "--output"},
        BadCase{"noCommand", {"frobnicate"}, 2, "frobnicate"}),
    [](const ::testing::TestParamInfo<BadCase>& param) { return param.param.label; });

}  // namespace
}  // namespace texsort
