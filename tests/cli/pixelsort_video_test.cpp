// `texsort pixelsort` with a video out: every frame of a video or animated GIF is the pixel sort of
// that frame (a lossless clip compared frame by frame with still runs), frame counts and rates kept,
// and bad inputs refused in one line with nothing written.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fcntl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <sstream>

#include "record_support.h"
#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;
using test::writeClip;

// ffprobe's frame count and frame rate of the first video stream, and its codec.
std::string streamOf(const std::string& video) {
  const test::RunResult r = test::runProgram(
      "ffprobe", {"-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                  "stream=codec_name,nb_read_frames,r_frame_rate", "-of", "csv=p=0", video});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return r.out.substr(0, r.out.find('\n'));
}

TEST(PixelSortVideo, EveryFrameIsThePixelSortOfThatFrame) {
  test::TempFolder dir;
  const std::string clip = writeClip(dir, "clip.mkv", 45, 31, 6, 12);
  // A recipe: each frame sorted at 30 degrees, then again in columns by chroma (--then).
  const std::vector<std::string> options = {"--angle", "30", "--intervals", "edges", "--lower", "0.2", "--key", "hue",
                                            "--then", "--direction", "vertical", "--key", "chroma", "--mix", "0.7"};
  std::vector<std::string> args = {"pixelsort", clip, "-o", dir.path("out.mkv"), "-q"};
  args.insert(args.end(), options.begin(), options.end());
  const test::RunResult r = runTexsort(args);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(streamOf(dir.path("out.mkv")), "ffv1,12/1,6");
  const std::vector<std::uint8_t> frames = test::decodeFrames(dir.path("out.mkv"));
  ASSERT_EQ(frames.size(), std::size_t{45} * 31 * 3 * 6);
  for (int k = 0; k < 6; ++k) {
    SCOPED_TRACE("frame " + std::to_string(k));
    const std::string still = dir.path("frame" + std::to_string(k) + ".png");
    ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", clip, "-vf", "select=eq(n\\," + std::to_string(k) + ")",
                                          "-frames:v", "1", still}).exitCode, 0);
    std::vector<std::string> one = {"pixelsort", still, "-o", dir.path("sorted.png"), "-q"};
    one.insert(one.end(), options.begin(), options.end());
    ASSERT_EQ(runTexsort(one).exitCode, 0);
    const std::vector<std::uint8_t> expected = test::decodeFrames(dir.path("sorted.png"));
    ASSERT_EQ(expected.size(), std::size_t{45} * 31 * 3);
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), frames.begin() + std::ptrdiff_t(k) * std::ptrdiff_t(expected.size())));
  }
}

TEST(PixelSortVideo, AnimatedGifInAndOutKeepsItsFrames) {
  test::TempFolder dir;
  const std::string clip = writeClip(dir, "clip.mkv", 40, 30, 5, 10);
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", clip, dir.path("in.gif")}).exitCode, 0);
  const test::RunResult r = runTexsort({"pixelsort", dir.path("in.gif"), "-o", dir.path("out.gif"), "--direction", "vertical"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("pixel-sorted 5 frames of"), std::string::npos) << r.out;
  EXPECT_EQ(streamOf(dir.path("out.gif")), "gif,10/1,5");
  // --format names the video format where the name does not (here standard output).
  const test::RunResult piped = runTexsort({"pixelsort", dir.path("in.gif"), "-o", "-", "--format", "mkv", "-q"});
  ASSERT_EQ(piped.exitCode, 0) << piped.err;
  test::writeFile(dir.path("piped.mkv"), std::vector<std::uint8_t>(piped.out.begin(), piped.out.end()));
  EXPECT_EQ(streamOf(dir.path("piped.mkv")), "ffv1,10/1,5");
}

// --animate on a still picture made into frames: frame k is the still pixel sort with each option
// at its interpolated value (linear between keyframes, held after the last, integers rounded).
TEST(PixelSortVideo, AnimatedOptionsGiveEachFrameItsOwnSort) {
  test::TempFolder dir;
  const std::string clip = writeClip(dir, "one.mkv", 45, 31, 1, 10);
  const std::string still = dir.path("still.png");
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", clip, still}).exitCode, 0);
  const test::RunResult r = runTexsort({"pixelsort", still, "-o", dir.path("sweep.mkv"), "-q", "--frames", "5", "--fps", "10",
                                        "--animate", "lower=0:0.1,100%:0.6", "--animate", "angle=0:0,0.4s:60",
                                        "--animate", "max-span=0:0,2:7", "--animate", "mix=0:1,100%:0.5"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(streamOf(dir.path("sweep.mkv")), "ffv1,10/1,5");
  const std::vector<std::uint8_t> frames = test::decodeFrames(dir.path("sweep.mkv"));
  const std::size_t frameBytes = std::size_t{45} * 31 * 3;
  ASSERT_EQ(frames.size(), frameBytes * 5);
  for (int k = 0; k < 5; ++k) {
    char lower[32], angle[32], mix[32];
    std::snprintf(lower, sizeof lower, "%.17g", 0.1 + (0.6 - 0.1) * (k / 4.0));
    std::snprintf(mix, sizeof mix, "%.17g", 1.0 + (0.5 - 1.0) * (k / 4.0));
    std::snprintf(angle, sizeof angle, "%.17g", 0.0 + (60.0 - 0.0) * (k / 4.0));
    const std::string maxSpan = std::to_string(k >= 2 ? 7 : k == 1 ? 4 : 0);  // 3.5 rounds away from zero
    SCOPED_TRACE("frame " + std::to_string(k) + ": --lower " + lower + " --angle " + angle + " --max-span " + maxSpan +
                 " --mix " + mix);
    ASSERT_EQ(runTexsort({"pixelsort", still, "-o", dir.path("k.png"), "-q", "--lower", lower, "--angle", angle,
                          "--max-span", maxSpan, "--mix", mix})
                  .exitCode,
              0);
    const std::vector<std::uint8_t> expected = test::decodeFrames(dir.path("k.png"));
    ASSERT_EQ(expected.size(), frameBytes);
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), frames.begin() + std::ptrdiff_t(k * frameBytes)));
  }
}

