// Image file I/O with stb: check the file, check the header, then decode; save atomically as PNG.
#include "image/image_io.h"

#include <fcntl.h>
#include <stb_image.h>
#include <stb_image_write.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "error.h"

namespace fs = std::filesystem;

namespace texsort {
namespace {

constexpr long kMaxFileBytes = 1L << 30;  // no image we can sort needs a larger file

[[noreturn]] void failInput(const std::string& path, const std::string& problem) {
  throw Error(ExitCode::BadInput, path + ": " + problem);
}
[[noreturn]] void failOutput(const std::string& path, const std::string& problem) {
  throw Error(ExitCode::BadOutput, path + ": " + problem);
}

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

std::vector<unsigned char> readWholeFile(const std::string& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) failInput(path, "cannot access: " + ec.message());
  if (!fs::exists(st)) failInput(path, "no such file");
  if (fs::is_directory(st)) failInput(path, "is a folder, not an image file");
  if (!fs::is_regular_file(st)) failInput(path, "is not a regular file");

  File file(std::fopen(path.c_str(), "rb"));
  if (!file) failInput(path, std::string("cannot open: ") + std::strerror(errno));
  if (std::fseek(file.get(), 0, SEEK_END) != 0) failInput(path, "cannot seek");
  const long size = std::ftell(file.get());
  if (size < 0) failInput(path, "cannot tell its size");
  if (size == 0) failInput(path, "empty file (0 bytes), not an image");
  if (size > kMaxFileBytes) failInput(path, "file is larger than 1 GiB");
  std::rewind(file.get());
  std::vector<unsigned char> bytes(static_cast<std::size_t>(size));
  if (std::fread(bytes.data(), 1, bytes.size(), file.get()) != bytes.size()) {
    failInput(path, std::string("read error: ") + std::strerror(errno));
  }
  return bytes;
}

std::string stbReason() {
  const char* reason = stbi_failure_reason();
  return reason ? reason : "unknown reason";
}

std::uint32_t crc32(const unsigned char* data, std::size_t size) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t crc = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < size; ++i) crc = table[(crc ^ data[i]) & 0xFFu] ^ (crc >> 8);
  return crc ^ 0xFFFFFFFFu;
}

