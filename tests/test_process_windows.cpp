// Running programs from the tests, Windows side (run under Wine here): cmd.exe
// for command lines, CreateProcessW for programs, the UTF-8 of the tests
// turned into wide strings at this edge.
#ifdef _WIN32
#include "test_support.h"

#include <chrono>
#include <cstdio>
#include <thread>

#include <windows.h>
// windows.h first: psapi.h needs its types.
#include <psapi.h>

namespace testsupport {

namespace {

std::wstring wide(const std::string& utf8) {
  return fs::u8path(utf8).wstring();
}

// A command line of argv for CreateProcessW (the quoting rules of
// CommandLineToArgvW: backslashes double only before a quote).
std::wstring commandLine(const std::vector<std::string>& argv) {
  std::wstring line;
  for (const std::string& a : argv) {
    if (!line.empty()) line += L' ';
    line += L'"';
    const std::wstring w = wide(a);
    size_t slashes = 0;
    for (wchar_t c : w) {
      if (c == L'\\') {
        ++slashes;
      } else {
        if (c == L'"') line.append(slashes + 1, L'\\');
        slashes = 0;
      }
      line += c;
    }
    line.append(slashes, L'\\');
    line += L'"';
  }
  return line;
}

// Reads a pipe to its end on a thread of its own (two pipes read in turn on
// one thread would deadlock on a child that fills the other).
std::thread drain(HANDLE pipe, std::string& into) {
  return std::thread([pipe, &into] {
    char buf[4096];
    DWORD n = 0;
    while (::ReadFile(pipe, buf, sizeof buf, &n, nullptr) && n > 0) into.append(buf, n);
    ::CloseHandle(pipe);
  });
}

// Starts argv with stdin from NUL and stdout/stderr into `out`/`err` (the
// same string for both when they are one), waits, and fills the result.
MeasuredRun spawn(const std::vector<std::string>& argv, bool together, const fs::path& cwd = {}) {
  MeasuredRun m;
  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  HANDLE outRead, outWrite, errRead = nullptr, errWrite = nullptr;
  if (!::CreatePipe(&outRead, &outWrite, &inherit, 0)) return m;
  ::SetHandleInformation(outRead, HANDLE_FLAG_INHERIT, 0);
  if (!together) {
    ::CreatePipe(&errRead, &errWrite, &inherit, 0);
    ::SetHandleInformation(errRead, HANDLE_FLAG_INHERIT, 0);
  }
  HANDLE nul = ::CreateFileW(L"NUL", GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit,
                             OPEN_EXISTING, 0, nullptr);
  STARTUPINFOW si{};
  si.cb = sizeof si;
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdInput = nul;
  si.hStdOutput = outWrite;
  si.hStdError = together ? outWrite : errWrite;
  PROCESS_INFORMATION pi{};
  std::wstring line = commandLine(argv);
  const auto start = std::chrono::steady_clock::now();
  const std::wstring dir = cwd.wstring();
  // Under Wine a start has failed now and then (one CI run in five) where the
  // next one works: a test must not fail on the host's flake, so three tries.
  BOOL started = FALSE;
  DWORD why = 0;
  for (int attempt = 0; attempt < 3 && !started; ++attempt) {
    if (attempt) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    started = ::CreateProcessW(nullptr, line.data(), nullptr, nullptr, TRUE, 0, nullptr,
                               dir.empty() ? nullptr : dir.c_str(), &si, &pi);
    if (!started) why = ::GetLastError();
  }
  ::CloseHandle(outWrite);
  if (errWrite) ::CloseHandle(errWrite);
  ::CloseHandle(nul);
  if (!started) {
    ::CloseHandle(outRead);
    if (errRead) ::CloseHandle(errRead);
    m.err = "cannot start " + argv.front() + " (Windows error " + std::to_string(why) + ")";
    return m;
  }
  std::thread outThread = drain(outRead, m.out);
  std::thread errThread;
  if (errRead) errThread = drain(errRead, m.err);
  ::WaitForSingleObject(pi.hProcess, INFINITE);
  outThread.join();
  if (errThread.joinable()) errThread.join();
  DWORD code = 0;
  if (::GetExitCodeProcess(pi.hProcess, &code)) m.exitCode = int(code);
  PROCESS_MEMORY_COUNTERS mem{};
  if (::GetProcessMemoryInfo(pi.hProcess, &mem, sizeof mem))
    m.peakKiB = long(mem.PeakWorkingSetSize / 1024);
  m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ::CloseHandle(pi.hThread);
  ::CloseHandle(pi.hProcess);
  return m;
}

} // namespace

std::string nativePath(const std::string& path) {
  if (path.empty() || path[0] != '/') return path;
  std::string p = "Z:" + path;
  for (char& c : p)
    if (c == '/') c = '\\';
  return p;
}

RunResult run(const std::string& line) {
  RunResult r;
  // _wpopen hands the line to cmd /c, which strips one pair of outer quotes:
  // the whole line goes in one more pair.
  FILE* p = ::_wpopen(wide("\"" + line + " 2>&1\"").c_str(), L"rb");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  r.exitCode = ::_pclose(p);
  return r;
}

RunResult runProgram(const std::vector<std::string>& argv) {
  std::vector<std::string> native = argv;
  native.front() = nativePath(native.front());
  MeasuredRun m = spawn(native, true);
  RunResult r;
  r.exitCode = m.exitCode;
  r.output = m.out + m.err;
  return r;
}

// Straight to CreateProcessW: Wine's cmd.exe crashed on a batch's long command line.
RunResult cli(const std::vector<std::string>& args, const fs::path& cwd) {
  std::vector<std::string> argv = {nativePath(STRATA_CLI)};
  argv.insert(argv.end(), args.begin(), args.end());
  const MeasuredRun m = spawn(argv, true, cwd);
  RunResult r;
  r.exitCode = m.exitCode;
  r.output = m.out + m.err;
  return r;
}

RunResult cliOnTerminal(const std::vector<std::string>& args) {
  // No pseudo-terminal here: the tests that need one skip (they ask for script(1) first).
  RunResult r;
  r.output = "no terminal to run strata on under Windows";
  (void)args;
  return r;
}

MeasuredRun cliMeasured(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {nativePath(STRATA_CLI)};
  argv.insert(argv.end(), args.begin(), args.end());
  return spawn(argv, false);
}

int cliPeakThreads(const std::vector<std::string>&) {
  return -1; // no /proc to count a process's threads in
}

} // namespace testsupport
#endif
