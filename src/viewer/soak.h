// The soak: drives the viewer the way a restless user would (steps, scrubs, plays, loads good and
// bad files, changes sizes, algorithms and overlays) and reports GL errors, GL objects held and
// resident memory, measured in a canonical state after a warm-up and at the end.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "viewer/viewer_app.h"

namespace texsort {

struct Soak {
  std::uint32_t frames = 0;
  std::mt19937 rng{7};
  std::string badFile;
  std::uint64_t actions = 0, loads = 0, badLoads = 0, glErrors = 0;
  std::int64_t objectsWarm = -1, objectsEnd = -1, rssWarm = 0, rssEnd = 0;

  // The canonical state (the astronaut, bitonic, ascending, pass 0), so numbers compare like with like.
  void canonical(ViewerState& s);
  // Every algorithm at every size the soak loads, sorted to its end and drawn with each overlay, at
  // the first frame: the programs and driver state the soak can ever need exist well before the
  // warm-up reading, which then does not hang on which of them the frames' playback (run by the
  // clock) reached first. (Taken just before that reading, the tour's own leftovers moved it.)
  void visitEverything(ViewerState& s);
  // The tour at frame 1, then one random action, or a measurement at frames / 5 and at the last frame.
  void step(ViewerState& s, std::uint32_t frame);
  void report() const;
};

}  // namespace texsort
