// Checks made before stb_image sees a file, for what Debian's stb_image (2.27) gets wrong: it skips
// PNG checksums and reads a truncated PNG's missing end as zeros, and texsort's fuzzer found it
// writing or reading out of bounds on some JPEG and PNM headers. Each check names the stb behaviour
// it stands in for: delete it when the stb that Debian ships does the right thing itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace texsort {

// Throws texsort::Error(BadInput) naming `name` and the problem when the bytes are a damaged or
// truncated PNG, a PNG larger than maxPixels (read from IHDR before decoding), a JPEG with an
// oversized Huffman table, or a 16-bit, overflowing or truncated binary PNM. Other formats pass.
void guardAgainstStbBugs(const std::string& name, const unsigned char* data, std::size_t size, std::uint64_t maxPixels);

// Whether a PNG's pixels carry alpha that stbi_info does not count: a tRNS colour key on a grey or
// RGB image (stb applies it when decoding to RGBA, but reports 1 or 3 channels).
bool pngHasColourKey(const unsigned char* data, std::size_t size);

// The one-line refusal of an image above the pixel limit, shared with the decoder's own check.
[[noreturn]] void failTooLarge(const std::string& name, std::uint64_t w, std::uint64_t h, std::uint64_t maxPixels);

}  // namespace texsort
