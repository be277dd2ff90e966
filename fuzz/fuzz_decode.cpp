// libFuzzer target: the load-and-validate path (PNG chunk walk, header limits, stb decode) and the
// packing of what it returns. Any input may be refused with texsort::Error; nothing may crash,
// and what is accepted must be a consistent image.
#include <cstdint>
#include <cstdlib>

#include "error.h"
#include "sort/packing.h"
#include "image/image_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const texsort::Image image = texsort::decodeImage("fuzz-input", data, size, std::uint64_t{1} << 20);
    if (image.width == 0 || image.height == 0 || image.rgba.size() != image.pixelCount() * 4) std::abort();
    if (image.channels < 1 || image.channels > 4) std::abort();
    const auto elements = texsort::packElements(image, texsort::SortOrder::Descending);
    if (texsort::unpackElements(elements, image.width, image.height, image.channels).rgba != image.rgba) std::abort();
  } catch (const texsort::Error&) {
  }
  return 0;
}
