// The output rule (src/io/files.h) as a user meets it: `-`, devices, FIFOs, symbolic links,
// signals while writing, a full disk. Each runs the real program as root, as CI does.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "record_support.h"
#include "sort/element.h"
#include "test_support.h"

namespace texsort {
namespace {

using test::runTexsort;

std::string coffee() { return test::assetPath("coffee.png"); }

// The sorted coffee image, the bytes every output below must receive.
std::vector<std::uint8_t> sortedCoffee(const test::TempFolder& dir) {
  const std::string out = dir.path("reference.png");
  EXPECT_EQ(runTexsort({"sort", coffee(), "-o", out, "-q"}).exitCode, 0);
  std::vector<std::uint8_t> bytes = test::readFile(out);
  ::unlink(out.c_str());
  return bytes;
}

bool hasTemporary(const std::string& folder) {
  const auto names = test::listFolder(folder);
  return std::any_of(names.begin(), names.end(), [](const std::string& n) { return n.find(".tmp-") != std::string::npos; });
}

TEST(Outputs, DashIsStandardOutputAndTheReportGoesToStandardError) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> expected = sortedCoffee(dir);
  const test::RunResult r = runTexsort({"sort", coffee(), "-o", "-"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(std::vector<std::uint8_t>(r.out.begin(), r.out.end()), expected) << "only the PNG's bytes on stdout";
  EXPECT_NE(r.err.find("sorted " + coffee() + " (600x400, 3 channels) -> standard output,"), std::string::npos) << r.err;
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
  EXPECT_FALSE(test::fileExists("-"));
}

// Writing to standard output asks nothing of the folder texsort runs in: a read-only one is fine.
TEST(Outputs, StandardOutputNeedsNoWritableFolder) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> expected = sortedCoffee(dir);
  const std::string locked = dir.path("locked");
  ASSERT_EQ(::mkdir(locked.c_str(), 0555), 0);
  ASSERT_EQ(::chmod(dir.root().c_str(), 0755), 0);
  test::RunOptions options;
  options.cwd = locked;
  options.asNobody = true;  // root writes anywhere: the folder's bits bite only for another user
  for (const char* name : {"-", "/dev/stdout"}) {
    const test::RunResult r = runTexsort({"sort", coffee(), "-o", name, "-q"}, options);
    ASSERT_EQ(r.exitCode, 0) << name << ": " << r.err;
    EXPECT_EQ(std::vector<std::uint8_t>(r.out.begin(), r.out.end()), expected) << name;
  }
  EXPECT_TRUE(test::listFolder(locked).empty());
}

// Standard output by its names (/dev/stdout, /dev/fd/1, /proc/self/fd/1, a link to one) is
// standard output when it is a pipe: written in place, the report on standard error, as with -.
TEST(Outputs, StandardOutputByItsPathIsStandardOutput) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> expected = sortedCoffee(dir);
  ASSERT_EQ(::symlink("/dev/stdout", dir.path("out.png").c_str()), 0);
  ASSERT_EQ(::symlink("out.png", dir.path("again.png").c_str()), 0);  // a relative link to the link
  for (const std::string& name : {std::string("/dev/stdout"), std::string("/dev/fd/1"), std::string("/proc/self/fd/1"),
                                  std::string("/proc/thread-self/fd/1"), dir.path("out.png"), dir.path("again.png")}) {
    const test::RunResult r = runTexsort({"sort", coffee(), "-o", name});
    ASSERT_EQ(r.exitCode, 0) << name << ": " << r.err;
    EXPECT_EQ(std::vector<std::uint8_t>(r.out.begin(), r.out.end()), expected) << name << ": only the PNG's bytes";
    EXPECT_NE(r.err.find("-> standard output,"), std::string::npos) << r.err;
    const test::RunResult pixels = runTexsort({"pixelsort", coffee(), "-o", name, "-q"});
    ASSERT_EQ(pixels.exitCode, 0) << name << ": " << pixels.err;
    EXPECT_EQ(pixels.out.compare(0, 8, "\x89PNG\r\n\x1a\n"), 0) << name;
  }
  const test::RunResult clip = runTexsort({"pixelsort", coffee(), "--frames", "2", "--format", "mkv", "-o", "/dev/fd/1", "-q"});
  ASSERT_EQ(clip.exitCode, 0) << clip.err;
  EXPECT_EQ(clip.out.compare(0, 4, "\x1a\x45\xdf\xa3"), 0) << "a Matroska file on standard output";
  const test::RunResult record = runTexsort({"record", test::writeSmallImage(dir, 8, 4), "-o", "/dev/stdout", "--format", "gif"});
  ASSERT_EQ(record.exitCode, 0) << record.err;
  EXPECT_EQ(record.out.compare(0, 4, "GIF8"), 0) << "only the GIF on standard output";
  EXPECT_NE(record.err.find("recorded"), std::string::npos) << "the report on standard error: " << record.err;
  ::unlink(dir.path("small.png").c_str());
  const test::RunResult plot = runTexsort({"bench", "--algos", "bitonic", "--sizes", "256", "--runs", "1", "--no-naive",
                                           "--no-progress", "--plot", "/dev/stdout"});
  ASSERT_EQ(plot.exitCode, 0) << plot.err;
  EXPECT_EQ(plot.out.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(plot.out.substr(plot.out.size() - 8, 4), "IEND") << "the table on standard error, not after the PNG";
  EXPECT_EQ(test::listFolder(dir.root()), (std::vector<std::string>{"again.png", "out.png"})) << "the links, nothing beside";
}

// Standard output open on a file texsort reads (a shell's `1<> in.png`, `>> in.png`): refused as
// an output named as that file is, before any work, the file kept.
TEST(Outputs, StandardOutputOpenOnAnInputIsRefused) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> png = test::readFile(coffee());
  test::writeFile(dir.path("in.png"), png);
  test::writeFile(dir.path("my.txt"), {'-', '-', 'k', 'e', 'y', ' ', 'h', 'u', 'e', '\n'});
  const std::string texsort = test::texsortBinary();
  struct Case {
    std::string shell, message;
  };
  for (const Case& c : std::vector<Case>{
           {"\"$0\" sort in.png -o - 1<>in.png", "standard output is the input file in.png"},
           {"\"$0\" sort in.png -o /dev/stdout >>in.png", "standard output is the input file in.png"},
           {"\"$0\" pixelsort in.png --preset my.txt -o /dev/fd/1 1<>my.txt", "standard output is the recipe file my.txt"},
           {"\"$0\" pixelsort - -o - <in.png 1<>in.png", "standard output is the input file standard input"}}) {
    SCOPED_TRACE(c.shell);
    test::RunOptions inDir;
    inDir.cwd = dir.root();
    const test::RunResult r = test::runProgram("sh", {"-c", c.shell, texsort}, inDir);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err, "texsort: error: " + c.message + "; choose another output\n");
    EXPECT_EQ(test::readFile(dir.path("in.png")), png);
    EXPECT_EQ(test::readFile(dir.path("my.txt")).size(), 10u);
  }
}

