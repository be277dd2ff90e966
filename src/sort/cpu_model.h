// The CPU model: runs the same pass schedules on arrays with the GPU's layout and compare rules.
#pragma once

#include <vector>

#include "sort/element.h"
#include "sort/schedule.h"

namespace texsort {

// Everything a runner keeps between passes, one vector per Buffer: the elements; for radix sort the
// scan buffer (one float per element: the flags e, then their inclusive prefix sum); for the fast
// path the compact elements (two floats per element position: key, original index; two elements
// per texel); for the wide path the layered (key, index) pairs as stored, layer by layer
// (wideOffset, wide_layout.h). A buffer no pass has written yet is empty.
struct SortState {
  std::vector<Element> elements;
  std::vector<float> scan;
  std::vector<float> compact;
  std::vector<float> wide;

  friend bool operator==(const SortState& a, const SortState& b) {
    return a.elements == b.elements && a.scan == b.scan && a.compact == b.compact && a.wide == b.wide;
  }
};

// The element that position i holds after a single-layer network pass (bitonic, legacy bitonic,
// odd-even merge, transposition), given the elements `in` before it. This is the rule the pass's
// fragment shader implements; throws std::logic_error for other kinds.
Element networkOutput(const Pass& pass, const std::vector<Element>& in, std::uint64_t i);

// Applies one pass of any kind (state.elements.size() must be a power of two).
SortState runPass(const Pass& pass, SortState state);

// Applies one single-layer network pass to the elements.
std::vector<Element> runPass(const Pass& pass, const std::vector<Element>& in);

// Applies every pass of the schedule in order and returns the whole state / the elements.
SortState runScheduleState(const PassSchedule& schedule, std::vector<Element> elements);
std::vector<Element> runSchedule(const PassSchedule& schedule, std::vector<Element> elements);

}  // namespace texsort
