// Saving: the image in its file's channel layout, encoded by png_encode.h on every core, written by
// the output rule (io/files.h).
#include "error.h"
#include "image/image_io.h"
#include "image/png_encode.h"
#include "io/files.h"

namespace texsort {

void saveImagePng(const std::string& path, const Image& image) {
  if (image.channels < 1 || image.channels > 4) throw Error(ExitCode::BadOutput, path + ": unsupported channel count");
  const std::vector<unsigned char> png = encodePng(image);
  writeOutput(path, [&](const ByteSink& sink) { return sink(png.data(), png.size()); });
}

}  // namespace texsort