TEST(Outputs, DashAsInputReadsStandardInput) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> expected = sortedCoffee(dir);
  test::RunOptions options;
  options.stdinPath = coffee();
  const test::RunResult r = runTexsort({"sort", "-", "-o", dir.path("out.png"), "-q"}, options);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(test::readFile(dir.path("out.png")), expected);
  // The reports name the streams in words, as the errors do.
  const test::RunResult sorted = runTexsort({"sort", "-", "-o", dir.path("out.png")}, options);
  EXPECT_NE(sorted.out.find("sorted standard input (600x400"), std::string::npos) << sorted.out;
  const test::RunResult pixels = runTexsort({"pixelsort", "-", "-o", "-"}, options);
  EXPECT_NE(pixels.err.find("pixel-sorted standard input (600x400) -> standard output: "), std::string::npos) << pixels.err;
  options.stdinPath = "/dev/null";
  const test::RunResult empty = runTexsort({"sort", "-", "-o", dir.path("empty.png")}, options);
  EXPECT_EQ(empty.exitCode, 1);
  EXPECT_NE(empty.err.find("standard input: empty file"), std::string::npos) << empty.err;
}

// A character device made with mknod (the numbers of /dev/null) in a temp folder: written in place,
// still the same device afterwards, never renamed over or unlinked.
TEST(Outputs, ADeviceIsWrittenInPlaceNeverReplaced) {
  test::TempFolder dir;
  const std::string device = dir.path("null");
  ASSERT_EQ(::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0)
      << "mknod needs root (CI runs as root): " << std::strerror(errno);
  struct stat before {};
  ASSERT_EQ(::stat(device.c_str(), &before), 0);
  const test::RunResult r = runTexsort({"sort", coffee(), "-o", device, "-q"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  struct stat after {};
  ASSERT_EQ(::stat(device.c_str(), &after), 0);
  EXPECT_TRUE(S_ISCHR(after.st_mode)) << "the device was replaced";
  EXPECT_EQ(after.st_ino, before.st_ino);
  EXPECT_EQ(after.st_rdev, before.st_rdev);
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"null"});
}

