// A clip for the viewer's Pixel sort mode: a video's or an animated GIF's frames, decoded by ffmpeg
// on a thread of their own into memory while the window runs, so any frame can be shown at once.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "image/image_io.h"
#include "record/decoder.h"

namespace texsort {

class ClipFrames {
 public:
  // Probes `path` and decodes its first frame before returning (throws texsort::Error as
  // `texsort pixelsort` would for that file), then the rest on a thread. Frames that would take
  // more than `memoryBudget` bytes are not kept (problem() says so).
  ClipFrames(const std::string& path, std::uint64_t memoryBudget);
  ~ClipFrames();  // stops the decoding
  ClipFrames(const ClipFrames&) = delete;
  ClipFrames& operator=(const ClipFrames&) = delete;

  const std::string& path() const { return path_; }
  const VideoProbe& probe() const { return probe_; }
  std::uint32_t ready() const { return ready_.load(); }  // frames decoded so far, at least 1
  bool finished() const { return finished_.load(); }
  std::string problem() const;  // why decoding stopped short ("" when it did not)
  // Frame k (k < ready()) as an image of the clip's size.
  Image frame(std::uint32_t k) const;

 private:
  void decodeRest(std::uint64_t memoryBudget);

  std::string path_;
  std::unique_ptr<VideoDecoder> decoder_;
  VideoProbe probe_;
  mutable std::mutex mutex_;
  std::vector<std::vector<std::uint8_t>> frames_;
  std::string problem_;
  std::atomic<std::uint32_t> ready_{0};
  std::atomic<bool> finished_{false}, stop_{false};
  std::thread thread_;
};

}  // namespace texsort
