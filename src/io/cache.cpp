// texsort's cache files (cache.h).
#include "io/cache.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "io/files.h"

namespace texsort {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kCacheFileBytes = 1 << 16;  // more than kCacheKeys lines can take; a larger file is cut there

std::string flat(std::string text) {
  for (char& c : text)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return text;
}

// The file's lines, each "KEY<TAB>VALUE" of at most kCacheLineBytes (others dropped), from its first
// kCacheFileBytes.
std::vector<std::string> cacheLines(const std::string& path) {
  const std::vector<unsigned char> bytes = path.empty() ? std::vector<unsigned char>{} : regularFileStart(path, kCacheFileBytes);
  std::vector<std::string> lines;
  std::string line;
  for (const unsigned char c : bytes) {
    if (c != '\n') {
      line += static_cast<char>(c);
      continue;
    }
    if (line.size() <= kCacheLineBytes && line.find('\t') != std::string::npos) lines.push_back(line);
    line.clear();
  }
  return lines;
}

bool writeAll(int fd, const std::string& text) {
  for (std::size_t at = 0; at < text.size();) {
    const ssize_t n = ::write(fd, text.data() + at, text.size() - at);
    if (n <= 0) return false;
    at += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

std::string cachePath(const std::string& name) {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && xdg[0] == '/') return std::string(xdg) + "/texsort/" + name;
  const char* home = std::getenv("HOME");
  if (home && home[0] == '/') return std::string(home) + "/.cache/texsort/" + name;
  return "";
}

std::optional<std::string> cachedValue(const std::string& path, const std::string& key) {
  const std::string prefix = flat(key) + '\t';
  std::optional<std::string> value;
  for (const std::string& line : cacheLines(path))
    if (line.compare(0, prefix.size(), prefix) == 0) value = line.substr(prefix.size());
  return value;
}

bool keepCachedValue(const std::string& path, const std::string& key, const std::string& value) {
  if (path.empty()) return false;
  const std::string prefix = flat(key) + '\t';
  std::vector<std::string> lines;
  for (std::string& line : cacheLines(path))
    if (line.compare(0, prefix.size(), prefix) != 0) lines.push_back(std::move(line));
  lines.push_back(prefix + flat(value));
  if (lines.size() > kCacheKeys) lines.erase(lines.begin(), lines.end() - kCacheKeys);
  std::string text;
  for (const std::string& line : lines) text += line + '\n';
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  std::string name = path + ".XXXXXX";
  std::optional<TemporaryPath> written;  // gone on any failure, or a signal meanwhile
  const int fd = createTemporaryFile(name, written);
  if (fd < 0) return false;
  const bool whole = writeAll(fd, text);
  if (::close(fd) != 0 || !whole || ::rename(name.c_str(), path.c_str()) != 0) return false;
  written->keep();
  return true;
}

}  // namespace texsort
