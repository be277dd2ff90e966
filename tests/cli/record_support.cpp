#include "record_support.h"

#include <gtest/gtest.h>

#include <dirent.h>

#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

#include "image/image_io.h"

namespace texsort::test {

std::string writeSmallImage(const TempFolder& dir, std::uint32_t w, std::uint32_t h) {
  std::mt19937 rng(7);
  Image image = randomImage(w, h, rng, 40);
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
  image.channels = 3;
  const std::string path = dir.path("small.png");
  saveImagePng(path, image);
  return path;
}

std::string writeClip(const TempFolder& dir, const std::string& name, int width, int height, int frames, int rate) {
  const std::string path = dir.path(name);
  const std::string size = std::to_string(width) + "x" + std::to_string(height);
  const RunResult r = runProgram(
      "ffmpeg", {"-v", "error", "-f", "lavfi", "-i",
                 "nullsrc=s=" + size + ":r=" + std::to_string(rate) + ",format=rgb24,geq=r='mod(X*37+Y*11+N*29,256)':"
                 "g='mod(X*5+Y*53+N*7,256)':b='mod(X*X+Y*3,256)'",
                 "-frames:v", std::to_string(frames), "-c:v", "ffv1", "-pix_fmt", "bgr0", path});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return path;
}

std::vector<std::uint8_t> decodeFrames(const std::string& video, const std::string& pixelFormat) {
  const RunResult r = runProgram("ffmpeg", {"-v", "error", "-i", video, "-f", "rawvideo", "-pix_fmt", pixelFormat, "-"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return std::vector<std::uint8_t>(r.out.begin(), r.out.end());
}

Probe probe(const std::string& video) {
  const RunResult r = runProgram(
      "ffprobe", {"-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                  "stream=codec_name,width,height,nb_read_frames:format=duration", "-of", "default=noprint_wrappers=1", video});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  Probe p;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    const std::string key = line.substr(0, line.find('=')), value = line.substr(line.find('=') + 1);
    if (key == "codec_name") p.codec = value;
    if (key == "width") p.width = std::stoi(value);
    if (key == "height") p.height = std::stoi(value);
    if (key == "nb_read_frames") p.frames = std::stoi(value);
    if (key == "duration") p.duration = std::stod(value);
  }
  return p;
}

int processesMentioning(const std::string& text) {
  int count = 0;
  DIR* proc = ::opendir("/proc");
  while (dirent* entry = proc ? ::readdir(proc) : nullptr) {
    std::ifstream cmdline(std::string("/proc/") + entry->d_name + "/cmdline");
    const std::string line((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
    if (line.find(text) != std::string::npos) ++count;
  }
  if (proc) ::closedir(proc);
  return count;
}

}  // namespace texsort::test
