// Whole-file reads and atomic writes: one place for the rules every command's files follow.
#include "io/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "error.h"

namespace fs = std::filesystem;

namespace texsort {
namespace {

[[noreturn]] void failInput(const std::string& path, const std::string& problem) {
  throw Error(ExitCode::BadInput, path + ": " + problem);
}
[[noreturn]] void failOutput(const std::string& path, const std::string& problem) {
  throw Error(ExitCode::BadOutput, path + ": " + problem);
}

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

std::string sizeLimit(std::uint64_t bytes) {
  return bytes % (1u << 30) == 0 ? std::to_string(bytes >> 30) + " GiB" : std::to_string(bytes) + " bytes";
}

}  // namespace

std::vector<unsigned char> readWholeFile(const std::string& path, std::uint64_t maxBytes) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) failInput(path, "cannot access: " + ec.message());
  if (!fs::exists(st)) failInput(path, "no such file");
  if (fs::is_directory(st)) failInput(path, "is a folder, not an image file");
  if (!fs::is_regular_file(st)) failInput(path, "is not a regular file");

  File file(std::fopen(path.c_str(), "rb"));
  if (!file) failInput(path, std::string("cannot open: ") + std::strerror(errno));
  if (std::fseek(file.get(), 0, SEEK_END) != 0) failInput(path, "cannot seek");
  const long size = std::ftell(file.get());
  if (size < 0) failInput(path, "cannot tell its size");
  if (size == 0) failInput(path, "empty file (0 bytes), not an image");
  if (static_cast<std::uint64_t>(size) > maxBytes) failInput(path, "file is larger than " + sizeLimit(maxBytes));
  std::rewind(file.get());
  std::vector<unsigned char> bytes(static_cast<std::size_t>(size));
  if (std::fread(bytes.data(), 1, bytes.size(), file.get()) != bytes.size()) {
    failInput(path, std::string("read error: ") + std::strerror(errno));
  }
  return bytes;
}

void writeFileAtomically(const std::string& path, const std::function<bool(const ByteSink& sink)>& write) {
  checkOutputPath(path);
  std::string temp = path + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) failOutput(path, std::string("cannot create a file there: ") + std::strerror(errno));
  File file(::fdopen(fd, "wb"));
  const auto fail = [&](const std::string& problem) {
    file.reset();
    std::remove(temp.c_str());
    failOutput(path, problem);
  };
  if (!file) {
    ::close(fd);
    fail("cannot open the temporary file");
  }
  int writeErrno = 0;
  const ByteSink sink = [&](const void* data, std::size_t size) {
    if (std::fwrite(data, 1, size, file.get()) == size) return true;
    if (writeErrno == 0) writeErrno = errno;
    return false;
  };
  const bool produced = write(sink);
  if (writeErrno != 0 || std::fflush(file.get()) != 0 || std::ferror(file.get())) {
    fail(std::string("write error: ") + std::strerror(writeErrno ? writeErrno : errno));
  }
  if (!produced) fail("encoding failed");

  // mkstemp makes the file 0600; give it the permissions a plain create would.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fileno(file.get()), 0666 & ~mask) != 0) fail(std::string("cannot set permissions: ") + std::strerror(errno));
  if (std::fclose(file.release()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temp.c_str());
    failOutput(path, "write error on close: " + reason);
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temp.c_str());
    failOutput(path, "cannot rename the finished file into place: " + reason);
  }
}

void checkOutputPath(const std::string& path) {
  const fs::path p(path);
  fs::path folder = p.parent_path();
  if (folder.empty()) folder = ".";
  std::error_code ec;
  if (p.filename().empty()) failOutput(path, "names a folder, not a file");
  if (!fs::exists(folder, ec)) failOutput(path, "folder " + folder.string() + " does not exist");
  if (!fs::is_directory(folder, ec)) failOutput(path, folder.string() + " is not a folder");
  if (fs::is_directory(p, ec)) failOutput(path, "is a folder");
  // Creating (and removing) a file is the only test that holds for root, read-only mounts and ACLs.
  std::string probe = path + ".tmp-XXXXXX";
  const int fd = ::mkstemp(probe.data());
  if (fd < 0) failOutput(path, "cannot write in folder " + folder.string() + ": " + std::strerror(errno));
  ::close(fd);
  std::remove(probe.c_str());
}

bool samePath(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
  return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec);
}

}  // namespace texsort
