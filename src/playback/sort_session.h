// The playback layer's compute side: one image's sort on the GPU, movable to any pass, with per-pass stats;
// the viewer, `texsort record` and the recorder in the viewer all play a sort through it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gl/fullscreen.h"
#include "gl/objects.h"
#include "gl/uniform_block.h"
#include "sort/packing.h"
#include "sort/algorithms.h"
#include "sort/runner.h"

namespace texsort {

// What one pass did, measured on the GPU (a reduction shader; only a few numbers are read back).
struct PassStats {
  bool known = false;
  double inOrderPercent = 0.0;  // adjacent pairs (i, i+1) with element i before element i+1
  double movedPercent = 0.0;    // positions whose element changed in this pass
  double runLengthLog2 = 0.0;   // log2 of the mean length of monotone runs (rising or falling):
                                // rises by one per completed bitonic merge, to log2 N
  double settledPercent = 0.0;  // elements already at their final position (rises to 100)
  double distancePercent = 0.0; // mean distance from the final position, in % of N (falls to 0)
  double gpuMs = 0.0;           // GPU time of the pass itself
  std::uint64_t compareExchanges = 0;  // the comparators the pass ran (compareExchangeCount)
  std::uint64_t moved = 0;             // positions whose element changed: the pass's effective writes
};

class SortSession {
 public:
  // Needs a current GL context. Uses the core's packElements, scheduleFor and makeRunner.
  SortSession(Image image, SortOrder order, Algorithm algorithm, std::string name);

  const Image& image() const { return image_; }
  const std::string& name() const { return name_; }
  SortOrder order() const { return order_; }
  Algorithm algorithm() const { return algorithm_; }
  const PassSchedule& schedule() const { return schedule_; }
  const std::vector<Element>& elements() const { return elements_; }  // as packed, before pass 1
  std::uint32_t passCount() const { return static_cast<std::uint32_t>(schedule_.size()); }
  std::uint32_t pass() const { return pass_; }
  const Runner& runner() const { return *runner_; }
  std::uint64_t elementCount() const { return runner_->elementCount(); }
  StateView view() const { return runner_->view(); }

  // Brings the state to pass `target` (0 = unsorted, passCount() = sorted): forward by running
  // the passes in between, backward by uploading again and running from the start (fast, and the
  // result is bit-identical to a direct run). Passes run for the first time are measured. A
  // network whose passes hold all their state in the elements (bitonic, odd-even merge,
  // transposition) keeps checkpoints of them as it passes, so a seek replays at most
  // checkpointSpacing() passes (transposition has as many passes as elements).
  void seek(std::uint32_t target);
  std::uint32_t checkpointSpacing() const { return checkpointSpacing_; }  // 0: no checkpoints
  std::uint64_t passesRun() const { return passesRun_; }  // since the session was made: what seeks cost
  void stepForward() { seek(pass_ + 1); }

  // The pass that produced the current state (pass() - 1), or the first pass at pass 0.
  const Pass* shownPass() const;
  const PassStats& stats(std::uint32_t pass) const { return stats_.at(pass); }  // 0..passCount()
  double totalGpuMs() const;  // sum of the measured passes 1..pass()
  // The counters of passes 1..pass(), as Sound of Sorting and ArrayV show them: compare-exchanges
  // made and elements moved, in all.
  std::uint64_t totalCompareExchanges() const;
  std::uint64_t totalMoved() const;

 private:
  void runMeasured();  // runs pass pass_+1 with timing and stats
  void restoreCheckpointFor(std::uint32_t target);  // the nearest one at or before target, if it saves passes
  void keepCheckpoint();                            // at pass_, when it falls on the spacing
  void measure(PassStats& stats);  // the reduction over the current state

  Image image_;
  SortOrder order_;
  Algorithm algorithm_;
  std::string name_;
  std::vector<Element> elements_;
  PassSchedule schedule_;
  std::unique_ptr<Runner> runner_;
  std::uint32_t pass_ = 0;
  std::vector<PassStats> stats_;  // index = pass number; [0] is the unsorted state
  std::uint32_t checkpointSpacing_ = 0;
  std::uint64_t passesRun_ = 0;
  std::vector<std::vector<Element>> checkpoints_;  // [k]: the elements after pass (k + 1) x spacing; empty: not yet

  gl::Program statsProgram_;
  gl::UniformBuffer statsCommon_;  // its Common block
  gl::Texture rankTexture_;  // each element's final position, by original index
  gl::Texture statsTexture_;
  gl::Framebuffer statsTarget_;
  gl::FullScreenTriangle triangle_;
  gl::GpuTimer timer_;
  std::vector<float> statsReadBack_;
};

}  // namespace texsort
