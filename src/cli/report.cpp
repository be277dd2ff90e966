// Report helpers shared by the commands (report.h).
#include "cli/report.h"

#include <cstdio>

namespace texsort {

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string describeElement(const Element& e) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "(key %.0f, index %.0f, rgb %.0f, alpha %.0f)", double(e.key), double(e.index),
                double(e.rgb), double(e.alpha));
  return buf;
}

}  // namespace texsort
