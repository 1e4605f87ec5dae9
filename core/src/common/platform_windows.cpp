#ifdef _WIN32
#include "common/platform.h"
#include "strata/fileio.h"

#include <algorithm>
#include <atomic>
#include <chrono>

#include <windows.h>

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
