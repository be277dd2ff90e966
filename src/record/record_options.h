// What a recording shows and how it is encoded: the options `texsort record`, the viewer's Record
// button and `texsort demo --record` share. No GL here, so the command line can parse into it.
#pragma once

#include <cstdint>

#include "record/encoder.h"
#include "playback/display_options.h"

namespace texsort {

struct RecordOptions {
  VideoFormat format = VideoFormat::Gif;
  std::uint32_t from = 0;           // first pass shown
  std::uint32_t to = UINT32_MAX;    // last pass shown (clamped to the sort's last pass)
  std::uint32_t every = 1;          // one frame per `every` passes between them
  double fps = 30.0;
  double holdSeconds = 1.0;         // how long the first and last frames stay
  double scale = 0.0;               // > 0: multiply the image's size; else width/height, else 1
  std::uint32_t width = 0, height = 0;
  bool caption = true;              // a strip under the picture: pass k of P and its parameters
  bool sound = false;               // a sound track: a tone a pass, pitched by what it moved (record/sound.h)
  DisplayOptions overlay;
};

}  // namespace texsort
