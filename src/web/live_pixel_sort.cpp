// The page's Pixel sort, live: the picture is uploaded once, held on the GPU and re-sorted with
// each new set of options by the desktop viewer's Pixel sort view (only what the options change
// is rebuilt), then drawn on the page's canvas straight from the result texture: no read-back and
// no PNG between a change and the picture. A recipe's earlier sorts (--then, or a preset such as
// asdf) run as `texsort pixelsort` runs them, once per change of theirs, and their result is the
// live sort's picture. A clip's frame goes from the browser's decoder into a texture and from
// there into the sort's source on the GPU; its bytes are read back only when asked for. The
// options are parsed by the command line's own parser, so every value and message is the CLI's.
// web/texsort.js wraps these as texsort.live.
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "context/egl_context.h"
#include "error.h"
#include "gl/fullscreen.h"
#include "gl/objects.h"
#include "image/draw.h"
#include "image/image_io.h"
#include "io/files.h"
#include "playback/pixel_sort_view.h"
#include "pixelsort/animation.h"
#include "pixelsort/option_parse.h"
#include "pixelsort/pixel_runner.h"
#include "pixelsort/presets.h"
#include "pixelsort/recipe.h"
#include "sort/element.h"
#include "web/canvas.h"
#include "web/live_pixel_sort.h"

namespace texsort {

Live& live() {
  static Live l;
  return l;
}

int failed(const Error& e) {
  std::fprintf(stderr, "texsort: error: %s\n", e.what());
  std::fflush(stderr);
  return -static_cast<int>(e.code());
}

}  // namespace texsort

namespace {

using namespace texsort;

// The page's WebGL2 context, made at the first call that needs it, current.
void makeCurrent(Live& l) {
  if (!l.context) l.context = std::make_unique<HeadlessContext>();
  l.context->makeCurrent();
}

// The opened picture with its bytes: read back from the frame texture first where a clip's frame
// left them there (only when something needs them: earlier sorts, new lines, the page's tests).
const Image& openedImage(Live& l) {
  if (l.imageInFrame) {
    l.image.rgba.resize(l.image.pixelCount() * 4);
    gl::readTexels(l.frameTarget, l.image.width, l.image.height, GL_RGBA, GL_UNSIGNED_BYTE, l.image.rgba.data());
    l.imageInFrame = false;
  }
  return l.image;
}

// A clip's frame of width x height pixels, refused in one line naming `name` when texsort cannot sort it.
void checkFrameSize(int width, int height, const char* name) {
  if (width <= 0 || height <= 0 || std::uint64_t(width) * std::uint64_t(height) > kMaxElements) {
    throw Error(ExitCode::BadInput, std::string(name) + ": a frame of " + std::to_string(width) + "x" +
                                        std::to_string(height) + " pixels, more than texsort sorts");
  }
}

// A clip's frame in place of the picture: `image` (its bytes, or with `inFrame` only its size, the
// pixels in the frame texture). Sorted at once where the view can take it as it stands (a frame of
// the same size, no earlier sorts): 1. Otherwise 0, the view dropped: texsort_live_set plans again.
int takeFrame(Live& l, Image image, bool inFrame, const char* name) {
  const bool sameSize = l.image.width == image.width && l.image.height == image.height;
  l.image = std::move(image);
  l.imageInFrame = inFrame;
  l.name = name;
  if (!sameSize) l.brush = Image{};
  if (l.view && sameSize && l.earlierKey.empty()) {
    if (inFrame) l.view->setFrame(l.frameTarget.id());
    else l.view->setImage(l.image);
    return 1;
  }
  l.view.reset();
  l.earlier.reset();
  return 0;
}

// The recipe the options make (texsort pixelsort's sort options, --then, --preset): its first
// sort, then each later one, as the command line and the plugin parse them (parseSorts).
std::vector<PixelSortStage> recipeOf(int argc, char** argv) {
  return parseSorts(std::vector<std::string>(argv, argv + argc)).stages;
}

// The sorts before the last, run on the opened image as the CLI runs them (each result the next
// one's input) unless the same arguments ran them last; whether the live sort's picture changed.
bool runEarlierSorts(Live& l, const std::vector<PixelSortStage>& stages, const std::string& key) {
  const std::string ran = stages.size() > 1 ? key : std::string();
  if (l.earlier && ran == l.earlierKey) return false;
  openedImage(l);
  if (stages.size() == 1) {
    l.earlier = std::shared_ptr<const Image>(&l.image, [](const Image*) {});  // the opened image, not owned
  } else {
    l.earlier = std::make_shared<const Image>(sortThrough(l.image, {stages.begin(), stages.end() - 1}, l.name));
  }
  l.earlierKey = ran;
  return true;
}

// The words of the sorts before the last (through its --then): all the earlier sorts' result
// depends on, so a change to the last sort's options alone does not run them again. Without a
// --then (a --preset's sorts) every word.
std::string earlierWords(int argc, char** argv) {
  int last = argc;
  for (int i = 0; i < argc; ++i)
    if (std::string(argv[i]) == "--then") last = i + 1;
  std::string words;
  for (int i = 0; i < last; ++i) words += std::string(argv[i]) + '\n';
  return words;
}

}  // namespace

