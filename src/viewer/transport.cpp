// Transport: turns elapsed time and speed into a target pass.
#include "viewer/transport.h"

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

}  // namespace texsort
