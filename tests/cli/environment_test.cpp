// texsort and its machine: what `info` reports, the demo without a display, the environment
// variables, GPU failures and the GL context's fallbacks, each as a user meets them.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "error.h"
#include "sort/element.h"
#include <cstdio>

#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;

TEST(Cli, InfoNamesTheRendererAndPlatform) {
  const test::RunResult r = runTexsort({"info"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("renderer"), std::string::npos);
  EXPECT_NE(r.out.find("max texture size"), std::string::npos);
  EXPECT_NE(r.out.find("EGL platform"), std::string::npos);
  EXPECT_NE(r.out.find("\ndraw targets      8 a draw\n"), std::string::npos) << r.out;  // GL 3.3 promises 8
  // What pixelsort --algo auto takes here, and why: on llvmpipe compute-b32 where its copy of 2^17
  // elements took at most twice the fragment copy's time, else bitonic-wide (the rule the unit test
  // holds); with the compute copies read four times as slow, bitonic-wide.
  const auto choice = [](const std::string& out) {
    const std::size_t at = out.find("\npixelsort auto    ");
    if (at == std::string::npos) return std::string();
    return out.substr(at + 19, out.find('\n', at + 1) - at - 19);
  };
  double computeMs = 0, fragmentMs = 0;
  char name[32] = {};
  ASSERT_EQ(std::sscanf(choice(r.out).c_str(), "%31[^:]: a copy of 2^17 elements took %lf ms on compute, %lf ms on fragment",
                        name, &computeMs, &fragmentMs), 3) << r.out;
  EXPECT_NE(choice(r.out).find("passes (a software renderer: compute-b32 where compute takes at most twice the fragment time)"),
            std::string::npos) << r.out;
  EXPECT_GT(fragmentMs, 0.0);
  EXPECT_EQ(std::string(name), computeMs <= 2 * fragmentMs ? "compute-b32" : "bitonic-wide") << r.out;
  const test::RunResult slow = runTexsort({"info"}, test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "slow-compute"}}});
  EXPECT_EQ(choice(slow.out).rfind("bitonic-wide: a copy of 2^17 elements took ", 0), 0u) << slow.out;
  const test::RunResult without = runTexsort({"info"}, test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "no-compute"}}});
  EXPECT_NE(without.out.find("\npixelsort auto    bitonic-wide: no compute shaders here\n"), std::string::npos)
      << without.out;
  EXPECT_NE(without.out.find("\nsort auto         bitonic-wide: no compute shaders here\n"), std::string::npos)
      << without.out;
}

// The memory line: where textures live (llvmpipe's are in host memory, beside everything else) and
// what the budget may use, TEXSORT_MEMORY_LIMIT included.
TEST(Cli, InfoSaysWhereTexturesLiveAndWhatIsFree) {
  const test::RunResult r = runTexsort({"info"}, test::RunOptions{{}, {{"TEXSORT_MEMORY_LIMIT", "100000000"}}});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::size_t at = r.out.find("\nmemory            ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string line = r.out.substr(at + 19, r.out.find('\n', at + 1) - at - 19);
  if (r.out.find("llvmpipe") != std::string::npos) {
    EXPECT_EQ(line, "textures in host memory, with the rest: 95.4 MiB available");
  } else {
    EXPECT_TRUE(line == "textures in host memory, with the rest: 95.4 MiB available" ||
                line == "textures in video memory: 95.4 MiB free; host 95.4 MiB available")
        << line;
  }
}

TEST(Cli, DemoWithoutADisplaySaysSoInOneLine) {
  const test::RunResult r = runTexsort({"demo"}, test::RunOptions{{"DISPLAY", "WAYLAND_DISPLAY"}, {}, false});
  EXPECT_EQ(r.exitCode, 4);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("texsort sort"), std::string::npos) << r.err;
}

