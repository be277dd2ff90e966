// The page's live pixel sort (live_pixel_sort.cpp, live_brush.cpp): one picture open, held on the
// GPU with the view that sorts it, a clip's frame texture and the brush's mask. Every method that
// can fail throws texsort::Error with the command line's words and exit code; bindings.cpp hands
// the class to the page as texsort.live (web/texsort.js).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "context/egl_context.h"
#include "error.h"
#include "gl/objects.h"
#include "image/image_io.h"
#include "pixelsort/presets.h"
#include "playback/pixel_sort_view.h"
#include "web/idle_warm.h"

namespace texsort {

class LivePixelSort {
 public:
  LivePixelSort() = default;
  LivePixelSort(const LivePixelSort&) = delete;
  LivePixelSort& operator=(const LivePixelSort&) = delete;
  ~LivePixelSort();

  // Opens the picture in `bytes` (an image file's), named `name` in messages; set() sorts it.
  void open(const std::vector<std::uint8_t>& bytes, const std::string& name);
  // The options (texsort pixelsort's words, without the files): the live sort made ready at pass 0;
  // returns its pass count (advance runs them). On an error the view keeps its last good options.
  std::uint32_t set(const std::vector<std::string>& args);

  // A clip's frame (width x height RGBA, rows from the top) in place of the picture, named `name`:
  // true when it is sorted under the options set, to the pass the view was at, ready to draw;
  // false when set() must plan again (a new size, or earlier sorts to run on it).
  bool frame(std::vector<std::uint8_t> rgba, int width, int height, const std::string& name);
  // The texture a frame of width x height goes into straight from the browser's decoder (8-bit
  // RGBA, row 0 the top), made for that size and left bound to GL_TEXTURE_2D for the page to
  // upload into; then frameDrawn(name), which answers as frame() does.
  void frameTexture(int width, int height, const std::string& name);
  bool frameDrawn(const std::string& name);

  // Runs up to `passes` more passes; returns how many remain (0: sorted).
  std::uint32_t advance(int passes);
  // Draws the live picture (with `original`, the picture it starts from) on the page's canvas.
  void draw(bool original);
  // What the canvas shows, RGBA from the top row (width() x height() x 4 bytes; empty: no sort).
  const std::vector<std::uint8_t>& read();
  // The picture the live sort starts from (a clip's frame as decoded), RGBA from the top row, at
  // sourceWidth() x sourceHeight(); empty when none is open.
  const std::vector<std::uint8_t>& source();
  void wait();  // until the GPU has drawn the picture (one pixel read back): what a benchmark times to
  // A fence after the GPU work asked for so far; done() says when the GPU has done it (polled per
  // animation frame: WebGL2 updates a fence between the page's tasks). The page asks for more only
  // then, so a drag on a large picture never queues more than one batch of passes.
  void fence();
  bool done();
  int warm();  // one step of the idle warm (idle_warm.h): how many are left

  std::uint32_t width() const { return view_ ? view_->width() : 0; }  // 0: no sort made to draw
  std::uint32_t height() const { return view_ ? view_->height() : 0; }
  std::uint32_t pass() const { return view_ ? view_->pass() : 0; }
  std::uint32_t sourceWidth() const { return image_.width; }
  std::uint32_t sourceHeight() const { return image_.height; }

  // The mask brush (live_brush.cpp), the desktop's paintStroke: a round stroke from (x0, y0) to
  // (x1, y1) in picture pixels of `radius`, white (`level` 255) to paint or black (0) to erase; with a
  // negative radius the whole mask at `level`. The mask is written to the module's file `path` as
  // texsort's PNG for --mask to read; returns the pixels changed.
  std::uint64_t brush(const std::string& path, double x0, double y0, double x1, double y1, double radius, int level);
  // The mask the next stroke paints on: the file at `path` when it has the picture's size, else
  // black ("" for black).
  void brushFrom(const std::string& path);
  // The brush's mask as the page shows it over the picture (maskOverlay: black pixels red, white
  // clear), RGBA at the picture's size; empty when the brush has no mask on this picture.
  const std::vector<std::uint8_t>& brushOverlay();

 private:
  void makeCurrent();
  const Image& openedImage();
  bool takeFrame(Image image, bool inFrame, const std::string& name);
  bool runEarlierSorts(const std::vector<PixelSortStage>& stages, const std::string& key);

  std::unique_ptr<HeadlessContext> context_;
  std::string name_;        // the user's file, as messages name it
  Image image_;             // as opened
  std::string earlierKey_;  // the arguments that ran the sorts before the live one ("" for none)
  std::shared_ptr<const Image> earlier_;  // their result: the live sort's picture (the image itself when none)
  std::unique_ptr<PixelSortView> view_;
  std::vector<std::uint8_t> drawn_;    // read()'s bytes
  std::vector<std::uint8_t> overlay_;  // brushOverlay()'s
  Image brush_;                  // the mask the brush paints (empty until it first paints on this picture)
  gl::Texture frame_;            // a clip's frame as the browser decoded it (frameTexture)
  gl::Framebuffer frameTarget_;  // ... to read it from
  bool imageInFrame_ = false;    // image_'s bytes are frame_'s, not read back yet
  GLsync fence_ = nullptr;       // the page's last batch of passes, or its drawing
  IdleWarm warm_;
};

}  // namespace texsort
