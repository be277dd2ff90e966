// The frei0r filter texsort_pixelsort in the hosts people use (ffmpeg, GStreamer, MLT's melt), found
// through FREI0R_PATH in this build's frei0r-1/ (never an installed copy): every frame byte for byte
// `texsort pixelsort` of that frame; bad parameters said in one line, the frames passed through, the
// host never stopped; no EGL: the host says the filter could not be made, nothing crashes.
#include <gtest/gtest.h>

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "test_support.h"

namespace texsort {
namespace {

using test::RunOptions;
using test::RunResult;
using test::runProgram;

const std::string kPluginDir = TEXSORT_PLUGIN_DIR;

RunOptions withPlugin(const std::string& cwd = "") {
  RunOptions options;
  options.setEnv = {{"FREI0R_PATH", kPluginDir}, {"MLT_FREI0R_PLUGIN_PATH", kPluginDir}};
  options.cwd = cwd;
  return options;
}

// melt with `args`. melt now and then never ends after a short run: its main loop sleeps, waiting
// for a consumer thread already gone, two of its workers wait on a condition, and no thread is in
// the filter (seen once in a loaded `make test`; texsort's filter had passed its frames through).
// A run past a minute is killed and run again, once, so the host's hang fails no test and stalls
// no CI; a second hang is returned (killed) and fails the test.
RunResult runMelt(const std::vector<std::string>& args, RunOptions options) {
  for (int attempt = 0;; ++attempt) {
    std::atomic<bool> ended{false};
    std::thread watchdog;
    options.whileRunning = [&](int pid) {
      watchdog = std::thread([pid, &ended] {
        for (int tenths = 0; tenths < 600 && !ended; ++tenths) std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (!ended) ::kill(pid, SIGKILL);
      });
    };
    RunResult run = runProgram("melt", args, options);
    ended = true;
    if (watchdog.joinable()) watchdog.join();
    if (run.signal != SIGKILL || attempt > 0) return run;
    std::fprintf(stderr, "melt ran past a minute and was killed; once more\n");
  }
}

// testsrc2 at WxH, `frames` frames (drawn at 640x360, then scaled: it makes nothing under 32x32).
std::vector<std::string> sourceInput(const std::string& size, int frames) {
  std::string scale = size;
  scale.replace(scale.find('x'), 1, ":");
  return {"-v", "error", "-f", "lavfi", "-i", "testsrc2=s=640x360:r=10", "-frames:v", std::to_string(frames),
          "-vf", "scale=" + scale + ":flags=neighbor"};
}

// The source as raw RGBA (what the filter gets) and as one PNG a frame; `clip`: also a lossless
// clip (PNG in QuickTime) for melt.
std::vector<std::uint8_t> source(const test::TempFolder& dir, const std::string& size, int frames, bool clip = false) {
  std::vector<std::string> png = sourceInput(size, frames), raw = png, mov = png;
  png.insert(png.end(), {"-pix_fmt", "rgba", dir.path("in%d.png")});
  raw.insert(raw.end(), {"-pix_fmt", "rgba", "-f", "rawvideo", dir.path("in.rgba")});
  mov.insert(mov.end(), {"-pix_fmt", "rgba", "-c:v", "png", dir.path("in.mov")});
  EXPECT_EQ(runProgram("ffmpeg", png).exitCode, 0);
  EXPECT_EQ(runProgram("ffmpeg", raw).exitCode, 0);
  if (clip) {
    EXPECT_EQ(runProgram("ffmpeg", mov).exitCode, 0);
  }
  return test::readFile(dir.path("in.rgba"));
}

// Frame k (from 1) of the source through `texsort pixelsort OPTIONS`, as raw RGBA.
std::vector<std::uint8_t> commandLineFrame(const test::TempFolder& dir, int k, const std::vector<std::string>& options) {
  std::vector<std::string> args = {"pixelsort", dir.path("in" + std::to_string(k) + ".png"), "-o", dir.path("cli.png"), "-q"};
  args.insert(args.end(), options.begin(), options.end());
  const RunResult sorted = test::runTexsort(args);
  EXPECT_EQ(sorted.exitCode, 0) << sorted.err;
  EXPECT_EQ(runProgram("ffmpeg", {"-v", "error", "-y", "-i", dir.path("cli.png"), "-pix_fmt", "rgba", "-f", "rawvideo",
                                  dir.path("cli.rgba")})
                .exitCode,
            0);
  return test::readFile(dir.path("cli.rgba"));
}

// The source's frames through ffmpeg's frei0r filter with `params` (filter_params: `options`, then
// the typed parameters, '|' between them).
RunResult ffmpeg(const test::TempFolder& dir, const std::string& size, const std::string& params,
                 const RunOptions& options) {
  return runProgram("ffmpeg", {"-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", size, "-i",
                               dir.path("in.rgba"), "-vf", "frei0r=filter_name=texsort_pixelsort:filter_params=" + params,
                               "-pix_fmt", "rgba", "-f", "rawvideo", dir.path("out.rgba")},
                    options);
}

void expectFramesEqual(const std::string& size, int frames, const std::string& params,
                       const std::vector<std::string>& cliOptions) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> in = source(dir, size, frames);
  const RunResult run = ffmpeg(dir, size, params, withPlugin());
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.err, "");
  const std::vector<std::uint8_t> out = test::readFile(dir.path("out.rgba"));
  ASSERT_EQ(out.size(), in.size());
  const std::size_t frameBytes = in.size() / frames;
  for (int k = 0; k < frames; ++k) {
    const std::vector<std::uint8_t> expected = commandLineFrame(dir, k + 1, cliOptions);
    const std::vector<std::uint8_t> got(out.begin() + k * frameBytes, out.begin() + (k + 1) * frameBytes);
    EXPECT_TRUE(got == expected) << params << ": frame " << k << " differs from texsort pixelsort's";
  }
}

