// `texsort record` when the encoder fails: missing, exiting 0 over nothing or half a file, failing
// after every frame, a file-size limit, a signal; each leaves nothing and says so in one line.
#include <gtest/gtest.h>

#include <dirent.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <random>
#include <thread>

#include "record_support.h"
#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;
using test::writeSmallImage;
using test::emptyFolder;
using test::processesMentioning;

TEST(Record, MissingFfmpegSaysHowToInstallItAndWritesNothing) {
  test::TempFolder dir, empty;
  const std::string input = writeSmallImage(dir);
  test::RunOptions options;
  options.setEnv = {{"PATH", empty.root()}};
  const test::RunResult r = runTexsort({"record", input, "-o", dir.path("sort.gif")}, options);
  EXPECT_EQ(r.exitCode, 6);
  EXPECT_NE(r.err.find("ffmpeg: not found"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("apt-get install ffmpeg"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"small.png"});
}

// An ffmpeg that reads a little, complains and fails, as a broken build or a full scratch disk would.
std::string failingFfmpeg(const test::TempFolder& dir) {
  const std::string path = dir.path("ffmpeg");
  std::ofstream(path) << "#!/bin/sh\nhead -c 1000 >/dev/null\necho 'Conversion failed: no space left (test)' >&2\nexit 1\n";
  ::chmod(path.c_str(), 0755);
  return path;
}

TEST(Record, AFailingEncoderLeavesTheExistingFileAndNoScratch) {
  test::TempFolder dir, scratch, bin;
  const std::string input = writeSmallImage(dir), video = dir.path("sort.gif");
  test::writeFile(video, {'o', 'l', 'd'});
  test::RunOptions options;
  options.setEnv = {{"TEXSORT_FFMPEG", failingFfmpeg(bin)}, {"TMPDIR", scratch.root()}};
  const test::RunResult r = runTexsort({"record", input, "-o", video}, options);
  EXPECT_EQ(r.exitCode, 6) << r.err;
  EXPECT_NE(r.err.find(video + ": ffmpeg"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("Conversion failed: no space left (test)"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(test::readFile(video), (std::vector<std::uint8_t>{'o', 'l', 'd'}));
  EXPECT_EQ(test::listFolder(dir.root()).size(), 2u);
  EXPECT_TRUE(emptyFolder(scratch.root()));
}

// A stand-in encoder (a shell script given by TEXSORT_FFMPEG) with `body`; "$last" is the file
// ffmpeg was asked to write (texsort names it file:PATH, which a real ffmpeg reads as PATH).
std::string standInFfmpeg(const test::TempFolder& dir, const std::string& body) {
  const std::string path = dir.path("ffmpeg");
  std::ofstream(path) << "#!/bin/sh\nfor last; do :; done\nlast=${last#file:}\n" << body;
  ::chmod(path.c_str(), 0755);
  return path;
}

// Records the small image to OUT (which holds "old") with `env`; asserts one line naming OUT and
// `exitCode`, OUT's old bytes and no scratch file; returns standard error.
std::string recordFails(const std::string& extension, std::vector<std::pair<std::string, std::string>> env,
                        int exitCode, long fileSizeLimit = -1) {
  test::TempFolder dir, scratch;
  const std::string input = writeSmallImage(dir), video = dir.path("sort." + extension);
  test::writeFile(video, {'o', 'l', 'd'});
  test::RunOptions options;
  options.setEnv = std::move(env);
  options.setEnv.emplace_back("TMPDIR", scratch.root());
  options.fileSizeLimit = fileSizeLimit;
  const test::RunResult r = runTexsort({"record", input, "-o", video, "--hold", "0.2"}, options);
  EXPECT_EQ(r.exitCode, exitCode) << extension << ": " << r.err;
  EXPECT_EQ(r.err.rfind("texsort: error: " + video + ": ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(test::readFile(video), (std::vector<std::uint8_t>{'o', 'l', 'd'})) << extension;
  EXPECT_EQ(test::listFolder(dir.root()).size(), 2u) << extension;
  EXPECT_TRUE(emptyFolder(scratch.root())) << extension;
  return r.err;
}

// ffmpeg exits 0 after a failed trailer ("Error writing trailer ...: File too large"); the file it
// leaves is cut short. Every shortfall is caught before the file could be renamed into place.
TEST(Record, AnEncoderThatExitsZeroOverNothingOrHalfAFileIsCaught) {
  test::TempFolder bin;
  const std::string nothing = standInFfmpeg(bin, "cat >/dev/null\n: > \"$last\"\nexit 0\n");
  EXPECT_NE(recordFails("gif", {{"TEXSORT_FFMPEG", nothing}}, 6).find("ffmpeg exited 0 but wrote nothing"),
            std::string::npos);
  test::TempFolder bin2;
  const std::string half = standInFfmpeg(bin2, "ffmpeg \"$@\" || exit $?\nsize=$(stat -c %s \"$last\")\n"
                                               "truncate -s $((size / 2)) \"$last\"\n");
  for (const char* extension : {"gif", "mp4", "webm", "mkv"}) {
    const std::string err = recordFails(extension, {{"TEXSORT_FFMPEG", half}}, 6);
    EXPECT_TRUE(err.find("cut short") != std::string::npos || err.find("does not read back") != std::string::npos)
        << extension << ": " << err;
  }
}

// An encoder that reads every frame, then fails (exit 1, or killed by a signal): exit 6, not the
// broken-pipe path that one stopping early takes.
TEST(Record, AnEncoderThatFailsAfterReadingEveryFrameIsExitSix) {
  test::TempFolder bin;
  const std::string exits = standInFfmpeg(bin, "cat >/dev/null\necho 'late failure (test)' >&2\nexit 1\n");
  const std::string err = recordFails("gif", {{"TEXSORT_FFMPEG", exits}}, 6);
  EXPECT_NE(err.find("(exit status 1): late failure (test)"), std::string::npos) << err;
  test::TempFolder bin2;
  const std::string killed = standInFfmpeg(bin2, "cat >/dev/null\nkill -KILL $$\n");
  EXPECT_NE(recordFails("gif", {{"TEXSORT_FFMPEG", killed}}, 6).find("exit status 137"), std::string::npos);
}

// The scratch file under a file-size limit: real ffmpeg reports the trailer's failure and exits 0
// (GIF: 31 of 80 frames and no trailer; MP4: no moov atom). The disk's problem is exit 3.
TEST(Record, AFileSizeLimitOnTheScratchFileIsTheDisksErrorAndLeavesNothing) {
  for (const char* extension : {"gif", "mp4"}) {
    const std::string err = recordFails(extension, {}, 3, 6000);
    EXPECT_NE(err.find("File too large"), std::string::npos) << err;
  }
}

// An ffmpeg that takes its time after the last frame, as a slow encoder does: only a signal from
// texsort ends it early. Asked to stop politely (SIGTERM), it writes its output first, as ffmpeg
// finishes its file: texsort must not leave that behind (it once removed its scratch files before
// the encoder had gone, and under load a real ffmpeg's file came back after).
std::string stubbornFfmpeg(const test::TempFolder& dir) {
  const std::string path = dir.path("ffmpeg");
  std::ofstream(path) << "#!/bin/sh\nfor last; do :; done\nlast=${last#file:}\ntrap 'echo late > \"$last\"; exit 1' TERM\n"
                         "cat >/dev/null\ni=0\nwhile [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done\n";
  ::chmod(path.c_str(), 0755);
  return path;
}

void recordAndStop(bool realFfmpeg) {
  test::TempFolder dir, scratch, bin;
  const std::string video = dir.path("sort.webm");
  test::RunOptions options;
  options.setEnv = {{"TMPDIR", scratch.root()}};
  if (!realFfmpeg) options.setEnv.emplace_back("TEXSORT_FFMPEG", stubbornFfmpeg(bin));
  options.whileRunning = [&](int pid) {
    // Wait until the recording's scratch files exist, then stop texsort as a script's timeout would.
    for (int i = 0; i < 600 && emptyFolder(scratch.root()); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ::kill(pid, SIGTERM);
  };
  const test::RunResult r = runTexsort({"record", test::assetPath("astronaut.png"), "-o", video}, options);
  EXPECT_EQ(r.signal, SIGTERM) << r.err;
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
  for (int i = 0; i < 50 && processesMentioning(scratch.root()) > 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(processesMentioning(scratch.root()), 0) << "the encoder was stopped too";
  EXPECT_TRUE(emptyFolder(scratch.root()));
}

TEST(Record, ASignalStopsFfmpegAndLeavesNothing) { recordAndStop(true); }
TEST(Record, ASignalStopsASlowEncoderAtOnce) { recordAndStop(false); }


// Without ffmpeg, a bad input is still the missing encoder's exit 6, said before the input is read.
TEST(Record, NoFfmpegIsSaidBeforeTheInputIsRead) {
  test::TempFolder dir, empty;
  test::RunOptions options;
  options.setEnv = {{"PATH", empty.root()}};
  const test::RunResult r = runTexsort({"record", dir.path("missing.png"), "-o", dir.path("sort.gif")}, options);
  EXPECT_EQ(r.exitCode, 6) << r.err;
  EXPECT_NE(r.err.find("ffmpeg: not found"), std::string::npos) << r.err;
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
}

// A full $TMPDIR (a 64 KiB tmpfs filled, CI runs as root; elsewhere a forced ENOSPC) is the disk's
// error, exit 3, naming the scratch folder, on every path that writes scratch files: the decoder's
// probes, each format's encoder (whose own complaint the full disk may swallow), a recording.
TEST(Record, AFullScratchDiskIsExitThreeNamingTheFolder) {
  test::TempFolder dir, out;
  const std::string disk = dir.path("scratch");
  ASSERT_EQ(::mkdir(disk.c_str(), 0755), 0);
  const bool mounted = ::mount("tmpfs", disk.c_str(), "tmpfs", 0, "size=64k") == 0;
  test::RunOptions options;
  options.setEnv = {{"TMPDIR", disk}};
  if (mounted) {
    std::ofstream fill(disk + "/fill", std::ios::binary);
    const std::vector<char> block(4096, 0);
    for (int i = 0; i < 64 && fill.write(block.data(), block.size()); ++i) {
    }
  } else {
    std::printf("note: mount(tmpfs) not permitted here (%s): using TEXSORT_FORCE_FAILURE=enospc\n", std::strerror(errno));
    options.setEnv.push_back({"TEXSORT_FORCE_FAILURE", "enospc"});
  }
  const std::string clip = test::writeClip(out, "clip.mkv", 32, 24, 4, 10);
  const std::string image = writeSmallImage(out);
  const std::vector<std::string> before = test::listFolder(disk);
  for (const auto& args : std::vector<std::vector<std::string>>{{"pixelsort", clip, "-o", out.path("o.mkv")},
                                                                {"pixelsort", clip, "-o", out.path("o.mp4")},
                                                                {"pixelsort", clip, "-o", out.path("o.gif")},
                                                                {"record", image, "-o", out.path("r.mkv")}}) {
    SCOPED_TRACE(args.back());
    const test::RunResult r = runTexsort(args, options);
    EXPECT_EQ(r.exitCode, 3) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(disk), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
    EXPECT_FALSE(test::fileExists(args.back()));
    EXPECT_EQ(test::listFolder(disk), before) << "no scratch file left";
  }
  if (mounted) ::umount(disk.c_str());
}

// Small frames and carried-over sound: a 1x1 picture records to FFV1 (which picks no slice count
// of its own for a frame one pixel wide), and FLAC sound goes into an MP4 as AAC (ffmpeg's MP4
// writer takes FLAC only as experimental), as the docs say.
TEST(Record, SmallFramesAndFlacSoundEncode) {
  test::TempFolder dir;
  const std::string one = writeSmallImage(dir, 1, 1);
  for (const char* name : {"one.mkv", "one.gif", "one.webm"}) {
    SCOPED_TRACE(name);
    const test::RunResult r = runTexsort({"record", one, "-o", dir.path(name), "-q"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_GT(test::probe(dir.path(name)).frames, 0);
  }
  ASSERT_EQ(test::runProgram("ffmpeg", {"-v", "error", "-f", "lavfi", "-i", "testsrc2=size=32x24:rate=10:duration=0.5", "-f",
                                        "lavfi", "-i", "sine=d=0.5", "-c:v", "ffv1", "-c:a", "flac", dir.path("flac.mkv")})
                .exitCode,
            0);
  const test::RunResult r = runTexsort({"pixelsort", dir.path("flac.mkv"), "-o", dir.path("flac.mp4"), "-q"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const test::RunResult codec = test::runProgram("ffprobe", {"-v", "error", "-select_streams", "a:0", "-show_entries",
                                                             "stream=codec_name", "-of", "csv=p=0", dir.path("flac.mp4")});
  EXPECT_EQ(codec.out, "aac\n");
}

}  // namespace
}  // namespace texsort
