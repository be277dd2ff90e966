// Which files are clips, and the clip formats texsort writes: names and first bytes only, no
// ffmpeg. What the command line decides before it runs anything, in the browser too (which links
// none of the encoder, the decoder or their child processes).
#pragma once

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
