#ifdef _WIN32
#include "common/platform.h"
#include "strata/fileio.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <fcntl.h>
#include <io.h>
#include <windows.h>
// shellapi.h needs windows.h first.
#include <shellapi.h>

namespace strata {

namespace fs = std::filesystem;

// MultiByteToWideChar and back, not u8path/u8string, which throw on a name
// that is not UTF-8 (an Atlas config's source image can be anything): bytes
// that are not UTF-8, and UTF-16 that is not whole, become U+FFFD.
fs::path pathOf(const std::string& utf8) {
  if (utf8.empty()) return {};
  const int n = ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), nullptr, 0);
  std::wstring wide(size_t(n), L'\0');
  ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), wide.data(), n);
  return fs::path(wide);
}

std::string utf8Of(const fs::path& path) {
  const std::wstring& wide = path.native();
  if (wide.empty()) return {};
  const int n = ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), int(wide.size()), nullptr, 0,
                                      nullptr, nullptr);
  std::string utf8(size_t(n), '\0');
  ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), int(wide.size()), utf8.data(), n, nullptr,
                        nullptr);
  return utf8;
}

} // namespace strata

namespace strata::platform {

namespace {

HANDLE handleOf(const MappedFile& m) {
  return reinterpret_cast<HANDLE>(m.file);
}

} // namespace

bool mapFile(const std::string& path, MappedFile& out) {
  // Shared for writing and deleting too, as a POSIX open would be: a file
  // being read may be replaced by another program meanwhile.
  const std::wstring wide = pathOf(path).wstring();
  HANDLE file = ::CreateFileW(wide.c_str(), GENERIC_READ,
                              FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                              OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (file == INVALID_HANDLE_VALUE) return false;
  LARGE_INTEGER size;
  if (::GetFileType(file) == FILE_TYPE_DISK && ::GetFileSizeEx(file, &size) && size.QuadPart > 0 &&
      uint64_t(size.QuadPart) <= SIZE_MAX) {
    HANDLE mapping = ::CreateFileMappingW(file, nullptr, PAGE_READONLY, 0, 0, nullptr);
    if (mapping) {
      void* view = ::MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, 0);
      if (view) {
        out.data = static_cast<const uint8_t*>(view);
        out.size = size_t(size.QuadPart);
        out.file = reinterpret_cast<intptr_t>(file);
        out.mapping = mapping;
        return true;
      }
      ::CloseHandle(mapping);
    }
  }
  ::CloseHandle(file);
  return false;
}

void unmapFile(MappedFile& m) {
  if (!m.data) return;
  ::UnmapViewOfFile(m.data);
  ::CloseHandle(static_cast<HANDLE>(m.mapping));
  ::CloseHandle(handleOf(m));
  m = MappedFile{};
}

void releasePages(const MappedFile& m, size_t offset, size_t n) {
  if (!m.data || offset >= m.size) return;
  n = std::min(n, m.size - offset);
  SYSTEM_INFO info;
  ::GetSystemInfo(&info);
  const uintptr_t page = info.dwPageSize;
  const uintptr_t from = (uintptr_t(m.data) + offset + page - 1) / page * page;
  const uintptr_t to = (uintptr_t(m.data) + offset + n) / page * page;
  // Unlocking pages that were never locked takes them out of the working
  // set (documented for VirtualUnlock); a later read faults them in again.
  if (to > from) ::VirtualUnlock(reinterpret_cast<void*>(from), to - from);
}

int64_t readAt(const MappedFile& m, uint64_t offset, size_t n, uint8_t* to, std::string& why) {
  OVERLAPPED at{};
  at.Offset = DWORD(offset);
  at.OffsetHigh = DWORD(offset >> 32);
  DWORD got = 0;
  const DWORD want = DWORD(std::min<size_t>(n, 1u << 30));
  if (::ReadFile(handleOf(m), to, want, &got, &at)) return got;
  if (::GetLastError() == ERROR_HANDLE_EOF) return 0;
  why = lastError();
  return -1;
}

bool reserveFile(const std::filesystem::path& path, uint64_t bytes) {
  // NTFS allocates a file's clusters as it is written; a reservation would
  // set its size, which a failed write would leave behind.
  (void)path;
  (void)bytes;
  return false;
}

bool replaceFile(const std::filesystem::path& from, const std::filesystem::path& to,
                 std::string& why) {
  if (::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
    return true;
  why = lastError();
  return false;
}

std::string uniqueSuffix() {
  static std::atomic<unsigned> counter{0};
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return std::to_string(::GetCurrentProcessId()) + "-" + std::to_string(counter++) + "-" +
         std::to_string(uint64_t(now) % 1000000007u);
}

void* allocatePages(size_t n) {
  return ::VirtualAlloc(nullptr, n, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
}

void freePages(void* p, size_t) {
  if (p) ::VirtualFree(p, 0, MEM_RELEASE);
}

std::vector<std::string> utf8Arguments(int argc, char** argv) {
  ::SetConsoleOutputCP(CP_UTF8);
  ::_setmode(::_fileno(stdout), _O_BINARY);
  ::_setmode(::_fileno(stderr), _O_BINARY);
  int n = 0;
  wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &n);
  if (!wide) return std::vector<std::string>(argv, argv + argc);
  std::vector<std::string> args;
  for (int i = 0; i < n; ++i) args.push_back(utf8Of(std::filesystem::path(wide[i])));
  ::LocalFree(wide);
  return args;
}

bool stderrIsTerminal() {
  HANDLE err = ::GetStdHandle(STD_ERROR_HANDLE);
  DWORD mode = 0;
  if (err == INVALID_HANDLE_VALUE || !::GetConsoleMode(err, &mode)) return false;
  return (mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING) ||
         ::SetConsoleMode(err, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING);
}

std::string environment(const char* name) {
  const wchar_t* value = ::_wgetenv(pathOf(name).c_str());
  return value ? utf8Of(std::filesystem::path(value)) : "";
}

std::vector<std::string> librarySearchDirectories() {
  std::vector<std::string> dirs;
  auto moduleDir = [&](HMODULE module) {
    wchar_t name[MAX_PATH];
    const DWORD n = ::GetModuleFileNameW(module, name, MAX_PATH);
    if (n > 0 && n < MAX_PATH) dirs.push_back(utf8Of(std::filesystem::path(name).parent_path()));
  };
  moduleDir(nullptr); // the program
  HMODULE self = nullptr;
  if (::GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS |
                               GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                           reinterpret_cast<LPCWSTR>(&librarySearchDirectories), &self))
    moduleDir(self); // strata.dll, when it is the library
  const std::string path = environment("PATH");
  for (size_t at = 0; at <= path.size();) {
    const size_t end = std::min(path.find(';', at), path.size());
    if (end > at) dirs.push_back(path.substr(at, end - at));
    at = end + 1;
  }
  return dirs;
}

void* loadLibrary(const std::string& path, std::string& why) {
  HMODULE h = ::LoadLibraryExW(pathOf(path).c_str(), nullptr, LOAD_WITH_ALTERED_SEARCH_PATH);
  if (!h) why = lastError();
  return h;
}

LibraryFunction librarySymbol(void* library, const char* name) {
  return reinterpret_cast<LibraryFunction>(
      reinterpret_cast<void (*)()>(::GetProcAddress(static_cast<HMODULE>(library), name)));
}

unsigned processorCount() {
  // Every processor group's, where hardware_concurrency counts one group's.
  return unsigned(::GetActiveProcessorCount(ALL_PROCESSOR_GROUPS));
}

void atForkChild(void (*)()) {}

std::string lastError() {
  const DWORD code = ::GetLastError();
  wchar_t* text = nullptr;
  const DWORD n = ::FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM |
                                       FORMAT_MESSAGE_IGNORE_INSERTS,
                                   nullptr, code, 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::string message;
  if (n && text) {
    message = std::filesystem::path(std::wstring(text, n)).u8string();
    while (!message.empty() && (message.back() == '\n' || message.back() == '\r' ||
                                message.back() == ' ' || message.back() == '.'))
      message.pop_back();
  }
  if (text) ::LocalFree(text);
  return message.empty() ? "system error " + std::to_string(code) : message;
}

} // namespace strata::platform
#endif
