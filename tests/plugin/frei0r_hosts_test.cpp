// The frei0r filter texsort_pixelsort in the hosts people use (ffmpeg, GStreamer, MLT's melt), found
// through FREI0R_PATH in this build's frei0r-1/ (never an installed copy): every frame byte for byte
// `texsort pixelsort` of that frame; bad parameters said in one line, the frames passed through, the
// host never stopped; no EGL: the host says the filter could not be made, nothing crashes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
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

// testsrc2 at WxH, `frames` frames, as raw RGBA (what the filter gets) and as one PNG a frame.
std::vector<std::uint8_t> source(const test::TempFolder& dir, const std::string& size, int frames) {
  std::string scale = size;  // testsrc2 makes no picture smaller than 32x32: drawn at 640x360, then scaled
  scale.replace(scale.find('x'), 1, ":");
  const std::vector<std::string> input = {"-v", "error", "-f", "lavfi", "-i", "testsrc2=s=640x360:r=10", "-frames:v",
                                          std::to_string(frames), "-vf", "scale=" + scale + ":flags=neighbor"};
  std::vector<std::string> png = input, raw = input;
  png.insert(png.end(), {"-pix_fmt", "rgba", dir.path("in%d.png")});
  raw.insert(raw.end(), {"-pix_fmt", "rgba", "-f", "rawvideo", dir.path("in.rgba")});
  EXPECT_EQ(runProgram("ffmpeg", png).exitCode, 0);
  EXPECT_EQ(runProgram("ffmpeg", raw).exitCode, 0);
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

// Odd sizes through GStreamer, whose RGBA rows are width x 4 bytes as frei0r's are. (ffmpeg 5.1 hands
// a frei0r filter its frames with their rows padded to its alignment, which the frei0r interface
// cannot say: widths whose rows are not a multiple of 64 bytes come out wrong there; docs/plugin.md.)
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
  const RunResult run = runProgram("melt", {"-silent", "color:red", "out=3", "-filter", "frei0r.texsort_pixelsort",
                                            "-consumer", "avformat:" + dir.path("m.mkv"), "vcodec=ffv1", "an=1"},
                                   options);
  EXPECT_EQ(run.exitCode, 0) << run.err;
  std::size_t lines = 0;
  for (std::size_t at = run.err.find("texsort_pixelsort:"); at != std::string::npos; at = run.err.find("texsort_pixelsort:", at + 1)) ++lines;
  EXPECT_EQ(lines, 1u) << run.err;
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

TEST(Frei0rMelt, LoadsTheFilterAndRunsItsTypedParameter) {
  test::TempFolder dir;
  const RunResult run = runProgram("melt", {"-silent", "color:red", "out=2", "-filter", "frei0r.texsort_pixelsort",
                                            "lower=0.1", "-consumer", "avformat:" + dir.path("m.mkv"), "vcodec=ffv1"},
                                   withPlugin());
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.err.find("texsort_pixelsort:"), std::string::npos) << run.err;
  EXPECT_TRUE(test::fileExists(dir.path("m.mkv")));
}

}  // namespace
}  // namespace texsort
