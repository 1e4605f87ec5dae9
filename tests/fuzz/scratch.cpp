#include "scratch.h"

#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace strata::fuzz {

namespace fs = std::filesystem;

namespace {

struct Scratch {
  std::string dir;
  Scratch() {
    const char* tmp = std::getenv("TMPDIR");
    dir = (fs::path(tmp && *tmp ? tmp : "/tmp") / ("strata-fuzz-" + std::to_string(getpid())))
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
}

} // namespace strata::fuzz
