// Look-ups in the algorithm registry.
#include "sort/algorithms.h"

#include "error.h"
#include "sort/element.h"

namespace texsort {

PassSchedule radixLumaSchedule(const SortShape& shape) { return radixSchedule(shape, kKeyBits, kRadixDigitBits); }

PassSchedule computeRadixLumaSchedule(const SortShape& shape) {
  return computeRadixSchedule(shape, kKeyBits + indexHighBits(shape.count()));
}

bool parseAlgorithm(const std::string& name, Algorithm& algorithm) {
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {
    if (name == row.name) {
      algorithm = row.id;
      return true;
    }
  }
  return false;
}

void checkAlgorithmFits(Algorithm algorithm, std::uint64_t count) {
  const AlgorithmInfo& row = info(algorithm);
  if (count > row.maxElements) {
    throw Error(ExitCode::Gpu, std::string(row.name) + " sorts at most " + std::to_string(row.maxElements) +
                                   " elements (" + row.limitReason + "); " + std::to_string(count) +
                                   " need another --algo, such as bitonic-wide");
  }
}

PassSchedule scheduleFor(Algorithm algorithm, const SortShape& shape) {
  checkAlgorithmFits(algorithm, shape.count());
  return info(algorithm).schedule(shape);
}

PassSchedule scheduleFor(Algorithm algorithm, std::uint64_t n) { return scheduleFor(algorithm, SortShape::whole(n)); }

}  // namespace texsort
