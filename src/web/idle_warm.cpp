// The page's idle warm (idle_warm.h).
#include "web/idle_warm.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <tuple>

#include "error.h"
#include "pixelsort/pixel_runner.h"

namespace texsort {
namespace {

// The options the idle warm sorts for the live view: its own with another key, threshold key or
// kind of intervals each (not a mask, which needs one), on a strip of two of its lines where its
// lines are rows or columns and no mask or field is set, else on the whole picture (none when it
// is larger than IdleWarm::kWholePixels).
std::vector<PixelSortOptions> warmOptions(const PixelSortView& view, std::uint32_t& width, std::uint32_t& height) {
  const PixelSortOptions& now = view.options();
  const LineAxis axis = view.layout().axis;
  const bool strip = axis != LineAxis::None && !now.mask && !now.field;
  if (!strip && std::uint64_t{view.width()} * view.height() > IdleWarm::kWholePixels) return {};
  const bool rows = axis == LineAxis::Rows || axis == LineAxis::RowsBack;
  width = strip && !rows ? 2 : view.width();
  height = strip && rows ? 2 : view.height();
  std::vector<PixelSortOptions> all;  // the likelier first: keys, intervals, then the threshold's keys
  for (std::uint32_t k = 0; k < std::size(kPixelKeys); ++k) {
    all.push_back(now);
    all.back().key = static_cast<PixelKey>(k);
  }
  for (const Intervals kind : {Intervals::Threshold, Intervals::None, Intervals::Edges, Intervals::Random, Intervals::Waves}) {
    all.push_back(now);
    all.back().intervals = kind;
  }
  for (std::uint32_t k = 0; now.intervals == Intervals::Threshold && k < std::size(kPixelKeys); ++k) {
    all.push_back(now);
    all.back().select = static_cast<PixelKey>(k);
  }
  const auto same = [&now](const PixelSortOptions& o) {
    return o.key == now.key && o.intervals == now.intervals && o.select == now.select;
  };
  all.erase(std::remove_if(all.begin(), all.end(), same), all.end());
  std::reverse(all.begin(), all.end());
  return all;
}

}  // namespace

WarmKey WarmKey::of(const PixelSortView& view) {
  const PixelSortOptions& now = view.options();  // and what else picks a program: its defines
  const LineLayout& lines = view.layout();
  WarmKey key;
  key.width = view.width();
  key.height = view.height();
  key.algorithm = view.algorithm();
  key.axis = lines.axis;
  key.paddedLength = lines.paddedLength;
  key.paddedCount = lines.paddedCount;
  key.packed = lines.packed;
  key.mask = bool(now.mask);
  key.field = bool(now.field);
  key.pieces = now.maxSpan != 0;
  key.skip = now.skipPercent != 0;
  key.outside = now.invert;
  key.threshold = now.intervals == Intervals::Threshold;
  key.path = now.path;
  key.angle = now.angle;
  key.centerX = now.centerX;
  key.centerY = now.centerY;
  return key;
}

bool WarmKey::operator==(const WarmKey& o) const {
  const auto fields = [](const WarmKey& k) {
    return std::tie(k.width, k.height, k.algorithm, k.axis, k.paddedLength, k.paddedCount, k.packed, k.mask, k.field,
                    k.pieces, k.skip, k.outside, k.threshold, k.path, k.angle, k.centerX, k.centerY);
  };
  return fields(*this) == fields(o);
}

int IdleWarm::step(const PixelSortView& view) {
  if (fence_) {
    if (glClientWaitSync(fence_, 0, 0) == GL_TIMEOUT_EXPIRED) return static_cast<int>(left_.size()) + 1;
    glDeleteSync(fence_);
    fence_ = nullptr;
  }
  const WarmKey key = WarmKey::of(view);
  if (!made_ || !(*made_ == key)) {
    made_ = key;
    left_ = warmOptions(view, width_, height_);
  }
  if (left_.empty()) return 0;
  const PixelSortOptions options = left_.back();
  left_.pop_back();
  try {
    PixelSortPlan plan("the warm sort", width_, height_, options, view.algorithm(), true);
    plan.run(Image{width_, height_, 4, std::vector<std::uint8_t>(std::size_t(width_) * height_ * 4, 0)});
    fence_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  } catch (const Error&) {  // a key its lines cannot take: nothing to warm for it
    while (glGetError() != GL_NO_ERROR) {
    }
  }
  return static_cast<int>(left_.size()) + (fence_ ? 1 : 0);
}

}  // namespace texsort
