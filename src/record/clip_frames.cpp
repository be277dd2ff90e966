// ClipFrames: the first frame at once, the rest from a decoding thread (clip_frames.h).
#include "record/clip_frames.h"

#include "error.h"

namespace texsort {

ClipFrames::ClipFrames(const std::string& path, std::uint64_t memoryBudget)
    : path_(path), decoder_(std::make_unique<VideoDecoder>(path)), probe_(decoder_->probe()) {
  std::vector<std::uint8_t> first;
  if (!decoder_->readFrame(first)) {
    decoder_->finish();
    throw Error(ExitCode::BadInput, path + ": no video frames");
  }
  frames_.push_back(std::move(first));
  ready_ = 1;
  thread_ = std::thread([this, memoryBudget] { decodeRest(memoryBudget); });
}

ClipFrames::~ClipFrames() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

void ClipFrames::decodeRest(std::uint64_t memoryBudget) {
  const std::uint64_t frameBytes = std::uint64_t{probe_.width} * probe_.height * 4;
  try {
    for (std::vector<std::uint8_t> rgba; !stop_;) {
      if (frameBytes * (ready_ + 1) > memoryBudget) {
        const std::lock_guard<std::mutex> lock(mutex_);
        problem_ = "the viewer holds the first " + std::to_string(ready_.load()) + " frames: more need over " +
                   std::to_string(memoryBudget >> 20) + " MB of memory (texsort pixelsort sorts any length)";
        break;
      }
      if (!decoder_->readFrame(rgba)) {
        decoder_->finish();
        break;
      }
      const std::lock_guard<std::mutex> lock(mutex_);
      frames_.push_back(std::move(rgba));
      ready_ = static_cast<std::uint32_t>(frames_.size());
    }
  } catch (const Error& e) {
    const std::lock_guard<std::mutex> lock(mutex_);
    problem_ = e.what();
  }
  decoder_.reset();  // stops ffmpeg if it was cut short
  finished_ = true;
}

std::string ClipFrames::problem() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return problem_;
}

Image ClipFrames::frame(std::uint32_t k) const {
  Image image;
  image.width = probe_.width;
  image.height = probe_.height;
  image.channels = probe_.alpha ? 4 : 3;
  const std::lock_guard<std::mutex> lock(mutex_);
  image.rgba = frames_.at(k);
  return image;
}

}  // namespace texsort
