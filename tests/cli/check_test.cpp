// `texsort check` as CI runs it: the quick set on this machine's GL, every algorithm of the
// registry, a forced difference caught, digests that two runs agree on.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "pixelsort/pixel_sort.h"
#include "pixelsort/conformance.h"
#include "sort/algorithms.h"
#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;

// The quick set's cases for `a`: 10 a size (2 orders x 5 patterns), 20 more for a line sort that
// pixel-sorts (2 layouts x 2 orders x 5 patterns).
std::size_t quickCheckCases(Algorithm a) { return checkSizes(true, a).size() * 10 + (pixelSortAlgorithm(a) ? 20 : 0); }
std::size_t quickCheckCases() {
  std::size_t cases = 0;
  for (const Algorithm a : kAlgorithms) cases += quickCheckCases(a);
  return cases;
}

TEST(Check, QuickSetPassesForEveryAlgorithm) {
  const test::RunResult r = runTexsort({"check", "--quick"});
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    const std::size_t at = r.out.find(std::string("\n") + row.name + " ");
    ASSERT_NE(at, std::string::npos) << row.name << "\n" << r.out;
    const std::string line = r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1);
    std::istringstream fields(line);
    std::string name, result;
    std::size_t cases = 0, passes = 0, skipped = 0, failed = 0;
    fields >> name >> cases >> passes >> skipped >> failed >> result;
    EXPECT_EQ(cases, quickCheckCases(row.id)) << line;
    EXPECT_GT(passes, cases) << line;
    EXPECT_EQ(failed, 0u) << line;
    EXPECT_EQ(result, "ok") << line;
  }
  EXPECT_NE(r.out.find("ok: " + std::to_string(quickCheckCases()) + " cases checked"), std::string::npos) << r.out;
}

// The README's figures that the program can state itself: the quick set's size and the algorithms
// its --algo table lists (it said 1300 cases for thirteen after a fourteenth was added).
TEST(Check, TheReadmeCountsWhatTheProgramRuns) {
  const std::vector<std::uint8_t> bytes = test::readFile(std::string(TEXSORT_SOURCE_DIR) + "/README.md");
  const std::string readme(bytes.begin(), bytes.end());
  EXPECT_NE(readme.find("`texsort check --quick`: " + std::to_string(quickCheckCases()) + " cases for the " +
                        std::to_string(kAlgorithmCount) + " algorithms"),
            std::string::npos);
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    EXPECT_NE(readme.find(std::string("`") + row.name + "`"), std::string::npos) << row.name << " is not in the README";
  }
}

// The compute shaders assert their bounds under check: the fused-range guard off by one (forced,
// as the mutation audit made it) lets an invocation past the last group run, which llvmpipe's
// robust buffer access hides from every state comparison; the shaders' own count catches it.
TEST(Check, TheComputeBoundsCheckCatchesAnInvocationPastTheEnd) {
  test::RunOptions options;
  options.setEnv = {{"TEXSORT_FORCE_FAILURE", "compute-overrun"}};
  const test::RunResult r = runTexsort({"check", "--quick", "--algos", "compute-b2"}, options);
  EXPECT_EQ(r.exitCode, 5) << r.err;
  EXPECT_NE(r.err.find("texsort: error: compute bounds check: 1 invocation would have touched pairs past the end"),
            std::string::npos)
      << r.err;
}

