// The viewer's Pixel sort mode: the pixel sort's schedule on a runner, seekable, and its picture.
#include "playback/pixel_sort_view.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "error.h"
#include "pixelsort/pixel_runner.h"
#include "shaders/embedded.h"
#include "sort/bits.h"
#include "sort/memory_budget.h"

namespace texsort {
namespace {

using Clock = std::chrono::steady_clock;

// Units for the picture's textures (sort_common.glsl's samplers).
constexpr GLint kStateUnit = 0, kPixelsUnit = 4, kSpansUnit = 5, kBytesUnit = 6, kMapsUnit = 7;

// The first pass that gives positions elements (after the span passes).
std::size_t firstElementPass(const PassSchedule& schedule) {
  for (std::size_t p = 0; p < schedule.size(); ++p)
    if (passWrites(schedule[p]) != Buffer::Spans) return p;
  return schedule.size();
}

}  // namespace

std::vector<std::uint8_t> lineColours(const LineLayout& layout) {
  std::vector<std::uint8_t> rgba(layout.pixelCount() * 4, 255);
  for (std::uint32_t line = 0; line < layout.count; ++line) {
    // A hue far from the last line's (golden-ratio steps), full saturation.
    const double hue = std::fmod(line * 0.6180339887498949, 1.0) * 6.0;
    const int sector = static_cast<int>(hue);
    const double f = hue - sector;
    const double channel[6][3] = {{1, f, 0}, {1 - f, 1, 0}, {0, 1, f}, {0, 1 - f, 1}, {f, 0, 1}, {1, 0, 1 - f}};
    const std::uint32_t length = layout.lengthOf(line);
    for (std::uint32_t p = 0; p < length; ++p) {
      const double value = 0.3 + 0.7 * (length > 1 ? double(p) / (length - 1) : 1.0);
      std::uint8_t* out = &rgba[4 * layout.pixelOf(line, p)];
      for (int c = 0; c < 3; ++c) out[c] = static_cast<std::uint8_t>(std::lround(255.0 * value * channel[sector % 6][c]));
    }
  }
  return rgba;
}

GLuint PixelSortView::linesTexture() {
  if (lines_.id() == 0) {
    const std::vector<std::uint8_t> colours = lineColours(layout_);
    lines_ = gl::Texture(image_.width, image_.height, gl::TextureFormat::Rgba8, colours.data(), "path overlay");
  }
  return lines_.id();
}

PixelSortView::PixelSortView(Image image, const PixelSortOptions& options, Algorithm algorithm)
    : image_(std::move(image)),
      options_(options),
      algorithm_(algorithm),
      picture_(image_.width, image_.height, gl::TextureFormat::Rgba8, nullptr, "pixel sort picture"),
      target_(picture_, "pixel sort picture target") {
  checkPixelSortOptions(options_);
  checkPixelSortAlgorithm(algorithm_);
  rebuildLines();
}

void PixelSortView::rebuildLines() {
  checkMaskSize(options_, image_.width, image_.height, "the mask");
  layout_ = lineLayout(image_.width, image_.height, options_);
  lines_ = gl::Texture();
  if (const std::string limit = pixelSortLimit(layout_.shape(), options_.key, algorithm_); !limit.empty()) {
    const bool algorithmLimit = layout_.shape().count() > info(algorithm_).maxElements;  // as texsort pixelsort
    throw Error(algorithmLimit ? ExitCode::Gpu : ExitCode::BadInput,
                std::to_string(image_.width) + "x" + std::to_string(image_.height) + " needs " + limit);
  }
  // The memory budget before the runner allocates anything, as texsort pixelsort checks it.
  checkMemoryBudget("the image", image_.width, image_.height,
                    pixelSortMemoryNeed(image_.width, image_.height, layout_.shape().count(), 0, algorithm_,
                                        sourceShape(layout_, options_).maps()));
  // The picture reads the source as the passes do.
  const std::string defines = sourceDefines(sourceShape(layout_, options_));
  program_ = gl::Program("fullscreen.vert", shaders::kShader_fullscreen_vert, "pixelsort_view.frag",
                         {shaders::kShader_sort_common_glsl, defines.c_str(), shaders::kShader_pixel_source_glsl,
                          shaders::kShader_pixelsort_view_frag});
  schedule_ = pixelSortSchedule(layout_, algorithm_, options_);
  runner_ = makeRunner(algorithm_, schedule_.shape.count());
  runner_->prepare(schedule_, sourceShape(layout_, options_));
  uploadPixelSource(*runner_, image_, options_, layout_);
  pass_ = 0;
}

void PixelSortView::setOptions(const PixelSortOptions& options, Algorithm algorithm) {
  checkPixelSortOptions(options);
  checkPixelSortAlgorithm(algorithm);
  const bool sameLines = options.angle == options_.angle && options.mask == options_.mask &&
                         options.field == options_.field && algorithm == algorithm_ &&
                         packsLines(options) == packsLines(options_) && options.path == options_.path &&
                         options.centerX == options_.centerX && options.centerY == options_.centerY &&
                         (options.path == PixelPath::Lines || options.key == options_.key);  // a path's pieces follow the key
  options_ = options;
  algorithm_ = algorithm;
  if (sameLines) {  // the uploaded source stands: only the passes change
    schedule_ = pixelSortSchedule(layout_, algorithm_, options_);
    runner_->prepare(schedule_, sourceShape(layout_, options_));
    runner_->restartFromSource();
    pass_ = 0;
  } else {
    rebuildLines();
  }
  seek(passCount(), false);
}

void PixelSortView::setImage(Image image) {
  if (image.width != image_.width || image.height != image_.height) {
    throw Error(ExitCode::BadInput, "a frame of " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                                        " in a clip of " + std::to_string(image_.width) + "x" + std::to_string(image_.height));
  }
  image_ = std::move(image);
  const std::uint32_t at = pass_;
  uploadPixelSource(*runner_, image_, options_, layout_);
  pass_ = 0;
  seek(at, false);
}

void PixelSortView::seek(std::uint32_t target, bool wait) {
  const auto start = Clock::now();
  target = std::min(target, passCount());
  if (target < pass_) {
    runner_->restartFromSource();
    pass_ = 0;
  }
  for (; pass_ < target; ++pass_) runner_->runPass(schedule_[pass_]);
  if (wait) glFinish();
  lastUpdateMs_ = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void PixelSortView::render(bool spans) {
  const StateView view = runner_->view();
  int form = 1;
  if (pass_ <= firstElementPass(schedule_)) form = 0;
  else if (view.form == Buffer::Pixels) form = 3;  // after the last pass, which writes the image
  else if (view.form == Buffer::Compact) form = 2;
  const bool haveSpans = spans && view.spans != nullptr;

  glUseProgram(program_.id());
  const auto set = [&](const char* name, GLint v) { glUniform1i(program_.uniform(name), v); };
  set("u_state", kStateUnit);
  set("u_bytes", kBytesUnit);
  set("u_spans", kSpansUnit);
  set("u_pixels", kPixelsUnit);
  set("u_pixelMaps", kMapsUnit);
  set("u_form", form);
  set("u_imageWidth", static_cast<GLint>(image_.width));
  set("u_showSpans", haveSpans);
  set("u_widthLog2", static_cast<GLint>(log2Exact(view.layout.width)));
  set("u_compactWidthLog2", static_cast<GLint>(log2Exact(std::max(1u, view.compactLayout.width))));
  setSourceUniforms(program_, view.sourceShape);  // u_lineBits too
  set("u_spansWidthLog2", static_cast<GLint>(log2Exact(std::max(1u, view.spansLayout.width))));
  glUniform1ui(program_.uniform("u_maxSpan"), options_.maxSpan);
  glUniform1ui(program_.uniform("u_skipPercent"), options_.skipPercent);
  glUniform1ui(program_.uniform("u_seed"), options_.seed);
  glUniform1ui(program_.uniform("u_mixWeight"), mixWeight(options_.mix));
  const std::pair<GLint, const gl::Texture*> bound[] = {
      {kBytesUnit, form == 3 ? view.current : nullptr},
      {kPixelsUnit, view.pixels},
      {kMapsUnit, view.pixelMaps},
      {kSpansUnit, haveSpans ? view.spans : nullptr},
      {kStateUnit, form == 3 ? nullptr : view.current}};
  for (const auto& [unit, texture] : bound) {  // unit 0 last: it stays the active one
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    glBindTexture(GL_TEXTURE_2D, texture ? texture->id() : 0);
  }
  triangle_.draw(target_, image_.width, image_.height);
  TEXSORT_GL_CHECK("pixel sort picture");
}

Image PixelSortView::result() {
  seek(passCount());
  Image out = withPixels(image_, runner_->readPixelBytes(image_.pixelCount(), {}));
  mixWithOriginal(out.rgba, image_.rgba, options_.mix);
  return out;
}

}  // namespace texsort
