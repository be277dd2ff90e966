// The viewer's Pixel sort mode: the pixel sort's schedule on a runner, seekable, and its picture.
#include "playback/pixel_sort_view.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include "error.h"
#include "pixelsort/pixel_runner.h"
#include "shaders/embedded.h"
#include "sort/pass_blocks.h"
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

// The view draws its picture into one texture of the image's size: a side over the context's
// largest texture is said in one line naming the file, before anything is made (the command line,
// which reads the result back from the sort's own layout, sorts it).
static Image withDrawableSides(Image image, const std::string& name) {
  GLint maxSide = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSide);
  if (maxSide > 0 && std::max(image.width, image.height) > std::uint32_t(maxSide)) {
    throw Error(ExitCode::Gpu, name + ": " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                                   " pixels, a side over the " + std::to_string(maxSide) +
                                   " this GPU draws a picture in; texsort pixelsort sorts it to a file");
  }
  return image;
}

GLuint PixelSortView::linesTexture() {
  if (lines_.id() == 0) {
    const std::vector<std::uint8_t> colours = lineColours(plan_->layout());
    lines_ = gl::Texture(image_.width, image_.height, gl::TextureFormat::Rgba8, colours.data(), "path overlay");
  }
  return lines_.id();
}

PixelSortView::PixelSortView(Image image, const PixelSortOptions& options, Algorithm algorithm, std::string name,
                             bool chosen)
    : image_(withDrawableSides(std::move(image), name)),
      name_(std::move(name)),
      options_(options),
      algorithm_(algorithm),
      picture_(image_.width, image_.height, gl::TextureFormat::Rgba8, nullptr, "pixel sort picture"),
      target_(picture_, "pixel sort picture target") {
  checkPixelSortOptions(options);
  checkPixelSortAlgorithm(algorithm);
  rebuildLines(options, algorithm, chosen);
}

const gl::Program& PixelSortView::pictureProgram(const std::string& defines) {
#ifdef __EMSCRIPTEN__
  // The page keeps one WebGL2 context for all its views, so their programs are kept across them:
  // the browser builds a program's code at its first draw (as FragmentRunner keeps the passes').
  static std::map<std::string, gl::Program> kept;
  gl::Program& p = kept[defines];
#else
  gl::Program& p = programs_[defines];
#endif
  if (!p) {
    p = gl::Program("fullscreen.vert", shaders::kShader_fullscreen_vert, "pixelsort_view.frag",
                    {shaders::kShader_sort_common_glsl, defines.c_str(), shaders::kShader_pixel_source_glsl,
                     shaders::kShader_pixelsort_view_frag});
    gl::bindBlocks(p, {&commonBlockLayout()});
  }
  return p;
}

void PixelSortView::rebuildLines(const PixelSortOptions& options, Algorithm algorithm, bool chosen) {
  checkMaskSize(options, image_.width, image_.height, "the mask", "the field");
  // The limits and the memory budget first, as texsort pixelsort checks them; on a refusal the view
  // keeps its plan and options. The new plan takes the old one's runner where it can (its textures
  // and programs serve again); a later failure gives it back, and the view comes back to its pass.
  std::unique_ptr<PixelSortPlan> plan;
  const gl::Program* program = nullptr;
  try {
    plan = plan_ ? std::make_unique<PixelSortPlan>(*plan_, options, algorithm, chosen)
                 : std::make_unique<PixelSortPlan>(name_, image_.width, image_.height, options, algorithm, chosen);
    program = &pictureProgram(sourceDefines(sourceShape(plan->layout(), options)));  // reads the source as the passes do
    plan->upload(pixels());
  } catch (...) {
    if (plan && plan_) plan->giveRunnerBack(*plan_);
    if (plan_ && plan_->gotRunnerBack()) {  // the picture again, brought back to the pass shown
      const std::uint32_t at = pass_;
      plan_->upload(pixels());
      pass_ = 0;
      seek(at, false);
    }
    throw;
  }
  plan_ = std::move(plan);
  program_ = program;
  options_ = options;
  algorithm_ = plan_->algorithm();
  chosen_ = chosen;
  lines_ = gl::Texture();
  pass_ = 0;
}

