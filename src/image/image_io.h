// Images in memory, and loading and saving them (load_image.cpp, save_png.cpp; stb underneath).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace texsort {

// An 8-bit image held as RGBA, top-left pixel first, rows in file order. `channels` is what the file
// had (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA) so a sorted copy can be written back in the same form.
struct Image {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  int channels = 4;
  std::vector<std::uint8_t> rgba;  // width * height * 4

  std::uint64_t pixelCount() const { return std::uint64_t{width} * height; }
};

// An image of `shape`'s size and channel count holding `rgba` (width * height * 4 bytes): a result
// read back from the GPU, without copying the input's pixels first.
inline Image withPixels(const Image& shape, std::vector<std::uint8_t> rgba) {
  return Image{shape.width, shape.height, shape.channels, std::move(rgba)};
}

// Reads and decodes `path` (PNG, JPEG, BMP, TGA, GIF, PSD, HDR, PIC, PNM: whatever stb_image reads;
// 16-bit and HDR files are converted to 8 bits). The header is checked first: an image with more
// than maxPixels pixels is refused before it is decoded. Throws texsort::Error(BadInput) with a
// message that names the file and the problem.
Image loadImage(const std::string& path, std::uint64_t maxPixels);

// The bytes of an image file ("-": standard input), at most 1 GiB; errors as loadImage's.
std::vector<unsigned char> readImageFile(const std::string& path);

// Whether `path` starts as a still picture does (PNG, JPEG, BMP, PSD, HDR, PIC, binary PNM: the
// formats with a signature; a GIF may be either, so not a GIF): a picture saved under a clip's name
// is still a picture. False for what cannot be looked at twice (standard input, a FIFO).
bool startsAsPicture(const std::string& path);

// How many pictures (frames) the GIF in `bytes` holds, counting no further than atMost; 0 when the
// bytes are not a GIF. More than one: an animated GIF, a clip, which a still's reader would cut to
// its first frame.
std::size_t gifPictureCount(const unsigned char* bytes, std::size_t size, std::size_t atMost);

// What a file's header says, after the stb guards and the pixel limit: nothing is decoded yet, so
// a command can check its memory budget first. Throws texsort::Error(BadInput) as loadImage does.
struct ImageHeader {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  int channels = 0;
};
ImageHeader readImageHeader(const std::string& name, const unsigned char* bytes, std::size_t size,
                            std::uint64_t maxPixels);

// The same checks and decoding on bytes in memory; `name` is used in messages. This is the function
// the fuzzer drives.
Image decodeImage(const std::string& name, const unsigned char* bytes, std::size_t size, std::uint64_t maxPixels);
// Decoding bytes whose header readImageHeader has already checked (the guards do not run twice).
Image decodeImage(const std::string& name, const unsigned char* bytes, std::size_t size, const ImageHeader& header);

// Writes `image` as PNG with image.channels channels by the output rule of io/files.h ("-" is
// standard output; a file is replaced atomically, a failure never leaves a partial one). Throws
// texsort::Error(BadOutput) naming the file and the problem.
void saveImagePng(const std::string& path, const Image& image);

}  // namespace texsort
