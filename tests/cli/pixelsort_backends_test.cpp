// `texsort pixelsort`'s line sorts: every one, fragment and compute, writes the same bytes; --algo
// auto takes the faster backend for the context; bench --pixelsort times them against the CPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;

TEST(PixelSortCli, EveryAlgorithmWritesTheSameBytes) {
  test::TempFolder dir;
  std::vector<std::uint8_t> first;
  for (const char* algo : {"bitonic-wide", "bitonic-fast", "bitonic", "bitonic-legacy", "oddeven-merge", "compute-b2",
                           "compute-b32", "compute-b32c4", "compute-b32c16", "compute-radix", "auto"}) {
    SCOPED_TRACE(algo);
    const std::string out = dir.path(std::string(algo) + ".png");
    const test::RunResult r = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", out, "--algo", algo,
                                          "--direction", "vertical", "--key", "hue", "-q"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    if (first.empty()) first = test::readFile(out);
    else EXPECT_EQ(test::readFile(out), first);
  }
  const test::RunResult radix = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("r.png"), "--algo", "radix"});
  EXPECT_EQ(radix.exitCode, 2);
  // The report counts network steps where there are some: radix moves digits, bitonic compares.
  const test::RunResult digits = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("r.png"), "--algo",
                                             "compute-radix"});
  ASSERT_EQ(digits.exitCode, 0) << digits.err;
  EXPECT_NE(digits.out.find(" compute-radix, every line at once\n"), std::string::npos) << digits.out;
  const test::RunResult steps = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("r.png"), "--algo",
                                            "bitonic-fast"});
  ASSERT_EQ(steps.exitCode, 0) << steps.err;
  EXPECT_NE(steps.out.find(" bitonic-fast, every line at once, carrying "), std::string::npos) << steps.out;
  EXPECT_EQ(steps.out.find(", carrying 0 "), std::string::npos) << steps.out;
}

// No --algo (or --algo auto) takes the faster backend for the context: on llvmpipe, a software
// renderer, compute-b32 or bitonic-wide by their copies (the rule: the unit test; the figures: info),
// bitonic-wide where the compute copies read slow, also for a recipe's later sorts; a context
// without compute shaders bitonic-wide; a named one is taken as named.
TEST(PixelSortCli, AutoTakesTheFasterBackendForTheContext) {
  test::TempFolder dir;
  const std::string out = dir.path("out.png");
  const auto passes = [](const test::RunResult& r) {
    const std::size_t at = r.out.find("  passes    ");
    return at == std::string::npos ? r.out + r.err : r.out.substr(at, r.out.find('\n', at) - at);
  };
  const test::RunResult plain = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", out});
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  EXPECT_TRUE(passes(plain).find(" bitonic-wide, every line") != std::string::npos ||
              passes(plain).find(" compute-b32, every line") != std::string::npos) << passes(plain);
  test::RunOptions slowCompute;
  slowCompute.setEnv = {{"TEXSORT_FORCE_FAILURE", "slow-compute"}};
  const test::RunResult slow = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", out}, slowCompute);
  ASSERT_EQ(slow.exitCode, 0) << slow.err;
  EXPECT_NE(passes(slow).find(" bitonic-wide, every line"), std::string::npos) << passes(slow);
  const test::RunResult then = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", out, "--algo", "compute-b32",
                                           "--then", "--key", "hue"}, slowCompute);
  ASSERT_EQ(then.exitCode, 0) << then.err;
  EXPECT_NE(passes(then).find(" compute-b32, every line"), std::string::npos) << passes(then);
  EXPECT_NE(then.out.find("key hue ascending, spans by threshold, on bitonic-wide\n"), std::string::npos) << then.out;
  test::RunOptions noCompute;
  noCompute.setEnv = {{"TEXSORT_FORCE_FAILURE", "no-compute"}};
  const test::RunResult without = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", out, "--algo", "auto"}, noCompute);
  ASSERT_EQ(without.exitCode, 0) << without.err;
  EXPECT_NE(passes(without).find(" bitonic-wide, every line"), std::string::npos) << passes(without);
  const test::RunResult refused =
      runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", out, "--algo", "compute-b32"}, noCompute);
  EXPECT_EQ(refused.exitCode, 4) << refused.err;
  EXPECT_NE(refused.err.find("compute-b32 needs compute shaders"), std::string::npos) << refused.err;
}

