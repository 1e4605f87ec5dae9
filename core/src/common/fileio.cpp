#include "strata/fileio.h"

#include "strata/error.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace strata {

namespace fs = std::filesystem;

std::vector<uint8_t> readFile(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw Error(path, Error::kNoOffset, "is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path, Error::kNoOffset, std::string("cannot open: ") + std::strerror(errno));
  in.seekg(0, std::ios::end);
  std::streamoff n = in.tellg();
  if (n < 0) throw Error(path, Error::kNoOffset, "cannot determine the file size");
  in.seekg(0);
  std::vector<uint8_t> data(static_cast<size_t>(n));
  if (n && !in.read(reinterpret_cast<char*>(data.data()), n))
    throw Error(path, Error::kNoOffset, "read failed");
  return data;
}

std::shared_ptr<const std::vector<uint8_t>> Source::bytes() const {
  return memory ? memory : std::make_shared<const std::vector<uint8_t>>(readFile(path));
}

FileBytes::FileBytes(const Source& source) : path_(source.path) {
  if (!source.onDisk()) {
    read_ = source.memory;
    data_ = read_->data();
    size_ = read_->size();
    return;
  }
  const std::string& path = source.path;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd >= 0 && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    void* p = ::mmap(nullptr, size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) {
      data_ = static_cast<const uint8_t*>(p);
      size_ = size_t(st.st_size);
      mapped_ = true;
      fd_ = fd;
    }
  }
  if (fd >= 0 && !mapped_) ::close(fd);
  if (!mapped_) {
    read_ = source.bytes(); // its errors name what is wrong
    data_ = read_->data();
    size_ = read_->size();
  }
}

FileBytes::~FileBytes() {
  if (mapped_) {
    ::munmap(const_cast<uint8_t*>(data_), size_);
    ::close(fd_);
  }
}

void FileBytes::release(size_t offset, size_t n) const {
  if (!mapped_ || offset >= size_) return;
  n = std::min(n, size_ - offset);
  const uintptr_t page = uintptr_t(::sysconf(_SC_PAGESIZE));
  const uintptr_t from = (uintptr_t(data_) + offset + page - 1) / page * page;
  const uintptr_t to = (uintptr_t(data_) + offset + n) / page * page;
  // A private read-only mapping is never written: dropping its pages loses
  // nothing, and a later read maps them from the file again.
  if (to > from) ::madvise(reinterpret_cast<void*>(from), to - from, MADV_DONTNEED);
}

void FileBytes::copy(size_t offset, size_t n, uint8_t* to) const {
  if (offset > size_ || n > size_ - offset)
    throw Error(path_, offset,
                "bytes " + std::to_string(offset) + ".." + std::to_string(uint64_t(offset) + n) +
                    " lie past the end of the file (" + std::to_string(size_) + " bytes)");
  if (!mapped_) {
    std::memcpy(to, data_ + offset, n);
    return;
  }
  for (size_t done = 0; done < n;) {
    const ssize_t got = ::pread(fd_, to + done, n - done, off_t(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0)
      throw Error(path_, offset + done,
                  got < 0 ? std::string("read failed: ") + std::strerror(errno)
                          : std::string("the file ends here: it shrank while it was read"));
    done += size_t(got);
  }
}

void writeFileAtomic(const std::string& path, const std::function<void(std::ostream&)>& write,
                     uint64_t reserve) {
  fs::path target(path);
  std::random_device rd;
  fs::path tmp = target;
  tmp += ".tmp" + std::to_string(rd() % 1000000);
  std::ios::openmode mode = std::ios::binary | std::ios::trunc;
  // The reservation costs an open and a fallocate, about 18 us a file, and
  // saved about 37 us a MiB written (326 MiB: 12 ms): below 1 MiB, a batch
  // of small outputs (texture dictionaries by the thousand) would pay more
  // than it saves.
  constexpr uint64_t kReserveFrom = uint64_t(1) << 20;
  if (reserve >= kReserveFrom) {
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd >= 0) {
      // Blocks only: the file's size is what is written (FALLOC_FL_KEEP_SIZE).
      // Where the filesystem cannot, the writes allocate them as before.
      // Opened again without truncating, which would let the blocks go.
      if (::fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, off_t(reserve)) == 0)
        mode = std::ios::binary | std::ios::in | std::ios::out;
      ::close(fd);
    }
  }
  {
    std::ofstream out(tmp, mode);
    if (!out)
      throw Error(path, Error::kNoOffset,
                  std::string("cannot create output: ") + std::strerror(errno));
    try {
      write(out);
      out.flush();
    } catch (...) {
      out.close();
      std::error_code ec;
      fs::remove(tmp, ec);
      throw;
    }
    if (!out) {
      out.close();
      std::error_code ec;
      fs::remove(tmp, ec);
      throw Error(path, Error::kNoOffset, "write failed");
    }
  }
  std::error_code ec;
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw Error(path, Error::kNoOffset, "cannot move the finished output into place");
  }
}

static void writeAtomic(const std::string& path, const void* p, size_t n) {
  writeFileAtomic(
      path, [&](std::ostream& out) { out.write(static_cast<const char*>(p), std::streamsize(n)); },
      n);
}

void writeFileAtomic(const std::string& path, const std::vector<uint8_t>& bytes) {
  writeAtomic(path, bytes.data(), bytes.size());
}
void writeFileAtomic(const std::string& path, const std::string& text) {
  writeAtomic(path, text.data(), text.size());
}

std::string lowerExtension(const std::string& path) {
  std::string e = std::filesystem::path(path).extension().string();
  for (char& c : e) c = char(std::tolower(static_cast<unsigned char>(c)));
  return e;
}

} // namespace strata
