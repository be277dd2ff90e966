// The viewer's showcase: a queue of algorithm x input played one after another, each to its end,
// in the bar view, as the sorting visualisers (Sound of Sorting, ArrayV) run their demos.
#include <cstdio>

#include "sort/runner.h"
#include "viewer/generated.h"
#include "viewer/viewer_app.h"

namespace texsort {
namespace {

constexpr std::uint32_t kShowcaseSide = 32;      // 1024 elements: every bar a pixel wide or more
constexpr double kShowcaseHoldSeconds = 1.5;     // the sorted bars stay this long

// The queue: every fragment network and radix on the inputs that tell them apart; the fast path is
// the fastest this context draws (bitonic-wide, or bitonic-fast where a draw writes 4 targets).
// Transposition's N passes are left out (1024 at this size: half a minute of the same comparator layer).
std::vector<std::pair<Algorithm, Pattern>> showcaseQueue() {
  std::vector<std::pair<Algorithm, Pattern>> queue;
  for (const Algorithm a : {Algorithm::Bitonic, Algorithm::OddEvenMerge, fragmentSortHere(), Algorithm::Radix}) {
    for (const Pattern p : {Pattern::Random, Pattern::NearlySorted, Pattern::FewUnique, Pattern::PipeOrgan}) {
      queue.emplace_back(a, p);
    }
  }
  return queue;
}

void startShowcaseItem(ViewerState& s) {
  Showcase& show = s.showcase;
  const auto [algorithm, pattern] = show.queue[show.next % show.queue.size()];
  s.algorithm = algorithm;
  s.showBars = true;
  startSession(s, generateImage(pattern, kShowcaseSide, static_cast<std::uint32_t>(2024 + show.next)), std::string(algorithmName(algorithm)) +
                                                                               " on " + patternName(pattern));
  s.transport.play();
  show.holdLeft = kShowcaseHoldSeconds;
}

}  // namespace

void startShowcase(ViewerState& s) {
  s.showcase.queue = showcaseQueue();
  s.showcase.on = true;
  s.showcase.next = 0;
  s.transport.asFastAsPossible = false;  // watchable: the chosen speed (30 passes/s unless --speed says)
  startShowcaseItem(s);
}

void showcaseStep(ViewerState& s, double dt) {
  Showcase& show = s.showcase;
  if (!show.on || !s.session || s.session->pass() < s.session->passCount()) return;
  if (show.holdLeft == kShowcaseHoldSeconds) {  // just sorted: check it, as the tests do, and say so
    const std::vector<Element> state = s.session->runner().readElements();
    bool sorted = true;
    for (std::size_t i = 1; i < state.size(); ++i) sorted &= !elementLess(state[i], state[i - 1]);
    std::printf("showcase %zu: %s, %u passes, %s\n", show.next + 1, s.session->name().c_str(), s.session->passCount(),
                sorted ? "sorted" : "NOT SORTED");
    ++show.shown;
  }
  show.holdLeft -= dt;
  if (show.holdLeft > 0) return;
  ++show.next;
  startShowcaseItem(s);
}

}  // namespace texsort