// auto's probe is kept between runs (io/cache.h): a machine's first three runs measure, each keeping
// the least copy of each path so far, and later runs read the figures, which decide; a line that
// does not parse is measured again; a run with a forced failure neither reads nor keeps them.
TEST(PixelSortBackends, TheProbeIsKeptBetweenRuns) {
  test::TempFolder dir;
  test::RunOptions cache;
  cache.setEnv = {{"XDG_CACHE_HOME", dir.root()}};
  const std::string file = dir.path("texsort/backend-probe");
  const auto text = [&] {
    const std::vector<std::uint8_t> bytes = test::readFile(file);
    return std::string(bytes.begin(), bytes.end());
  };
  for (int run = 1; run <= 3; ++run) {
    const test::RunResult r = runTexsort({"info"}, cache);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("the least copies of " + std::to_string(run) + " run"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("this one's kept in " + file + " (remove it"), std::string::npos) << r.out;
    const std::string kept = text();
    double fragmentMs = 0, computeMs = 0;
    int probes = 0;
    ASSERT_EQ(std::sscanf(kept.c_str() + kept.find('\t'), "%lf %lf %d", &fragmentMs, &computeMs, &probes), 3) << kept;
    EXPECT_EQ(probes, run);
    EXPECT_GT(fragmentMs, 0.0);
    EXPECT_GT(computeMs, 0.0);
  }
  const std::string kept = text();
  const test::RunResult read = runTexsort({"info"}, cache);
  EXPECT_NE(read.out.find("the least copies of 3 runs on this machine, read from " + file), std::string::npos) << read.out;
  EXPECT_EQ(text(), kept);
  const std::string key = kept.substr(0, kept.find('\t'));
  const auto keep = [&](const std::string& value) {
    const std::string line = key + "\t" + value + "\n";
    test::writeFile(file, std::vector<std::uint8_t>(line.begin(), line.end()));
  };
  const auto lineSort = [&](const test::RunOptions& options) {
    const test::RunResult r = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png")}, options);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    const std::size_t at = r.out.find("  passes    ");
    return at == std::string::npos ? r.out : r.out.substr(at, r.out.find(", every line", at) - at);
  };
  keep("1 5 3");  // compute copies five times as slow: the fragment path
  EXPECT_NE(lineSort(cache).find(" bitonic-wide"), std::string::npos);
  keep("1 0.4 3");  // less than half: a compute row (compute-b32 on a software renderer, -b32c16 on a GPU)
  EXPECT_NE(lineSort(cache).find(" compute-b32"), std::string::npos);
  keep("0.01 0.01 2");  // a run short of three: it measures, and keeps the least of each path
  ASSERT_EQ(runTexsort({"info"}, cache).exitCode, 0);
  EXPECT_EQ(text(), key + "\t0.01 0.01 3\n");
  for (const char* unfit : {"1 nan 3", "0 0 3", "1e7 1 3", "1 2 0"}) {  // measured again, kept anew
    SCOPED_TRACE(unfit);
    keep(unfit);
    const test::RunResult again = runTexsort({"info"}, cache);
    EXPECT_NE(again.out.find("the least copies of 1 run on this machine, this one's kept in"), std::string::npos)
        << again.out;
  }
  // Another number of llvmpipe threads is another machine: a line of its own.
  test::RunOptions threads = cache;
  threads.setEnv.emplace_back("LP_NUM_THREADS", "1");
  ASSERT_EQ(runTexsort({"info"}, threads).exitCode, 0);
  const std::string two = text();
  EXPECT_EQ(std::count(two.begin(), two.end(), '\n'), 2) << two;
  // A file that cannot be written is said so, not said kept.
  test::RunOptions unwritable;
  unwritable.setEnv = {{"XDG_CACHE_HOME", dir.path("out.png")}};  // a file where the folder would be
  ASSERT_EQ(runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png"), "-q"}).exitCode, 0);
  const test::RunResult unkept = runTexsort({"info"}, unwritable);
  EXPECT_NE(unkept.out.find("  probe           measured now, not kept"), std::string::npos) << unkept.out;
  keep("1 0.4 3");  // would take a compute row; the compute copies measured four times as slow do not
  test::RunOptions forced = cache;
  forced.setEnv.emplace_back("TEXSORT_FORCE_FAILURE", "slow-compute");
  EXPECT_NE(lineSort(forced).find(" bitonic-wide"), std::string::npos);
  const test::RunResult measured = runTexsort({"info"}, forced);
  EXPECT_NE(measured.out.find("  probe           measured now, not kept"), std::string::npos) << measured.out;
  EXPECT_EQ(text(), key + "\t1 0.4 3\n");
}

// Where one draw writes only 4 targets (WebGL2's minimum), auto's fragment path is bitonic-fast:
// bitonic-wide's 8 targets cannot be drawn there (auto took it and failed), for the pixel sort, a
// storage block's overflow and the plain sort alike; the same bytes as anywhere, and info says so.
TEST(PixelSortBackends, AutoRunsWhereADrawWritesFourTargets) {
  test::TempFolder dir;
  const test::RunResult wide = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("wide.png"), "-q",
                                           "--algo", "bitonic-wide"});
  ASSERT_EQ(wide.exitCode, 0) << wide.err;
  for (const char* failures : {"four-draw-buffers,slow-compute", "four-draw-buffers,no-compute"}) {
    SCOPED_TRACE(failures);
    test::RunOptions four;
    four.setEnv = {{"TEXSORT_FORCE_FAILURE", failures}};
    const test::RunResult r = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("four.png")}, four);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find(" bitonic-fast, every line"), std::string::npos) << r.out;
    EXPECT_EQ(test::readFile(dir.path("four.png")), test::readFile(dir.path("wide.png")));
    const test::RunResult info = runTexsort({"info"}, four);
    EXPECT_NE(info.out.find("pixelsort auto    bitonic-fast"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("\ndraw targets      4 a draw: bitonic-wide (8) does not run here, bitonic-fast does\n"),
              std::string::npos) << info.out;
  }
  test::RunOptions four;
  four.setEnv = {{"TEXSORT_FORCE_FAILURE", "four-draw-buffers"}};  // the probe times bitonic-fast's copy there
  const test::RunResult probed = runTexsort({"info"}, four);
  EXPECT_EQ(probed.out.find("could not be timed"), std::string::npos) << probed.out;
  four.setEnv = {{"TEXSORT_FORCE_FAILURE", "four-draw-buffers,no-compute"}};
  const test::RunResult sorted = runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("s.png"), "--algo", "auto"}, four);
  ASSERT_EQ(sorted.exitCode, 0) << sorted.err;
  EXPECT_NE(sorted.out.find(" bitonic-fast"), std::string::npos) << sorted.out;
}