TEST(Outputs, AFifoWithAReaderReceivesThePng) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> expected = sortedCoffee(dir);
  const std::string fifo = dir.path("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  // The read end opens first without blocking, so a texsort that never writes the FIFO (say, one
  // that renamed a file over it) fails this test instead of hanging it.
  const int fd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  std::vector<std::uint8_t> received;
  std::thread reader([&] {
    bool writerSeen = false;
    for (int waited = 0; waited < 600;) {  // 60 s at most without data
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 100) == 0) {
        ++waited;
        continue;
      }
      unsigned char buffer[65536];
      const ssize_t n = ::read(fd, buffer, sizeof buffer);
      if (n > 0) {
        writerSeen = true;
        received.insert(received.end(), buffer, buffer + n);
      } else if (n == 0 && writerSeen) {
        return;  // the writer closed: end of file
      } else {
        ++waited;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    }
  });
  const test::RunResult r = runTexsort({"sort", coffee(), "-o", fifo, "-q"});
  reader.join();
  ::close(fd);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(received, expected);
  struct stat st {};
  ASSERT_EQ(::stat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO was replaced";
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"pipe"});
}

TEST(Outputs, ASymlinkIsFollowedAndStaysALink) {
  test::TempFolder dir;
  const std::vector<std::uint8_t> expected = sortedCoffee(dir);
  ASSERT_EQ(::mkdir(dir.path("elsewhere").c_str(), 0755), 0);
  test::writeFile(dir.path("elsewhere/target.png"), {'o', 'l', 'd'});
  ASSERT_EQ(::symlink("elsewhere/target.png", dir.path("link.png").c_str()), 0);
  const test::RunResult r = runTexsort({"sort", coffee(), "-o", dir.path("link.png"), "-q"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  struct stat st {};
  ASSERT_EQ(::lstat(dir.path("link.png").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode)) << "the link was replaced by a file";
  EXPECT_EQ(test::readFile(dir.path("elsewhere/target.png")), expected);
  EXPECT_FALSE(hasTemporary(dir.root()) || hasTemporary(dir.path("elsewhere")));
  // A dangling link: its target is created.
  ASSERT_EQ(::symlink("elsewhere/new.png", dir.path("dangling.png").c_str()), 0);
  ASSERT_EQ(runTexsort({"sort", coffee(), "-o", dir.path("dangling.png"), "-q"}).exitCode, 0);
  EXPECT_EQ(test::readFile(dir.path("elsewhere/new.png")), expected);
}

// SIGINT, SIGTERM, SIGHUP delivered while the temporary file exists (TEXSORT_FORCE_FAILURE=slow-write
// holds it open for 10 s): the temporary file goes, an existing output keeps its bytes, and the
// process ends by that signal, which a shell reports as 130, 143, 129.
TEST(Outputs, ASignalWhileWritingLeavesNoTemporaryAndNoPartialOutput) {
  // ... and every other signal whose default ends the process (not a fault of texsort's own).
  for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR,
                           SIGRTMIN, SIGRTMAX}) {
    SCOPED_TRACE(strsignal(signal));
    test::TempFolder dir;
    const std::vector<std::uint8_t> precious = {'m', 'i', 'n', 'e'};
    test::writeFile(dir.path("out.png"), precious);
    test::RunOptions options;
    options.setEnv = {{"TEXSORT_FORCE_FAILURE", "slow-write"}};
    bool sawTemporary = false;
    options.whileRunning = [&](int pid) {
      // The output's own temporary file, seen on two looks 100 ms apart: not the writability probe
      // of the same name that lives for an instant before it.
      for (int i = 0, seen = 0; i < 600 && !sawTemporary; ++i) {  // up to 60 s on a slow machine
        seen = hasTemporary(dir.root()) ? seen + 1 : 0;
        sawTemporary = seen == 2;
        if (!sawTemporary) std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
      ::kill(pid, signal);
    };
    const test::RunResult r = runTexsort({"sort", coffee(), "-o", dir.path("out.png")}, options);
    EXPECT_TRUE(sawTemporary) << "the temporary file never appeared";
    EXPECT_EQ(r.signal, signal) << "exit " << r.exitCode << ": " << r.err;
    if (signal == SIGINT || signal == SIGTERM || signal == SIGHUP) {
      EXPECT_EQ(128 + r.signal, signal == SIGINT ? 130 : signal == SIGTERM ? 143 : 129);
    }
    EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"out.png"}) << "no temporary file left";
    EXPECT_EQ(test::readFile(dir.path("out.png")), precious);
  }
}

