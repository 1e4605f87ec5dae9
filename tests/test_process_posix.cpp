// Running programs from the tests, POSIX side (test_process_windows.cpp is the
// other): through sh for command lines, fork and exec for measured runs.
#ifndef _WIN32
#include "test_support.h"

#include <array>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace testsupport {

static std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'')
      q += "'\\''";
    else
      q += c;
  }
  return q + "'";
}

RunResult run(const std::string& commandLine) {
  RunResult r;
  FILE* p = popen((commandLine + " 2>&1").c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.output.append(buf.data(), n);
  int status = pclose(p);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

RunResult cli(const std::vector<std::string>& args, const fs::path& cwd) {
  std::string line = (cwd.empty() ? "" : "cd " + quote(cwd.string()) + " && ") + quote(STRATA_CLI);
  for (auto& a : args) line += " " + quote(a);
  return run(line + " </dev/null");
}

RunResult cliOnTerminal(const std::vector<std::string>& args) {
  std::string line = quote(STRATA_CLI);
  for (auto& a : args) line += " " + quote(a);
  return run("script -qec " + quote(line + " </dev/null") + " /dev/null");
}

MeasuredRun cliMeasured(const std::vector<std::string>& args) {
  MeasuredRun m;
  int outPipe[2], errPipe[2];
  if (pipe(outPipe) != 0 || pipe(errPipe) != 0) return m;
  std::vector<std::string> argv = {STRATA_CLI};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> cargv;
  for (std::string& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    const int in = open("/dev/null", O_RDONLY);
    dup2(in, 0);
    dup2(outPipe[1], 1);
    dup2(errPipe[1], 2);
    for (int fd : {outPipe[0], outPipe[1], errPipe[0], errPipe[1], in}) close(fd);
    execv(cargv[0], cargv.data());
    _exit(127);
  }
  close(outPipe[1]);
  close(errPipe[1]);
  pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
  std::string* into[2] = {&m.out, &m.err};
  for (int open = 2; open > 0;) {
    if (poll(fds, 2, -1) < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
      char buf[4096];
      const ssize_t n = read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        into[i]->append(buf, size_t(n));
      } else {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open;
      }
    }
  }
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) == pid) {
    m.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    m.peakKiB = usage.ru_maxrss;
  }
  m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return m;
}

RunResult runProgram(const std::vector<std::string>& argv) {
  std::string line;
  for (const std::string& a : argv) line += (line.empty() ? "" : " ") + quote(a);
  return run(line);
}

std::string nativePath(const std::string& path) {
  return path;
}

} // namespace testsupport
#endif
