// Helpers (ffmpeg, ffprobe) as child processes: started with their standard streams on our pipes
// and files, waited for.
#include "record/child_process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <cstdio>

#include "error.h"
#include "io/files.h"

extern char** environ;

namespace texsort {

// Starts `args` with standard input from /dev/null or `input` (a pipe's read end), standard
// output to `output` (or /dev/null) and standard error to `log`; SIGPIPE back to its default.
pid_t spawn(const std::vector<std::string>& args, int input, int output, int log, int audio) {
  // The child's fds 0..3 are made from these: none may already be one of 0..3, or a dup2 below
  // would overwrite another's source (or keep its close-on-exec flag, dup2 onto itself).
  int moved[4] = {-1, -1, -1, -1};
  int* sources[4] = {&input, &output, &log, &audio};
  for (int k = 0; k < 4; ++k) {
    if (*sources[k] >= 0 && *sources[k] <= 3) *sources[k] = moved[k] = ::fcntl(*sources[k], F_DUPFD_CLOEXEC, 10);
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (audio >= 0) posix_spawn_file_actions_adddup2(&actions, audio, 3);  // ffmpeg's pipe:3
  if (input >= 0) posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO);
  else posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (output >= 0) posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO);
  else posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  if (log >= 0) posix_spawn_file_actions_adddup2(&actions, log, STDERR_FILENO);
  // texsort ignores SIGPIPE (a closed reader is an EPIPE error there); a helper starts with the default.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
  std::vector<std::string> copy = args;
  std::vector<char*> argv;
  for (std::string& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t child = -1;
  const int error = ::posix_spawn(&child, args[0].c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  for (const int fd : moved)
    if (fd >= 0) ::close(fd);
  if (error != 0) {
    errno = error;
    return -1;
  }
  return child;
}

pid_t spawnLogged(const std::vector<std::string>& args, int input, int output, const std::string& logPath) {
  const int log = ::open(logPath.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  const pid_t child = spawn(args, input, output, log);
  const int error = errno;
  if (log >= 0) ::close(log);
  if (child < 0) throw Error(ExitCode::Encoder, args[0] + ": cannot start: " + std::strerror(error));
  return child;
}

std::string runCaptured(const std::vector<std::string>& args, const std::string& logPath, int& status) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw Error(ExitCode::Encoder, args[0] + ": cannot make a pipe: " + std::strerror(errno));
  pid_t child = -1;
  try {
    child = spawnLogged(args, -1, fds[1], logPath);
  } catch (...) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw;
  }
  ::close(fds[1]);
  setSignalChild(child);  // a signal meanwhile stops it too
  std::string out;
  char buffer[4096];
  for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  status = waitFor(child);
  setSignalChild(0);
  return out;
}

// The exit status of `child`, or 128 + the signal that ended it (255: it could not be waited for).
int waitFor(pid_t child) {
  int status = 0;
  pid_t done;
  do done = ::waitpid(child, &status, 0);
  while (done < 0 && errno == EINTR);
  if (done < 0) return 255;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string ffmpegFile(const std::string& path) { return "file:" + path; }

// Every non-empty line of a log file.
std::vector<std::string> logLines(const std::string& path) {
  std::vector<std::string> lines;
  std::FILE* f = std::fopen(path.c_str(), "r");
  if (!f) return lines;
  std::string line;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, f)) {
    line += buffer;
    if (!line.empty() && line.back() == '\n') {
      line.pop_back();
      if (!line.empty()) lines.push_back(line);
      line.clear();
    }
  }
  if (!line.empty()) lines.push_back(line);
  std::fclose(f);
  return lines;
}

}  // namespace texsort
