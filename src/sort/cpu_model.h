// The CPU model: runs a pass schedule on an element array with the GPU's layout and compare rules.
#pragma once

#include <vector>

#include "sort/element.h"
#include "sort/schedule.h"

namespace texsort {

// Everything the GPU keeps between passes: the elements; for radix sort the scan buffer (one float
// per element: the flags e, then their inclusive prefix sum); for the fast path the compact
// elements (two floats per element position: key, original index; two elements per texel).
struct SortState {
  std::vector<Element> elements;
  std::vector<float> scan;
  std::vector<float> compact;
};

// The element that position i holds after a sorting-network pass (bitonic, legacy bitonic,
// odd-even merge, transposition), given the state `in` before it. This is the rule the pass's
// fragment shader implements; tests compare the two after every pass.
Element networkOutput(const Pass& pass, const std::vector<Element>& in, std::uint64_t i);

// Applies one pass of any kind (in.elements.size() must be a power of two).
SortState runPass(const Pass& pass, SortState state);

// Applies one sorting-network pass to the elements.
std::vector<Element> runPass(const Pass& pass, const std::vector<Element>& in);

// Applies every pass of the schedule in order and returns the elements.
std::vector<Element> runSchedule(const PassSchedule& schedule, std::vector<Element> elements);

}  // namespace texsort
