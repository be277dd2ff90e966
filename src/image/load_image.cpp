// Loading: the file's bytes, the stb guards, the header's size against the limit, then decoding.
#include <stb_image.h>

#include <memory>

#include "error.h"
#include "image/image_io.h"
#include "image/stb_guards.h"
#include "io/files.h"

namespace texsort {
namespace {

constexpr std::uint64_t kMaxFileBytes = std::uint64_t{1} << 30;  // no image we can sort needs a larger file

[[noreturn]] void failInput(const std::string& path, const std::string& problem) {
  throw Error(ExitCode::BadInput, path + ": " + problem);
}

std::string stbReason() {
  const char* reason = stbi_failure_reason();
  return reason ? reason : "unknown reason";
}

}  // namespace

Image loadImage(const std::string& path, std::uint64_t maxPixels) {
  const std::vector<unsigned char> bytes = readWholeFile(path, kMaxFileBytes);
  return decodeImage(path, bytes.data(), bytes.size(), maxPixels);
}

Image decodeImage(const std::string& name, const unsigned char* bytes, std::size_t size, std::uint64_t maxPixels) {
  const std::string& path = name;
  if (size == 0) failInput(name, "empty file (0 bytes), not an image");
  if (size > static_cast<std::size_t>(kMaxFileBytes)) failInput(name, "file is larger than 1 GiB");
  const int length = static_cast<int>(size);
  guardAgainstStbBugs(name, bytes, size, maxPixels);

  int w = 0, h = 0, channels = 0;
  if (!stbi_info_from_memory(bytes, length, &w, &h, &channels)) {
    failInput(path, "not an image texsort can read (" + stbReason() + ")");
  }
  const std::uint64_t pixels = std::uint64_t(w) * std::uint64_t(h);
  if (w <= 0 || h <= 0) failInput(path, "image has no pixels");
  if (pixels > maxPixels) failTooLarge(path, std::uint64_t(w), std::uint64_t(h), maxPixels);

  int dw = 0, dh = 0, dc = 0;
  std::unique_ptr<stbi_uc, void (*)(void*)> data(stbi_load_from_memory(bytes, length, &dw, &dh, &dc, 4),
                                                 stbi_image_free);
  if (!data) failInput(path, "corrupt or truncated image (" + stbReason() + ")");
  if (dw != w || dh != h) failInput(path, "header and image data disagree on the size");

  Image image;
  image.width = static_cast<std::uint32_t>(w);
  image.height = static_cast<std::uint32_t>(h);
  image.channels = channels;
  image.rgba.assign(data.get(), data.get() + pixels * 4);
  return image;
}

}  // namespace texsort