TEST(Frei0rFfmpeg, EveryFrameIsTheCommandLinesSort) {
  const std::vector<std::vector<std::string>> cases = {
      {"--lower", "0.1", "--upper", "0.7"}, {"--angle", "30"},         {"--direction", "vertical"},
      {"--path", "circles"},                {"--key", "hue"},          {"--intervals", "edges"},
      {"--key", "hue", "--then", "--direction", "vertical", "--order", "desc"}, {"--mix", "0.5"},
  };
  for (const std::vector<std::string>& options : cases) {
    std::string params;
    for (const std::string& word : options) params += (params.empty() ? "" : " ") + word;
    expectFramesEqual("64x48", 2, params, options);
  }
}

// ffmpeg 5.1 hands a frei0r filter frames whose rows are padded to its line alignment, where
// frei0r's are width x 4 bytes: sizes whose rows come out whole there (one row; a width that is a
// multiple of 16) sort exactly, the others are refused at construction with one line, and ffmpeg
// stops. (GStreamer takes every size: the test below.)
TEST(Frei0rFfmpeg, OddSizesSortExactlyOrAreRefusedWithOneLine) {
  for (const std::string size : {"1x1", "7x1", "16x5", "640x361"}) {
    expectFramesEqual(size, 1, "--angle 45", {"--angle", "45"});
  }
  for (const std::string size : {"3x5", "8x6", "24x6", "641x361"}) {  // 8 and 24: padded at 64 bytes, not 32
    test::TempFolder dir;
    source(dir, size, 1);
    const RunResult run = ffmpeg(dir, size, "--angle 45", withPlugin());
    EXPECT_NE(run.exitCode, 0) << size;
    const std::string line = "texsort_pixelsort: ffmpeg 5's frei0r filter pads each row of a " +
                             size.substr(0, size.find('x')) + "-pixel-wide frame";
    EXPECT_EQ(run.err.rfind(line, 0), 0u) << run.err;
    EXPECT_EQ(run.err.find("texsort_pixelsort:", 1), std::string::npos) << "said once\n" << run.err;
  }
}

// Odd sizes through GStreamer, whose RGBA rows are width x 4 bytes as frei0r's are.
TEST(Frei0rGstreamer, OddSizesSortAsTheCommandLineDoes) {
  for (const std::string size : {"1x1", "3x5", "641x361"}) {
    test::TempFolder dir;
    const std::vector<std::uint8_t> in = source(dir, size, 1);
    const std::string width = size.substr(0, size.find('x')), height = size.substr(size.find('x') + 1);
    const RunResult run = runProgram(
        "gst-launch-1.0", {"-q", "filesrc", "location=" + dir.path("in.rgba"), "!", "rawvideoparse", "width=" + width,
                           "height=" + height, "format=rgba", "framerate=10/1", "!", "frei0r-filter-texsort-pixelsort",
                           "options=--angle 45", "!", "filesink", "location=" + dir.path("out.rgba")},
        withPlugin());
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(test::readFile(dir.path("out.rgba")) == commandLineFrame(dir, 1, {"--angle", "45"})) << size;
  }
}