// A full disk: a 64 KiB tmpfs mounted for the test (CI runs as root). Where mounting is not
// permitted the same write path meets a forced ENOSPC instead, and the test says so.
TEST(Outputs, AFullDiskGivesOneLineAndLeavesNothing) {
  test::TempFolder dir;
  const std::string disk = dir.path("disk");
  ASSERT_EQ(::mkdir(disk.c_str(), 0755), 0);
  const bool mounted = ::mount("tmpfs", disk.c_str(), "tmpfs", 0, "size=64k") == 0;
  test::RunOptions options;
  if (!mounted) {
    std::printf("note: mount(tmpfs) not permitted here (%s): using TEXSORT_FORCE_FAILURE=enospc\n", std::strerror(errno));
    options.setEnv = {{"TEXSORT_FORCE_FAILURE", "enospc"}};
  }
  test::writeFile(disk + "/out.png", {'o', 'l', 'd'});
  const test::RunResult r = runTexsort({"sort", coffee(), "-o", disk + "/out.png"}, options);
  const auto left = test::listFolder(disk);
  const auto kept = test::readFile(disk + "/out.png");
  if (mounted) ::umount(disk.c_str());
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("out.png: write error: No space left on device"), std::string::npos) << r.err;
  EXPECT_EQ(left, std::vector<std::string>{"out.png"}) << "no temporary file left";
  EXPECT_EQ(kept, (std::vector<std::uint8_t>{'o', 'l', 'd'}));
}

// A failing fsync (forced: EIO, as a dying disk gives) is a failed write like any other.
TEST(Outputs, AFailingFsyncGivesOneLineAndLeavesNothing) {
  test::TempFolder dir;
  test::writeFile(dir.path("out.png"), {'o', 'l', 'd'});
  test::RunOptions options;
  options.setEnv = {{"TEXSORT_FORCE_FAILURE", "fsync"}};
  const test::RunResult r = runTexsort({"sort", coffee(), "-o", dir.path("out.png")}, options);
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("out.png: write error on fsync: Input/output error"), std::string::npos) << r.err;
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"out.png"});
  EXPECT_EQ(test::readFile(dir.path("out.png")), (std::vector<std::uint8_t>{'o', 'l', 'd'}));

  // A real fsync that fails (an LD_PRELOAD shim), not only the forced path. Under ASan the shim
  // comes before its runtime in the library list, which ASan otherwise refuses.
  const char* asan = std::getenv("ASAN_OPTIONS");
  test::RunOptions real;
  real.setEnv = {{"LD_PRELOAD", TEXSORT_FSYNC_FAILS},
                 {"ASAN_OPTIONS", std::string(asan ? asan : "") + ":verify_asan_link_order=0"}};
  const test::RunResult shim = runTexsort({"sort", coffee(), "-o", dir.path("out.png")}, real);
  EXPECT_EQ(shim.exitCode, 3) << shim.err;
  EXPECT_EQ(std::count(shim.err.begin(), shim.err.end(), '\n'), 1) << shim.err;
  EXPECT_NE(shim.err.find("out.png: write error on fsync: Input/output error"), std::string::npos) << shim.err;
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"out.png"});
  EXPECT_EQ(test::readFile(dir.path("out.png")), (std::vector<std::uint8_t>{'o', 'l', 'd'}));
}