// The random spans' seed animated: each frame is re-planned with its own seed (frames 1, 2, 3), and
// --frames without --fps makes a 30 fps clip.
TEST(PixelSortVideo, AnAnimatedSeedGivesEachFrameItsOwnSpans) {
  test::TempFolder dir;
  const std::string clip = writeClip(dir, "one.mkv", 29, 17, 1, 10);
  const std::string still = dir.path("still.png");
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", clip, still}).exitCode, 0);
  const test::RunResult r = runTexsort({"pixelsort", still, "-o", dir.path("seeds.mkv"), "-q", "--frames", "3",
                                        "--intervals", "random", "--span-length", "5", "--animate", "seed=0:1,2:3"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(streamOf(dir.path("seeds.mkv")), "ffv1,30/1,3");
  const std::vector<std::uint8_t> frames = test::decodeFrames(dir.path("seeds.mkv"));
  // A still made a clip is read once, as any picture: standard input will do.
  test::RunOptions piped;
  piped.stdinPath = still;
  const test::RunResult fromStdin = runTexsort({"pixelsort", "-", "-o", dir.path("stdin.mkv"), "-q", "--frames", "3",
                                                "--intervals", "random", "--span-length", "5", "--animate", "seed=0:1,2:3"},
                                               piped);
  ASSERT_EQ(fromStdin.exitCode, 0) << fromStdin.err;
  EXPECT_EQ(test::decodeFrames(dir.path("stdin.mkv")), frames);
  const std::size_t frameBytes = std::size_t{29} * 17 * 3;
  ASSERT_EQ(frames.size(), frameBytes * 3);
  for (int k = 0; k < 3; ++k) {
    SCOPED_TRACE("frame " + std::to_string(k));
    ASSERT_EQ(runTexsort({"pixelsort", still, "-o", dir.path("k.png"), "-q", "--intervals", "random", "--span-length", "5",
                          "--seed", std::to_string(k + 1)}).exitCode, 0);
    const std::vector<std::uint8_t> expected = test::decodeFrames(dir.path("k.png"));
    ASSERT_EQ(expected.size(), frameBytes);
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), frames.begin() + std::ptrdiff_t(k * frameBytes)));
  }
}

// The audio packets of a stream, as one digest (ffmpeg copies them into its md5 muxer).
std::string audioDigest(const std::string& video) {
  const test::RunResult r = test::runProgram("ffmpeg", {"-v", "error", "-i", video, "-map", "0:a", "-c:a", "copy", "-f", "md5", "-"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return r.out;
}

// The input's sound goes along: its packets copied unchanged where the container takes the codec
// (AAC into MP4 and MKV), even when it outlasts the frames.
TEST(PixelSortVideo, TheSoundIsCarriedOver) {
  test::TempFolder dir;
  const std::string clip = dir.path("clip.mp4");
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10:duration=1.5", "-f",
                                        "lavfi", "-i", "sine=frequency=440:duration=1.8", "-c:v", "libx264", "-pix_fmt",
                                        "yuv420p", "-c:a", "aac", clip})
                .exitCode,
            0);
  const std::string original = audioDigest(clip);
  ASSERT_NE(original.find("MD5="), std::string::npos);
  for (const char* out : {"out.mp4", "out.mkv"}) {
    SCOPED_TRACE(out);
    const test::RunResult r = runTexsort({"pixelsort", clip, "-o", dir.path(out), "--angle", "45"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("the input's sound carried over"), std::string::npos) << r.out;
    EXPECT_EQ(audioDigest(dir.path(out)), original);
    EXPECT_EQ(streamOf(dir.path(out)).substr(streamOf(dir.path(out)).find(',')), ",10/1,15");
  }
}