// A context without compute shaders (forced here; llvmpipe has them): the compute rows are left
// out and named when nobody asked for them, and refused with exit 4 when somebody did.
TEST(Check, WithoutComputeTheComputeRowsAreLeftOutOrRefused) {
  test::RunOptions options;
  options.setEnv = {{"TEXSORT_FORCE_FAILURE", "no-compute"}};
  std::size_t fragmentCases = 0;
  for (Algorithm a : kAlgorithms) fragmentCases += usesCompute(a) ? 0 : pixelSortAlgorithm(a) ? 120 : 100;
  const test::RunResult all = runTexsort({"check", "--quick"}, options);
  EXPECT_EQ(all.exitCode, 0) << all.err;
  EXPECT_NE(all.err.find("texsort: check: left out compute-b2, compute-c2,"), std::string::npos) << all.err;
  EXPECT_NE(all.err.find("has no compute shaders"), std::string::npos) << all.err;
  EXPECT_EQ(all.out.find("\ncompute-"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("ok: " + std::to_string(fragmentCases) + " cases checked"), std::string::npos) << all.out;

  const test::RunResult named = runTexsort({"check", "--quick", "--algos", "bitonic,compute-c4"}, options);
  EXPECT_EQ(named.exitCode, 4);
  EXPECT_EQ(std::count(named.err.begin(), named.err.end(), '\n'), 1) << named.err;
  EXPECT_NE(named.err.find("compute-c4 needs compute shaders (OpenGL 4.3)"), std::string::npos) << named.err;
  EXPECT_TRUE(named.out.empty()) << named.out;
}

// Where a draw writes 4 targets (WebGL2's minimum; forced) bench and check leave the wide path out
// of their default rows, said in one line, and refuse it named.
TEST(Check, WhereADrawWritesFourTargetsTheWidePathIsLeftOutOrRefused) {
  test::RunOptions options;
  options.setEnv = {{"TEXSORT_FORCE_FAILURE", "four-draw-buffers"}};
  const test::RunResult bench = runTexsort({"bench", "--sizes", "256", "--runs", "1", "--no-progress", "--no-naive"}, options);
  EXPECT_EQ(bench.exitCode, 0) << bench.err;
  EXPECT_EQ(bench.err, "texsort: bench: left out bitonic-wide: a draw here writes 4 targets, not 8\n");
  EXPECT_EQ(bench.out.find("\nbitonic-wide "), std::string::npos) << bench.out;
  EXPECT_NE(bench.out.find("\nbitonic-fast "), std::string::npos) << bench.out;
  EXPECT_NE(bench.out.find("\ncompute-radix "), std::string::npos) << bench.out;

  // bench --pixelsort's rows: auto's fragment path as this context draws it, nothing said left out.
  const test::RunResult pixels = runTexsort({"bench", "--pixelsort", test::assetPath("coffee.png"), "--sides", "16",
                                             "--runs", "1", "--no-progress"}, options);
  EXPECT_EQ(pixels.exitCode, 0) << pixels.err;
  EXPECT_EQ(pixels.err, "");
  EXPECT_NE(pixels.out.find("\nbitonic-fast "), std::string::npos) << pixels.out;
  EXPECT_EQ(pixels.out.find("\nbitonic-wide "), std::string::npos) << pixels.out;
  // Without compute shaders too: each reason said in its line.
  test::RunOptions neither;
  neither.setEnv = {{"TEXSORT_FORCE_FAILURE", "four-draw-buffers,no-compute"}};
  const test::RunResult both = runTexsort({"bench", "--sizes", "256", "--runs", "1", "--no-progress", "--no-naive"}, neither);
  EXPECT_EQ(both.exitCode, 0) << both.err;
  EXPECT_NE(both.err.find("texsort: bench: left out compute-b2, "), std::string::npos) << both.err;
  EXPECT_NE(both.err.find("has no compute shaders\ntexsort: bench: left out bitonic-wide: a draw here writes 4 targets, "
                          "not 8\n"), std::string::npos) << both.err;

  const test::RunResult named = runTexsort({"check", "--quick", "--algos", "bitonic,bitonic-wide"}, options);
  EXPECT_EQ(named.exitCode, 4);
  EXPECT_EQ(named.err, "texsort: error: bitonic-wide draws into 8 targets at once and this GPU offers 4; bitonic-fast runs "
                       "here\n");
  EXPECT_TRUE(named.out.empty()) << named.out;
}

TEST(Check, ADifferenceFailsWithExitFiveAndNamesThePass) {
  test::RunOptions options;
  options.setEnv = {{"TEXSORT_FORCE_FAILURE", "check"}};
  const test::RunResult r = runTexsort({"check", "--quick", "--algos", "bitonic"}, options);
  EXPECT_EQ(r.exitCode, 5) << r.out;
  EXPECT_NE(r.err.find("texsort: check: bitonic, 3 pixels, asc, random: pass 2 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("element 0: GPU"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("FAIL"), std::string::npos) << r.out;
}

TEST(Check, DigestsAgreeBetweenRunsAndWithTheJson) {
  const test::RunResult a = runTexsort({"check", "--quick", "--algos", "oddeven-merge,bitonic-fast", "--digests"});
  const test::RunResult b = runTexsort({"check", "--quick", "--algos", "oddeven-merge,bitonic-fast", "--digests"});
  ASSERT_EQ(a.exitCode, 0) << a.err;
  ASSERT_EQ(b.exitCode, 0) << b.err;
  std::vector<std::string> linesA, linesB;
  for (auto [text, lines] : {std::pair{&a.out, &linesA}, std::pair{&b.out, &linesB}}) {
    std::istringstream in(*text);
    for (std::string line; std::getline(in, line);)
      if (line.rfind("digest ", 0) == 0) lines->push_back(line);
  }
  EXPECT_EQ(linesA, linesB);
  ASSERT_FALSE(linesA.empty());
  // One line per pass: oddeven-merge at 1024 pixels has 55 passes per case.
  EXPECT_EQ(std::count_if(linesA.begin(), linesA.end(),
                          [](const std::string& l) { return l.rfind("digest oddeven-merge 1024 desc sorted pass ", 0) == 0; }),
            55);
  const test::RunResult json = runTexsort({"check", "--quick", "--algos", "oddeven-merge,bitonic-fast", "--json"});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const std::string last = linesA.back().substr(linesA.back().rfind(' ') + 1);
  EXPECT_NE(json.out.find("\"" + last + "\"]}"), std::string::npos) << "the last case's last digest ends its JSON array";
  EXPECT_EQ(std::count(json.out.begin(), json.out.end(), '{'), 1 + 240) << "two line sorts, 120 cases each";
  // The pixel sort's cases name their layout after the pattern.
  EXPECT_NE(json.out.find("\"pattern\": \"few-unique/lines-30-masked\""), std::string::npos);
}

}  // namespace
}  // namespace texsort