// The budget's host figure is /proc/meminfo's MemAvailable (in KiB there), within the drift between
// two readings: a unit slip (bytes for KiB) would be off by 1024.
TEST(Cli, InfoReportsTheHostsAvailableMemory) {
  const auto memAvailable = [] {
    std::ifstream meminfo("/proc/meminfo");
    for (std::string key; meminfo >> key;) {
      double kib = 0;
      meminfo >> kib;
      if (key == "MemAvailable:") return kib * 1024;
      meminfo.ignore(256, '\n');
    }
    return 0.0;
  };
  const double before = memAvailable();
  const test::RunResult r = runTexsort({"info"});
  const double after = memAvailable();
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::size_t at = r.out.find("\nmemory ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string line = r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1);
  // "... with the rest: X GiB available" (llvmpipe) or "...; host X GiB available" (a discrete GPU)
  const std::size_t unit = line.rfind(" available");
  ASSERT_NE(unit, std::string::npos) << line;
  const std::size_t start = line.rfind(' ', unit - 5);
  const double value = std::stod(line.substr(start + 1));
  const double scale = line.compare(unit - 3, 3, "GiB") == 0 ? double(1 << 30) : double(1 << 20);
  const double reported = value * scale;
  EXPECT_GT(reported, 0.9 * std::min(before, after) - 0.06 * double(1 << 30)) << line;
  EXPECT_LT(reported, 1.1 * std::max(before, after) + 0.06 * double(1 << 30)) << line;
}

// texsort's environment variables are options too: a malformed value is one usage line (exit 2)
// before any work, never ignored and never reported as a GPU failure.
TEST(Cli, MalformedEnvironmentVariablesAreUsageErrors) {
  test::TempFolder dir;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"TEXSORT_MEMORY_LIMIT", "abc"}, {"TEXSORT_MEMORY_LIMIT", "-1"}, {"TEXSORT_MEMORY_LIMIT", "0"},
      {"TEXSORT_MEMORY_LIMIT", ""},    {"TEXSORT_MEMORY_LIMIT", "1e9"}, {"TEXSORT_EGL_PLATFORM", "x11"},
      {"TEXSORT_EGL_PLATFORM", ""}};
  for (const auto& [name, value] : cases) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"sort", test::assetPath("coffee.png"), "-o", dir.path("out.png")},
          std::vector<std::string>{"bench", "--algos", "bitonic", "--sizes", "256", "--runs", "1"},
          std::vector<std::string>{"info"}}) {
      const test::RunResult r = runTexsort(args, test::RunOptions{{}, {{name, value}}, false});
      EXPECT_EQ(r.exitCode, 2) << name << "=" << value << " " << args[0] << ": " << r.err;
      EXPECT_EQ(r.err.rfind("texsort: error: " + name + ": '" + value + "' is not", 0), 0u) << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      EXPECT_TRUE(r.out.empty()) << r.out;
    }
  }
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
}

// A whole number of bytes past what 64 bits hold is too large, said so; the largest that fits is
// no limit at all (the machine's memory is less).
TEST(Cli, AMemoryLimitPastSixtyFourBitsIsTooLarge) {
  test::TempFolder dir;
  const std::vector<std::string> args = {"sort", test::assetPath("coffee.png"), "-o", dir.path("out.png"), "-q"};
  const test::RunResult largest = runTexsort(args, test::RunOptions{{}, {{"TEXSORT_MEMORY_LIMIT", "18446744073709551615"}}});
  EXPECT_EQ(largest.exitCode, 0) << largest.err;
  EXPECT_TRUE(test::fileExists(dir.path("out.png")));
  ::unlink(dir.path("out.png").c_str());
  for (const char* value : {"18446744073709551616", "000018446744073709551616", "99999999999999999999999999"}) {
    const test::RunResult r = runTexsort(args, test::RunOptions{{}, {{"TEXSORT_MEMORY_LIMIT", value}}});
    EXPECT_EQ(r.exitCode, 2) << value << ": " << r.err;
    EXPECT_EQ(r.err, std::string("texsort: error: TEXSORT_MEMORY_LIMIT: '") + value +
                         "' is too large: the most is 18446744073709551615 bytes (or unset it: no limit)\n");
  }
  // A long one is cut in the message after 40 characters.
  const std::string long45(45, '9');
  const test::RunResult cut = runTexsort(args, test::RunOptions{{}, {{"TEXSORT_MEMORY_LIMIT", long45}}});
  EXPECT_EQ(cut.err, "texsort: error: TEXSORT_MEMORY_LIMIT: '" + long45.substr(0, 40) +
                         "...' is too large: the most is 18446744073709551615 bytes (or unset it: no limit)\n");
  // Leading zeros are still the number they spell (4 GB, here more than the sort needs).
  const test::RunResult zeros = runTexsort(args, test::RunOptions{{}, {{"TEXSORT_MEMORY_LIMIT", "0000000000000000000004000000000"}}});
  EXPECT_EQ(zeros.exitCode, 0) << zeros.err;
  EXPECT_TRUE(test::listFolder(dir.root()) == std::vector<std::string>{"out.png"});
}

