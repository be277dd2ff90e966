// "Watch the sort" for the browser page: one image's sort held in the module, moved to any pass and
// drawn as the desktop viewer draws it (the playback layer: SortSession and StateDisplay), with the
// pass's words from the same passText. Methods that can fail throw texsort::Error; bindings.cpp
// hands the class to the page as texsort.watch (web/texsort.js).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "context/egl_context.h"
#include "image/image_io.h"
#include "playback/sort_session.h"
#include "playback/state_display.h"

namespace texsort {

// The desktop Pass panel's counters: compare-exchanges and moves of passes 1..the one shown, and
// the shown state's in-order, settled and distance percentages and log2 of its mean run length.
struct WatchCounters {
  double compareExchanges = 0, moved = 0, inOrder = 0, settled = 0, distance = 0, runLog2 = 0;
};

// What moved since the state last sounded, as `record --sound` pitches a pass (silent: 0, 0).
struct WatchTone {
  double frequency = 0, amplitude = 0;  // Hz by the mean luma of the pixels that moved; 0..1 by how many
};

// A small sort as its comparator network, as the desktop viewer draws it.
struct WatchNetwork {
  struct Comparator {
    std::uint32_t low = 0, high = 0, lane = 0;
    bool up = false;  // the larger goes to `high`
  };
  struct Wire {
    std::uint32_t rgb = 0;
    bool padding = false;
    std::uint32_t luma = 0;     // 0..255
    std::uint64_t index = 0;    // the pixel's original place
  };
  std::uint32_t n = 0;
  std::vector<std::vector<Comparator>> columns;  // one a pass
  std::vector<Wire> wires;                       // the state shown
};

class WatchedSort {
 public:
  // Opens the image in `bytes` (named `name` in messages) sorted by `algorithm` (a fragment one) in
  // `order` ("asc" or "desc"), as a copy at most `side` pixels a side when `side` > 0 (a network
  // small enough to draw); returns the pass count.
  std::uint32_t open(const std::vector<std::uint8_t>& bytes, const std::string& name, const std::string& algorithm,
                     const std::string& order, int side);
  bool scaled() const { return scaled_; }  // the picture watched is a small copy (transposition)
  // Brings the state to `pass` (0: as loaded; the pass count: sorted); returns the pass reached.
  std::uint32_t seek(int pass);
  // The state drawn as the viewer draws it (overlays: roles, changed), the image's own rows.
  const Image& picture(bool roles, bool changed);
  // The same straight onto the page's canvas #texsort-gl (row 0 at the top): no read-back.
  void draw(bool roles, bool changed);
  WatchTone tone();
  // The shown pass in words, as the viewer's Pass panel gives them: title, parameters, plain words
  // for a newcomer, explanation, one to a line.
  std::string text() const;
  double gpuMs() const;  // the shown pass's (wall clock)
  // The network, for a sort that is one of at most kDiagramMaxElements; none otherwise (radix).
  std::optional<WatchNetwork> network() const;
  WatchCounters counters() const;

 private:
  std::unique_ptr<HeadlessContext> context_;
  std::unique_ptr<SortSession> session_;
  std::unique_ptr<StateDisplay> display_;
  Image picture_;
  Image sounded_;  // the plain state the last tone was taken to
  bool scaled_ = false;
};

}  // namespace texsort