// Opens the picture in the module's file `path`, named `name` in messages: 0, or minus the exit
// code with the one-line error on standard error. The picture is sorted by texsort_live_set.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_open(const char* path, const char* name) {
  Live& l = live();
  try {
    makeCurrent(l);
    std::vector<unsigned char> bytes = readImageFile(path);
    const ImageHeader header = readImageHeader(name, bytes.data(), bytes.size(), kMaxElements);
    Image image = decodeImage(name, bytes.data(), bytes.size(), header);
    l.view.reset();
    l.earlier.reset();
    l.brush = Image{};
    l.image = std::move(image);
    l.imageInFrame = false;
    l.name = name;
    return 0;
  } catch (const Error& e) {  // named by the user's file, not the module's copy of it
    const std::string message = e.what();
    return failed(message.rfind(path, 0) == 0 ? Error(e.code(), name + message.substr(std::string(path).size())) : e);
  }
}

// The options (texsort pixelsort's words, without the files): the live sort made ready at pass 0
// and its pass count returned (texsort_live_advance runs them), or minus the exit code with the
// one-line error on standard error; the view keeps its last good options then.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_set(int argc, char** argv) {
  Live& l = live();
  try {
    if (l.image.width == 0) throw Error(ExitCode::Usage, "no picture is open");
    l.context->makeCurrent();
    const std::vector<PixelSortStage> stages = recipeOf(argc, argv);
    const bool newPicture = runEarlierSorts(l, stages, earlierWords(argc, argv));
    const PixelSortStage last = withSidePictures(stages.back(), l.earlier->width, l.earlier->height);
    const Algorithm algorithm = pixelSortAlgorithmHere(last.algorithm, last.algorithmChosen);
    if (l.view && !newPicture) {
      l.view->setOptions(last.options, algorithm, false);
    } else {
      l.view.reset();  // its textures go before the new view's are made
      openedImage(l);
      l.view = std::make_unique<PixelSortView>(*l.earlier, last.options, algorithm, l.name);
    }
    return static_cast<int>(l.view->passCount());
  } catch (const Error& e) {
    return failed(e);
  }
}

// A clip's frame (as the browser decoded it: width x height RGBA at `rgba`, rows from the top) in
// place of the picture, named `name` in messages: 1, sorted under the options set to the pass the
// view was at, ready to draw; 0 when texsort_live_set must plan again (takeFrame); minus the exit
// code on an error.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_frame(const std::uint8_t* rgba, int width, int height, const char* name) {
  Live& l = live();
  try {
    checkFrameSize(width, height, name);
    makeCurrent(l);
    const std::size_t bytes = std::size_t(width) * std::size_t(height) * 4;
    return takeFrame(l, Image{std::uint32_t(width), std::uint32_t(height), 4, std::vector<std::uint8_t>(rgba, rgba + bytes)},
                     false, name);
  } catch (const Error& e) {
    return failed(e);
  }
}

// The texture a clip's next frame of width x height goes into straight from the browser's decoder
// (an 8-bit RGBA texture, row 0 the top), made for that size and left bound to GL_TEXTURE_2D for
// the page to upload into; then texsort_live_frame_drawn. 0, or minus the exit code with the
// one-line error naming `name`.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_frame_texture(int width, int height, const char* name) {
  Live& l = live();
  try {
    checkFrameSize(width, height, name);
    makeCurrent(l);
    if (l.frame.width() != std::uint32_t(width) || l.frame.height() != std::uint32_t(height)) {
      if (l.imageInFrame) l.image = Image{};  // its bytes go with the texture, as does the view reading them
      l.view.reset();
      l.earlier.reset();
      l.frameTarget = gl::Framebuffer();
      l.frame = gl::Texture(std::uint32_t(width), std::uint32_t(height), gl::TextureFormat::Rgba8, nullptr, "clip frame");
      l.frameTarget = gl::Framebuffer(l.frame, "clip frame target");
    }
    glBindTexture(GL_TEXTURE_2D, l.frame.id());
    return 0;
  } catch (const Error& e) {
    return failed(e);
  }
}

// The frame the page uploaded into texsort_live_frame_texture's texture in place of the picture,
// named `name`: as texsort_live_frame, its pixels copied into the sort's source on the GPU, never
// through the page.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_frame_drawn(const char* name) {
  Live& l = live();
  try {
    l.context->makeCurrent();
    return takeFrame(l, Image{l.frame.width(), l.frame.height(), 4, {}}, true, name);
  } catch (const Error& e) {
    return failed(e);
  }
}

