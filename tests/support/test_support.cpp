// Test helpers: an independent reference sort, generated images, temp folders, a process runner.
#include "test_support.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>
#include <stdexcept>

#include "image/crc32.h"

namespace fs = std::filesystem;

namespace texsort {
void PrintTo(Algorithm algorithm, std::ostream* os) { *os << algorithmName(algorithm); }
void PrintTo(const Pass& pass, std::ostream* os) { *os << describe(pass); }
}  // namespace texsort

namespace texsort::test {

namespace {
// The tests' texsort (in this process and every one it starts) keeps what it caches in the build
// folder, not in the home folder of whoever runs them (io/cache.h); a test may point it elsewhere.
const bool kCacheInBuild = ::setenv("XDG_CACHE_HOME", TEXSORT_TEST_CACHE, 1) == 0;
}  // namespace

bool cacheInBuild() { return kCacheInBuild; }

std::string assetPath(const std::string& name) { return std::string(TEXSORT_ASSETS_DIR) + "/" + name; }

std::string algorithmTestName(Algorithm algorithm) {
  std::string name = algorithmName(algorithm);
  name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
  return name;
}

Image referenceSorted(const Image& image, SortOrder order) {
  const std::size_t n = image.pixelCount();
  std::vector<std::uint32_t> luma(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t* p = &image.rgba[i * 4];
    luma[i] = 299u * p[0] + 587u * p[1] + 114u * p[2];
  }
  std::vector<std::size_t> order_(n);
  std::iota(order_.begin(), order_.end(), 0);
  std::stable_sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
    return order == SortOrder::Ascending ? luma[a] < luma[b] : luma[a] > luma[b];
  });
  Image sorted = image;
  for (std::size_t j = 0; j < n; ++j) std::copy_n(&image.rgba[order_[j] * 4], 4, &sorted.rgba[j * 4]);
  return sorted;
}

std::vector<Algorithm> lineAlgorithms() {
  std::vector<Algorithm> lines;
  for (const AlgorithmInfo& row : kAlgorithmRegistry)
    if (row.sortsLines) lines.push_back(row.id);
  return lines;
}

std::vector<Algorithm> networkAlgorithms() {
  std::vector<Algorithm> networks;
  for (Algorithm a : kAlgorithms)
    if (networkSteps(scheduleFor(a, 16)) > 0) networks.push_back(a);
  return networks;
}

Image randomImage(std::uint32_t width, std::uint32_t height, std::mt19937& rng, int distinctColours) {
  std::vector<std::array<std::uint8_t, 3>> palette(static_cast<std::size_t>(distinctColours));
  std::uniform_int_distribution<int> byte(0, 255);
  for (auto& c : palette) c = {std::uint8_t(byte(rng)), std::uint8_t(byte(rng)), std::uint8_t(byte(rng))};
  std::uniform_int_distribution<std::size_t> pick(0, palette.size() - 1);
  Image image;
  image.width = width;
  image.height = height;
  image.channels = 4;
  image.rgba.resize(image.pixelCount() * 4);
  for (std::size_t i = 0; i < image.pixelCount(); ++i) {
    const auto& c = palette[pick(rng)];
    std::copy(c.begin(), c.end(), &image.rgba[i * 4]);
    image.rgba[i * 4 + 3] = std::uint8_t(byte(rng));
  }
  return image;
}

