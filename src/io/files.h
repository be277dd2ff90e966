// File I/O with coreutils manners: whole-file reads with clear errors, and one rule for every
// output texsort writes (sort's image, bench --plot, the viewer's exports):
//   "-"                          standard output: only the file's bytes go there
//   an existing device or FIFO   opened and written in place: never renamed over, never unlinked
//   a symbolic link              followed: its target is replaced as below, the link stays a link
//   anything else                written to a temporary file in the same folder (permissions of a
//                                new file under the umask), flushed, fsynced, closed, then renamed
//                                onto the path; on any failure or signal the temporary file goes
//                                and an existing file keeps its bytes
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace texsort {

// The bytes of `path` ("-": standard input), at most maxBytes. Throws texsort::Error(BadInput)
// naming the file and the problem (missing, a folder, not a regular file, empty, too large,
// unreadable).
std::vector<unsigned char> readWholeFile(const std::string& path, std::uint64_t maxBytes);

// Writes `path` by the rule above through `write`, which gets a sink to call with each piece of
// data and returns false when it cannot produce the data. Throws texsort::Error(BadOutput) naming
// the file and the problem (a full disk, a file-size limit, a failing fsync or close, ...).
using ByteSink = std::function<bool(const void* data, std::size_t size)>;
void writeOutput(const std::string& path, const std::function<bool(const ByteSink& sink)>& write);

// Throws texsort::Error(BadOutput) unless `path` could be written by writeOutput: "-", an existing
// device or FIFO, or a file (a link's target) whose folder exists and is writable and which is not
// a folder or a socket. Lets a command fail before doing any work.
void checkOutputPath(const std::string& path);

// True when both paths name the same file (existing or not, links followed); "-" names none.
bool samePath(const std::string& a, const std::string& b);

// Makes SIGINT, SIGTERM and SIGHUP remove the temporary file being written (if any) and then end
// the process by the same signal, so the shell reports 130, 143 or 129. Call once, early in main.
void installSignalCleanup();

}  // namespace texsort
