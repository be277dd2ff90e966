// File I/O with coreutils manners: whole-file reads with clear errors, and atomic writes that never
// leave a partial file behind.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace texsort {

// The bytes of `path`, a regular file of at most maxBytes. Throws texsort::Error(BadInput) naming
// the file and the problem (missing, a folder, not a regular file, empty, too large, unreadable).
std::vector<unsigned char> readWholeFile(const std::string& path, std::uint64_t maxBytes);

// Writes a file through `write`, which gets a sink to call with each piece of data and returns false
// on failure. The data goes to a temporary file in the same folder, made with the permissions a
// plain create would give (0666 less the umask), and is renamed onto `path` only when complete and
// flushed; on any failure the temporary file is removed and an existing `path` stays untouched.
// Throws texsort::Error(BadOutput) naming the file and the problem.
using ByteSink = std::function<bool(const void* data, std::size_t size)>;
void writeFileAtomically(const std::string& path, const std::function<bool(const ByteSink& sink)>& write);

// Throws texsort::Error(BadOutput) unless `path` could be created: its folder exists and is writable
// and `path` is not a folder. Lets a command fail before doing any work.
void checkOutputPath(const std::string& path);

// True when both paths name the same file (existing or not).
bool samePath(const std::string& a, const std::string& b);

}  // namespace texsort
