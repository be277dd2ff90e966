// Where texsort finds ffmpeg and ffprobe, which encode and check its recordings and videos.
#include "record/ffmpeg_programs.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>
#include <sstream>

#include "error.h"

namespace texsort {
namespace {

bool isExecutable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// The program `name` in `folder`, if it is one.
std::optional<std::string> programIn(const std::string& folder, const char* name) {
  const std::string candidate = (folder.empty() ? "." : folder) + "/" + name;
  return isExecutable(candidate) ? std::optional<std::string>(candidate) : std::nullopt;
}

std::optional<std::string> programOnPath(const char* name) {
  const char* path = std::getenv("PATH");
  std::stringstream folders(path ? path : "");
  for (std::string folder; std::getline(folders, folder, ':');) {
    if (auto found = programIn(folder, name)) return found;
  }
  return std::nullopt;
}

}  // namespace

std::string findFfmpeg() {
  const char* chosen = std::getenv("TEXSORT_FFMPEG");
  if (chosen && *chosen) {
    if (isExecutable(chosen)) return chosen;
    throw Error(ExitCode::Encoder, std::string(chosen) + " (TEXSORT_FFMPEG): not an executable program");
  }
  if (auto found = programOnPath("ffmpeg")) return *found;
  throw Error(ExitCode::Encoder,
              "ffmpeg: not found on PATH; recordings are encoded by it: install it with "
              "`sudo apt-get install ffmpeg` (or `make deps`)");
}

std::string findFfprobe(const std::string& ffmpeg) {
  const std::size_t slash = ffmpeg.find_last_of('/');
  if (slash != std::string::npos) {
    if (auto beside = programIn(ffmpeg.substr(0, slash), "ffprobe")) return *beside;
  }
  if (auto found = programOnPath("ffprobe")) return *found;
  throw Error(ExitCode::Encoder,
              "ffprobe: not found beside " + ffmpeg + " or on PATH; every recording is checked with it before it is "
              "kept: install it with `sudo apt-get install ffmpeg` (or `make deps`)");
}

}  // namespace texsort
