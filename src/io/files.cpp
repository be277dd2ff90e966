// Whole-file reads and the output rule (files.h): temporary files and the signals that remove them,
// the writing; where an output goes and the checks before it, output_paths.cpp.
#include "io/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>

#include "error.h"
#include "fault.h"
#include "io/output_paths.h"

namespace fs = std::filesystem;

namespace texsort {
namespace {

std::string sizeLimit(std::uint64_t bytes) {
  return bytes % (1u << 30) == 0 ? std::to_string(bytes >> 30) + " GiB" : std::to_string(bytes) + " bytes";
}

// [signals] The temporary files alive now, for the signal handler: fixed buffers and flags, since
// a handler may only read memory that is already there. A few slots: an output being written and
// the scratch files of a recording can live at once.
constexpr int kTemporarySlots = 8;
char gTemporary[kTemporarySlots][PATH_MAX];
std::atomic<bool> gHaveTemporary[kTemporarySlots];
std::atomic<pid_t> gChild{0};

constexpr int kCleanedUpSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
#ifdef SIGPOLL
                                      SIGPOLL,
#endif
#ifdef SIGPWR
                                      SIGPWR,
#endif
#ifdef SIGSTKFLT
                                      SIGSTKFLT,
#endif
                                      SIGXCPU};

void onSignal(int signal) {
  // The helper first, and dead before anything is removed: an encoder still starting could
  // otherwise create its output after the unlink below (seen under load), and its output is
  // abandoned anyway, so SIGKILL: no trailer written, no waiting on a slow or stuck shutdown.
  if (const pid_t child = gChild.load(); child > 0) {
    ::kill(child, SIGKILL);
    while (::waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  for (int slot = 0; slot < kTemporarySlots; ++slot) {
    if (gHaveTemporary[slot].load()) ::unlink(gTemporary[slot]);
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

}  // namespace

TemporaryPath::TemporaryPath(std::string path) : path_(std::move(path)) {
  for (int slot = 0; slot < kTemporarySlots && path_.size() < PATH_MAX; ++slot) {
    if (gHaveTemporary[slot].load()) continue;
    std::memcpy(gTemporary[slot], path_.c_str(), path_.size() + 1);
    gHaveTemporary[slot].store(true);
    slot_ = slot;
    break;
  }
}

TemporaryPath::~TemporaryPath() {
  if (slot_ >= 0) gHaveTemporary[slot_].store(false);
  if (!kept_) ::unlink(path_.c_str());
}

void TemporaryPath::keep() {
  if (slot_ >= 0) gHaveTemporary[slot_].store(false);
  slot_ = -1;
  kept_ = true;
}

ScratchFile::ScratchFile(const std::string& suffix) {
  const char* folder = std::getenv("TMPDIR");
  std::string name = std::string(folder && *folder ? folder : "/tmp") + "/texsort-XXXXXX" + suffix;
  const int fd = ::mkostemps(name.data(), static_cast<int>(suffix.size()), O_CLOEXEC);
  if (fd < 0) failOutput(name, "cannot create a scratch file: " + errnoText(errno));
  ::close(fd);
  file_ = std::make_unique<TemporaryPath>(name);
}

bool ScratchFile::diskFull() const {
  struct statvfs disk {};
  return forcedFailure("enospc") || (::statvfs(folder().c_str(), &disk) == 0 && disk.f_bavail == 0);
}

void setSignalChild(pid_t child) { gChild.store(child); }

namespace {

// Writes everything `write` produces to fd; returns the first errno of a failed write, or -1 when
// `write` itself reported that it cannot produce the data, or 0.
int writeAll(int fd, const std::function<bool(const ByteSink& sink)>& write) {
  int error = 0;
  const bool full = forcedFailure("enospc");
  const ByteSink sink = [&](const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    while (size > 0 && error == 0) {
      const ssize_t n = full ? (errno = ENOSPC, -1) : ::write(fd, bytes, size);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) error = errno;
      else {
        bytes += n;
        size -= static_cast<std::size_t>(n);
      }
    }
    return error == 0;
  };
  const bool produced = write(sink);
  return error != 0 ? error : produced ? 0 : -1;
}

void failWrite(const std::string& path, int error) {
  failOutput(path, error < 0 ? std::string("encoding failed") : "write error: " + errnoText(error));
}

// A device or FIFO, written in place: opening a FIFO waits for its reader, as `cat > fifo` does.
void writeInPlace(const std::string& path, const std::function<bool(const ByteSink& sink)>& write) {
  int fd;
  do fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) failOutput(path, "cannot open for writing: " + errnoText(errno));
  const int error = writeAll(fd, write);
  if (::close(fd) != 0 && error == 0) failOutput(path, "write error on close: " + errnoText(errno));
  if (error != 0) failWrite(path, error);
}

void writeStandardOutput(const std::function<bool(const ByteSink& sink)>& write) {
  // Nothing of texsort's own may be queued in front of the file's bytes.
  if (std::fflush(stdout) != 0) failWrite("standard output", errno);
  const int error = writeAll(STDOUT_FILENO, write);
  if (error != 0) failWrite("standard output", error);
}

void writeReplacing(const std::string& shown, const std::string& target,
                    const std::function<bool(const ByteSink& sink)>& write) {
  std::string name = temporaryTemplate(target);
  std::optional<TemporaryPath> made;
  const int fd = createTemporaryFile(name, made);
  if (fd < 0) failOutput(shown, "cannot create a file there: " + errnoText(errno));
  TemporaryPath& temporary = *made;
  // mkstemp makes the file 0600; give it the permissions a plain create would.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0) {
    const int error = errno;
    ::close(fd);
    failOutput(shown, "cannot set permissions: " + errnoText(error));
  }
  if (forcedFailure("slow-write")) ::sleep(10);
  int error = 0;
  try {
    error = writeAll(fd, write);
  } catch (...) {  // the encoder threw (out of memory, say): close; the temporary file goes with `temporary`
    ::close(fd);
    throw;
  }
  if (error == 0 && (forcedFailure("fsync") ? (errno = EIO, true) : ::fsync(fd) != 0)) {
    const int fsyncError = errno;
    ::close(fd);
    failOutput(shown, "write error on fsync: " + errnoText(fsyncError));
  }
  if (::close(fd) != 0 && error == 0) failOutput(shown, "write error on close: " + errnoText(errno));
  if (error != 0) failWrite(shown, error);
  if (std::rename(temporary.path().c_str(), target.c_str()) != 0) {
    failOutput(shown, "cannot rename the finished file into place: " + errnoText(errno));
  }
  temporary.keep();
}

}  // namespace

std::vector<unsigned char> regularFileStart(const std::string& path, std::size_t count) {
  std::vector<unsigned char> bytes;
  std::error_code ec;
  if (path == "-" || !fs::is_regular_file(fs::status(path, ec))) return bytes;
  std::FILE* stream = std::fopen(path.c_str(), "rb");
  if (!stream) return bytes;
  bytes.resize(count);
  bytes.resize(std::fread(bytes.data(), 1, count, stream));
  std::fclose(stream);
  return bytes;
}

std::vector<unsigned char> readWholeFile(const std::string& path, std::uint64_t maxBytes) {
  std::FILE* stream = nullptr;
  if (path == "-") {
    stream = stdin;
  } else {
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec && ec != std::errc::no_such_file_or_directory) failInput(path, "cannot access: " + ec.message());
    if (!fs::exists(st)) failInput(path, "no such file");
    if (fs::is_directory(st)) failInput(path, "is a folder, not an image file");
    if (!fs::is_regular_file(st)) failInput(path, "is not a regular file");
    stream = std::fopen(path.c_str(), "rb");
    if (!stream) failInput(path, "cannot open: " + errnoText(errno));
  }
  const std::string name = inputName(path);
  // Read straight into the buffer, sized to the file (one byte more, to see the end) when it has a
  // size: no copies, no regrowth, each page touched once. A pipe, or a file that grows, doubles it.
  std::vector<unsigned char> bytes;
  std::uint64_t size = 0;
  if (stream != stdin) {
    std::error_code sizeError;
    size = fs::file_size(path, sizeError);
    if (sizeError) size = 0;
  }
  if (size > maxBytes) {
    std::fclose(stream);
    failInput(name, "file is larger than " + sizeLimit(maxBytes));
  }
  const auto first = static_cast<std::size_t>(size ? size + 1 : std::min<std::uint64_t>(maxBytes + 1, 1 << 16));
  bytes.resize(first);
  std::size_t have = 0, n;
  while ((n = std::fread(bytes.data() + have, 1, bytes.size() - have, stream)) > 0) {
    have += n;
    if (have > maxBytes) {
      if (stream != stdin) std::fclose(stream);
      failInput(name, "file is larger than " + sizeLimit(maxBytes));
    }
    if (have == bytes.size()) {
      bytes.resize(static_cast<std::size_t>(std::min<std::uint64_t>(2 * bytes.size(), maxBytes + 1)));
    }
  }
  bytes.resize(have);
  const bool failed = std::ferror(stream) != 0;
  const int error = errno;
  if (stream != stdin) std::fclose(stream);
  if (failed) failInput(name, "read error: " + errnoText(error));
  if (bytes.empty()) failInput(name, "empty file (0 bytes), not an image");
  return bytes;
}