void PixelSortView::setOptions(const PixelSortOptions& options, Algorithm algorithm, bool toEnd, bool chosen) {
  checkPixelSortOptions(options);
  // auto: the same lines keep auto's choice for them (the one running, unless it was named); new
  // lines choose again in the plan.
  if (!chosen) algorithm = chosen_ ? pixelSortAlgorithmHere(algorithm, false, plan_->schedule().shape.count()) : algorithm_;
  checkPixelSortAlgorithm(algorithm);
  if (algorithm == algorithm_ && plan_->takes(options)) {  // --mix alone: drawn from the same passes
    options_ = options;
    chosen_ = chosen;
  } else if (plan_->keepsLines(options, algorithm)) {  // the uploaded source stands: only the passes change
    plan_->reschedule(options);
    options_ = options;
    algorithm_ = plan_->algorithm();
    chosen_ = chosen;
    pass_ = 0;
  } else {
    rebuildLines(options, algorithm, chosen);
  }
  if (toEnd) seek(passCount(), false);
}

void PixelSortView::setImage(Image image) {
  if (image.width != image_.width || image.height != image_.height) {
    throw Error(ExitCode::BadInput, "a frame of " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                                        " in a clip of " + std::to_string(image_.width) + "x" + std::to_string(image_.height));
  }
  image_ = std::move(image);
  frame_ = 0;
  const std::uint32_t at = pass_;
  plan_->upload(image_);
  pass_ = 0;
  seek(at, false);
}

void PixelSortView::setFrame(GLuint framebuffer) {
  const std::uint32_t at = pass_;
  plan_->uploadPixels(framebuffer);
  frame_ = framebuffer;
  pass_ = 0;
  seek(at, false);
}

const Image& PixelSortView::pixels() {
  if (frame_ != 0) {
    image_.rgba.resize(image_.pixelCount() * 4);
    gl::readTexels(frame_, image_.width, image_.height, GL_RGBA, GL_UNSIGNED_BYTE, image_.rgba.data());
    frame_ = 0;
  }
  return image_;
}

void PixelSortView::seek(std::uint32_t target, bool wait) {
  const auto start = Clock::now();
  target = std::min(target, passCount());
  if (target < pass_) {
    plan_->runner().restartFromSource();
    pass_ = 0;
  }
  for (; pass_ < target; ++pass_) plan_->runner().runPass(plan_->schedule()[pass_]);
  if (wait) glFinish();
  lastUpdateMs_ = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void PixelSortView::render(bool spans) {
  const StateView view = plan_->runner().view();
  int form = 1;
  if (pass_ <= firstElementPass(plan_->schedule())) form = 0;
  else if (view.form == Buffer::Pixels) form = 3;  // after the last pass, which writes the image
  else if (view.form == Buffer::Compact) form = 2;
  const bool haveSpans = spans && view.spans != nullptr;

  glUseProgram(program_->id());
  const auto set = [&](const char* name, GLint v) { glUniform1i(program_->uniform(name), v); };
  set("u_state", kStateUnit);
  set("u_bytes", kBytesUnit);
  set("u_spans", kSpansUnit);
  set("u_pixels", kPixelsUnit);
  set("u_pixelMaps", kMapsUnit);
  set("u_form", form);
  set("u_imageWidth", static_cast<GLint>(image_.width));
  set("u_showSpans", haveSpans);
  bindCommonBlock(common_, view.layout.count(), view.sourceShape);
  glUniform1ui(program_->uniform("u_maxSpan"), options_.maxSpan);
  glUniform1ui(program_->uniform("u_skipPercent"), options_.skipPercent);
  glUniform1ui(program_->uniform("u_seed"), options_.seed);
  glUniform1ui(program_->uniform("u_mixWeight"), mixWeight(options_.mix));
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
  return withPixels(pixels(), plan_->readSorted(pixels(), {}, options_.mix));
}

}  // namespace texsort
