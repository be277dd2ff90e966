// Whole-file reads and the output rule (files.h): one place for what every command's files do.
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

namespace fs = std::filesystem;

namespace texsort {
namespace {

std::string errnoText(int error) { return std::strerror(error); }

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

// A name for a temporary file beside `target` (mkstemp's template): the target's own name, cut so
// the whole stays within the 255-byte limit of a file name, then ".tmp-XXXXXX". A leftover (only
// SIGKILL or a power cut can leave one) still says which output it was for.
std::string temporaryTemplate(const std::string& target) {
  constexpr std::size_t kSuffix = sizeof(".tmp-XXXXXX") - 1;
  const std::size_t slash = target.find_last_of('/');
  const std::size_t start = slash == std::string::npos ? 0 : slash + 1;
  std::size_t keep = std::min(target.size() - start, std::size_t{NAME_MAX} - kSuffix);
  // Never cut a UTF-8 sequence in two: back off over continuation bytes.
  while (keep > 0 && start + keep < target.size() && (static_cast<unsigned char>(target[start + keep]) & 0xC0) == 0x80) {
    --keep;
  }
  return target.substr(0, start + keep) + ".tmp-XXXXXX";
}

void failWrite(const std::string& path, int error) {
  failOutput(path, error < 0 ? std::string("encoding failed") : "write error: " + errnoText(error));
}

// Where a write of `path` goes: the path itself, or a symbolic link's final target.
std::string resolvedOutput(const std::string& path) {
  std::string target = path;
  for (int depth = 0; depth < 40; ++depth) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(target, ec))) return target;
    const fs::path link = fs::read_symlink(target, ec);
    if (ec) failOutput(path, "cannot read the symbolic link: " + ec.message());
    target = (link.is_absolute() ? link : fs::path(target).parent_path() / link).string();
  }
  failOutput(path, "too many levels of symbolic links");
}

// /dev/stdout, /dev/fd/1, /proc/self/fd/1 (or a link to one): the kernel's names of descriptor 1,
// whose target (a pipe's "pipe:[N]", a socket's) is no path to write beside.
bool standardOutputName(const std::string& path) {
  std::string at = path;
  for (int depth = 0; depth < 40; ++depth) {
    const std::string normal = fs::path(at).lexically_normal().string();
    for (const char* name : {"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/proc/thread-self/fd/1"})
      if (normal == name) return true;
    if (normal == "/proc/" + std::to_string(::getpid()) + "/fd/1") return true;
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(at, ec))) return false;
    const fs::path link = fs::read_symlink(at, ec);
    if (ec) return false;
    at = (link.is_absolute() ? link : fs::path(at).parent_path() / link).string();
  }
  return false;
}

bool isDeviceOrFifo(const fs::file_status& st) {
  return fs::is_character_file(st) || fs::is_block_file(st) || fs::is_fifo(st);
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
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) failOutput(shown, "cannot create a file there: " + errnoText(errno));
  TemporaryPath temporary(name);
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

bool namesStandardOutput(const std::string& path) { return path == "-" || standardOutputName(path); }

void writeOutput(const std::string& path, const std::function<bool(const ByteSink& sink)>& write) {
  if (namesStandardOutput(path)) return writeStandardOutput(write);
  checkOutputPath(path);
  const std::string target = resolvedOutput(path);
  std::error_code ec;
  if (isDeviceOrFifo(fs::status(target, ec))) return writeInPlace(path, write);
  writeReplacing(path, target, write);
}

namespace {

// The regular file standard output is open on (a shell's `1<> in.png` or `>> in.png`, which writing
// in place would overwrite), if it is one.
std::optional<struct stat> standardOutputFile() {
  struct stat out {};
  if (::fstat(STDOUT_FILENO, &out) != 0 || !S_ISREG(out.st_mode)) return std::nullopt;
  return out;
}

// Whether `input` (stdin's file for "-") is the file `out`.
bool isFile(const std::string& input, const struct stat& out) {
  struct stat in {};
  const int read = input == "-" ? ::fstat(STDIN_FILENO, &in) : ::stat(input.c_str(), &in);
  return read == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino;
}

}  // namespace