void writeOutput(const std::string& path, const std::function<bool(const ByteSink& sink)>& write) {
  if (namesStandardOutput(path)) return writeStandardOutput(write);
  checkOutputPath(path);
  const std::string target = resolvedOutput(path);
  std::error_code ec;
  if (isDeviceOrFifo(fs::status(target, ec))) return writeInPlace(path, write);
  writeReplacing(path, target, write);
}

void closeStandardOutput() {
  // As coreutils' close_stdout: a full disk or a closed pipe behind standard output is an error,
  // not a silent loss of the report (printf's own errors surface here, at the flush).
  const bool failed = std::ferror(stdout) != 0;
  errno = 0;
  if (std::fflush(stdout) != 0 || failed) failWrite("standard output", errno ? errno : EIO);
}

int createTemporaryFile(std::string& name, std::optional<TemporaryPath>& path) {
  sigset_t all, before;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &before);
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  const int error = errno;
  if (fd >= 0) path.emplace(name);
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  errno = error;
  return fd;
}

void installSignalCleanup() {
  // Every signal whose default action ends the process, but the faults of texsort's own code
  // (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS: a handler could not trust the
  // memory it would read) and SIGKILL and SIGSTOP, which no handler sees.
  for (int signal : kCleanedUpSignals) std::signal(signal, onSignal);
#ifdef SIGRTMIN
  for (int signal = SIGRTMIN; signal <= SIGRTMAX; ++signal) std::signal(signal, onSignal);
#endif
  // A write past a file-size limit then fails with EFBIG, which the output rule reports and cleans
  // up, instead of SIGXFSZ killing the process and leaving its temporary file behind.
  std::signal(SIGXFSZ, SIG_IGN);
  // One behaviour for a reader that goes away (`texsort sort IN -o - | head -c 10`): the write
  // fails with EPIPE, which is one line and exit 3 like any failed output, temporary files removed;
  // the process never dies silently by SIGPIPE. Helper programs start with the default again.
  std::signal(SIGPIPE, SIG_IGN);
}

}  // namespace texsort