// Alpha travels with its pixel, frame by frame, as in a still pixel sort; WebM (VP9's alpha, read
// back through libvpx) and GIF (transparency) keep it, MP4 says it drops it.
TEST(PixelSortVideo, AlphaTravelsWithItsPixels) {
  test::TempFolder dir;
  const std::string clip = dir.path("alpha.mkv");
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i",
                                        "nullsrc=s=40x30:r=10,format=rgba,geq=r='mod(X*37+N*29,256)':g='mod(Y*53,256)':"
                                        "b='mod(X*Y,256)':a='if(lt(mod(X+N*3,16),5),0,mod(X*9+Y*5,256))'",
                                        "-frames:v", "4", "-c:v", "ffv1", "-pix_fmt", "bgra", clip})
                .exitCode,
            0);
  const std::vector<std::string> options = {"--angle", "90", "--lower", "0.1"};
  std::vector<std::string> args = {"pixelsort", clip, "-o", dir.path("out.mkv"), "-q"};
  args.insert(args.end(), options.begin(), options.end());
  ASSERT_EQ(runTexsort(args).exitCode, 0);
  const std::size_t frameSize = std::size_t{40} * 30 * 4;
  const std::vector<std::uint8_t> frames = test::decodeFrames(dir.path("out.mkv"), "rgba");
  ASSERT_EQ(frames.size(), frameSize * 4);
  for (int k = 0; k < 4; ++k) {
    SCOPED_TRACE("frame " + std::to_string(k));
    const std::string still = dir.path("frame" + std::to_string(k) + ".png");
    ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", clip, "-vf", "select=eq(n\\," + std::to_string(k) + ")",
                                          "-frames:v", "1", "-pix_fmt", "rgba", still}).exitCode, 0);
    std::vector<std::string> one = {"pixelsort", still, "-o", dir.path("sorted.png"), "-q"};
    one.insert(one.end(), options.begin(), options.end());
    ASSERT_EQ(runTexsort(one).exitCode, 0);
    const std::vector<std::uint8_t> expected = test::decodeFrames(dir.path("sorted.png"), "rgba");
    ASSERT_EQ(expected.size(), frameSize);
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), frames.begin() + std::ptrdiff_t(k * frameSize)));
  }
  // Transparent pixels in WebM (and back in through libvpx's alpha) and in a GIF.
  const auto transparent = [](const std::vector<std::uint8_t>& rgba) {
    std::size_t n = 0;
    for (std::size_t i = 3; i < rgba.size(); i += 4) n += rgba[i] < 128;
    return n;
  };
  const std::size_t before = transparent(test::decodeFrames(clip, "rgba"));
  ASSERT_GT(before, 0u);
  ASSERT_EQ(runTexsort({"pixelsort", clip, "-o", dir.path("out.webm"), "-q"}).exitCode, 0);
  ASSERT_EQ(runTexsort({"pixelsort", dir.path("out.webm"), "-o", dir.path("back.mkv"), "-q"}).exitCode, 0);
  EXPECT_NEAR(double(transparent(test::decodeFrames(dir.path("back.mkv"), "rgba"))), double(before), double(before) * 0.05);
  ASSERT_EQ(runTexsort({"pixelsort", clip, "-o", dir.path("out.gif"), "-q"}).exitCode, 0);
  EXPECT_EQ(transparent(test::decodeFrames(dir.path("out.gif"), "rgba")), before);
  const test::RunResult mp4 = runTexsort({"pixelsort", clip, "-o", dir.path("out.mp4")});
  ASSERT_EQ(mp4.exitCode, 0) << mp4.err;
  EXPECT_NE(mp4.out.find("alpha     dropped: mp4 has none"), std::string::npos) << mp4.out;
}

// Each frame's presentation time (ffprobe, sorted: packets come in decoding order).
std::vector<std::string> frameTimesOf(const std::string& video) {
  const test::RunResult r = test::runProgram(
      "ffprobe", {"-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", video});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> times;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) times.push_back(line);
  std::sort(times.begin(), times.end(), [](const std::string& a, const std::string& b) { return std::stod(a) < std::stod(b); });
  return times;
}

