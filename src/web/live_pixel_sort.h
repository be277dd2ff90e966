// The page's live pixel sort's state (live_pixel_sort.cpp, live_brush.cpp): one picture open,
// held on the GPU with the view that sorts it, a clip's frame texture and the brush's mask.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "context/egl_context.h"
#include "error.h"
#include "gl/objects.h"
#include "image/image_io.h"
#include "playback/pixel_sort_view.h"
#include "web/idle_warm.h"

namespace texsort {

struct Live {
  std::unique_ptr<HeadlessContext> context;
  std::string name;  // the user's file, as messages name it
  Image image;       // as opened
  std::string earlierKey;  // the arguments that ran the sorts before the live one ("" for none)
  std::shared_ptr<const Image> earlier;  // their result: the live sort's picture (the image itself when none)
  std::unique_ptr<PixelSortView> view;
  std::vector<std::uint8_t> drawn;  // texsort_live_read's bytes
  Image brush;  // the mask the page's brush paints (empty until it first paints on this picture)
  gl::Texture frame;            // a clip's frame as the browser decoded it (texsort_live_frame_texture)
  gl::Framebuffer frameTarget;  // ... to read it from
  bool imageInFrame = false;    // image's bytes are frame's, not read back yet
  GLsync fence = nullptr;       // the page's last batch of passes, or its drawing (texsort_live_fence)
  IdleWarm warm;
};

// The one live sort, made at the first call.
Live& live();

// `e` on standard error as the command line says it (texsort: error: ...), and minus its exit code:
// what every texsort_live_* call returns on an error.
int failed(const Error& e);

}  // namespace texsort
