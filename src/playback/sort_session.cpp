// SortSession: seek by replay, first-time passes timed and reduced to statistics on the GPU.
#include "playback/sort_session.h"

#include <algorithm>
#include <cmath>

#include "shaders/embedded.h"
#include "sort/pass_blocks.h"
#include "sort/bits.h"
#include "sort/memory_budget.h"

namespace texsort {
namespace {
constexpr std::uint32_t kStatsSpan = 32;  // texels each stats fragment sums, along a row (< 64: see measure)
constexpr std::uint32_t kCheckpointPasses = 256;   // passes a seek replays at most, where checkpoints are kept
constexpr std::uint64_t kCheckpointBytes = 256ull << 20;  // and their memory, at most

// The spacing of checkpoints for `schedule` on `count` elements: 0 unless every pass reads and
// writes the elements alone (a checkpoint is then the whole state) and there are passes to save.
std::uint32_t spacingFor(const PassSchedule& schedule, std::uint64_t count) {
  if (schedule.size() <= 2 * kCheckpointPasses) return 0;
  for (const Pass& pass : schedule)
    if (passReads(pass) != bufferBit(Buffer::Elements) || passWrites(pass) != Buffer::Elements) return 0;
  const std::uint64_t affordable = std::max<std::uint64_t>(1, kCheckpointBytes / (count * sizeof(Element)));
  return static_cast<std::uint32_t>(std::max<std::uint64_t>(kCheckpointPasses, schedule.size() / affordable + 1));
}
}

namespace {
// The final position of every element, by original index, as 4 little-endian bytes in RGBA8
// texels of the element layout (exact for any count, where a float would stop at 2^24).
std::vector<std::uint8_t> finalPositions(const std::vector<Element>& elements) {
  std::vector<std::uint32_t> order(elements.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return elementLess(elements[a], elements[b]); });
  const unsigned highBits = indexHighBits(elements.size());
  std::vector<std::uint8_t> bytes(elements.size() * 4);
  for (std::uint32_t position = 0; position < order.size(); ++position) {
    const std::uint64_t original = originalIndex(elements[order[position]], highBits);
    for (int b = 0; b < 4; ++b) bytes[original * 4 + std::size_t(b)] = std::uint8_t(position >> (8 * b));
  }
  return bytes;
}

// The budget is checked before the session allocates anything large (it runs first in the list).
Image checkedImage(Image image, Algorithm algorithm, const std::string& name) {
  checkAlgorithmFits(algorithm, nextPowerOfTwo(image.pixelCount()));
  checkMemoryBudget(name, image.width, image.height, 0, algorithm);
  return image;
}
}  // namespace

SortSession::SortSession(Image image, SortOrder order, Algorithm algorithm, std::string name)
    : image_(checkedImage(std::move(image), algorithm, name)),
      order_(order),
      algorithm_(algorithm),
      name_(std::move(name)),
      elements_(packElements(image_, order_)),
      schedule_(scheduleFor(algorithm_, elements_.size())),
      runner_(makeRunner(algorithm_, elements_.size())),
      stats_(schedule_.size() + 1) {
  runner_->upload(elements_);
  const TextureLayout& layout = runner_->layout();
  const std::uint32_t spans = (layout.width + kStatsSpan - 1) / kStatsSpan;
  statsTexture_ = gl::Texture(spans, layout.height, nullptr, "pass statistics");
  statsTarget_ = gl::Framebuffer(statsTexture_, "pass statistics target");
  statsProgram_ = gl::Program("fullscreen.vert", shaders::kShader_fullscreen_vert, "pass_stats.frag",
                              {shaders::kShader_sort_common_glsl, shaders::kShader_state_view_glsl,
                               shaders::kShader_pass_stats_frag});
  gl::bindBlocks(statsProgram_, {&commonBlockLayout()});
  statsReadBack_.resize(std::size_t{spans} * layout.height * 4);
  rankTexture_ = gl::Texture(layout.width, layout.height, gl::TextureFormat::Rgba8, finalPositions(elements_).data(),
                             "final positions");
  measure(stats_[0]);
  checkpointSpacing_ = spacingFor(schedule_, elements_.size());
  if (checkpointSpacing_) checkpoints_.resize(passCount() / checkpointSpacing_);
}

const Pass* SortSession::shownPass() const {
  if (schedule_.empty()) return nullptr;
  return &schedule_[pass_ > 0 ? pass_ - 1 : 0];
}