// A variable frame rate (a phone's clip, a GIF with a delay of its own on each frame): every frame
// comes out once, at its own time, in every container; nothing repeated or dropped to an average.
TEST(PixelSortVideo, EachFrameKeepsItsTime) {
  test::TempFolder dir;
  const std::string clip = dir.path("vfr.mkv");
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i", "testsrc2=size=48x32:rate=10:duration=1.6",
                                        "-vf", "settb=1/1000,setpts='if(lt(N,6),N*100,if(lt(N,9),600+(N-6)*250,1400+(N-9)*40))'",
                                        "-fps_mode", "passthrough", "-enc_time_base:v", "1/1000", "-c:v", "ffv1", clip})
                .exitCode,
            0);
  const std::vector<std::string> times = frameTimesOf(clip);
  ASSERT_EQ(times.size(), 16u);
  ASSERT_EQ(times[7], "0.850000");
  for (const char* out : {"out.mkv", "out.mp4", "out.webm"}) {
    SCOPED_TRACE(out);
    const test::RunResult r = runTexsort({"pixelsort", clip, "-o", dir.path(out), "--angle", "90"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("pixel-sorted 16 frames"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("each frame's own time kept"), std::string::npos) << r.out;
    EXPECT_EQ(frameTimesOf(dir.path(out)), times);
  }
  // --animate's times are the frames' own: 1.1 s is frame 8 (at 0.6 + 2 x 0.25 s), not frame 10 as
  // at the average rate.
  const test::RunResult animated = runTexsort({"pixelsort", clip, "-o", dir.path("animated.mkv"), "--angle", "90", "-q",
                                              "--intervals", "none", "--animate", "max-span=0:1,1.1s:40"});
  ASSERT_EQ(animated.exitCode, 0) << animated.err;
  const auto frameOf = [&](const std::string& video, int k, const std::string& png) {
    return test::runProgram("ffmpeg", {"-v", "error", "-i", video, "-vf", "select=eq(n\\," + std::to_string(k) + ")",
                                       "-fps_mode", "passthrough", "-frames:v", "1", png}).exitCode;
  };
  ASSERT_EQ(frameOf(clip, 8, dir.path("in8.png")), 0);
  ASSERT_EQ(frameOf(dir.path("animated.mkv"), 8, dir.path("out8.png")), 0);
  ASSERT_EQ(runTexsort({"pixelsort", dir.path("in8.png"), "-o", dir.path("still8.png"), "--angle", "90", "--max-span", "40",
                        "--intervals", "none", "-q"}).exitCode, 0);
  EXPECT_EQ(test::decodeFrames(dir.path("out8.png")), test::decodeFrames(dir.path("still8.png")));
  // A GIF's delays (hundredths of a second) in and out.
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", clip, "-fps_mode", "passthrough", dir.path("in.gif")}).exitCode, 0);
  ASSERT_EQ(runTexsort({"pixelsort", dir.path("in.gif"), "-o", dir.path("out.gif"), "-q"}).exitCode, 0);
  EXPECT_EQ(frameTimesOf(dir.path("out.gif")), frameTimesOf(dir.path("in.gif")));
  EXPECT_EQ(frameTimesOf(dir.path("out.gif")).size(), 16u);
}

// On a terminal a progress line counts the frames, the rate and the time left; -q silences it, and
// standard error on a pipe never sees it (the other tests' runs: their r.err is checked empty).
TEST(PixelSortVideo, ProgressOnATerminalOnly) {
  test::TempFolder dir;
  const std::string clip = writeClip(dir, "clip.mkv", 64, 48, 8, 10);
  const std::string command = test::texsortBinary() + " pixelsort " + clip + " -o " + dir.path("out.mkv");
  // script(1) gives the run a terminal (util-linux, in every Debian).
  const test::RunResult shown = test::runProgram("script", {"-qec", command, "/dev/null"});
  ASSERT_EQ(shown.exitCode, 0) << shown.out;
  EXPECT_NE(shown.out.find("pixel-sorting " + clip + ": frame 1 of 8, "), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find(" frames/s"), std::string::npos) << shown.out;
  const test::RunResult quiet = test::runProgram("script", {"-qec", command + " -q", "/dev/null"});
  ASSERT_EQ(quiet.exitCode, 0) << quiet.out;
  EXPECT_EQ(quiet.out, "");
  const test::RunResult piped = runTexsort({"pixelsort", clip, "-o", dir.path("out.mkv")});
  ASSERT_EQ(piped.exitCode, 0) << piped.err;
  EXPECT_EQ(piped.err, "");
  // A clip that fails after its progress showed: the progress line is cleared, the error starts the line.
  const test::RunResult failed = test::runProgram(
      "script", {"-qec", test::texsortBinary() + " pixelsort " + test::assetPath("coffee.png") +
                             " --frames 4 --fps 10 --format mkv -o /dev/full", "/dev/null"});
  EXPECT_NE(failed.exitCode, 0) << failed.out;
  EXPECT_NE(failed.out.find("\r\033[Ktexsort: error: "), std::string::npos) << failed.out;
}

// bench --video: a clip at each height drawn by ffmpeg and pixel-sorted, a row each with the
// frames, the rate and every stage's share; --sides needs --pixelsort or --video.
TEST(PixelSortVideo, BenchTimesEachStage) {
  const test::RunResult r = runTexsort({"bench", "--video", "--sides", "72,35", "--runs", "1", "--no-progress"},
                                       test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "slow-compute"}}});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.rfind("texsort bench --video, ", 0), 0u) << r.out;
  // --algos: a row for each line sort named, each its own passes (auto's: bitonic-wide here, its
  // compute copies read slow).
  const test::RunResult named = runTexsort({"bench", "--video", "--sides", "35", "--runs", "1", "--no-progress", "--algos",
                                            "bitonic,oddeven-merge"});
  ASSERT_EQ(named.exitCode, 0) << named.err;
  unsigned bitonicPasses = 0, mergePasses = 0, widePasses = 0;
  const auto passesOf = [](const std::string& out, const std::string& row, unsigned& passes) {
    const std::size_t at = out.find(row);
    ASSERT_NE(at, std::string::npos) << row << "\n" << out;
    const std::size_t end = out.find('\n', at + 1);
    passes = static_cast<unsigned>(std::stoul(out.substr(out.find_last_of(' ', end) + 1, end)));
  };
  passesOf(named.out, "\n64x36      bitonic ", bitonicPasses);
  passesOf(named.out, "\n64x36      oddeven-merge ", mergePasses);
  passesOf(r.out, "\n64x36      bitonic-wide ", widePasses);
  EXPECT_EQ(named.out.find("bitonic-wide"), std::string::npos) << named.out;
  EXPECT_GT(bitonicPasses, widePasses);
  EXPECT_GT(mergePasses, widePasses);
  for (const char* size : {"\n128x72     bitonic-wide ", "\n64x36      bitonic-wide "}) {  // 16:9, even sides (35 -> 36)
    const std::size_t at = r.out.find(size);
    ASSERT_NE(at, std::string::npos) << size << "\n" << r.out;
    unsigned frames = 0, passes = 0;
    double rate = 0, decode = -1, gpu = -1, encode = -1;
    ASSERT_EQ(std::sscanf(r.out.c_str() + at + std::strlen(size), "%u %lf %lf %lf %lf %u", &frames, &rate, &decode, &gpu,
                          &encode, &passes), 6) << r.out;
    EXPECT_EQ(frames, 60u);
    EXPECT_GT(rate, 0.0);
    EXPECT_GT(gpu, 0.0);
    EXPECT_GE(decode, 0.0);
    EXPECT_GE(encode, 0.0);
    EXPECT_GT(passes, 0u);
  }
  const test::RunResult radix = runTexsort({"bench", "--video", "--algos", "radix", "--no-progress"});
  EXPECT_EQ(radix.exitCode, 2) << radix.err;
  EXPECT_EQ(radix.out, "") << "refused before any output";
  const test::RunResult alone = runTexsort({"bench", "--sides", "64"});
  EXPECT_EQ(alone.exitCode, 2);
  EXPECT_EQ(alone.err, "texsort: error: --sides sets the sizes of --pixelsort or --video; give one of them\n");
}

