// Renders a SortSession's current state into an RGBA8 picture (display.frag), overlays included: what the
// viewer shows, exports and records (the playback layer's drawing side).
#pragma once

#include "gl/fullscreen.h"
#include "gl/objects.h"
#include "gl/uniform_block.h"
#include "image/image_io.h"
#include "playback/display_options.h"
#include "playback/sort_session.h"

namespace texsort {

class StateDisplay {
 public:
  StateDisplay();

  // Draws the session's state into the picture: W = image width, rows = ceil(N / W), so the padding
  // of non-power-of-two images shows as extra rows below the image.
  void render(const SortSession& session, DisplayOptions options);

  GLuint texture() const { return picture_.id(); }
  GLuint framebuffer() const { return target_.id(); }  // the picture's, for a blit
  std::uint32_t width() const { return picture_.width(); }
  std::uint32_t height() const { return picture_.height(); }

  // The picture's top `rows` rows as an image (row 0 at the top), e.g. the image part for export.
  Image readBack(std::uint32_t rows) const;

 private:
  gl::Program program_;
  gl::UniformBuffer common_;  // sort_common.glsl's Common block for the view
  gl::Texture picture_;
  gl::Framebuffer target_;
  gl::FullScreenTriangle triangle_;
};

}  // namespace texsort
