// Where an output goes (links followed, standard output's names, devices and FIFOs) and whether it
// may be written there: the checks every command makes before any work (files.h).
#include "io/output_paths.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <optional>

#include "error.h"
#include "io/files.h"

namespace fs = std::filesystem;

namespace texsort {

std::string errnoText(int error) { return std::strerror(error); }

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

bool namesStandardOutput(const std::string& path) { return path == "-" || standardOutputName(path); }

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

}  // namespace texsort
