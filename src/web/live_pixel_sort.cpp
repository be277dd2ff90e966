// The page's Pixel sort, live: the picture is uploaded once, held on the GPU and re-sorted with
// each new set of options by the desktop viewer's Pixel sort view (only what the options change
// is rebuilt), then drawn on the page's canvas straight from the result texture: no read-back and
// no PNG between a change and the picture. A recipe's earlier sorts (--then, or a preset such as
// asdf) run as `texsort pixelsort` runs them, once per change of theirs, and their result is the
// live sort's picture. A clip's frame goes from the browser's decoder into a texture and from
// there into the sort's source on the GPU; its bytes are read back only when asked for. The
// options are parsed by the command line's own parser, so every value and message is the CLI's.
// bindings.cpp hands the class to the page (texsort.live in web/texsort.js).
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "context/egl_context.h"
#include "error.h"
#include "gl/fullscreen.h"
#include "gl/objects.h"
#include "image/image_io.h"
#include "playback/pixel_sort_view.h"
#include "pixelsort/option_parse.h"
#include "pixelsort/pixel_runner.h"
#include "pixelsort/recipe.h"
#include "sort/element.h"
#include "web/canvas.h"
#include "web/live_pixel_sort.h"

namespace texsort {

namespace {

// A clip's frame of width x height pixels, refused in one line naming `name` when texsort cannot sort it.
void checkFrameSize(int width, int height, const std::string& name) {
  const std::string size = std::to_string(width) + "x" + std::to_string(height);
  if (width <= 0 || height <= 0) throw Error(ExitCode::BadInput, name + ": a frame of " + size + " pixels: none to sort");
  if (std::uint64_t(width) * std::uint64_t(height) > kMaxElements) {
    throw Error(ExitCode::BadInput, name + ": a frame of " + size + " pixels, more than texsort sorts");
  }
}

// The words of the sorts before the last (through its --then): all the earlier sorts' result
// depends on, so a change to the last sort's options alone does not run them again. Without a
// --then (a --preset's sorts) every word.
std::string earlierWords(const std::vector<std::string>& args) {
  std::size_t last = args.size();
  for (std::size_t i = 0; i < args.size(); ++i)
    if (args[i] == "--then") last = i + 1;
  std::string words;
  for (std::size_t i = 0; i < last; ++i) words += args[i] + '\n';
  return words;
}

}  // namespace

LivePixelSort::~LivePixelSort() {
  if (!context_) return;
  context_->makeCurrent();  // the GL objects go while their context is current
  if (fence_) glDeleteSync(fence_);
}

// The page's WebGL2 context, made at the first call that needs it, current.
void LivePixelSort::makeCurrent() {
  if (!context_) context_ = std::make_unique<HeadlessContext>();
  context_->makeCurrent();
}

// The opened picture with its bytes: read back from the frame texture first where a clip's frame
// left them there (only when something needs them: earlier sorts, new lines, the page's tests).
const Image& LivePixelSort::openedImage() {
  if (imageInFrame_) {
    image_.rgba.resize(image_.pixelCount() * 4);
    gl::readTexels(frameTarget_, image_.width, image_.height, GL_RGBA, GL_UNSIGNED_BYTE, image_.rgba.data());
    imageInFrame_ = false;
  }
  return image_;
}

// A clip's frame in place of the picture: `image` (its bytes, or with `inFrame` only its size, the
// pixels in the frame texture). Sorted at once where the view can take it as it stands (a frame of
// the same size, no earlier sorts): true. Otherwise false, the view dropped: set() plans again.
bool LivePixelSort::takeFrame(Image image, bool inFrame, const std::string& name) {
  const bool sameSize = image_.width == image.width && image_.height == image.height;
  image_ = std::move(image);
  imageInFrame_ = inFrame;
  name_ = name;
  if (!sameSize) brush_ = Image{};
  if (view_ && sameSize && earlierKey_.empty()) {
    if (inFrame) view_->setFrame(frameTarget_.id());
    else view_->setImage(image_);
    return true;
  }
  view_.reset();
  earlier_.reset();
  return false;
}

// The sorts before the last, run on the opened image as the CLI runs them (each result the next
// one's input) unless the same arguments ran them last; whether the live sort's picture changed.
bool LivePixelSort::runEarlierSorts(const std::vector<PixelSortStage>& stages, const std::string& key) {
  const std::string ran = stages.size() > 1 ? key : std::string();
  if (earlier_ && ran == earlierKey_) return false;
  openedImage();
  if (stages.size() == 1) {
    earlier_ = std::shared_ptr<const Image>(&image_, [](const Image*) {});  // the opened image, not owned
  } else {
    earlier_ = std::make_shared<const Image>(sortThrough(image_, {stages.begin(), stages.end() - 1}, name_));
  }
  earlierKey_ = ran;
  return true;
}

void LivePixelSort::open(const std::vector<std::uint8_t>& bytes, const std::string& name) {
  makeCurrent();
  const ImageHeader header = readImageHeader(name, bytes.data(), bytes.size(), kMaxElements);
  Image image = decodeImage(name, bytes.data(), bytes.size(), header);
  view_.reset();
  earlier_.reset();
  brush_ = Image{};
  image_ = std::move(image);
  imageInFrame_ = false;
  name_ = name;
}

// The recipe the options make (texsort pixelsort's sort options, --then, --preset) is parsed as
// the command line and the plugin parse it (parseSorts): its first sort, then each later one.
std::uint32_t LivePixelSort::set(const std::vector<std::string>& args) {
  if (image_.width == 0) throw Error(ExitCode::Usage, "no picture is open");
  context_->makeCurrent();
  const std::vector<PixelSortStage> stages = parseSorts(args).stages;
  const bool newPicture = runEarlierSorts(stages, earlierWords(args));
  const PixelSortStage last = withSidePictures(stages.back(), earlier_->width, earlier_->height);
  if (view_ && !newPicture) {
    view_->setOptions(last.options, last.algorithm, false, last.algorithmChosen);
  } else {
    view_.reset();  // its textures go before the new view's are made
    openedImage();
    view_ = std::make_unique<PixelSortView>(*earlier_, last.options, last.algorithm, name_, last.algorithmChosen);
  }
  return view_->passCount();
}

bool LivePixelSort::frame(std::vector<std::uint8_t> rgba, int width, int height, const std::string& name) {
  checkFrameSize(width, height, name);
  if (rgba.size() != std::size_t(width) * std::size_t(height) * 4) {
    throw Error(ExitCode::BadInput, name + ": a frame of " + std::to_string(rgba.size()) + " bytes is not " +
                                        std::to_string(width) + "x" + std::to_string(height) + " RGBA pixels");
  }
  makeCurrent();
  return takeFrame(Image{std::uint32_t(width), std::uint32_t(height), 4, std::move(rgba)}, false, name);
}

void LivePixelSort::frameTexture(int width, int height, const std::string& name) {
  checkFrameSize(width, height, name);
  makeCurrent();
  if (frame_.width() != std::uint32_t(width) || frame_.height() != std::uint32_t(height)) {
    if (imageInFrame_) image_ = Image{};  // its bytes go with the texture, as does the view reading them
    view_.reset();
    earlier_.reset();
    frameTarget_ = gl::Framebuffer();
    frame_ = gl::Texture(std::uint32_t(width), std::uint32_t(height), gl::TextureFormat::Rgba8, nullptr, "clip frame");
    frameTarget_ = gl::Framebuffer(frame_, "clip frame target");
  }
  glBindTexture(GL_TEXTURE_2D, frame_.id());
}

// The frame the page uploaded into frameTexture's texture, copied into the sort's source on the
// GPU, never through the page.
bool LivePixelSort::frameDrawn(const std::string& name) {
  if (frame_.width() == 0) throw Error(ExitCode::Usage, name + ": no frame texture was made for it");
  context_->makeCurrent();
  return takeFrame(Image{frame_.width(), frame_.height(), 4, {}}, true, name);
}

const std::vector<std::uint8_t>& LivePixelSort::source() {
  static const std::vector<std::uint8_t> none;
  if (image_.width == 0) return none;
  context_->makeCurrent();
  return openedImage().rgba;
}

std::uint32_t LivePixelSort::advance(int passes) {
  if (!view_) return 0;
  view_->seek(view_->pass() + static_cast<std::uint32_t>(std::max(0, passes)), false);
  return view_->passCount() - view_->pass();
}

// Drawn at the picture's size, row 0 at the top.
void LivePixelSort::draw(bool original) {
  if (!view_) return;
  context_->makeCurrent();
  const std::uint32_t at = view_->pass();
  if (original) view_->seek(0, false);
  view_->render(false);
  if (original) view_->seek(at, false);
  showOnCanvas(view_->framebuffer(), static_cast<int>(view_->width()), static_cast<int>(view_->height()));
}

const std::vector<std::uint8_t>& LivePixelSort::read() {
  drawn_.clear();
  if (!view_) return drawn_;
  context_->makeCurrent();
  const std::uint32_t w = view_->width(), h = view_->height();
  std::vector<std::uint8_t> rows(std::size_t(w) * h * 4);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glReadPixels(0, 0, static_cast<GLsizei>(w), static_cast<GLsizei>(h), GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
  drawn_.resize(rows.size());
  for (std::uint32_t y = 0; y < h; ++y) {
    std::copy_n(&rows[std::size_t(h - 1 - y) * w * 4], std::size_t(w) * 4, &drawn_[std::size_t(y) * w * 4]);
  }
  return drawn_;
}

void LivePixelSort::wait() {
  if (!context_) return;
  context_->makeCurrent();
  std::uint8_t pixel[4];
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
}

void LivePixelSort::fence() {
  if (!context_) return;
  context_->makeCurrent();
  if (fence_) glDeleteSync(fence_);
  fence_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  glFlush();
}

bool LivePixelSort::done() {
  if (!fence_) return true;
  context_->makeCurrent();
  if (glClientWaitSync(fence_, 0, 0) == GL_TIMEOUT_EXPIRED) return false;
  glDeleteSync(fence_);
  fence_ = nullptr;
  return true;
}

int LivePixelSort::warm() {
  if (!view_) return 0;
  context_->makeCurrent();
  return warm_.step(*view_);
}

}  // namespace texsort