// The report names each later sort's line sort as it ran, a flow sort's too (its field is read for
// the sort, not for the report).
TEST(PixelSortCli, TheReportNamesTheLineSortEachLaterSortRan) {
  test::TempFolder dir;
  const test::RunResult r = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png"), "--then",
                                        "--path", "flow", "--field", test::assetPath("coffee.png"), "--then", "--algo",
                                        "oddeven-merge"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::size_t flow = r.out.find("  then      flow, key luma ascending, spans by threshold, on ");
  ASSERT_NE(flow, std::string::npos) << r.out;
  const std::string ran = r.out.substr(flow, r.out.find('\n', flow) - flow);
  // auto's choice, as the first sort's (the same process, a picture of the same size).
  const std::size_t passes = r.out.find("  passes    ");
  ASSERT_NE(passes, std::string::npos) << r.out;
  const std::size_t name = r.out.find(' ', r.out.find_first_of("0123456789", passes)) + 1;
  EXPECT_EQ(ran.substr(ran.rfind(" on ") + 4), r.out.substr(name, r.out.find(',', name) - name)) << r.out;
  EXPECT_NE(r.out.find("spans by threshold, on oddeven-merge\n"), std::string::npos) << r.out;
}

TEST(PixelSortCli, BenchTimesEverySideAgainstTheCpuReference) {
  const test::RunResult r =
      runTexsort({"bench", "--pixelsort", test::assetPath("coffee.png"), "--sides", "16,33", "--runs", "1", "--no-progress"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.rfind("texsort bench --pixelsort, ", 0), 0u) << r.out;
  for (const char* row : {"\nbitonic          16x16 ", "\nbitonic-wide     33x33 ", "\ncompute-b32      16x16 ",
                          "\ncompute-b32c16   33x33 "})
    EXPECT_NE(r.out.find(row), std::string::npos) << row << "\n" << r.out;
  // Scripts compare runs: the same rows as JSON and as CSV, --algos naming them.
  const std::vector<std::string> machine = {"bench", "--pixelsort", test::assetPath("coffee.png"), "--sides", "16,33",
                                            "--runs", "1", "--no-progress", "--algos", "bitonic,bitonic-wide"};
  std::vector<std::string> asJson = machine, asCsv = machine;
  asJson.push_back("--json");
  asCsv.push_back("--csv");
  const test::RunResult json = runTexsort(asJson), csv = runTexsort(asCsv);
  ASSERT_EQ(json.exitCode, 0) << json.err;
  ASSERT_EQ(csv.exitCode, 0) << csv.err;
  EXPECT_EQ(json.out.rfind("{\n  \"date\": ", 0), 0u) << json.out;
  for (const char* row : {"{\"algorithm\": \"bitonic\", \"side\": 16, \"skipped\": false, \"passes\": ",
                          "{\"algorithm\": \"bitonic-wide\", \"side\": 33, \"skipped\": false, \"passes\": "})
    EXPECT_NE(json.out.find(row), std::string::npos) << row << "\n" << json.out;
  EXPECT_EQ(json.out.substr(json.out.size() - 6), "  ]\n}\n");
  EXPECT_EQ(std::count(json.out.begin(), json.out.end(), '\n'), 8 + 4 + 2) << json.out;
  EXPECT_EQ(csv.out.rfind("algorithm,side,passes,skipped,gpu_ms,wall_ms,cpu_ref_ms,x_cpu\nbitonic,16,", 0), 0u) << csv.out;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 5) << csv.out;
  EXPECT_NE(csv.out.find("\nbitonic-wide,33,"), std::string::npos) << csv.out;
  // A name with a control character stays valid JSON.
  test::TempFolder dir;
  const std::string odd = dir.path("q\"u\\o\nte.png");
  test::writeFile(odd, test::readFile(test::assetPath("coffee.png")));
  const test::RunResult oddJson = runTexsort({"bench", "--pixelsort", odd, "--sides", "16", "--runs", "1", "--no-progress",
                                              "--algos", "bitonic", "--json"});
  ASSERT_EQ(oddJson.exitCode, 0) << oddJson.err;
  EXPECT_NE(oddJson.out.find("q\\\"u\\\\o\\u000ate.png\""), std::string::npos) << oddJson.out;
  const test::RunResult radix = runTexsort({"bench", "--pixelsort", test::assetPath("coffee.png"), "--algos", "radix"});
  EXPECT_EQ(radix.exitCode, 2);
  EXPECT_NE(radix.err.find("radix does not sort lines"), std::string::npos) << radix.err;
  const test::RunResult missing = runTexsort({"bench", "--pixelsort", "/nonexistent/x.png", "--sides", "16"});
  EXPECT_EQ(missing.exitCode, 1);
  EXPECT_NE(missing.err.find("/nonexistent/x.png"), std::string::npos) << missing.err;
}

