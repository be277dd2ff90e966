// `texsort record` as a user runs it: real ffmpeg, real files, frames read back and compared with
// the CPU model, ffprobe's frame counts and durations, and every way it can fail.
#include <gtest/gtest.h>

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <random>
#include <thread>

#include "record/frames.h"
#include "record/sound.h"
#include "sort/cpu_model.h"
#include "sort/element.h"
#include "record_support.h"
#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;
using test::writeSmallImage;
using test::decodeFrames;
using test::probe;
using test::Probe;
using test::emptyFolder;

TEST(Record, EveryFrameIsTheCpuModelsStateAtItsPass) {
  test::TempFolder dir, scratch;
  const std::string input = writeSmallImage(dir), video = dir.path("sort.mkv");
  test::RunOptions options;
  options.setEnv = {{"TMPDIR", scratch.root()}};
  const test::RunResult r = runTexsort({"record", input, "-o", video, "--every", "3", "--hold", "0.1", "--fps", "20",
                                        "--algo", "oddeven-merge", "--order", "desc"}, options);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("recorded "), std::string::npos) << r.out;

  const Image image = loadImage(input, kMaxElements);
  const std::vector<Element> elements = packElements(image, SortOrder::Descending);
  const PassSchedule schedule = scheduleFor(Algorithm::OddEvenMerge, elements.size());
  const std::vector<std::uint32_t> passes = framePasses(0, std::uint32_t(schedule.size()), 3, holdFrameCount(0.1, 20));
  const FrameGeometry g = frameGeometry(32, 16, 1.0, 0, 0, 2, false);
  const std::size_t frameBytes = std::size_t{g.width} * g.height * 3;
  const std::vector<std::uint8_t> frames = decodeFrames(video);
  ASSERT_EQ(frames.size(), passes.size() * frameBytes);

  std::vector<Element> state = elements;
  std::uint32_t at = 0;
  for (std::size_t f = 0; f < passes.size(); ++f) {
    for (; at < passes[f]; ++at) state = runPass(schedule[at], state);
    const Image expected = unpackElements(state, 32, 16, 3);
    for (std::size_t i = 0; i < 32 * 16; ++i) {
      for (int c = 0; c < 3; ++c) {
        ASSERT_EQ(frames[f * frameBytes + i * 3 + c], expected.rgba[i * 4 + c]) << "frame " << f << " (pass " << passes[f]
                                                                                 << ") pixel " << i;
      }
    }
  }
  EXPECT_EQ(test::listFolder(dir.root()).size(), 2u) << "the input and the video, no temporary file";
  EXPECT_TRUE(emptyFolder(scratch.root())) << "ffmpeg's scratch files are gone";
}