// A signal mid-clip (SIGTERM, and every other whose default ends the process: SIGQUIT from
// Ctrl+Backslash, SIGUSR1, SIGALRM): texsort ends by the signal, both ffmpegs (the decoder reading the clip, the
// encoder writing into the scratch folder) are gone, and nothing is left: no output, no scratch.
TEST(PixelSortVideo, ASignalMidClipLeavesNothing) {
  test::TempFolder in;
  const std::string clip = writeClip(in, "long.mkv", 320, 240, 240, 24);
  for (const int signal : {SIGTERM, SIGQUIT, SIGUSR1, SIGALRM}) {
    SCOPED_TRACE(strsignal(signal));
    test::TempFolder out, scratch;
    test::RunOptions options;
    options.setEnv = {{"TMPDIR", scratch.root()}};
    options.whileRunning = [&](int pid) {
      for (int i = 0; i < 600 && test::emptyFolder(scratch.root()); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      ::kill(pid, signal);
    };
    const test::RunResult r = runTexsort({"pixelsort", clip, "-o", out.path("sorted.mkv")}, options);
    EXPECT_EQ(r.signal, signal) << r.err;
    EXPECT_TRUE(test::listFolder(out.root()).empty());
    for (int i = 0; i < 100 && test::processesMentioning(in.root()) + test::processesMentioning(scratch.root()) > 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(test::processesMentioning(in.root()), 0) << "the decoder was stopped";
    EXPECT_EQ(test::processesMentioning(scratch.root()), 0) << "the encoder was stopped";
    EXPECT_TRUE(test::emptyFolder(scratch.root()));
  }
}

// A name is a file to ffmpeg and ffprobe, never an option or a protocol: a clip named -s.mkv or
// data:s.mkv (its sound carried over: ffmpeg reads it again) sorts as any other.
TEST(PixelSortVideo, ANameStartingWithADashIsAFile) {
  test::TempFolder dir;
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i", "testsrc2=size=32x24:rate=10:duration=0.5", "-f",
                                        "lavfi", "-i", "sine=frequency=440:duration=0.5", "-c:v", "ffv1", "-c:a", "flac",
                                        dir.path("-s.mkv")})
                .exitCode,
            0);
  test::RunOptions inDir;
  inDir.cwd = dir.root();
  const test::RunResult r = runTexsort({"pixelsort", "-q", "-o", "out.mkv", "--", "-s.mkv"}, inDir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(test::probe(dir.path("out.mkv")).frames, 5);
  EXPECT_EQ(audioDigest(dir.path("out.mkv")), audioDigest(dir.path("-s.mkv")));
  // A name that reads as one of ffmpeg's protocols (data:) is a file too, its sound as well.
  test::writeFile(dir.path("data:s.mkv"), test::readFile(dir.path("-s.mkv")));
  const test::RunResult protocol = runTexsort({"pixelsort", "-q", "-o", "out2.mkv", "data:s.mkv"}, inDir);
  ASSERT_EQ(protocol.exitCode, 0) << protocol.err;
  EXPECT_EQ(test::probe(dir.path("out2.mkv")).frames, 5);
  EXPECT_EQ(audioDigest(dir.path("out2.mkv")), audioDigest(dir.path("-s.mkv")));
}

