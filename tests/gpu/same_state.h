// Comparing the GPU with the CPU model for the GPU tests: bit for bit, after every pass.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "pixelsort/pixel_sort.h"
#include "sort/cpu_model.h"
#include "sort/runner.h"

namespace texsort::test {

// Bitwise equality of every channel of every element, reporting the first difference.
::testing::AssertionResult sameBits(const std::vector<Element>& gpu, const std::vector<Element>& cpu);

// Runs `schedule` on `runner` from `cpu` (updated as it goes) and compares every buffer the CPU
// model keeps after every pass: elements, radix's scan, the fast path's compact state, the wide
// path's layers, the pixel sort's source and span starts, the image, compute-radix's counts.
::testing::AssertionResult sameStateEveryPass(Runner& runner, const PassSchedule& schedule, SortState& cpu,
                                              const SourceShape& shape = {});
// The same on a fresh fragment runner.
::testing::AssertionResult sameStateEveryPass(const PassSchedule& schedule, SortState& cpu);

// The pixel sort of `image` on every line algorithm: every pass equals the CPU model and the image
// the plain reference; `more` checks the runner and the model's final state after.
void pixelSortEveryPass(const Image& image, const PixelSortOptions& o, const LineLayout& layout,
                        const std::function<void(Runner&, const SortState&)>& more = {});

}  // namespace texsort::test
