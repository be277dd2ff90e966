// Where the network diagram puts each comparator: pure layout, no ImGui, so tests can check it.
#pragma once

#include <cstdint>
#include <vector>

#include "sort/schedule.h"

namespace texsort {

// The largest sort the diagram draws: a wire per element stays legible up to 64.
constexpr std::uint32_t kDiagramMaxElements = 64;

// One comparator in its column: the pass's CompareExchange and the lane (x slot) it is drawn in.
struct DiagramComparator {
  CompareExchange wires;
  std::uint32_t lane = 0;
};

// One column per pass. Comparators sharing a lane never overlap along the wires, so each is seen.
struct DiagramColumn {
  std::vector<DiagramComparator> comparators;
  std::uint32_t lanes = 1;
};

// True when every pass is one comparator layer on the elements (bitonic, odd-even merge,
// transposition), which is what the diagram draws; false for radix and the fused fast path.
bool drawsAsComparatorNetwork(const PassSchedule& schedule);

// The columns of `schedule` on n elements (empty unless drawsAsComparatorNetwork).
std::vector<DiagramColumn> diagramColumns(const PassSchedule& schedule, std::uint32_t n);

}  // namespace texsort