// A clip is probed, then decoded: what can be read only once (a FIFO, a pipe, standard input) is
// refused in one line before any read, instead of hanging on a FIFO or blaming the data.
TEST(PixelSortVideo, WhatCanBeReadOnlyOnceIsRefused) {
  test::TempFolder dir;
  ASSERT_EQ(::mkfifo(dir.path("f.mkv").c_str(), 0600), 0);
  // A writer that ends at once should a reader open the FIFO (a FIFO without one hangs its reader).
  std::atomic<bool> done{false};
  std::thread writer([&] {
    while (!done) {
      const int fd = ::open(dir.path("f.mkv").c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
      if (fd >= 0) ::close(fd);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  });
  const test::RunResult fifo = runTexsort({"pixelsort", dir.path("f.mkv"), "-o", dir.path("out.mkv")});
  done = true;
  writer.join();
  EXPECT_EQ(fifo.exitCode, 1) << fifo.err;
  EXPECT_EQ(fifo.err, "texsort: error: " + dir.path("f.mkv") +
                          ": is a pipe or FIFO; a clip is read twice (probed, then decoded): give a file\n");
  const std::string clip = writeClip(dir, "clip.mkv", 16, 12, 2, 10);
  const test::RunResult piped = test::runProgram(
      "sh", {"-c", "cat \"$1\" | \"$2\" pixelsort /dev/stdin -o \"$3\"", "sh", clip, TEXSORT_BINARY, dir.path("out.mkv")});
  EXPECT_EQ(piped.exitCode, 1) << piped.err;
  EXPECT_NE(piped.err.find("/dev/stdin: names a descriptor of texsort's; a clip is read twice"), std::string::npos) << piped.err;
  EXPECT_EQ(test::listFolder(dir.root()), (std::vector<std::string>{"clip.mkv", "f.mkv"}));
}

// A picture saved under a clip's name is a picture by its bytes: to a still's output it sorts as
// the same file named .png does, byte for byte, and --frames makes a clip of it.
TEST(PixelSortVideo, APictureNamedAsAClipIsAPicture) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> png = test::readFile(test::assetPath("coffee.png"));
  test::writeFile(dir.path("still.png"), png);
  test::writeFile(dir.path("still.mp4"), png);
  for (const char* name : {"still.png", "still.mp4"}) {
    const test::RunResult r = runTexsort({"pixelsort", dir.path(name), "-q", "-o", dir.path(std::string(name) + ".png")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
  }
  EXPECT_EQ(test::readFile(dir.path("still.mp4.png")), test::readFile(dir.path("still.png.png")));
  const test::RunResult clip = runTexsort({"pixelsort", dir.path("still.mp4"), "-q", "--frames", "2", "-o", dir.path("two.gif")});
  ASSERT_EQ(clip.exitCode, 0) << clip.err;
  EXPECT_EQ(test::probe(dir.path("two.gif")).frames, 2);
}

// ... and a clip under a picture's name is the clip it is: to a still's output it is told so (not
// 'unknown image type'), to a clip's output it is sorted.
TEST(PixelSortVideo, AClipNamedAsAPictureIsAClip) {
  test::TempFolder dir;
  test::writeFile(dir.path("clip.png"), test::readFile(writeClip(dir, "clip.mkv", 40, 30, 3, 10)));
  const test::RunResult still = runTexsort({"pixelsort", dir.path("clip.png"), "-o", dir.path("out.png")});
  EXPECT_EQ(still.exitCode, 2);
  EXPECT_NE(still.err.find(dir.path("clip.png") + ": a clip needs a clip's output"), std::string::npos) << still.err;
  const test::RunResult clip = runTexsort({"pixelsort", dir.path("clip.png"), "-q", "-o", dir.path("out.mkv")});
  ASSERT_EQ(clip.exitCode, 0) << clip.err;
  EXPECT_EQ(test::probe(dir.path("out.mkv")).frames, 3);
}

// Each clip lasts as long as its frames: a GIF's rate comes from its delays (ffprobe gives 0/0 and
// the time base's 100/1), a raw MJPEG stream's from ffprobe's stream rate, and a GIF out over 50
// frames a second (its delays are whole hundredths) is written at 50, the length kept, said once.
TEST(PixelSortVideo, ClipsKeepTheirLength) {
  test::TempFolder dir;
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i", "testsrc2=size=32x24:rate=5:duration=0.4",
                                        dir.path("two.gif")}).exitCode, 0);
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i", "testsrc2=size=32x24:rate=10:duration=0.5",
                                        "-c:v", "mjpeg", "-f", "mjpeg", dir.path("raw.mjpeg")}).exitCode, 0);
  const std::string fast = writeClip(dir, "fast.mkv", 32, 24, 60, 60);
  struct Case {
    std::string input, output;
    int frames;
    double seconds;
  };
  for (const Case& c : std::vector<Case>{{"two.gif", "two.mkv", 2, 0.4}, {"two.gif", "two.mp4", 2, 0.4},
                                         {"two.gif", "out.gif", 2, 0.4}, {"raw.mjpeg", "raw.mkv", 5, 0.2},
                                         {"fast.mkv", "fast.gif", 50, 1.0}}) {
    SCOPED_TRACE(c.input + " -> " + c.output);
    const test::RunResult r = runTexsort({"pixelsort", dir.path(c.input), "-o", dir.path(c.output)});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const test::Probe p = test::probe(dir.path(c.output));
    EXPECT_EQ(p.frames, c.frames);
    EXPECT_NEAR(p.duration, c.seconds, 0.021);
    const bool slowed = c.output == "fast.gif";
    EXPECT_EQ(r.out.find("  note      " + dir.path(c.output) + ": a GIF shows at most 50 frames a second; the 60 fps frames "
                         "are written at 50") != std::string::npos, slowed) << r.out;
  }
  // A GIF of one picture may be a still: to a picture's output it is that picture, whatever the
  // extension's case (an animated one is a clip: AnAnimatedGifIsAClip).
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-i", dir.path("two.gif"), "-frames:v", "1", dir.path("Still.Gif")})
                .exitCode, 0);
  const test::RunResult first = runTexsort({"pixelsort", dir.path("Still.Gif"), "-o", dir.path("first.png"), "-q"});
  EXPECT_EQ(first.exitCode, 0) << first.err;
  // A one-frame GIF (its one delay reads back as a tenth of a second).
  const test::RunResult single = runTexsort({"pixelsort", dir.path("Still.Gif"), "--frames", "1", "-o", dir.path("one.gif"), "-q"});
  ASSERT_EQ(single.exitCode, 0) << single.err;
  EXPECT_EQ(test::probe(dir.path("one.gif")).frames, 1);
  // A still made a clip at 60 fps, and a recording at 60 fps: the same.
  const test::RunResult still = runTexsort({"pixelsort", dir.path("Still.Gif"), "--frames", "30", "--fps", "60", "-o",
                                            dir.path("still.gif"), "-q"});
  ASSERT_EQ(still.exitCode, 0) << still.err;
  EXPECT_EQ(test::probe(dir.path("still.gif")).frames, 25);
  EXPECT_NEAR(test::probe(dir.path("still.gif")).duration, 0.5, 0.021);
}

