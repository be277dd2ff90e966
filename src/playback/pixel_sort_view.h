// The viewer's Pixel sort mode, compute and display: one image pixel-sorted on the GPU with live
// options, movable to any pass, drawn as a picture with an optional span overlay.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gl/fullscreen.h"
#include "gl/objects.h"
#include "gl/uniform_block.h"
#include "pixelsort/pixel_sort.h"
#include "pixelsort/pixel_runner.h"

namespace texsort {

// The path overlay's colours (RGBA, a pixel each): every line its own hue (from its number), dark at
// its first pixel and bright at its last, so the lines and their direction show.
std::vector<std::uint8_t> lineColours(const LineLayout& layout);

class PixelSortView {
 public:
  // Needs a current GL context. Throws texsort::Error as `texsort pixelsort` would for an image the
  // pixel sort cannot take, and for options out of range; its messages name the picture `name`.
  // `chosen` false: `algorithm` is auto's, and each new set of lines takes auto's choice for its
  // shape (pixelSortAlgorithmHere); algorithm() says what runs.
  PixelSortView(Image image, const PixelSortOptions& options, Algorithm algorithm, std::string name = "the image",
                bool chosen = true);

  // New options or line sort: a new schedule, then the sorted result (a change made at an early
  // pass showed nothing of itself until End; the passes can be stepped back from there). Only a new
  // path, angle, centre, mask or field, or options that change whether lines share rows
  // (packsLines), rebuild the lines and upload the source again; a new --mix alone runs no pass
  // (render and result() mix). Without `toEnd` the state stays at pass 0 for the caller to seek
  // (the page sorts a large picture a few passes a frame), or where it was for a new --mix alone.
  // `chosen` false: auto's choice for the new lines, `algorithm` aside.
  void setOptions(const PixelSortOptions& options, Algorithm algorithm, bool toEnd = true, bool chosen = true);
  // Another picture of the same size (a clip's next frame): uploaded under the same lines and
  // schedule, then brought to the pass the view was at.
  void setImage(Image image);
  // The same from a picture drawn in `framebuffer`'s colour (8-bit RGBA, row 0 the top; a clip's
  // frame as the browser decoded it): copied into the source on the GPU, no read-back. The
  // framebuffer must hold it until the next setImage or setFrame; its bytes are read back only
  // when something needs them (new lines, result()).
  void setFrame(GLuint framebuffer);
  // Brings the state to pass `target` (0: the image as loaded, passCount(): sorted); with `wait`,
  // waits for the GPU, so lastUpdateMs() is the whole update (the live controls do not wait: the
  // GPU works while the frame's panels are built).
  void seek(std::uint32_t target, bool wait = true);

  const PixelSortOptions& options() const { return options_; }
  Algorithm algorithm() const { return algorithm_; }
  const PassSchedule& schedule() const { return plan_->schedule(); }
  const LineLayout& layout() const { return plan_->layout(); }
  std::uint32_t pass() const { return pass_; }
  std::uint32_t passCount() const { return static_cast<std::uint32_t>(schedule().size()); }
  double lastUpdateMs() const { return lastUpdateMs_; }  // wall time of the last setOptions or seek

  // Draws the current state into the picture: every pixel shows the colour its position holds now;
  // with `spans`, pixels outside every span darkened and each span (piece) tinted its own colour.
  void render(bool spans);
  GLuint texture() const { return picture_.id(); }
  GLuint framebuffer() const { return target_.id(); }  // the picture's, for a blit
  // lineColours of the current lines as a texture, made when first asked for after a new layout.
  GLuint linesTexture();
  std::uint32_t width() const { return image_.width; }
  std::uint32_t height() const { return image_.height; }

  // The sorted image (runs the remaining passes) mixed as --mix asks: what `texsort pixelsort` writes.
  Image result();

 private:
  // A new plan (lines, schedule, runner) for `options` on `algorithm`, the image uploaded to it.
  void rebuildLines(const PixelSortOptions& options, Algorithm algorithm, bool chosen);
  const Image& pixels();  // image_, its bytes read from frame_ first when they are there
  // The picture's program for the source's `defines`, made at its first use.
  const gl::Program& pictureProgram(const std::string& defines);


  Image image_;     // its bytes stale while frame_ holds them
  GLuint frame_ = 0;  // setFrame's framebuffer, 0 once read or after setImage
  std::string name_;
  PixelSortOptions options_;
  Algorithm algorithm_;
  bool chosen_ = true;  // algorithm_ was named, not auto's choice
  std::unique_ptr<PixelSortPlan> plan_;
  std::uint32_t pass_ = 0;
  double lastUpdateMs_ = 0.0;

  std::map<std::string, gl::Program> programs_;  // the picture's, by defines (pictureProgram)
  const gl::Program* program_ = nullptr;          // the one for the current lines
  gl::UniformBuffer common_;                      // its Common block
  gl::Texture picture_;
  gl::Texture lines_;  // linesTexture(); empty after the lines change
  gl::Framebuffer target_;
  gl::FullScreenTriangle triangle_;
};

}  // namespace texsort
