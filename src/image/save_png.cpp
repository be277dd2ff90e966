// Saving: the image in its file's channel layout, encoded by stb_image_write, written by the
// output rule (io/files.h).
#include <stb_image_write.h>

#include "error.h"
#include "image/image_io.h"
#include "io/files.h"

namespace texsort {

void saveImagePng(const std::string& path, const Image& image) {
  const int channels = image.channels;
  if (channels < 1 || channels > 4) throw Error(ExitCode::BadOutput, path + ": unsupported channel count");

  // Convert RGBA back to the file's own channel layout (grey inputs have R = G = B).
  const std::uint64_t pixels = image.pixelCount();
  std::vector<std::uint8_t> packed(pixels * static_cast<std::uint64_t>(channels));
  static constexpr int kSource[4][4] = {{0}, {0, 3}, {0, 1, 2}, {0, 1, 2, 3}};
  for (std::uint64_t i = 0; i < pixels; ++i)
    for (int c = 0; c < channels; ++c) packed[i * channels + c] = image.rgba[i * 4 + kSource[channels - 1][c]];

  writeOutput(path, [&](const ByteSink& sink) {
    const auto write = [](void* context, void* data, int size) {
      (*static_cast<const ByteSink*>(context))(data, static_cast<std::size_t>(size));
    };
    const int stride = static_cast<int>(image.width) * channels;
    return stbi_write_png_to_func(write, const_cast<ByteSink*>(&sink), static_cast<int>(image.width),
                                  static_cast<int>(image.height), channels, packed.data(), stride) != 0;
  });
}

}  // namespace texsort
