// Reads TEXSORT_FORCE_FAILURE once.
#include "fault.h"

#include <cstdlib>
#include <cstring>
#include <string>

namespace texsort {

bool forcedFailure(const char* name) {
  static const std::string list = [] {
    const char* value = std::getenv("TEXSORT_FORCE_FAILURE");
    return "," + std::string(value ? value : "") + ",";
  }();
  return list.find("," + std::string(name) + ",") != std::string::npos;
}

}  // namespace texsort
