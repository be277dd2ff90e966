// Contact sheet composition; labels drawn with stb_easy_font's quads, filled on the CPU.
#include "viewer/contact_sheet.h"

#include "image/draw.h"


#include <algorithm>
#include <stdexcept>
#include <vector>

namespace texsort {

std::vector<std::uint32_t> contactSheetPasses(std::uint32_t passCount, std::uint32_t count) {
  std::vector<std::uint32_t> passes;
  if (count < 2 || passCount == 0) return {passCount};
  for (std::uint32_t k = 0; k < count; ++k) {
    const auto pass = static_cast<std::uint32_t>((std::uint64_t{passCount} * k + (count - 1) / 2) / (count - 1));
    if (passes.empty() || passes.back() != pass) passes.push_back(pass);
  }
  return passes;
}

namespace {

constexpr std::uint32_t kLabelHeight = 18;
constexpr std::uint32_t kGap = 6;

}  // namespace

Image composeContactSheet(const std::vector<Image>& frames, const std::vector<std::string>& labels,
                          std::uint32_t columns, std::uint32_t maxTileSide) {
  if (frames.empty() || labels.size() != frames.size() || columns == 0) {
    throw std::invalid_argument("composeContactSheet: frames and labels must match");
  }
  const std::uint32_t fw = frames[0].width, fh = frames[0].height;
  const std::uint32_t scale = std::max<std::uint32_t>(1, (std::max(fw, fh) + maxTileSide - 1) / maxTileSide);
  const std::uint32_t tw = std::max<std::uint32_t>(1, fw / scale), th = std::max<std::uint32_t>(1, fh / scale);
  const std::uint32_t cols = std::min<std::uint32_t>(columns, static_cast<std::uint32_t>(frames.size()));
  const auto rows = static_cast<std::uint32_t>((frames.size() + cols - 1) / cols);
  const std::uint32_t cellW = std::max<std::uint32_t>(tw, 90) + kGap, cellH = th + kLabelHeight + kGap;

  Image sheet;
  sheet.width = cols * cellW + kGap;
  sheet.height = rows * cellH + kGap;
  sheet.channels = 3;
  sheet.rgba.assign(std::size_t{sheet.width} * sheet.height * 4, 0);
  for (std::size_t i = 3; i < sheet.rgba.size(); i += 4) {
    sheet.rgba[i - 3] = sheet.rgba[i - 2] = sheet.rgba[i - 1] = 32;
    sheet.rgba[i] = 255;
  }
  for (std::size_t f = 0; f < frames.size(); ++f) {
    const Image& frame = frames[f];
    if (frame.width != fw || frame.height != fh) throw std::invalid_argument("composeContactSheet: sizes differ");
    const std::uint32_t ox = kGap + static_cast<std::uint32_t>(f % cols) * cellW;
    const std::uint32_t oy = kGap + static_cast<std::uint32_t>(f / cols) * cellH;
    for (std::uint32_t y = 0; y < th; ++y)
      for (std::uint32_t x = 0; x < tw; ++x)
        std::copy_n(&frame.rgba[(std::size_t{y * scale} * fw + x * scale) * 4], 4,
                    &sheet.rgba[(std::size_t{oy + y} * sheet.width + ox + x) * 4]);
    drawText(sheet, int(ox), int(oy + th + 5), labels[f], Rgb{255, 255, 255});
  }
  return sheet;
}

}  // namespace texsort