// The picture the live sort starts from (a clip's frame as decoded), RGBA from the top row, its
// size the frame's: what the page's Save and tests read; null when none is open.
extern "C" EMSCRIPTEN_KEEPALIVE const std::uint8_t* texsort_live_source() {
  Live& l = live();
  if (l.image.width == 0) return nullptr;
  l.context->makeCurrent();
  return openedImage(l).rgba.data();
}

// The value an option takes at frame `frame` of a clip of `frameCount` frames at `fps` under
// `--animate SPEC` (NAME=POSITION:VALUE,...), as the CLI applies it to that frame (a whole number for
// an integer option); NaN, with the one-line error on standard error, for a SPEC --animate refuses.
extern "C" EMSCRIPTEN_KEEPALIVE double texsort_animated_value(const char* spec, int frame, int frameCount, double fps) {
  try {
    const std::vector<Animation> animations = {parseAnimation(spec)};
    checkAnimations(animations, static_cast<std::uint32_t>(std::max(1, frameCount)), fps);
    return appliedValue(animations[0], static_cast<std::uint32_t>(std::max(0, frame)),
                        static_cast<std::uint32_t>(std::max(1, frameCount)), fps);
  } catch (const Error& e) {
    failed(e);
    return std::nan("");
  }
}

// Runs up to `passes` more of the live sort's passes; returns how many remain (0: sorted).
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_advance(int passes) {
  Live& l = live();
  if (!l.view) return 0;
  l.view->seek(l.view->pass() + static_cast<std::uint32_t>(std::max(0, passes)), false);
  return static_cast<int>(l.view->passCount() - l.view->pass());
}

// Draws the live picture (or, with `original`, the picture the live sort starts from) on the
// page's canvas at its size, row 0 at the top.
extern "C" EMSCRIPTEN_KEEPALIVE void texsort_live_draw(int original) {
  Live& l = live();
  if (!l.view) return;
  l.context->makeCurrent();
  const std::uint32_t at = l.view->pass();
  if (original) l.view->seek(0, false);
  l.view->render(false);
  if (original) l.view->seek(at, false);
  showOnCanvas(l.view->framebuffer(), static_cast<int>(l.view->width()), static_cast<int>(l.view->height()));
}

// What the canvas shows, RGBA from the top row (for the page's tests): width x height x 4 bytes.
extern "C" EMSCRIPTEN_KEEPALIVE const std::uint8_t* texsort_live_read() {
  Live& l = live();
  if (!l.view) return nullptr;
  const std::uint32_t w = l.view->width(), h = l.view->height();
  std::vector<std::uint8_t> rows(std::size_t(w) * h * 4);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glReadPixels(0, 0, static_cast<GLsizei>(w), static_cast<GLsizei>(h), GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
  l.drawn.resize(rows.size());
  for (std::uint32_t y = 0; y < h; ++y) {
    std::copy_n(&rows[std::size_t(h - 1 - y) * w * 4], std::size_t(w) * 4, &l.drawn[std::size_t(y) * w * 4]);
  }
  return l.drawn.data();
}
// Waits until the GPU has drawn the picture (one pixel read back): what a benchmark times to.
extern "C" EMSCRIPTEN_KEEPALIVE void texsort_live_wait() {
  std::uint8_t pixel[4];
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
}
// A fence after the GPU work asked for so far (passes, the drawing); texsort_live_done says when the
// GPU has done it. The page asks for more only then, so a drag on a large picture never queues more
// than one batch of passes (each sort's time is the picture's, not the page's).
extern "C" EMSCRIPTEN_KEEPALIVE void texsort_live_fence() {
  Live& l = live();
  if (!l.context) return;
  l.context->makeCurrent();
  if (l.fence) glDeleteSync(l.fence);
  l.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  glFlush();
}
// 1 once the GPU has done the work before the last texsort_live_fence (or there is none), else 0.
// WebGL2 updates a fence's state between the page's tasks: poll it from animation frames.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_done() {
  Live& l = live();
  if (!l.fence) return 1;
  l.context->makeCurrent();
  if (glClientWaitSync(l.fence, 0, 0) == GL_TIMEOUT_EXPIRED) return 0;
  glDeleteSync(l.fence);
  l.fence = nullptr;
  return 1;
}
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_source_width() { return int(live().image.width); }
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_source_height() { return int(live().image.height); }
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_width() { return live().view ? int(live().view->width()) : 0; }
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_height() { return live().view ? int(live().view->height()) : 0; }
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_pass() { return live().view ? int(live().view->pass()) : 0; }

// A shipped preset's recipe (one sort a line, as a recipe file holds it), "" for no such preset:
// the page's Save recipe writes it.
extern "C" EMSCRIPTEN_KEEPALIVE const char* texsort_preset_recipe(const char* name) {
  for (const PresetInfo& preset : kPresets)
    if (std::string(preset.name) == name) return preset.recipe;
  return "";
}

// One step of the idle warm (idle_warm.h) for the live view: how many are left (0: all done, or
// nothing to warm).
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_live_warm() {
  Live& l = live();
  if (!l.view) return 0;
  l.context->makeCurrent();
  return l.warm.step(*l.view);
}
