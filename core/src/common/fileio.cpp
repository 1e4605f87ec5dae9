#include "strata/fileio.h"

#include "common/platform.h"
#include "strata/error.h"
#include "strata/text.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace strata {

namespace fs = std::filesystem;

fs::path pathOf(const char* utf8) {
  return pathOf(std::string(utf8));
}

std::vector<uint8_t> readFile(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(pathOf(path), ec))
    throw Error(path, Error::kNoOffset, "is a directory, not a file");
  std::ifstream in(pathOf(path), std::ios::binary);
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

namespace {

platform::MappedFile mappedOf(const uint8_t* data, size_t size, intptr_t file, void* mapping) {
  platform::MappedFile m;
  m.data = data;
  m.size = size;
  m.file = file;
  m.mapping = mapping;
  return m;
}

} // namespace

FileBytes::FileBytes(const Source& source) : path_(source.path) {
  platform::MappedFile m;
  if (!source.onDisk()) {
    read_ = source.memory;
    data_ = read_->data();
    size_ = read_->size();
  } else if (platform::mapFile(source.path, m)) {
    data_ = m.data;
    size_ = m.size;
    file_ = m.file;
    mapping_ = m.mapping;
    mapped_ = true;
  } else {
    read_ = source.bytes(); // its errors name what is wrong
    data_ = read_->data();
    size_ = read_->size();
  }
}

FileBytes::~FileBytes() {
  if (!mapped_) return;
  platform::MappedFile m = mappedOf(data_, size_, file_, mapping_);
  platform::unmapFile(m);
}

void FileBytes::release(size_t offset, size_t n) const {
  if (mapped_) platform::releasePages(mappedOf(data_, size_, file_, mapping_), offset, n);
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
  const platform::MappedFile m = mappedOf(data_, size_, file_, mapping_);
  for (size_t done = 0; done < n;) {
    std::string why;
    const int64_t got = platform::readAt(m, offset + done, n - done, to + done, why);
    if (got <= 0)
      throw Error(path_, offset + done,
                  got < 0 ? "read failed: " + why
                          : std::string("the file ends here: it shrank while it was read"));
    done += size_t(got);
  }
}

void writeFileAtomic(const std::string& path, const std::function<void(std::ostream&)>& write,
                     uint64_t reserve) {
  const fs::path target = pathOf(path);
  fs::path tmp = target;
  tmp += ".tmp" + platform::uniqueSuffix();
  std::ios::openmode mode = std::ios::binary | std::ios::trunc;
  // The reservation costs an open and a fallocate a file and saves in
  // proportion to the bytes written, so a batch of small outputs (texture
  // dictionaries by the thousand) would pay more than it saves; where the
  // line is drawn is measured in docs/performance.md.
  constexpr uint64_t kReserveFrom = uint64_t(1) << 20;
  // Where the filesystem cannot, the writes allocate the blocks as before.
  // Opened again without truncating, which would let the blocks go.
  if (reserve >= kReserveFrom && platform::reserveFile(tmp, reserve))
    mode = std::ios::binary | std::ios::in | std::ios::out;
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
  std::string why;
  if (!platform::replaceFile(tmp, target, why)) {
    std::error_code ec;
    fs::remove(tmp, ec);
    throw Error(path, Error::kNoOffset, "cannot move the finished output into place: " + why);
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
  return lowerAscii(utf8Of(pathOf(path).extension()));
}

} // namespace strata
