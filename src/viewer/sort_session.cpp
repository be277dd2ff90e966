// SortSession: seek by replay, first-time passes timed and reduced to statistics on the GPU.
#include "viewer/sort_session.h"

#include "shaders/embedded.h"

namespace texsort {
namespace {
constexpr std::uint32_t kStatsSpan = 32;  // texels each stats fragment sums, along a row
}

SortSession::SortSession(Image image, SortOrder order, Algorithm algorithm, std::string name)
    : image_(std::move(image)),
      order_(order),
      algorithm_(algorithm),
      name_(std::move(name)),
      elements_(packElements(image_, order_)),
      schedule_(scheduleFor(algorithm_, elements_.size())),
      sorter_(elements_.size()),
      stats_(schedule_.size() + 1) {
  sorter_.upload(elements_);
  const TextureLayout& layout = sorter_.layout();
  const std::uint32_t spans = (layout.width + kStatsSpan - 1) / kStatsSpan;
  statsTexture_ = gl::Texture(spans, layout.height, nullptr, "pass statistics");
  statsTarget_ = gl::Framebuffer(statsTexture_, "pass statistics target");
  statsProgram_ = gl::Program("fullscreen.vert", shaders::kShader_fullscreen_vert, "pass_stats.frag",
                              {shaders::kShader_sort_common_glsl, shaders::kShader_pass_stats_frag});
  statsReadBack_.resize(std::size_t{spans} * layout.height * 4);
  stats_[0].known = true;
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

void SortSession::seek(std::uint32_t target) {
  target = std::min(target, passCount());
  if (target < pass_) {
    sorter_.upload(elements_);
    pass_ = 0;
  }
  while (pass_ < target) {
    if (stats_[pass_ + 1].known) {
      sorter_.runPass(schedule_[pass_]);
      ++pass_;
    } else {
      runMeasured();
    }
  }
}

void SortSession::runMeasured() {
  timer_.begin();
  sorter_.runPass(schedule_[pass_]);
  timer_.end();
  ++pass_;

  // Reduce (in order, moved) over spans of a row on the GPU; sum the few partial sums here.
  const TextureLayout& layout = sorter_.layout();
  glUseProgram(statsProgram_.id());
  glUniform1i(statsProgram_.uniform("u_current"), 0);
  glUniform1i(statsProgram_.uniform("u_previous"), 1);
  glUniform1i(statsProgram_.uniform("u_widthLog2"), static_cast<GLint>(log2Exact(layout.width)));
  glUniform1i(statsProgram_.uniform("u_count"), static_cast<GLint>(layout.count()));
  glUniform1i(statsProgram_.uniform("u_span"), static_cast<GLint>(kStatsSpan));
  // The fast path's passes change the compact state; the others the elements (or, for radix's
  // flags and scan, neither: a missing previous state counts as nothing moved).
  const gl::Texture* compact = sorter_.compactTexture();
  const gl::Texture& current = compact ? *compact : sorter_.currentTexture();
  const gl::Texture* previous = compact ? sorter_.previousCompactTexture() : sorter_.previousTexture();
  glUniform1i(statsProgram_.uniform("u_fromCompact"), compact != nullptr);
  glUniform1i(statsProgram_.uniform("u_compactWidthLog2"), static_cast<GLint>(log2Exact(sorter_.compactWidth())));
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, (previous ? *previous : current).id());
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, current.id());
  glBindFramebuffer(GL_FRAMEBUFFER, statsTarget_.id());
  glViewport(0, 0, static_cast<GLsizei>(statsTexture_.width()), static_cast<GLsizei>(statsTexture_.height()));
  glBindVertexArray(vertexArray_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glReadPixels(0, 0, static_cast<GLsizei>(statsTexture_.width()), static_cast<GLsizei>(statsTexture_.height()),
               GL_RGBA, GL_FLOAT, statsReadBack_.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);

  double inOrder = 0.0, moved = 0.0;
  for (std::size_t i = 0; i < statsReadBack_.size(); i += 4) {
    inOrder += statsReadBack_[i];
    moved += statsReadBack_[i + 1];
  }
  const double n = static_cast<double>(layout.count());
  PassStats& s = stats_[pass_];
  s.inOrderPercent = n > 1 ? 100.0 * inOrder / (n - 1) : 100.0;
  s.movedPercent = 100.0 * moved / n;
  s.gpuMs = timer_.milliseconds();
  s.known = true;
}

}  // namespace texsort