// Every GL/EGL failure path, forced on llvmpipe through TEXSORT_FORCE_FAILURE: exit 4, one line
// that says which step failed, and no output file.
TEST(Cli, GpuFailuresAreReportedInOneLine) {
  const std::pair<const char*, const char*> cases[] = {
      {"egl-display", "EGL: no headless OpenGL 3.3 context (device: eglGetDisplay failed"},
      {"gl-context", "eglCreateContext(OpenGL 3.3 core) failed: EGL_BAD_MATCH"},
      {"framebuffer", "GL: framebuffer sort target A is incomplete: GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT"},
      {"float-target", "this GPU cannot render to float (RGBA32F) textures"},
      {"shader", "GL: cannot compile bitonic.frag (GLSL "},
      {"link", "GL: cannot link fullscreen.vert + bitonic.frag: "},
      {"oom", "coffee.png: GL: cannot allocate sort state A (512x512): GL_OUT_OF_MEMORY"},
      // WebGL2 may offer 4 draw buffers where the wide path draws into 8 (named: the default is
      // bitonic-fast there).
      {"four-draw-buffers", "bitonic-wide draws into 8 targets at once and this GPU offers 4; bitonic-fast runs here"}};
  test::TempFolder dir;
  for (const auto& [failure, message] : cases) {
    SCOPED_TRACE(failure);
    std::vector<std::string> args = {"sort", test::assetPath("coffee.png"), "-o", dir.path("out.png")};
    if (std::string(failure) == "four-draw-buffers") args.insert(args.end(), {"--algo", "bitonic-wide"});
    const test::RunResult r = runTexsort(args, test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", failure}}, false});
    EXPECT_EQ(r.exitCode, 4) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_TRUE(test::listFolder(dir.root()).empty());
  }
  // A texture the driver will not make for the pixel sort's data names the file too.
  const test::RunResult r = runTexsort({"pixelsort", test::assetPath("coffee.png"), "-o", dir.path("out.png")},
                                       test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "oom"}}, false});
  EXPECT_EQ(r.exitCode, 4) << r.err;
  EXPECT_NE(r.err.find("coffee.png: GL: cannot allocate "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(": GL_OUT_OF_MEMORY"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
}

// No --algo is the fastest fragment path the context draws: bitonic-wide, or bitonic-fast where a
// draw writes 4 targets (WebGL2's minimum; forced), the same bytes.
TEST(Cli, SortsDefaultIsTheWidePathWhereItDraws) {
  test::TempFolder dir;
  const test::RunResult wide = runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("wide.png")});
  ASSERT_EQ(wide.exitCode, 0) << wide.err;
  EXPECT_NE(wide.out.find(" bitonic-wide, carrying "), std::string::npos) << wide.out;
  const test::RunResult four = runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("four.png")},
                                          test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "four-draw-buffers"}}, false});
  ASSERT_EQ(four.exitCode, 0) << four.err;
  EXPECT_NE(four.out.find(" bitonic-fast, carrying "), std::string::npos) << four.out;
  EXPECT_EQ(test::readFile(dir.path("four.png")), test::readFile(dir.path("wide.png")));
}

// A driver that refuses the 4.x contexts asked for first (as a 3.3-only GPU would) still sorts: the
// context falls back to 3.3 core and the fragment algorithms write the same bytes.
TEST(Cli, ContextFallsBackToOpenGl33WhenNewerVersionsAreRefused) {
  test::TempFolder dir;
  const std::vector<std::string> args = {"sort", test::assetPath("coffee.png"), "-o", dir.path("newest.png"), "-q"};
  ASSERT_EQ(runTexsort(args).exitCode, 0);
  const test::RunResult r =
      runTexsort({"sort", test::assetPath("coffee.png"), "-o", dir.path("fallback.png"), "-q"},
                 test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "gl-context-4"}}, false});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(test::readFile(dir.path("fallback.png")), test::readFile(dir.path("newest.png")));
}

}  // namespace
}  // namespace texsort
