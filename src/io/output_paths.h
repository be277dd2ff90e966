// The output rule's path helpers, shared by the writing (files.cpp) and the checks
// (output_paths.cpp) inside src/io.
#pragma once

#include <filesystem>
#include <string>

namespace texsort {

std::string errnoText(int error);  // strerror's words
// A name for a temporary file beside `target` (mkstemp's template): the target's own name, cut so
// the whole stays within the 255-byte limit of a file name, then ".tmp-XXXXXX".
std::string temporaryTemplate(const std::string& target);
// Where a write of `path` goes: the path itself, or a symbolic link's final target.
std::string resolvedOutput(const std::string& path);
// /dev/stdout, /dev/fd/1, /proc/self/fd/1 (or a link to one): the kernel's names of descriptor 1.
bool standardOutputName(const std::string& path);
bool isDeviceOrFifo(const std::filesystem::file_status& st);

}  // namespace texsort
