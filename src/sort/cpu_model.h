// The CPU model: runs a pass schedule on an element array with the GPU's layout and compare rule.
#pragma once

#include <vector>

#include "sort/element.h"
#include "sort/schedule.h"

namespace texsort {

// The element that position i holds after `pass`, given the state `in` before it. This is the rule
// the fragment shader of the pass kind implements; tests compare the two after every pass.
Element passOutput(const Pass& pass, const std::vector<Element>& in, std::uint64_t i);

// Applies one pass to the whole array (in.size() must be a power of two).
std::vector<Element> runPass(const Pass& pass, const std::vector<Element>& in);

// Applies every pass of the schedule in order.
std::vector<Element> runSchedule(const PassSchedule& schedule, std::vector<Element> elements);

}  // namespace texsort
