// Facts about the machine a run is on, for the headings of measurements and the keys of kept ones.
#pragma once

#include <string>

namespace texsort {

// The CPU's model name (from /proc/cpuinfo, "unknown CPU" without it) and today's date (UTC,
// YYYY-MM-DD): what a benchmark's heading names.
std::string cpuName();
std::string today();

}  // namespace texsort