// A side past a limit of this context is a skipped row and the table goes on: 8192x8192 is 2^26
// elements, whose 512 MiB pair buffer is more than llvmpipe's 128 MiB storage block; the same
// limit from `pixelsort` names the file.
TEST(PixelSortCli, BenchSkipsASideTheContextCannotHoldAndGoesOn) {
  const test::RunResult r = runTexsort({"bench", "--pixelsort", test::assetPath("coffee.png"), "--sides", "8192,16",
                                        "--runs", "1", "--no-progress", "--algos", "compute-b32"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("\ncompute-b32      16x16 "), std::string::npos) << r.out;
  if (r.out.find("llvmpipe") != std::string::npos) {
    EXPECT_NE(r.out.find("skipped: GPU sorter: 67108864 elements need a storage buffer of 512 MiB"), std::string::npos)
        << r.out;
    test::TempFolder dir;
    const std::string big = dir.path("big.png");
    test::writeFile(big, test::pngHeaderOnly(8192, 8192));
    const test::RunResult one = runTexsort({"pixelsort", big, "-o", dir.path("o.png"), "--algo", "compute-b32"});
    EXPECT_EQ(one.exitCode, 4) << one.err;
    EXPECT_NE(one.err.find(big + ": GPU sorter: 67108864 elements need a storage buffer"), std::string::npos) << one.err;
    EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"big.png"});
  }
}

// The pixel sort's budget counts what it adds to a sort of the same elements (the source's bytes
// and maps where its lines or a mask need them, a part of its texels, the span starts, the 8-bit
// read-back, one element texture fewer on the wide path) and names the image's own size, not its
// lines'. The host's share is checked before the decode starts beside the GL context; the whole
// once the context can say where textures live: in host memory (llvmpipe: CI's case), they count
// with the host's share; in video memory (a discrete GPU), only against what the GPU reports free.
}  // namespace
}  // namespace texsort
