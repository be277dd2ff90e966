// Helpers (ffmpeg, ffprobe) as child processes, for the video encoder and decoder.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace texsort {

// Starts `args` (args[0] the program's path) with standard input from `input` (or /dev/null),
// standard output to `output` (or /dev/null), standard error to `log` and, with `audio`, fd 3 from
// it; SIGPIPE back to its default. -1 with errno set when it cannot start.
pid_t spawn(const std::vector<std::string>& args, int input, int output, int log, int audio = -1);

// spawn() with standard error going to the file `logPath` (emptied first). Throws
// texsort::Error(Encoder) "PROGRAM: cannot start: REASON" when it cannot start; closes none of the
// caller's descriptors.
pid_t spawnLogged(const std::vector<std::string>& args, int input, int output, const std::string& logPath);

// Runs `args` to its end with standard error to `logPath`: its standard output (through a pipe,
// so no disk is needed for it) and its exit status (waitFor's); a signal meanwhile stops it
// (setSignalChild). Throws as spawnLogged.
std::string runCaptured(const std::vector<std::string>& args, const std::string& logPath, int& status);

// The exit status of `child`, or 128 + the signal that ended it (255: it could not be waited for).
int waitFor(pid_t child);

// `path` as ffmpeg and ffprobe must be given a file: through the file protocol, so that no name is
// ever read as an option ("-x.mkv") or as another protocol ("http:...", "concat:a|b").
std::string ffmpegFile(const std::string& path);

// Every non-empty line of a log file (a helper's standard error).
std::vector<std::string> logLines(const std::string& path);

}  // namespace texsort
