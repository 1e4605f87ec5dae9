#include "scratch.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#ifdef _WIN32
#include <fstream>
#include <process.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

namespace strata::fuzz {

namespace fs = std::filesystem;

namespace {

int processId() {
#ifdef _WIN32
  return ::_getpid();
#else
  return int(::getpid());
#endif
}

struct Scratch {
  std::string dir;
  Scratch() {
#ifdef _WIN32
    const char* tmp = std::getenv("TEMP");
#else
    const char* tmp = std::getenv("TMPDIR");
#endif
    dir = (fs::path(tmp && *tmp ? tmp : "/tmp") / ("strata-fuzz-" + std::to_string(processId())))
              .string();
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

} // namespace

const std::string& scratchDir() {
  static Scratch scratch;
  return scratch.dir;
}

// Overwritten in place and then cut to size, never truncated to zero first:
// ext4 flushes a file truncated to zero and rewritten when it is closed
// (auto_da_alloc), a disk write per input that made the tfrag harness crawl.
std::string writeScratch(const std::string& name, const uint8_t* data, size_t size) {
  const fs::path path = fs::path(scratchDir()) / name;
  fs::create_directories(path.parent_path());
#ifdef _WIN32 // (no ext4 there)
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
  if (!out.flush()) throw std::runtime_error("cannot write the fuzz scratch file " + path.string());
  return path.string();
#else
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  bool ok = fd >= 0;
  for (size_t done = 0; ok && done < size;) {
    const ssize_t n = ::pwrite(fd, data + done, size - done, off_t(done));
    ok = n > 0;
    done += ok ? size_t(n) : 0;
  }
  ok = ok && ::ftruncate(fd, off_t(size)) == 0;
  if (fd >= 0) ok = ::close(fd) == 0 && ok;
  if (!ok) throw std::runtime_error("cannot write the fuzz scratch file " + path.string());
  return path.string();
#endif
}

} // namespace strata::fuzz
