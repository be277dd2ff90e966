// Which files are clips, and the clip formats texsort writes: names and first bytes only, no
// ffmpeg. What the command line decides before it runs anything, in the browser too (which links
// none of the encoder, the decoder or their child processes).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace texsort {

enum class VideoFormat { Gif, Mp4, Webm, Mkv };

struct VideoFormatInfo {
  VideoFormat id;
  const char* name;       // also the file extension
  const char* codec;      // what ffprobe reports
  bool evenSides;         // the codec's 4:2:0 chroma needs even widths and heights
  const char* summary;
};

inline constexpr VideoFormatInfo kVideoFormats[] = {
    {VideoFormat::Gif, "gif", "gif", false, "animated GIF, one 256-colour palette made from the frames, loops"},
    {VideoFormat::Mp4, "mp4", "h264", true, "H.264 video (CRF 18) that every browser and player plays"},
    {VideoFormat::Webm, "webm", "vp9", true, "VP9 video for the web"},
    {VideoFormat::Mkv, "mkv", "ffv1", false, "FFV1 in Matroska: lossless, every frame's pixels exact"},
};
const VideoFormatInfo& info(VideoFormat format);

// The format a file name's extension names (case-insensitive), if any.
std::optional<VideoFormat> videoFormatForPath(const std::string& path);
std::optional<VideoFormat> videoFormatNamed(const std::string& name);

// The most frames a second a GIF shows: its delays are whole hundredths, and under 2 players show 10.
inline constexpr double kGifMaxFps = 50.0;

// A clip's colours in YUV. texsort's MP4 and WebM are encoded with BT.601's matrix in limited
// range (ffmpeg's RGB to YUV) and tagged so, matrix, primaries and transfer (kEncodedColours: a
// browser reads an H.264 stream's matrix only beside its primaries), so every player decodes them
// with it. A clip read is decoded as browsers decode it (browserMatrix), so its pixels are those
// the page decodes.
inline constexpr const char* kEncodedColours = "smpte170m";  // ffmpeg's name for BT.601 (525 lines)
// The matrix Chromium decodes a stream with when it reads none from the stream, as measured
// (2026-12-04, docs/web.md): BT.709 for VP9 and AV1 at any size and for H.264 and HEVC from 720
// rows up; BT.601 for VP8, smaller H.264 and everything else. In ffmpeg's words: "bt709", "bt601".
const char* untaggedMatrix(const std::string& codec, std::uint32_t height);
// How to decode a stream (ffprobe's codec_name, height, color_space and color_primaries) as a
// browser does: the matrix where ffmpeg's own choice would not be the browser's (untaggedMatrix,
// for a stream with no matrix or an H.264 or HEVC one whose primaries are not given, which
// Chromium then ignores), "" where ffmpeg follows the stream's matrix as the browser does, and
// null for a codec no browser plays (FFV1, MPEG-4 Part 2, ...: ffmpeg's own decode, untouched).
const char* browserMatrix(const std::string& codec, std::uint32_t height, const std::string& matrix,
                          const std::string& primaries);

// Whether the format keeps alpha.
bool holdsAlpha(VideoFormat format);

// Whether `path` names a clip by its extension (.gif, .mp4, .webm, .mkv, .mov, .avi, ...): what
// the viewer and a batch hand to ffmpeg rather than to the picture decoder.
bool clipPath(const std::string& path);

// Whether `path` is to be read as a clip: named as one and not a still picture by its first bytes
// (a PNG saved as x.mp4 is a picture; a GIF stays both), or a clip by its first bytes under any
// name (a Matroska file saved as x.png is a clip).
bool clipInput(const std::string& path);

}  // namespace texsort
