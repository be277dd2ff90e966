// The stb guards: PNG chunk walk with CRCs, JPEG Huffman table sizes, binary PNM headers.
#include "image/stb_guards.h"

#include <array>
#include <cctype>
#include <cstring>

#include "error.h"
#include "image/byte_order.h"
#include "image/crc32.h"

namespace texsort {
namespace {

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

}  // namespace

bool pngHasColourKey(const unsigned char* data, std::size_t size) {
  static const unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (size < 33 || std::memcmp(data, kSignature, 8) != 0) return false;
  const unsigned char colourType = data[8 + 8 + 9];  // IHDR's data: width, height, depth, colour type
  if (colourType != 0 && colourType != 2) return false;  // grey and RGB; a palette's tRNS stb reports
  for (std::size_t at = 8; size - at >= 12;) {
    const std::uint32_t length = bigEndian32(data + at);
    if (length > size - at - 12) return false;
    const std::string type(reinterpret_cast<const char*>(data + at + 4), 4);
    if (type == "tRNS") return true;
    if (type == "IDAT" || type == "IEND") return false;  // tRNS comes before the image data
    at += 12 + length;
  }
  return false;
}

namespace {

// stb_image (2.27, Debian's) writes past its Huffman size table when a JPEG's DHT segment claims
// more than 256 codes (found by texsort's fuzzer). Walk the JPEG's markers first, scans included
// since progressive files define tables between them, and refuse such a table.
void walkJpegHuffmanTables(const std::string& name, const unsigned char* data, std::size_t size, std::string& dcProblem) {
  // SOI as stb finds it: FF, any number of FF fill bytes, D8.
  std::size_t at = 0;
  while (at < size && data[at] == 0xFF) ++at;
  if (at == 0 || at >= size || data[at] != 0xD8) return;  // not a JPEG
  ++at;
  // Which Huffman tables a DHT has defined ([DC, AC][0..3]): stb 2.27 decodes a scan with a table
  // never defined from a zeroed one, whose search for the code's length runs past its end (an
  // out-of-bounds read found by the fuzzer). A scan may only use defined tables.
  bool defined[2][4] = {};
  bool progressive = false;
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
    if (marker == 0xC2) progressive = true;
    if (marker == 0xDA && at + 5 <= size) {  // SOS: Ns, then (component, DC table << 4 | AC table) each
      const std::size_t count = data[at + 4], after = at + 5 + 2 * count;
      if (after + 3 <= size) {
        const unsigned ss = data[after], se = data[after + 1], ah = data[after + 2] >> 4;
        // Baseline scans use both; a progressive DC scan its DC table (first pass only), an AC
        // scan its AC table.
        const bool dc = ss == 0 && (!progressive || ah == 0), ac = se > 0;
        for (std::size_t c = 0; c < count; ++c) {
          const unsigned tables = data[at + 6 + 2 * c];
          if ((dc && (tables >> 4) < 4 && !defined[0][tables >> 4]) || (ac && (tables & 15) < 4 && !defined[1][tables & 15])) {
            failInput(name, "corrupt JPEG (a scan uses a Huffman table no DHT segment defines)");
          }
        }
      }
    }
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
        defined[data[table] >> 4][data[table] & 15] = true;
        // A DC table's values are bit counts of the difference, at most 15 (11 in 8-bit files): stb
        // 2.27 shifts by a larger one (undefined behaviour, found by the fuzzer) where later stb
        // refuses it.
        if ((data[table] >> 4) == 0) {
          for (std::size_t v = table + 17; v < table + 17 + codes && v < size && dcProblem.empty(); ++v) {
            if (data[v] > 15) dcProblem = "corrupt JPEG (DC Huffman value " + std::to_string(data[v]) + " above 15)";
          }
        }
        remaining -= static_cast<std::ptrdiff_t>(17 + codes);
        table += 17 + codes;
      }
    }
    if (at + 2 + length > size) return;  // truncated: stb reports it
    at += 2 + length;
  }
}

// The walk above; a DC value above 15 is refused once no table overflows (that check names the
// worse fault).
void checkJpegHuffmanTables(const std::string& name, const unsigned char* data, std::size_t size) {
  std::string dcProblem;
  walkJpegHuffmanTables(name, data, size, dcProblem);
  if (!dcProblem.empty()) failInput(name, dcProblem);
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
      if (data[at] == '#') {  // a comment ends at a line feed or a carriage return, as stb reads it
        while (at < size && data[at] != '\n' && data[at] != '\r') ++at;
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

[[noreturn]] void failTooLarge(const std::string& name, std::uint64_t w, std::uint64_t h, std::uint64_t maxPixels) {
  failInput(name, std::to_string(w) + "x" + std::to_string(h) + " is " + std::to_string(w * h) +
                      " pixels, more than the limit of " + std::to_string(maxPixels));
}


void guardAgainstStbBugs(const std::string& name, const unsigned char* data, std::size_t size, std::uint64_t maxPixels) {
  checkPngChunks(name, data, size, maxPixels);
  checkJpegHuffmanTables(name, data, size);
  checkBinaryPnm(name, data, size);
}

}  // namespace texsort
