// File I/O with coreutils manners: whole-file reads with clear errors, and one rule for every
// output texsort writes (sort's image, bench --plot, the viewer's exports):
//   "-"                          standard output: only the file's bytes go there; so do its
//                                names /dev/stdout, /dev/fd/1 and /proc/self/fd/1 (or a link to one)
//   an existing device or FIFO   opened and written in place: never renamed over, never unlinked
//   a symbolic link              followed: its target is replaced as below, the link stays a link
//   anything else                written to a temporary file in the same folder (permissions of a
//                                new file under the umask), flushed, fsynced, closed, then renamed
//                                onto the path; on any failure or signal the temporary file goes
//                                and an existing file keeps its bytes
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace texsort {

// A path as messages and reports name it: "-" is standard input (or output).
inline std::string inputName(const std::string& path) { return path == "-" ? "standard input" : path; }
inline std::string outputName(const std::string& path) { return path == "-" ? "standard output" : path; }

// The bytes of `path` ("-": standard input), at most maxBytes. Throws texsort::Error(BadInput)
// naming the file and the problem (missing, a folder, not a regular file, empty, too large,
// unreadable).
std::vector<unsigned char> readWholeFile(const std::string& path, std::uint64_t maxBytes);

// Up to `count` bytes from the start of `path` when it is a regular file, else none: a FIFO, a
// device or standard input gives nothing, so nothing of a stream is consumed by looking.
std::vector<unsigned char> regularFileStart(const std::string& path, std::size_t count);

// Writes `path` by the rule above through `write`, which gets a sink to call with each piece of
// data and returns false when it cannot produce the data. Throws texsort::Error(BadOutput) naming
// the file and the problem (a full disk, a file-size limit, a failing fsync or close, ...).
using ByteSink = std::function<bool(const void* data, std::size_t size)>;
void writeOutput(const std::string& path, const std::function<bool(const ByteSink& sink)>& write);

// Whether `path` is standard output: "-", /dev/stdout, /dev/fd/1, /proc/self/fd/1, or a link to one.
// A command treats it as "-" (its report then goes to standard error).
bool namesStandardOutput(const std::string& path);

// Throws texsort::Error(BadOutput) unless `path` could be written by writeOutput: "-", an existing
// device or FIFO, or a file (a link's target) whose folder exists and is writable and which is not
// a folder or a socket. Lets a command fail before doing any work.
void checkOutputPath(const std::string& path);

// A file a command reads, which no output may replace: its path ("" or "-": none) and what it is.
struct InputFile {
  std::string path;
  std::string role = "input";  // "output is the input file", "... the mask file"
};

// The check every writer makes before any work: throws texsort::Error(Usage) when `path` is empty
// or names the same file as one of `inputs` (any spelling: links, ./, ..; for standard output, the
// file it is open on), then checkOutputPath.
void checkOutput(const std::string& path, const std::vector<InputFile>& inputs);

// Flushes standard output and throws texsort::Error(BadOutput) "standard output: write error: ..."
// when anything written to it was lost (a full device, a closed pipe). main calls it last.
void closeStandardOutput();

// True when both paths name the same file (existing or not, links followed); "-" names none.
bool samePath(const std::string& a, const std::string& b);

// A path that is removed when this goes out of scope, unless keep() was called, and by a signal
// (installSignalCleanup) while it lives.
class TemporaryPath {
 public:
  explicit TemporaryPath(std::string path);
  ~TemporaryPath();
  TemporaryPath(const TemporaryPath&) = delete;
  TemporaryPath& operator=(const TemporaryPath&) = delete;
  const std::string& path() const { return path_; }
  void keep();  // after the rename that gave the file its final name

 private:
  std::string path_;
  int slot_ = -1;  // the signal handler's slot, if one was free
  bool kept_ = false;
};

// Creates a file from the mkstemp template `name` (its X's replaced, close-on-exec) and registers it
// in `path` for removal, every signal held back in between, so none can leave it behind. Its
// descriptor, or -1 with errno set (and `path` empty).
int createTemporaryFile(std::string& name, std::optional<TemporaryPath>& path);

// An empty file of texsort's own in $TMPDIR (else /tmp) whose name ends in `suffix`, for a helper
// program to write (ffmpeg, for a recording); removed like a TemporaryPath. Throws
// texsort::Error(BadOutput) when it cannot be created.
class ScratchFile {
 public:
  explicit ScratchFile(const std::string& suffix);
  const std::string& path() const { return file_->path(); }
  std::string folder() const { return path().substr(0, path().find_last_of('/')); }
  // Whether its folder's disk has no room left for a helper to write (a full $TMPDIR), which a
  // helper's failure is then put down to: its own log may have been lost to the same full disk.
  bool diskFull() const;

 private:
  std::unique_ptr<TemporaryPath> file_;
};

// A helper process that a signal should stop too (0: none): the handler kills it and waits for it
// before removing anything.
void setSignalChild(pid_t child);

// Makes SIGPIPE an EPIPE write error, and every other signal that would end the process (SIGINT,
// SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, ..., the real-time ones; not a fault of its own code)
// stop the helper process (setSignalChild), remove the temporary files alive (TemporaryPath), then
// end the process by the same signal, so the shell reports 130, 143, 129, 131, ... Call once,
// early in main.
void installSignalCleanup();

}  // namespace texsort