void checkOutput(const std::string& path, const std::vector<InputFile>& inputs) {
  if (path.empty()) throw Error(ExitCode::Usage, "the output's name is empty; give a file name or -");
  const std::optional<struct stat> standard = namesStandardOutput(path) ? standardOutputFile() : std::nullopt;
  for (const InputFile& input : inputs) {
    if (!input.path.empty() && standard && isFile(input.path, *standard)) {
      throw Error(ExitCode::Usage, "standard output is the " + input.role + " file " + inputName(input.path) +
                                       "; choose another output");
    }
    if (!input.path.empty() && samePath(input.path, path)) {
      throw Error(ExitCode::Usage, path + ": output is the " + input.role + " file" +
                                       (input.path == path ? std::string() : " (" + input.path + ")") +
                                       "; choose another output");
    }
  }
  checkOutputPath(path);
}

void closeStandardOutput() {
  // As coreutils' close_stdout: a full disk or a closed pipe behind standard output is an error,
  // not a silent loss of the report (printf's own errors surface here, at the flush).
  const bool failed = std::ferror(stdout) != 0;
  errno = 0;
  if (std::fflush(stdout) != 0 || failed) failWrite("standard output", errno ? errno : EIO);
}

void checkOutputPath(const std::string& path) {
  if (namesStandardOutput(path)) return;
  if (path.empty()) throw Error(ExitCode::Usage, "the output's name is empty; give a file name or -");
  const std::string target = resolvedOutput(path);
  std::error_code ec;
  const fs::file_status st = fs::status(target, ec);
  if (isDeviceOrFifo(st)) return;  // written in place; opening a FIFO here would wait for its reader
  if (fs::is_socket(st)) failOutput(path, "is a socket; texsort writes files, devices, FIFOs or -");
  const fs::path p(target);
  fs::path folder = p.parent_path();
  if (folder.empty()) folder = ".";
  if (p.filename().empty()) failOutput(path, "names a folder, not a file");
  if (!fs::exists(folder, ec)) failOutput(path, "folder " + folder.string() + " does not exist");
  if (!fs::is_directory(folder, ec)) failOutput(path, folder.string() + " is not a folder");
  if (fs::is_directory(st)) failOutput(path, "is a folder");
  // A file with no write bit is its owner's "keep this": rm asks first, and the rename would
  // replace it silently, even for root, to whom the bits do not apply.
  constexpr fs::perms kWrite = fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write;
  if (fs::is_regular_file(st) && (st.permissions() & kWrite) == fs::perms::none) {
    failOutput(path, "is read-only; texsort does not replace a file without write permission");
  }
  // A name the folder cannot hold would fail only at the final rename, after all the work.
  const long nameMax = ::pathconf(folder.c_str(), _PC_NAME_MAX);
  if (nameMax > 0 && p.filename().string().size() > static_cast<std::size_t>(nameMax)) {
    failOutput(path, "file name too long: " + std::to_string(p.filename().string().size()) + " bytes, where the folder takes " +
                         std::to_string(nameMax));
  }
  // Creating (and removing) a file is the only test that holds for root, read-only mounts and ACLs.
  std::string probe = temporaryTemplate(target);
  const int fd = ::mkostemp(probe.data(), O_CLOEXEC);
  if (fd < 0) failOutput(path, "cannot write in folder " + folder.string() + ": " + errnoText(errno));
  TemporaryPath removed(probe);
  ::close(fd);
}

bool samePath(const std::string& a, const std::string& b) {
  if (a == "-" || b == "-") return false;  // standard input and output are streams, not files
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
  // One is not there yet: compare where each would be, links followed to their targets (a dangling
  // link too: a batch may write its target before it reads the link). A path that cannot be
  // resolved is compared as written.
  const auto where = [](const std::string& path) {
    std::error_code failed;
    std::string target = path;
    try {
      target = resolvedOutput(path);
    } catch (const Error&) {
      return fs::path(path);
    }
    const fs::path resolved = fs::weakly_canonical(target, failed);
    return failed ? fs::path(path) : resolved;
  };
  return where(a) == where(b);
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
