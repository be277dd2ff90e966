// A recording of a sort: the passes of a SortSession drawn by StateDisplay (what the viewer shows,
// overlays included), captioned, and encoded frame by frame. `texsort record` runs one to the end;
// the viewer's Record button runs one a few frames per window frame, so the window stays alive.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "record/encoder.h"
#include "record/frames.h"
#include "record/record_options.h"
#include "playback/sort_session.h"
#include "playback/state_display.h"

namespace texsort {

// The caption of the frame that shows pass `pass` of `session`: "pass 12/171  bitonic rank ...".
std::string frameCaption(const SortSession& session, std::uint32_t pass);

class Recording {
 public:
  // Starts the encoder (throws Error(Encoder) when ffmpeg is missing). `session` and `display`
  // must outlive the recording, whose frames move the session from pass to pass.
  Recording(SortSession& session, StateDisplay& display, const RecordOptions& options, std::string output);

  // Encodes frames until `budgetSeconds` have passed (at least one frame); true when all are in.
  bool step(double budgetSeconds);
  // Waits for the encoder and writes the file to the output by the output rule.
  void finish();

  std::uint32_t framesDone() const { return done_; }
  std::uint32_t frameCount() const { return static_cast<std::uint32_t>(passes_.size()); }
  std::uint32_t passOfFrame(std::uint32_t frame) const { return passes_.at(frame); }
  const FrameGeometry& geometry() const { return geometry_; }
  const RecordOptions& options() const { return options_; }
  const std::string& output() const { return output_; }
  std::string note() const { return encoder_->note(); }  // what the file holds unlike the frames ("" if nothing)
  double seconds() const { return double(frameCount()) / options_.fps; }

 private:
  SortSession& session_;
  StateDisplay& display_;
  RecordOptions options_;
  std::string output_;
  std::vector<std::uint32_t> passes_;
  FrameGeometry geometry_;
  std::unique_ptr<VideoEncoder> encoder_;
  std::uint32_t done_ = 0;
  std::vector<std::uint8_t> frame_;  // the last frame, sent again while a pass is held
  std::uint32_t framePass_ = UINT32_MAX;
  Image picture_;                    // the last frame's picture: what the next pass moved is compared with it
};

}  // namespace texsort
