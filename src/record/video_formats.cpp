// Clip names and first bytes, and the clip formats' table (video_formats.h).
#include "record/video_formats.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "image/image_io.h"
#include "io/files.h"

namespace texsort {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

}  // namespace

bool holdsAlpha(VideoFormat format) { return format != VideoFormat::Mp4; }

const VideoFormatInfo& info(VideoFormat format) {
  for (const VideoFormatInfo& row : kVideoFormats)
    if (row.id == format) return row;
  return kVideoFormats[0];
}

std::optional<VideoFormat> videoFormatNamed(const std::string& name) {
  for (const VideoFormatInfo& row : kVideoFormats)
    if (lower(name) == row.name) return row.id;
  return std::nullopt;
}

std::optional<VideoFormat> videoFormatForPath(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  const std::size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return std::nullopt;
  return videoFormatNamed(path.substr(dot + 1));
}

bool clipPath(const std::string& path) {
  const std::size_t slash = path.find_last_of('/'), dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return false;
  const std::string extension = lower(path.substr(dot + 1));
  for (const char* e : {"gif", "mp4", "webm", "mkv", "mov", "m4v", "avi", "mpg", "mpeg", "ts", "ogv", "flv", "wmv", "3gp"})
    if (extension == e) return true;
  return false;
}

// A clip by its first bytes, whatever its name: Matroska and WebM, the ISO family (MP4, MOV, 3GP;
// not its still brands, AVIF and HEIF) and AVI.
static bool startsAsClip(const std::string& path) {
  const std::vector<unsigned char> head = regularFileStart(path, 12);
  const auto text = [&head](std::size_t from, const char* word) {
    return head.size() >= from + 4 && std::equal(word, word + 4, head.begin() + static_cast<std::ptrdiff_t>(from));
  };
  const bool still = text(8, "avif") || text(8, "avis") || text(8, "heic") || text(8, "heix") || text(8, "mif1");
  return (head.size() >= 4 && head[0] == 0x1a && head[1] == 0x45 && head[2] == 0xdf && head[3] == 0xa3) ||
         (text(4, "ftyp") && !still) || (text(0, "RIFF") && text(8, "AVI "));
}

bool clipInput(const std::string& path) { return (clipPath(path) && !startsAsPicture(path)) || startsAsClip(path); }

const char* untaggedMatrix(const std::string& codec, std::uint32_t height) {
  if (codec == "vp9" || codec == "av1") return "bt709";
  if ((codec == "h264" || codec == "hevc") && height >= 720) return "bt709";
  return "bt601";
}

const char* browserMatrix(const std::string& codec, std::uint32_t height, const std::string& matrix,
                          const std::string& primaries) {
  if (codec != "h264" && codec != "hevc" && codec != "vp8" && codec != "vp9" && codec != "av1") return nullptr;
  const auto unknown = [](const std::string& tag) { return tag.empty() || tag == "unknown" || tag == "unspecified" || tag == "reserved"; };
  const bool matrixRead = !unknown(matrix) && (!(codec == "h264" || codec == "hevc") || !unknown(primaries));
  return matrixRead ? "" : untaggedMatrix(codec, height);
}

}  // namespace texsort