TEST(PixelSortVideo, BadInputsAreOneLineAndWriteNothing) {
  test::TempFolder dir, empty;
  test::writeFile(dir.path("bad.mp4"), {'n', 'o', 't', ' ', 'a', ' ', 'v', 'i', 'd', 'e', 'o'});
  test::writeFile(empty.path("none.mkv"), {});
  ASSERT_EQ(::mkdir(empty.path("folder.webm").c_str(), 0755), 0);
  const std::string odd = writeClip(dir, "odd.mkv", 45, 31, 2, 10);
  // A file cut short, one whose frames change size (two MPEG-TS streams end to end), a sound alone.
  const std::string whole = writeClip(dir, "whole.mkv", 64, 48, 6, 10);
  std::vector<std::uint8_t> bytes = test::readFile(whole);
  bytes.resize(bytes.size() * 2 / 3);
  test::writeFile(dir.path("cut.mkv"), bytes);
  ASSERT_EQ(::unlink(whole.c_str()), 0);
  std::vector<std::uint8_t> joined;
  for (const char* size : {"64x48", "80x60"}) {
    const std::string part = dir.path(std::string(size) + ".ts");
    ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i", std::string("testsrc=r=10:d=0.5:s=") + size,
                                          "-c:v", "libx264", "-pix_fmt", "yuv420p", part}).exitCode, 0);
    const std::vector<std::uint8_t> piece = test::readFile(part);
    joined.insert(joined.end(), piece.begin(), piece.end());
    ASSERT_EQ(::unlink(part.c_str()), 0);
  }
  test::writeFile(dir.path("sizes.ts"), joined);
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i", "sine=d=0.5", dir.path("tone.mka")}).exitCode, 0);
  struct Case {
    std::vector<std::string> args;
    int code;
    std::string message;
    std::vector<std::pair<std::string, std::string>> env;
  };
  const std::vector<Case> cases = {
      {{"pixelsort", dir.path("bad.mp4"), "-o", dir.path("out.mkv")}, 1, dir.path("bad.mp4") + ": Invalid data", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mp4")}, 2, "45x31 has an odd side, which mp4 cannot hold", {}},
      {{"pixelsort", dir.path("cut.mkv"), "-o", dir.path("out.mkv")}, 1,
       dir.path("cut.mkv") + ": ffmpeg could not decode it all: File ended prematurely", {}},
      {{"pixelsort", dir.path("sizes.ts"), "-o", dir.path("out.mkv")}, 1,
       dir.path("sizes.ts") + ": its frames change size (64x48, then 80x60); texsort sorts frames of one size", {}},
      {{"pixelsort", dir.path("tone.mka"), "-o", dir.path("out.mkv")}, 1,
       dir.path("tone.mka") + ": no video stream with a size and a frame rate", {}},
      {{"pixelsort", "-", "-o", dir.path("out.mkv")}, 2, "a video out needs its input as a file", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv"), "--verify"}, 2, "--verify checks a picture", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv")}, 6, "ffmpeg: not found", {{"PATH", empty.root()}}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv")}, 4, "45x31 needs", {{"TEXSORT_MEMORY_LIMIT", "100000"}}},
      {{"pixelsort", odd, "-o", dir.path("out.png"), "--animate", "lower=0:0.1"}, 2, "--animate, --frames and --fps make a clip", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv"), "--fps", "12"}, 2, "--fps sets the rate of --frames", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv"), "--animate", "colour=0:1"}, 2, "colour: not an option it animates", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv"), "--animate", "lower=0:2"}, 2, "the value must be a number from 0 to 1", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv"), "--animate", "lower=5:0.1,2:0.2"}, 2, "in order of their positions", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv"), "--animate", "lower=0:0.1,2:0.2,"}, 2,
       "--animate: lower: keyframe '': give POSITION:VALUE", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv"), "--upper", "0.5", "--animate", "lower=0:0.1,100%:0.9"}, 2,
       "at frame 1: ", {}},
      {{"pixelsort", odd, "-o", dir.path("out.png")}, 2, odd + ": a clip needs a clip's output: -o OUT.gif", {}},
      {{"pixelsort", odd, "-o", "-"}, 2, odd + ": a clip needs a clip's output", {}},
      {{"pixelsort", odd, "-o", "/dev/null"}, 2, odd + ": a clip needs a clip's output", {}},
      // A clip's name with nothing to read behind it is told its own problem, not the clip's rule.
      {{"pixelsort", empty.path("gone.mp4"), "-o", dir.path("out.png")}, 1, empty.path("gone.mp4") + ": no such file", {}},
      {{"pixelsort", empty.path("none.mkv"), "-o", dir.path("out.png")}, 1, empty.path("none.mkv") + ": empty file", {}},
      {{"pixelsort", empty.path("folder.webm"), "-o", dir.path("out.png")}, 1,
       empty.path("folder.webm") + ": is a folder", {}},
      {{"pixelsort", empty.path("gone.mp4"), "-o", dir.path("out.mkv")}, 1, empty.path("gone.mp4") + ": no such file", {}},
      {{"pixelsort", empty.path("none.mkv"), "-o", dir.path("out.mkv")}, 1,
       empty.path("none.mkv") + ": empty file (0 bytes), not a clip", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv"), "--animate", "lower=100%:0.1,0:0.6"}, 2,
       "--animate: lower: keyframe '0:0.6' is frame 0 of this clip, not after '100%:0.1' (frame 1)", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv"), "--animate", "lower=0:0.1,0%:0.6"}, 2,
       "--animate: lower: keyframe '0%:0.6' is frame 0 of this clip, not after '0:0.1' (frame 0)", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv"), "--animate", "lower=0:0.1", "--animate", "lower=1:0.2"}, 2,
       "--animate: lower: given twice", {}},
      {{"pixelsort", odd, "-o", dir.path("out.mkv"), "--frames", "3"}, 2,
       odd + ": --frames makes a clip of a still picture; a clip keeps its own frames (drop --frames)", {}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    test::RunOptions options;
    options.setEnv = c.env;
    const test::RunResult r = runTexsort(c.args, options);
    EXPECT_EQ(r.exitCode, c.code) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    std::vector<std::string> files = test::listFolder(dir.root());
    EXPECT_EQ(files, (std::vector<std::string>{"bad.mp4", "cut.mkv", "odd.mkv", "sizes.ts", "tone.mka"}));
  }
}

}  // namespace
}  // namespace texsort