TEST(Record, TheLastFrameOfTheAstronautIsExactlyTheSortedImage) {
  test::TempFolder dir;
  const std::string sorted = dir.path("sorted.png"), video = dir.path("sort.mkv");
  ASSERT_EQ(runTexsort({"sort", test::assetPath("astronaut.png"), "-o", sorted, "-q"}).exitCode, 0);
  const test::RunResult r = runTexsort({"record", test::assetPath("astronaut.png"), "-o", video, "--every", "1000",
                                        "--hold", "0", "--no-caption", "-q"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  const std::vector<std::uint8_t> frames = decodeFrames(video);
  const std::size_t frameBytes = 512 * 512 * 3;
  ASSERT_EQ(frames.size(), 2 * frameBytes) << "pass 0 and pass 171";
  const Image original = loadImage(test::assetPath("astronaut.png"), kMaxElements);
  const Image expected = loadImage(sorted, kMaxElements);
  for (std::size_t i = 0; i < 512 * 512; ++i) {
    for (int c = 0; c < 3; ++c) {
      ASSERT_EQ(frames[i * 3 + c], original.rgba[i * 4 + c]) << "first frame, pixel " << i;
      ASSERT_EQ(frames[frameBytes + i * 3 + c], expected.rgba[i * 4 + c]) << "last frame, pixel " << i;
    }
  }
}

struct FormatCase {
  const char* extension;
  const char* codec;
  bool evenSides;  // 4:2:0 video
};
void PrintTo(const FormatCase& c, std::ostream* os) { *os << c.extension; }

class RecordFormats : public ::testing::TestWithParam<FormatCase> {};

TEST_P(RecordFormats, FrameCountDurationAndCodecAsFfprobeSeesThem) {
  test::TempFolder dir;
  const std::string input = writeSmallImage(dir, 33, 15), video = dir.path(std::string("sort.") + GetParam().extension);
  // 495 pixels -> 512 elements -> 45 bitonic passes; every 2: passes 2..44, plus 0 and 45 held.
  const test::RunResult r = runTexsort({"record", input, "-o", video, "--every", "2", "--fps", "20", "--hold", "0.5"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::size_t expected = framePasses(0, 45, 2, 10).size();
  EXPECT_EQ(expected, 10u + 22u + 10u);
  const Probe p = probe(video);
  EXPECT_EQ(p.codec, GetParam().codec);
  EXPECT_EQ(p.frames, int(expected));
  EXPECT_NEAR(p.duration, double(expected) / 20.0, 0.03);
  EXPECT_EQ(p.width, GetParam().evenSides ? 34 : 33);
  if (GetParam().evenSides) {
    EXPECT_EQ(p.height % 2, 0) << p.height;
  }
  EXPECT_NE(r.out.find(std::to_string(expected) + " frames at 20 fps"), std::string::npos) << r.out;
}

INSTANTIATE_TEST_SUITE_P(Formats, RecordFormats,
                         ::testing::Values(FormatCase{"gif", "gif", false}, FormatCase{"mp4", "h264", true},
                                           FormatCase{"webm", "vp9", true}, FormatCase{"mkv", "ffv1", false}),
                         [](const auto& test) { return std::string(test.param.extension); });

TEST(Record, ScaleAndSizeSetThePicture) {
  test::TempFolder dir;
  const std::string input = writeSmallImage(dir);
  ASSERT_EQ(runTexsort({"record", input, "-o", dir.path("a.mkv"), "--scale", "3", "--no-caption", "--every", "100", "-q"}).exitCode, 0);
  Probe p = probe(dir.path("a.mkv"));
  EXPECT_EQ(p.width, 96);
  EXPECT_EQ(p.height, 48);
  ASSERT_EQ(runTexsort({"record", input, "-o", dir.path("b.mkv"), "--size", "64x20", "--no-caption", "--every", "100", "-q"}).exitCode, 0);
  p = probe(dir.path("b.mkv"));
  EXPECT_EQ(p.width, 64);
  EXPECT_EQ(p.height, 20);
  ASSERT_EQ(runTexsort({"record", input, "-o", dir.path("c.mkv"), "--size", "16", "--no-caption", "--every", "100", "-q"}).exitCode, 0);
  p = probe(dir.path("c.mkv"));
  EXPECT_EQ(p.width, 16);
  EXPECT_EQ(p.height, 8);
}

// On a terminal (script(1) gives it one) a progress line counts the frames; in a pipe it does not.
TEST(Record, AProgressLineOnlyOnATerminal) {
  test::TempFolder dir;
  const std::string input = writeSmallImage(dir);
  const std::string command = "'" + test::texsortBinary() + "' record '" + input + "' -o '" + dir.path("a.gif") + "'";
  const test::RunResult tty = test::runProgram("script", {"-qec", command, "/dev/null"});
  ASSERT_EQ(tty.exitCode, 0) << tty.out << tty.err;
  EXPECT_NE(tty.out.find("\rrecording " + dir.path("a.gif") + ": frame "), std::string::npos) << tty.out;
  EXPECT_NE(tty.out.find("recorded "), std::string::npos) << tty.out;
  const test::RunResult piped = runTexsort({"record", input, "-o", dir.path("b.gif")});
  ASSERT_EQ(piped.exitCode, 0) << piped.err;
  EXPECT_TRUE(piped.err.empty()) << piped.err;
}

TEST(Record, StandardOutputGetsTheFileAndTheReportGoesToStandardError) {
  test::TempFolder dir;
  const std::string input = writeSmallImage(dir);
  const test::RunResult r = runTexsort({"record", input, "-o", "-", "--format", "gif", "--every", "10"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, 6), "GIF89a");
  EXPECT_NE(r.err.find("recorded "), std::string::npos) << r.err;
}

// --sound: the lossless MKV's FLAC track is, sample for sample, the tones of the frames it carries:
// each new pass's tone from the pixels it moved (read from the decoded pictures), held and first
// frames silent; GIF has no sound track.
TEST(Record, TheSoundTrackIsATonePerPassFromWhatItMoved) {
  test::TempFolder dir;
  const std::string input = writeSmallImage(dir), video = dir.path("sound.mkv");
  const double fps = 20.0;
  const test::RunResult r = runTexsort({"record", input, "-o", video, "--sound", "--no-caption", "--every", "4",
                                        "--hold", "0.25", "--fps", "20", "--algo", "oddeven-merge"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::vector<std::uint8_t> frames = decodeFrames(video);
  const std::size_t frameBytes = 32 * 16 * 3, count = frames.size() / frameBytes;
  ASSERT_GT(count, 10u);
  const test::RunResult pcm = test::runProgram("ffmpeg", {"-v", "error", "-i", video, "-map", "0:a", "-f", "s16le",
                                                          "-ac", "1", "-ar", "44100", "-"});
  ASSERT_EQ(pcm.exitCode, 0) << pcm.err;
  std::vector<std::int16_t> samples(pcm.out.size() / 2);
  std::memcpy(samples.data(), pcm.out.data(), samples.size() * 2);
  std::vector<std::int16_t> expected;
  Image previous;
  std::size_t sounding = 0;
  for (std::size_t f = 0; f < count; ++f) {
    Image picture;
    picture.width = 32;
    picture.height = 16;
    for (std::size_t i = 0; i < 32 * 16; ++i) {
      const std::uint8_t* p = &frames[f * frameBytes + i * 3];
      picture.rgba.insert(picture.rgba.end(), {p[0], p[1], p[2], 255});
    }
    // A frame that repeats the last picture is a held one, or a pass that moved nothing: silent.
    const Tone tone = f == 0 ? Tone{} : passTone(previous, picture);
    sounding += tone.amplitude > 0;
    const std::vector<std::int16_t> part = toneSamples(tone, samplesOfFrame(std::uint32_t(f), fps));
    expected.insert(expected.end(), part.begin(), part.end());
    previous = std::move(picture);
  }
  EXPECT_GT(sounding, 5u);
  ASSERT_EQ(samples.size(), expected.size()) << "the track lasts as long as the frames";
  EXPECT_TRUE(samples == expected) << "the FLAC track is the tones, sample for sample";

  const test::RunResult gif = runTexsort({"record", input, "-o", dir.path("sound.gif"), "--sound"});
  EXPECT_EQ(gif.exitCode, 2) << gif.err;
  EXPECT_NE(gif.err.find("a GIF has no sound"), std::string::npos) << gif.err;
  EXPECT_FALSE(test::fileExists(dir.path("sound.gif")));
}

// A range of one pass is a recording of that pass, held; --from equal to --to is not "after" it.
TEST(Record, ARangeOfOnePassIsAccepted) {
  test::TempFolder dir;
  const std::string input = writeSmallImage(dir), video = dir.path("one.gif");
  const test::RunResult r = runTexsort({"record", input, "-o", video, "--from", "3", "--to", "3", "--hold", "0.5", "--fps", "20"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::size_t frames = framePasses(3, 3, 1, holdFrameCount(0.5, 20)).size();
  EXPECT_NE(r.out.find(std::to_string(frames) + " frames at 20 fps"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("passes    3 to 3 of 45"), std::string::npos) << r.out;
  EXPECT_EQ(probe(video).frames, int(frames));
}

TEST(Record, BadValuesAreOneLineUsageErrorsAndWriteNothing) {
  test::TempFolder dir;
  const std::string input = writeSmallImage(dir);
  const std::vector<std::vector<std::string>> cases = {
      {"-o", dir.path("sort.avi")},
      {"-o", dir.path("sort")},
      {"-o", "-"},
      {"-o", dir.path("a.gif"), "--size", "0"},
      {"-o", dir.path("a.gif"), "--size", "64x"},
      {"-o", dir.path("a.gif"), "--size", "x64"},
      {"-o", dir.path("a.gif"), "--size", "5000"},
      {"-o", dir.path("a.gif"), "--size", "64", "--scale", "2"},
      {"-o", dir.path("a.gif"), "--fps", "0"},
      {"-o", dir.path("a.gif"), "--every", "0"},
      {"-o", dir.path("a.gif"), "--from", "9", "--to", "3"},
      {"-o", dir.path("a.gif"), "--from", "46"},  // 512 elements: 45 bitonic passes
      {"-o", dir.path("a.gif"), "--to", "600"},
      {"-o", dir.path("a.gif"), "--from", "500", "--to", "600"},
      {"-o", dir.path("a.gif"), "--fps", "nan"},
      {"-o", dir.path("a.gif"), "--hold", "nan"},
      {"-o", dir.path("a.gif"), "--scale", "nan"},
      {"-o", dir.path("a.gif"), "--size", ""},
      {"-o", dir.path("a.gif"), "--format", "avi"},
      {"-o", dir.path("a.gif"), "--overlay", "bogus"},
  };
  for (const auto& extra : cases) {
    std::vector<std::string> args = {"record", input};
    args.insert(args.end(), extra.begin(), extra.end());
    const test::RunResult r = runTexsort(args);
    EXPECT_EQ(r.exitCode, 2) << extra.back() << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"small.png"});
}

}  // namespace
}  // namespace texsort
