// Transport: turns elapsed time and speed into a target pass.
#include "playback/transport.h"

#include <algorithm>
#include <cmath>

namespace texsort {

std::uint32_t Transport::advance(double seconds) {
  if (!playing) return pass;
  owed += seconds * static_cast<double>(passesPerSecond);
  const double whole = std::floor(owed);
  owed -= whole;
  const double target = static_cast<double>(pass) + whole;
  pass = target >= passCount ? passCount : static_cast<std::uint32_t>(target);
  if (pass == passCount) pause();
  return pass;
}

std::uint32_t Transport::litComparators(std::uint32_t comparators) const {
  if (!playing || asFastAsPossible || passesPerSecond >= 1.0f || pass >= passCount) return 0;
  return std::min(comparators, static_cast<std::uint32_t>(owed * double(comparators)));
}

}  // namespace texsort