// Typed parameters after `options` (ffmpeg's are positional, '|' between them): angle 0.75 is 90
// degrees, lower 0.3 itself.
TEST(Frei0rFfmpeg, TypedParametersMapOntoTheOptions) {
  expectFramesEqual("64x48", 1, "--key hue|0.75|0.3", {"--key", "hue", "--angle", "90", "--lower", "0.3"});
}

TEST(Frei0rFfmpeg, ABadOptionsStringPassesTheFramesThroughWithOneLine) {
  for (const std::string& params : std::vector<std::string>{"--junk", "--help", "--version", "in.png", "-o x.png", "--lower 2", "--mask nothere.png",
                                   std::string(5000, 'x')}) {
    test::TempFolder dir;
    const std::vector<std::uint8_t> in = source(dir, "32x24", 3);
    const RunResult run = ffmpeg(dir, "32x24", params, withPlugin(dir.root()));
    ASSERT_EQ(run.exitCode, 0) << params << ": " << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << params << ": said once\n" << run.err;
    EXPECT_EQ(run.err.rfind("texsort_pixelsort: parameter 'options': ", 0), 0u) << run.err;
    EXPECT_TRUE(test::readFile(dir.path("out.rgba")) == in) << params << ": the frames passed through";
    EXPECT_FALSE(test::fileExists(dir.path("x.png"))) << "the filter writes no file";
  }
}

// A recipe file's bad line is named as the command line names it: FILE:LINE: the problem.
TEST(Frei0rFfmpeg, ABadRecipeLineIsNamedByFileAndLine) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> in = source(dir, "32x24", 1);
  test::writeFile(dir.path("r.txt"), {'-', '-', 'k', 'e', 'y', ' ', 'h', 'u', 'e', '\n', 'j', 'u', 'n', 'k', '\n'});
  const RunResult run = ffmpeg(dir, "32x24", "--preset r.txt", withPlugin(dir.root()));
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.err.rfind("texsort_pixelsort: parameter 'options': r.txt:2: ", 0), 0u) << run.err;
  EXPECT_NE(run.err.find("junk"), std::string::npos) << run.err;
  EXPECT_TRUE(test::readFile(dir.path("out.rgba")) == in) << "the frames passed through";
}

// No EGL: the host carries on, the frames pass through, one line says why (the context is made at
// the first frame, so GStreamer's plugin scan never records the filter as broken).
TEST(Frei0rFfmpeg, NoEglPassesTheFramesThroughWithOneLine) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> in = source(dir, "32x24", 3);
  RunOptions options = withPlugin();
  options.setEnv.push_back({"TEXSORT_EGL_PLATFORM", "nothing"});
  const RunResult run = ffmpeg(dir, "32x24", "--angle 30", options);
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_EQ(run.err.rfind("texsort_pixelsort: no GL context, so the frames pass through: TEXSORT_EGL_PLATFORM", 0), 0u)
      << run.err;
  EXPECT_TRUE(test::readFile(dir.path("out.rgba")) == in);
}

// melt makes an instance for every frame: the missing context is still said once.
TEST(Frei0rMelt, NoEglIsSaidOnce) {
  test::TempFolder dir;
  RunOptions options = withPlugin();
  options.setEnv.push_back({"TEXSORT_EGL_PLATFORM", "nothing"});
  const RunResult run = runMelt({"-silent", "color:red", "out=3", "-filter", "frei0r.texsort_pixelsort",
                                            "-consumer", "avformat:" + dir.path("m.mkv"), "vcodec=ffv1", "an=1", "real_time=0"},
                                   options);
  EXPECT_EQ(run.exitCode, 0) << run.err;
  std::size_t lines = 0;
  for (std::size_t at = run.err.find("texsort_pixelsort:"); at != std::string::npos; at = run.err.find("texsort_pixelsort:", at + 1)) ++lines;
  EXPECT_EQ(lines, 1u) << run.err;
}

