#ifndef _WIN32
#include "common/platform.h"
#include "strata/fileio.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace strata {

std::filesystem::path pathOf(const std::string& utf8) {
  return std::filesystem::path(utf8);
}

std::string utf8Of(const std::filesystem::path& path) {
  return path.string();
}

} // namespace strata

namespace strata::platform {

bool mapFile(const std::string& path, MappedFile& out) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    void* p = ::mmap(nullptr, size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) {
      out.data = static_cast<const uint8_t*>(p);
      out.size = size_t(st.st_size);
      out.file = fd;
      return true;
    }
  }
  ::close(fd);
  return false;
}

void unmapFile(MappedFile& m) {
  if (!m.data) return;
  ::munmap(const_cast<uint8_t*>(m.data), m.size);
  ::close(int(m.file));
  m = MappedFile{};
}

void releasePages(const MappedFile& m, size_t offset, size_t n) {
  if (!m.data || offset >= m.size) return;
  n = std::min(n, m.size - offset);
  const uintptr_t page = uintptr_t(::sysconf(_SC_PAGESIZE));
  const uintptr_t from = (uintptr_t(m.data) + offset + page - 1) / page * page;
  const uintptr_t to = (uintptr_t(m.data) + offset + n) / page * page;
  // A private read-only mapping is never written: dropping its pages loses
  // nothing, and a later read maps them from the file again.
  if (to > from) ::madvise(reinterpret_cast<void*>(from), to - from, MADV_DONTNEED);
}

int64_t readAt(const MappedFile& m, uint64_t offset, size_t n, uint8_t* to, std::string& why) {
  for (;;) {
    const ssize_t got = ::pread(int(m.file), to, n, off_t(offset));
    if (got >= 0) return got;
    if (errno == EINTR) continue;
    why = std::strerror(errno);
    return -1;
  }
}

bool reserveFile(const std::filesystem::path& path, uint64_t bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return false;
#ifdef __linux__
  // Blocks only: the file's size is what is written (FALLOC_FL_KEEP_SIZE).
  const bool reserved = ::fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, off_t(bytes)) == 0;
#else
  const bool reserved = false;
  (void)bytes;
#endif
  ::close(fd);
  return reserved;
}

bool replaceFile(const std::filesystem::path& from, const std::filesystem::path& to,
                 std::string& why) {
  if (::rename(from.c_str(), to.c_str()) == 0) return true;
  why = std::strerror(errno);
  return false;
}

std::string uniqueSuffix() {
  static std::atomic<unsigned> counter{0};
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" +
         std::to_string(uint64_t(now) % 1000000007u);
}

void* allocatePages(size_t n) {
  void* p = ::mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

void freePages(void* p, size_t n) {
  if (p) ::munmap(p, n);
}

std::vector<std::string> utf8Arguments(int argc, char** argv) {
  return std::vector<std::string>(argv, argv + argc);
}

bool stderrIsTerminal() {
  return ::isatty(STDERR_FILENO);
}

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

std::vector<std::string> librarySearchDirectories() {
  return {};
}

void* loadLibrary(const std::string& path, std::string& why) {
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* error = ::dlerror();
    why = error ? error : "unknown error";
  }
  return handle;
}

LibraryFunction librarySymbol(void* library, const char* name) {
  return reinterpret_cast<LibraryFunction>(::dlsym(library, name));
}

unsigned processorCount() {
#ifdef __linux__
  // The cores this process may run on (taskset, a container's cpuset).
  cpu_set_t set;
  if (::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return unsigned(CPU_COUNT(&set));
#endif
  return 0;
}

void atForkChild(void (*f)()) {
  ::pthread_atfork(nullptr, nullptr, f);
}

std::string lastError() {
  return std::strerror(errno);
}

} // namespace strata::platform
#endif