namespace {

std::uint32_t crc32(const std::uint8_t* data, std::size_t size, std::uint32_t crc = 0) {
  crc = ~crc;
  for (std::size_t i = 0; i < size; ++i) {
    crc ^= data[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(std::uint8_t(v >> s));
}

void chunk(std::vector<std::uint8_t>& png, const char* type, const std::vector<std::uint8_t>& data) {
  put32(png, static_cast<std::uint32_t>(data.size()));
  std::vector<std::uint8_t> body(type, type + 4);
  body.insert(body.end(), data.begin(), data.end());
  png.insert(png.end(), body.begin(), body.end());
  put32(png, crc32(body.data(), body.size()));
}

}  // namespace

std::vector<std::uint8_t> palettePng(std::uint32_t width, std::uint32_t height,
                                     const std::vector<std::uint8_t>& paletteRgba,
                                     const std::vector<std::uint8_t>& indices) {
  std::vector<std::uint8_t> plte, trns;
  for (std::size_t i = 0; i + 3 < paletteRgba.size(); i += 4) {
    plte.insert(plte.end(), &paletteRgba[i], &paletteRgba[i] + 3);
    trns.push_back(paletteRgba[i + 3]);
  }
  std::vector<std::uint8_t> raw;  // filter byte 0 + row
  for (std::uint32_t y = 0; y < height; ++y) {
    raw.push_back(0);
    raw.insert(raw.end(), &indices[y * width], &indices[y * width] + width);
  }
  return rawPng(width, height, 8, 3, raw, {{"PLTE", plte}, {"tRNS", trns}});
}

std::vector<std::uint8_t> rawPng(std::uint32_t width, std::uint32_t height, std::uint8_t bitDepth,
                                 std::uint8_t colourType, const std::vector<std::uint8_t>& raw,
                                 const std::vector<std::pair<std::string, std::vector<std::uint8_t>>>& extraChunks) {
  std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<std::uint8_t> header;
  put32(header, width);
  put32(header, height);
  header.insert(header.end(), {bitDepth, colourType, 0, 0, 0});
  chunk(png, "IHDR", header);
  for (const auto& [type, data] : extraChunks) chunk(png, type.c_str(), data);
  std::vector<std::uint8_t> z = {0x78, 0x01};
  std::uint32_t a = 1, b = 0;
  for (std::uint8_t v : raw) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  for (std::size_t pos = 0; pos < raw.size() || pos == 0; pos += 65535) {
    const std::size_t len = std::min<std::size_t>(65535, raw.size() - pos);
    const bool last = pos + len >= raw.size();
    z.push_back(last ? 1 : 0);
    z.push_back(std::uint8_t(len));
    z.push_back(std::uint8_t(len >> 8));
    z.push_back(std::uint8_t(~len));
    z.push_back(std::uint8_t(~len >> 8));
    z.insert(z.end(), raw.begin() + static_cast<std::ptrdiff_t>(pos),
             raw.begin() + static_cast<std::ptrdiff_t>(pos + len));
    if (last) break;
  }
  put32(z, (b << 16) | a);
  chunk(png, "IDAT", z);
  chunk(png, "IEND", {});
  return png;
}

std::vector<std::uint8_t> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeFile(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path);
}

bool fileExists(const std::string& path) { return fs::exists(path); }

std::vector<std::string> listFolder(const std::string& path) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(path)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TempFolder::TempFolder() {
  std::string pattern = (fs::temp_directory_path() / "texsort-test-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  root_ = pattern;
}

TempFolder::~TempFolder() {
  std::error_code ec;
  fs::remove_all(root_, ec);
}

std::string texsortBinary() { return TEXSORT_BINARY; }

RunResult runXvfb(const std::vector<std::string>& args, const RunOptions& options) {
  // The X authority file in a folder of the test's own: xvfb-run's own temporary folder, removed
  // while xauth may still hold a lock file in it, sometimes fails under load, and xvfb-run then
  // exits 5 whatever the program's status was.
  TempFolder auth;
  std::vector<std::string> all = {"-f", auth.path("Xauthority")};
  all.insert(all.end(), args.begin(), args.end());
  return runProgram("xvfb-run", all, options);
}

RunResult runTexsort(const std::vector<std::string>& args, const RunOptions& options) {
  return runProgram(TEXSORT_BINARY, args, options);
}

bool texturesInHostMemory() {
  static const bool inHostMemory = [] {
    const RunResult info = runTexsort({"info"});
    EXPECT_EQ(info.exitCode, 0) << info.err;
    const bool host = info.out.find("\nmemory            textures in host memory") != std::string::npos;
    EXPECT_TRUE(host || info.out.find("\nmemory            textures in video memory") != std::string::npos) << info.out;
    return host;
  }();
  return inHostMemory;
}

RunResult runProgram(const std::string& program, const std::vector<std::string>& args, const RunOptions& options) {
  TempFolder io;
  const std::string outPath = io.path("stdout"), errPath = io.path("stderr");
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    const int out = ::open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ::dup2(out, 1);
    ::dup2(err, 2);
    if (!options.stdinPath.empty()) {
      const int in = ::open(options.stdinPath.c_str(), O_RDONLY);
      if (in < 0 || ::dup2(in, 0) < 0) std::_Exit(126);
    }
    for (const std::string& name : options.unsetEnv) ::unsetenv(name.c_str());
    for (const auto& [name, value] : options.setEnv) ::setenv(name.c_str(), value.c_str(), 1);
    if (options.asNobody && ::getuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) std::_Exit(126);
    if (options.fileSizeLimit >= 0) {
      const rlimit limit{static_cast<rlim_t>(options.fileSizeLimit), static_cast<rlim_t>(options.fileSizeLimit)};
      if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) std::_Exit(126);
    }
    if (options.umask >= 0) ::umask(static_cast<mode_t>(options.umask));
    if (!options.cwd.empty() && ::chdir(options.cwd.c_str()) != 0) std::_Exit(126);
    std::vector<char*> argv;
    std::string binary = program;
    argv.push_back(binary.data());
    std::vector<std::string> copies = args;
    for (auto& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execvp(binary.c_str(), argv.data());
    std::_Exit(127);
  }
  if (options.whileRunning) options.whileRunning(pid);
  int status = 0;
  ::waitpid(pid, &status, 0);
  RunResult result;
  if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  const auto out = readFile(outPath), err = readFile(errPath);
  result.out.assign(out.begin(), out.end());
  result.err.assign(err.begin(), err.end());
  return result;
}

std::vector<std::uint8_t> pngHeaderOnly(std::uint32_t width, std::uint32_t height) {
  std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  const auto chunk = [&](const char* type, std::vector<std::uint8_t> data) {
    const auto size = static_cast<std::uint32_t>(data.size());
    for (int shift = 24; shift >= 0; shift -= 8) png.push_back(static_cast<std::uint8_t>(size >> shift));
    data.insert(data.begin(), type, type + 4);
    png.insert(png.end(), data.begin(), data.end());
    const std::uint32_t crc = crc32(data.data(), data.size());
    for (int shift = 24; shift >= 0; shift -= 8) png.push_back(static_cast<std::uint8_t>(crc >> shift));
  };
  std::vector<std::uint8_t> header;
  for (const std::uint32_t side : {width, height})
    for (int shift = 24; shift >= 0; shift -= 8) header.push_back(static_cast<std::uint8_t>(side >> shift));
  header.insert(header.end(), {8, 2, 0, 0, 0});  // 8 bits, RGB
  chunk("IHDR", header);
  chunk("IDAT", {0x78, 0x9c, 0x00});  // a zlib stream that stops at once
  chunk("IEND", {});
  return png;
}


}  // namespace texsort::test
