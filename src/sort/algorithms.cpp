// Look-ups in the algorithm registry.
#include "sort/algorithms.h"

#include "sort/element.h"

namespace texsort {

PassSchedule radixLumaSchedule(const SortShape& shape) { return radixSchedule(shape, kKeyBits); }

bool parseAlgorithm(const std::string& name, Algorithm& algorithm) {
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    if (name == row.name) {
      algorithm = row.id;
      return true;
    }
  }
  return false;
}

PassSchedule scheduleFor(Algorithm algorithm, const SortShape& shape) { return info(algorithm).schedule(shape); }

PassSchedule scheduleFor(Algorithm algorithm, std::uint64_t n) { return scheduleFor(algorithm, SortShape::whole(n)); }

}  // namespace texsort