std::uint32_t bigEndian32(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

[[noreturn]] void failTooLarge(const std::string& name, std::uint64_t w, std::uint64_t h, std::uint64_t maxPixels) {
  failInput(name, std::to_string(w) + "x" + std::to_string(h) + " is " + std::to_string(w * h) +
                      " pixels, more than the limit of " + std::to_string(maxPixels));
}

// stb_image skips PNG checksums and reads past a missing end as zeros; walk the chunks first so a
// damaged or truncated PNG is refused instead of sorted. The size in IHDR is checked against the
// limit here, before anything is decoded (stb's own limits would call a huge PNG "unknown").
void checkPngChunks(const std::string& name, const unsigned char* data, std::size_t size, std::uint64_t maxPixels) {
  static const unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (size < 8 || std::memcmp(data, kSignature, 8) != 0) return;  // not a PNG: stb judges it
  std::size_t at = 8;
  while (true) {
    if (size - at < 12) failInput(name, "truncated PNG (no IEND chunk)");
    const std::uint32_t length = bigEndian32(data + at);
    const std::string type(reinterpret_cast<const char*>(data + at + 4), 4);
    if (length > size - at - 12) failInput(name, "truncated PNG (" + type + " chunk cut short)");
    if (crc32(data + at + 4, length + 4) != bigEndian32(data + at + 8 + length)) {
      failInput(name, "corrupt PNG (bad CRC in " + type + " chunk)");
    }
    if (at == 8) {
      if (type != "IHDR" || length != 13) failInput(name, "corrupt PNG (no IHDR chunk first)");
      const std::uint64_t w = bigEndian32(data + at + 8), h = bigEndian32(data + at + 12);
      if (w == 0 || h == 0) failInput(name, "image has no pixels");
      if (w * h > maxPixels) failTooLarge(name, w, h, maxPixels);
    }
    at += 12 + length;
    if (type == "IEND") return;
  }
}

// stb_image (2.27, Debian's) writes past its Huffman size table when a JPEG's DHT segment claims
// more than 256 codes (found by texsort's fuzzer). Walk the JPEG's markers first, scans included
// since progressive files define tables between them, and refuse such a table.
void checkJpegHuffmanTables(const std::string& name, const unsigned char* data, std::size_t size) {
  // SOI as stb finds it: FF, any number of FF fill bytes, D8.
  std::size_t at = 0;
  while (at < size && data[at] == 0xFF) ++at;
  if (at == 0 || at >= size || data[at] != 0xD8) return;  // not a JPEG
  ++at;
  while (at + 4 <= size) {
    if (data[at] != 0xFF) {  // entropy-coded data: skip to the next marker (FF 00 and RSTn are data)
      ++at;
      continue;
    }
    const unsigned char marker = data[at + 1];
    if (marker == 0xFF || marker == 0x00 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) {
      at += (marker == 0xFF) ? 1 : 2;
      continue;
    }
    if (marker == 0xD9) return;  // EOI
    const std::size_t length = (std::size_t{data[at + 2]} << 8) | data[at + 3];
    if (length < 2) return;  // malformed: stb reports it
    if (marker == 0xC4) {
      // Read the tables as stb does: while the segment's count is not used up, even past the
      // segment's end or a short file (stb then reads on, or reads zeros).
      std::size_t table = at + 4;
      std::ptrdiff_t remaining = static_cast<std::ptrdiff_t>(length) - 2;
      while (remaining > 0 && table < size) {
        std::size_t codes = 0;
        for (std::size_t i = 1; i <= 16 && table + i < size; ++i) codes += data[table + i];
        if (codes > 256) failInput(name, "corrupt JPEG (Huffman table with " + std::to_string(codes) + " codes)");
        if ((data[table] >> 4) > 1 || (data[table] & 15) > 3) break;  // stb stops at a bad table header
        remaining -= static_cast<std::ptrdiff_t>(17 + codes);
        table += 17 + codes;
      }
    }
    if (at + 2 + length > size) return;  // truncated: stb reports it
    at += 2 + length;
  }
}

// stb_image 2.27 reads past its buffer converting a 16-bit binary PNM (maxval > 255) and overflows
// an int on huge header numbers (both found by texsort's fuzzer). Read the P5/P6 header first and
// refuse those, and files too short for their pixels.
void checkBinaryPnm(const std::string& name, const unsigned char* data, std::size_t size) {
  if (size < 2 || data[0] != 'P' || (data[1] != '5' && data[1] != '6')) return;
  std::size_t at = 2;
  std::uint64_t fields[3] = {0, 0, 0};  // width, height, maxval
  for (std::uint64_t& field : fields) {
    while (at < size && (std::isspace(data[at]) || data[at] == '#')) {
      if (data[at] == '#') {
        while (at < size && data[at] != '\n') ++at;
      } else {
        ++at;
      }
    }
    if (at >= size || !std::isdigit(data[at])) return;  // malformed: stb reports it
    while (at < size && std::isdigit(data[at])) {
      field = field * 10 + (data[at++] - '0');
      // stb accumulates these in an int, and overflowing it is undefined behaviour.
      if (field > 0x7FFFFFFF) failInput(name, "corrupt PNM header (a number beyond 2^31)");
    }
  }
  if (fields[2] > 255) failInput(name, "16-bit PNM (maxval " + std::to_string(fields[2]) + ") is not supported");
  const std::uint64_t needed = fields[0] * fields[1] * (data[1] == '6' ? 3 : 1);
  if (fields[0] < (std::uint64_t{1} << 24) && fields[1] < (std::uint64_t{1} << 24) && size - at < needed + 1) {
    failInput(name, "truncated PNM (" + std::to_string(needed) + " bytes of pixels expected)");
  }
}

}  // namespace

