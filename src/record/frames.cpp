// Frame plans and frame pixels for recordings (frames.h).
#include "record/frames.h"

#include <algorithm>
#include <cmath>

#include "image/draw.h"

namespace texsort {
namespace {

constexpr Rgb kStrip{24, 24, 28};
constexpr Rgb kCaptionText{225, 225, 225};
constexpr std::uint32_t kCaptionRows = 11;  // a line: stb_easy_font's 7-pixel capitals, descenders, a gap

// For each output coordinate, the first and one-past-last source coordinates it covers.
struct Span {
  std::uint32_t first, end;
};
std::vector<Span> spans(std::uint32_t source, std::uint32_t output) {
  std::vector<Span> out(output);
  for (std::uint32_t x = 0; x < output; ++x) {
    const auto first = static_cast<std::uint32_t>(std::uint64_t{x} * source / output);
    const auto end = static_cast<std::uint32_t>(std::uint64_t{x + 1} * source / output);
    out[x] = {first, std::max(end, first + 1)};
  }
  return out;
}

std::string fitted(std::string text, int width, int scale) {
  if (textWidth(text, scale) <= width) return text;
  while (!text.empty() && textWidth(text + "..", scale) > width) text.pop_back();
  return text.empty() ? text : text + "..";
}

}  // namespace

std::vector<std::uint32_t> framePasses(std::uint32_t from, std::uint32_t to, std::uint32_t every,
                                       std::uint32_t holdFrames) {
  std::vector<std::uint32_t> passes(holdFrames, from);
  if (to == from) return passes;
  for (std::uint64_t p = std::uint64_t{from} + every; p < to; p += every) passes.push_back(static_cast<std::uint32_t>(p));
  passes.insert(passes.end(), holdFrames, to);
  return passes;
}

std::uint32_t holdFrameCount(double seconds, double fps) {
  return std::max<std::uint32_t>(1, static_cast<std::uint32_t>(std::lround(seconds * fps)));
}

FrameGeometry frameGeometry(std::uint32_t imageWidth, std::uint32_t imageHeight, double scale,
                            std::uint32_t targetWidth, std::uint32_t targetHeight, std::uint32_t captionLines,
                            bool evenSides) {
  FrameGeometry g;
  const auto side = [](double v) { return static_cast<std::uint32_t>(std::max(1.0, std::round(v))); };
  if (scale > 0) {
    g.pictureWidth = side(imageWidth * scale);
    g.pictureHeight = side(imageHeight * scale);
  } else {
    g.pictureWidth = targetWidth;
    g.pictureHeight = targetHeight != 0 ? targetHeight : side(double(imageHeight) * targetWidth / imageWidth);
  }
  g.textScale = g.pictureWidth >= 360 ? 2 : 1;
  g.captionHeight = captionLines == 0 ? 0 : (kCaptionRows * captionLines + 4) * std::uint32_t(g.textScale);
  g.width = g.pictureWidth;
  g.height = g.pictureHeight + g.captionHeight;
  if (evenSides) {
    g.width += g.width & 1;
    g.height += g.height & 1;
  }
  return g;
}

std::vector<std::uint8_t> composeFrame(const Image& picture, const FrameGeometry& g, const std::string& caption) {
  Image frame;
  frame.width = g.width;
  frame.height = g.height;
  frame.channels = 4;
  frame.rgba.resize(frame.pixelCount() * 4);
  fillRect(frame, 0, 0, int(g.width), int(g.height), kStrip);

  const std::vector<Span> xs = spans(picture.width, g.pictureWidth), ys = spans(picture.height, g.pictureHeight);
  for (std::uint32_t y = 0; y < g.pictureHeight; ++y) {
    for (std::uint32_t x = 0; x < g.pictureWidth; ++x) {
      std::uint32_t sum[3] = {0, 0, 0};
      for (std::uint32_t sy = ys[y].first; sy < ys[y].end; ++sy) {
        for (std::uint32_t sx = xs[x].first; sx < xs[x].end; ++sx) {
          const std::uint8_t* p = &picture.rgba[(std::size_t(sy) * picture.width + sx) * 4];
          for (int c = 0; c < 3; ++c) sum[c] += p[c];
        }
      }
      const std::uint32_t count = (ys[y].end - ys[y].first) * (xs[x].end - xs[x].first);
      std::uint8_t* out = &frame.rgba[(std::size_t(y) * g.width + x) * 4];
      for (int c = 0; c < 3; ++c) out[c] = static_cast<std::uint8_t>((sum[c] + count / 2) / count);
    }
  }
  if (g.captionHeight != 0) {
    const int margin = 3 * g.textScale;
    int y = int(g.pictureHeight) + 3 * g.textScale;
    std::size_t start = 0;
    while (start <= caption.size() && y < int(g.height)) {
      const std::size_t end = std::min(caption.find('\n', start), caption.size());
      drawText(frame, margin, y, fitted(caption.substr(start, end - start), int(g.width) - 2 * margin, g.textScale),
               kCaptionText, g.textScale);
      y += int(kCaptionRows) * g.textScale;
      start = end + 1;
    }
  }

  std::vector<std::uint8_t> rgb(frame.pixelCount() * 3);
  for (std::size_t i = 0; i < frame.pixelCount(); ++i) std::copy_n(&frame.rgba[i * 4], 3, &rgb[i * 3]);
  return rgb;
}

}  // namespace texsort