// melt makes more than one instance (one a thread it renders from): a bad value is still said once.
TEST(Frei0rMelt, ABadValueIsSaidOnce) {
  test::TempFolder dir;
  const RunResult run = runMelt({"-silent", "color:red", "out=9", "-filter", "frei0r.texsort_pixelsort", "key=nope",
                                            "-consumer", "avformat:" + dir.path("m.mkv"), "vcodec=ffv1", "an=1", "real_time=0"},
                                   withPlugin());
  EXPECT_EQ(run.exitCode, 0) << run.err;
  std::size_t lines = 0;
  for (std::size_t at = run.err.find("texsort_pixelsort:"); at != std::string::npos; at = run.err.find("texsort_pixelsort:", at + 1)) ++lines;
  EXPECT_EQ(lines, 1u) << run.err;
  EXPECT_NE(run.err.find("texsort_pixelsort: parameter 'key': "), std::string::npos) << run.err;
}

TEST(Frei0rGstreamer, StringAndTypedPropertiesSortAsTheCommandLine) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> in = source(dir, "64x48", 2);
  const RunResult run = runProgram(
      "gst-launch-1.0", {"-q", "filesrc", "location=" + dir.path("in.rgba"), "!", "rawvideoparse", "width=64", "height=48",
                         "format=rgba", "framerate=10/1", "!", "frei0r-filter-texsort-pixelsort", "options=--key hue",
                         "angle=0.25", "!", "filesink", "location=" + dir.path("out.rgba")},
      withPlugin());
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const std::vector<std::uint8_t> out = test::readFile(dir.path("out.rgba"));
  ASSERT_EQ(out.size(), in.size());
  for (int k = 0; k < 2; ++k) {
    const std::vector<std::uint8_t> expected = commandLineFrame(dir, k + 1, {"--key", "hue", "--angle", "-90"});
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), out.begin() + k * (out.size() / 2))) << "frame " << k;
  }
}

// MLT interpolates a keyframed double for each frame ("0=0.2;9=0.7": straight from frame 0 to 9):
// frame k is texsort pixelsort with --lower at the value MLT reaches at k. (real_time=0: a consumer
// that keeps to the clock drops frames when the machine is busy.)
TEST(Frei0rMelt, AKeyframedParameterSortsEachFrameAtItsInterpolatedValue) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> in = source(dir, "64x48", 10, true);
  const RunResult run = runMelt({"-silent", dir.path("in.mov"), "-filter", "frei0r.texsort_pixelsort",
                                            "lower=0=0.2;9=0.7", "-consumer", "avformat:" + dir.path("out.rgba"),
                                            "f=rawvideo", "pix_fmt=rgba", "mlt_image_format=rgba", "real_time=0"},
                                   withPlugin());
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.err.find("texsort_pixelsort:"), std::string::npos) << run.err;
  const std::vector<std::uint8_t> out = test::readFile(dir.path("out.rgba"));
  ASSERT_EQ(out.size(), in.size()) << "frames melt wrote: " << out.size() / (64 * 48 * 4) << "\n" << run.err;
  const std::size_t frameBytes = in.size() / 10;
  for (int k = 0; k < 10; ++k) {
    char lower[40];
    std::snprintf(lower, sizeof lower, "%.17g", 0.2 + (0.7 - 0.2) * (k / 9.0));
    const std::vector<std::uint8_t> expected = commandLineFrame(dir, k + 1, {"--lower", lower});
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), out.begin() + k * frameBytes)) << "frame " << k << ", lower " << lower;
  }
}

TEST(Frei0rMelt, LoadsTheFilterAndRunsItsTypedParameter) {
  test::TempFolder dir;
  const RunResult run = runMelt({"-silent", "color:red", "out=2", "-filter", "frei0r.texsort_pixelsort",
                                            "lower=0.1", "-consumer", "avformat:" + dir.path("m.mkv"), "vcodec=ffv1", "real_time=0"},
                                   withPlugin());
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.err.find("texsort_pixelsort:"), std::string::npos) << run.err;
  EXPECT_TRUE(test::fileExists(dir.path("m.mkv")));
}

}  // namespace
}  // namespace texsort
