// Recording: seek, draw, caption, encode (recording.h).
#include "record/recording.h"

#include <algorithm>
#include <chrono>

#include "record/sound.h"
#include "sort/pass.h"

namespace texsort {

std::string frameCaption(const SortSession& session, std::uint32_t pass) {
  const std::uint32_t count = session.passCount();
  const std::string head = "pass " + std::to_string(pass) + "/" + std::to_string(count) + "  ";
  if (pass == 0) return head + session.name() + ", unsorted\n" + info(session.algorithm()).label;
  const PassText text = passText(session.schedule()[pass - 1], session.elementCount());
  return head + text.title + (pass == count ? ": sorted" : "") + "\n" + text.parameters;
}

Recording::Recording(SortSession& session, StateDisplay& display, const RecordOptions& options, std::string output)
    : session_(session), display_(display), options_(options), output_(std::move(output)) {
  options_.to = std::min(options_.to, session_.passCount());
  options_.from = std::min(options_.from, options_.to);
  options_.every = std::max<std::uint32_t>(1, options_.every);
  passes_ = framePasses(options_.from, options_.to, options_.every, holdFrameCount(options_.holdSeconds, options_.fps));
  const Image& image = session_.image();
  const bool even = info(options_.format).evenSides;
  const std::uint32_t lines = options_.caption ? 2 : 0;
  geometry_ = options_.scale > 0 || options_.width == 0
                  ? frameGeometry(image.width, image.height, options_.scale > 0 ? options_.scale : 1.0, 0, 0,
                                  lines, even)
                  : frameGeometry(image.width, image.height, 0.0, options_.width, options_.height, lines, even);
  VideoSettings video;
  video.format = options_.format;
  video.width = geometry_.width;
  video.height = geometry_.height;
  video.fps = options_.fps;
  // Every frame holds the first frame's colours only when nothing adds colours (overlays) or mixes
  // them (shrinking averages pixels); otherwise the palette comes from all frames.
  video.paletteFromFirstFrame = !options_.overlay.showRoles && !options_.overlay.showChanged &&
                                geometry_.pictureWidth >= image.width && geometry_.pictureHeight >= image.height;
  video.outputName = output_;
  video.sound = options_.sound;
  encoder_ = std::make_unique<VideoEncoder>(video);
}

bool Recording::step(double budgetSeconds) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  while (done_ < frameCount()) {
    const std::uint32_t pass = passes_[done_];
    Tone tone;  // silence: a held frame, or the first
    if (pass != framePass_) {
      session_.seek(pass);
      display_.render(session_, options_.overlay);
      Image picture = display_.readBack(session_.image().height);
      frame_ = composeFrame(picture, geometry_, options_.caption ? frameCaption(session_, pass) : "");
      if (options_.sound && framePass_ != UINT32_MAX) tone = passTone(picture_, picture);
      if (options_.sound) picture_ = std::move(picture);
      framePass_ = pass;
    }
    encoder_->addFrame(frame_);
    if (options_.sound) encoder_->addSound(toneSamples(tone, samplesOfFrame(done_, options_.fps)));
    ++done_;
    if (std::chrono::duration<double>(Clock::now() - start).count() >= budgetSeconds) break;
  }
  return done_ == frameCount();
}

void Recording::finish() { encoder_->finish(output_); }

}  // namespace texsort
