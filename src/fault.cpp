// Reads TEXSORT_FORCE_FAILURE once.
#include "fault.h"

#include <cstdlib>
#include <cstring>
#include <string>

namespace texsort {

namespace {

const std::string& forcedList() {
  static const std::string list = [] {
    const char* value = std::getenv("TEXSORT_FORCE_FAILURE");
    return "," + std::string(value ? value : "") + ",";
  }();
  return list;
}

}  // namespace

bool forcedFailure(const char* name) { return forcedList().find("," + std::string(name) + ",") != std::string::npos; }

bool anyForcedFailure() { return forcedList() != ",,"; }

}  // namespace texsort