Image loadImage(const std::string& path, std::uint64_t maxPixels) {
  const std::vector<unsigned char> bytes = readWholeFile(path);
  return decodeImage(path, bytes.data(), bytes.size(), maxPixels);
}

Image decodeImage(const std::string& name, const unsigned char* bytes, std::size_t size, std::uint64_t maxPixels) {
  const std::string& path = name;
  if (size == 0) failInput(name, "empty file (0 bytes), not an image");
  if (size > static_cast<std::size_t>(kMaxFileBytes)) failInput(name, "file is larger than 1 GiB");
  const int length = static_cast<int>(size);
  checkPngChunks(name, bytes, size, maxPixels);
  checkJpegHuffmanTables(name, bytes, size);
  checkBinaryPnm(name, bytes, size);

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

void checkOutputPath(const std::string& path) {
  const fs::path p(path);
  fs::path folder = p.parent_path();
  if (folder.empty()) folder = ".";
  std::error_code ec;
  if (p.filename().empty()) failOutput(path, "names a folder, not a file");
  if (!fs::exists(folder, ec)) failOutput(path, "folder " + folder.string() + " does not exist");
  if (!fs::is_directory(folder, ec)) failOutput(path, folder.string() + " is not a folder");
  if (fs::is_directory(p, ec)) failOutput(path, "is a folder");
  // Creating (and removing) a file is the only test that holds for root, read-only mounts and ACLs.
  std::string probe = path + ".tmp-XXXXXX";
  const int fd = ::mkstemp(probe.data());
  if (fd < 0) failOutput(path, "cannot write in folder " + folder.string() + ": " + std::strerror(errno));
  ::close(fd);
  std::remove(probe.c_str());
}

bool samePath(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
  return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec);
}

void saveImagePng(const std::string& path, const Image& image) {
  checkOutputPath(path);
  const int channels = image.channels;
  if (channels < 1 || channels > 4) failOutput(path, "unsupported channel count");

  // Convert RGBA back to the file's own channel layout (grey inputs have R = G = B).
  const std::uint64_t pixels = image.pixelCount();
  std::vector<std::uint8_t> packed(pixels * static_cast<std::uint64_t>(channels));
  static constexpr int kSource[4][4] = {{0}, {0, 3}, {0, 1, 2}, {0, 1, 2, 3}};
  for (std::uint64_t i = 0; i < pixels; ++i)
    for (int c = 0; c < channels; ++c) packed[i * channels + c] = image.rgba[i * 4 + kSource[channels - 1][c]];

  std::string temp = path + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) failOutput(path, std::string("cannot create a file there: ") + std::strerror(errno));
  File file(::fdopen(fd, "wb"));
  auto fail = [&](const std::string& problem) {
    file.reset();
    std::remove(temp.c_str());
    failOutput(path, problem);
  };
  if (!file) {
    ::close(fd);
    fail("cannot open the temporary file");
  }

  auto write = [](void* context, void* data, int size) {
    std::fwrite(data, 1, static_cast<std::size_t>(size), static_cast<std::FILE*>(context));
  };
  const int stride = static_cast<int>(image.width) * channels;
  if (!stbi_write_png_to_func(write, file.get(), static_cast<int>(image.width), static_cast<int>(image.height),
                              channels, packed.data(), stride)) {
    fail("PNG encoding failed");
  }
  if (std::fflush(file.get()) != 0 || std::ferror(file.get())) fail(std::string("write error: ") + std::strerror(errno));

  // mkstemp makes the file 0600; give it the permissions a plain create would.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fileno(file.get()), 0666 & ~mask);
  file.reset();
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temp.c_str());
    failOutput(path, "cannot rename the finished file into place: " + reason);
  }
}

}  // namespace texsort