TEST(Outputs, ASocketIsRefusedBeforeAnyWork) {
  test::TempFolder dir;
  const std::string socketPath = dir.path("sock");
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::snprintf(address.sun_path, sizeof address.sun_path, "%s", socketPath.c_str());
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0) << std::strerror(errno);
  const test::RunResult r = runTexsort({"sort", coffee(), "-o", socketPath});
  ::close(fd);
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_NE(r.err.find("sock: is a socket"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace texsort

namespace texsort {
namespace {

// Runs `script` under bash with $T set to the texsort binary, pipefail on (a pipeline's status is
// texsort's own when the reader is happy).
test::RunResult shell(const std::string& script) {
  return test::runProgram("bash", {"-c", "set -o pipefail; T='" + test::texsortBinary() + "'; " + script});
}

// What a user sees when standard output cannot take what texsort writes there: one line naming
// standard output, exit 3, never a silent loss and never a death by SIGPIPE.
TEST(Outputs, AFailingStandardOutputIsOneLineAndExitThree) {
  test::TempFolder dir;
  const std::string in = "'" + coffee() + "'";
  const std::vector<std::string> scripts = {
      "$T info > /dev/full",                                // the report of a command that writes no file
      "$T sort " + in + " -o '" + dir.path("x.png") + "' > /dev/full",  // the file is fine; the report is lost
      "$T sort " + in + " -o - > /dev/full",                // the PNG itself
      "$T sort " + in + " -o - | head -c 10 > /dev/null",   // a reader that goes away
      "$T pixelsort " + in + " -o - | head -c 10 > /dev/null",
  };
  for (const std::string& script : scripts) {
    const test::RunResult r = shell(script);
    EXPECT_EQ(r.exitCode, 3) << script << ": " << r.err;
    EXPECT_EQ(r.err.rfind("texsort: error: standard output: write error: ", 0), 0u) << script << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << script << ": " << r.err;
  }
  EXPECT_TRUE(test::fileExists(dir.path("x.png")));
  EXPECT_FALSE(hasTemporary(dir.root()));
}

// bench --plot -: the PNG owns standard output; the table goes to standard error.
TEST(Outputs, BenchPlotToStandardOutputIsOnlyThePng) {
  const test::RunResult r = runTexsort({"bench", "--algos", "bitonic", "--sizes", "256", "--runs", "1", "--no-naive",
                                        "--no-progress", "--plot", "-"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  ASSERT_GT(r.out.size(), 8u);
  EXPECT_EQ(r.out.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(r.out.substr(r.out.size() - 8, 4), "IEND") << "nothing after the PNG";
  EXPECT_NE(r.err.find("bitonic"), std::string::npos) << "the table is on standard error: " << r.err;
}

// A legal output name of 255 bytes (the file-name limit) is written; its temporary name, which
// adds ".tmp-XXXXXX", is cut to fit instead of failing with "File name too long".
TEST(Outputs, AnOutputNameOfTheFullLengthLimitIsWritten) {
  test::TempFolder dir;
  for (const std::size_t length : {std::size_t{244}, std::size_t{250}, std::size_t{255}}) {
    const std::string name = std::string(length - 4, 'n') + ".png";
    const test::RunResult r = runTexsort({"sort", coffee(), "-o", dir.path(name), "-q"});
    EXPECT_EQ(r.exitCode, 0) << length << ": " << r.err;
    EXPECT_TRUE(test::fileExists(dir.path(name))) << length;
  }
  EXPECT_EQ(test::listFolder(dir.root()).size(), 3u) << "no temporary file left";
}

}  // namespace
}  // namespace texsort

namespace texsort {
namespace {

// An existing output without write permission is refused before any work, as rm asks and as cp
// refuses for an unprivileged user; the tests run as root, to whom the bits do not apply, so the
// rule reads the bits. The file keeps its bytes and no temporary file is left.
TEST(Outputs, AReadOnlyOutputIsRefusedAndKeepsItsBytes) {
  test::TempFolder dir;
  const std::string out = dir.path("kept.png");
  test::writeFile(out, {'o', 'l', 'd'});
  ASSERT_EQ(::chmod(out.c_str(), 0444), 0);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"sort", coffee(), "-o", out}, {"pixelsort", coffee(), "-o", out}}) {
    const test::RunResult r = runTexsort(args);
    EXPECT_EQ(r.exitCode, 3) << r.err;
    EXPECT_NE(r.err.find("kept.png: is read-only"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_EQ(test::readFile(out), (std::vector<std::uint8_t>{'o', 'l', 'd'}));
  EXPECT_FALSE(hasTemporary(dir.root()));
  // With a write bit it is replaced, as before.
  ASSERT_EQ(::chmod(out.c_str(), 0644), 0);
  EXPECT_EQ(runTexsort({"sort", coffee(), "-o", out, "-q"}).exitCode, 0);
  EXPECT_EQ(test::readFile(out), sortedCoffee(dir));
}

}  // namespace
}  // namespace texsort