double SortSession::totalGpuMs() const {
  double total = 0.0;
  for (std::uint32_t p = 1; p <= pass_; ++p) total += stats_[p].gpuMs;
  return total;
}

std::uint64_t SortSession::totalCompareExchanges() const {
  std::uint64_t total = 0;
  for (std::uint32_t p = 1; p <= pass_; ++p) total += stats_[p].compareExchanges;
  return total;
}

std::uint64_t SortSession::totalMoved() const {
  std::uint64_t total = 0;
  for (std::uint32_t p = 1; p <= pass_; ++p) total += stats_[p].moved;
  return total;
}

void SortSession::seek(std::uint32_t target) {
  target = std::min(target, passCount());
  restoreCheckpointFor(target);
  if (target < pass_) {
    runner_->upload(elements_);
    pass_ = 0;
  }
  while (pass_ < target) {
    if (stats_[pass_ + 1].known) {
      runner_->runPass(schedule_[pass_]);
      ++pass_;
    } else {
      runMeasured();
    }
    ++passesRun_;
    keepCheckpoint();
  }
}

void SortSession::restoreCheckpointFor(std::uint32_t target) {
  if (!checkpointSpacing_) return;
  for (std::size_t k = std::min<std::size_t>(target / checkpointSpacing_, checkpoints_.size()); k > 0; --k) {
    const std::uint32_t at = static_cast<std::uint32_t>(k) * checkpointSpacing_;
    if (at <= pass_ && pass_ <= target) return;  // going on from here replays less
    if (checkpoints_[k - 1].empty()) continue;
    runner_->upload(checkpoints_[k - 1]);
    pass_ = at;
    return;
  }
}

void SortSession::keepCheckpoint() {
  if (!checkpointSpacing_ || pass_ % checkpointSpacing_ != 0) return;
  const std::size_t k = pass_ / checkpointSpacing_;
  if (k >= 1 && k <= checkpoints_.size() && checkpoints_[k - 1].empty()) checkpoints_[k - 1] = runner_->readElements();
}

void SortSession::runMeasured() {
  timer_.begin();
  runner_->runPass(schedule_[pass_]);
  timer_.end();
  ++pass_;

  PassStats& s = stats_[pass_];
  measure(s);
  s.gpuMs = timer_.milliseconds();
  s.compareExchanges = compareExchangeCount(schedule_[pass_ - 1], runner_->elementCount());
}

void SortSession::measure(PassStats& s) {
  // Reduce over spans of a row on the GPU; sum the few partial sums here. A pass that changed
  // nothing positions hold (radix flags and scans, pack) has no previous state: 0 moved.
  glUseProgram(statsProgram_.id());
  bindStateView(statsProgram_, runner_->view(), statsCommon_);
  glUniform1i(statsProgram_.uniform("u_span"), static_cast<GLint>(kStatsSpan));
  glUniform1i(statsProgram_.uniform("u_rank"), 3);
  glActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_2D, rankTexture_.id());
  glActiveTexture(GL_TEXTURE0);
  triangle_.draw(statsTarget_, statsTexture_.width(), statsTexture_.height());
  gl::readTexels(statsTarget_, statsTexture_.width(), statsTexture_.height(), GL_RGBA, GL_FLOAT, statsReadBack_.data());

  // r packs three counts (pass_stats.frag): in order + 64 * moved + 4096 * turns.
  double inOrder = 0, moved = 0, turns = 0, settled = 0, distance = 0;
  for (std::size_t i = 0; i < statsReadBack_.size(); i += 4) {
    const auto packed = static_cast<std::uint32_t>(statsReadBack_[i]);
    inOrder += packed % 64;
    moved += (packed / 64) % 64;
    turns += packed / 4096;
    settled += statsReadBack_[i + 2];
    distance += statsReadBack_[i + 3];
  }
  const double n = static_cast<double>(runner_->elementCount());
  s.inOrderPercent = n > 1 ? 100.0 * inOrder / (n - 1) : 100.0;
  s.movedPercent = 100.0 * moved / n;
  s.moved = static_cast<std::uint64_t>(moved);
  s.runLengthLog2 = std::log2(n / (turns + 1));
  s.settledPercent = 100.0 * settled / n;
  s.distancePercent = 100.0 * distance / (n * n);
  s.known = true;
}

}  // namespace texsort
