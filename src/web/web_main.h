// The command line in the browser (web_main.cpp): what texsort.run calls.
#pragma once

#include <string>
#include <vector>

namespace texsort {

// One command line without the program's name; the exit code, the error on standard error.
int runCommandLine(const std::vector<std::string>& args);

}  // namespace texsort
