// Loading: the file's bytes, the stb guards, the header's size against the limit, then decoding
// (a plain PNG by png_plain.cpp, everything else by stb_image).
#include <stb_image.h>

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <memory>

#include "error.h"
#include "image/image_io.h"
#include "image/png_plain.h"
#include "image/stb_guards.h"
#include "io/files.h"

namespace texsort {
namespace {

constexpr std::uint64_t kMaxFileBytes = std::uint64_t{1} << 30;  // no image we can sort needs a larger file


std::string stbReason() {
  const char* reason = stbi_failure_reason();
  return reason ? reason : "unknown reason";
}

}  // namespace

bool startsAsPicture(const std::string& path) {
  const std::vector<unsigned char> head = regularFileStart(path, 11);
  const auto starts = [&head](std::initializer_list<unsigned char> signature) {
    return head.size() >= signature.size() && std::equal(signature.begin(), signature.end(), head.begin());
  };
  const bool pnm = head.size() >= 3 && head[0] == 'P' && (head[1] == '5' || head[1] == '6') && std::isspace(head[2]);
  return pnm || starts({0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}) || starts({0xff, 0xd8, 0xff}) ||
         starts({'B', 'M'}) || starts({'8', 'B', 'P', 'S'}) || starts({'#', '?', 'R', 'A', 'D', 'I', 'A', 'N', 'C', 'E'}) ||
         starts({'#', '?', 'R', 'G', 'B', 'E'}) || starts({0x53, 0x80, 0xf6, 0x34});
}

Image loadImage(const std::string& path, std::uint64_t maxPixels) {
  const std::vector<unsigned char> bytes = readImageFile(path);
  return decodeImage(path == "-" ? "standard input" : path, bytes.data(), bytes.size(), maxPixels);
}

std::vector<unsigned char> readImageFile(const std::string& path) { return readWholeFile(path, kMaxFileBytes);
}

ImageHeader readImageHeader(const std::string& name, const unsigned char* bytes, std::size_t size,
                            std::uint64_t maxPixels) {
  if (size == 0) failInput(name, "empty file (0 bytes), not an image");
  if (size > kMaxFileBytes) failInput(name, "file is larger than 1 GiB");
  guardAgainstStbBugs(name, bytes, size, maxPixels);
  int w = 0, h = 0, channels = 0;
  if (!stbi_info_from_memory(bytes, static_cast<int>(size), &w, &h, &channels)) {
    failInput(name, "not an image texsort can read (" + stbReason() + ")");
  }
  if (w <= 0 || h <= 0) failInput(name, "image has no pixels");
  if (std::uint64_t(w) * std::uint64_t(h) > maxPixels) failTooLarge(name, std::uint64_t(w), std::uint64_t(h), maxPixels);
  // A colour key (tRNS on grey or RGB) makes some pixels transparent: their alpha travels with them
  // and is written, so the output has an alpha channel (grey + alpha, RGBA) as a palette's does.
  if ((channels == 1 || channels == 3) && pngHasColourKey(bytes, size)) ++channels;
  return ImageHeader{static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h), channels};
}

Image decodeImage(const std::string& name, const unsigned char* bytes, std::size_t size, std::uint64_t maxPixels) {
  return decodeImage(name, bytes, size, readImageHeader(name, bytes, size, maxPixels));
}

Image decodeImage(const std::string& name, const unsigned char* bytes, std::size_t size, const ImageHeader& header) {
  Image image;
  image.width = header.width;
  image.height = header.height;
  image.channels = header.channels;
  if (decodePlainPng(bytes, size, header.width, header.height, image.rgba)) return image;
  int dw = 0, dh = 0, dc = 0;
  std::unique_ptr<stbi_uc, void (*)(void*)> data(stbi_load_from_memory(bytes, static_cast<int>(size), &dw, &dh, &dc, 4),
                                                 stbi_image_free);
  if (!data) failInput(name, "corrupt or truncated image (" + stbReason() + ")");
  if (std::uint32_t(dw) != header.width || std::uint32_t(dh) != header.height) {
    failInput(name, "header and image data disagree on the size");
  }
  image.rgba.assign(data.get(), data.get() + image.pixelCount() * 4);
  return image;
}

}  // namespace texsort
