#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace strata {

// File names are UTF-8 inside Strata (and across the C ABI). These two
// convert at the edge to the system's paths: on Windows, whose narrow calls
// take the ANSI code page, to and from the wide names; elsewhere the bytes
// stay as they are.
std::filesystem::path pathOf(const std::string& utf8);
std::filesystem::path pathOf(const char* utf8);
inline const std::filesystem::path& pathOf(const std::filesystem::path& path) {
  return path;
}
std::string utf8Of(const std::filesystem::path& path);

// Reads a whole file; throws strata::Error naming the file when it cannot.
std::vector<uint8_t> readFile(const std::string& path);

// What a reader reads: a file by its path, or bytes already in memory (a
// fuzzer's input, a file inside a disc image, a plug-in's buffer) under a
// name its errors use. Only a file on disk has files beside it (a CHU's TQT,
// the files of a level directory).
struct Source {
  std::string path; // the file's path, or the name the bytes in memory go by
  std::shared_ptr<const std::vector<uint8_t>> memory; // set: these bytes, not a file's

  Source(std::string p) : path(std::move(p)) {}
  Source(const char* p) : path(p) {}
  Source(std::vector<uint8_t> bytes, std::string name)
      : path(std::move(name)),
        memory(std::make_shared<const std::vector<uint8_t>>(std::move(bytes))) {}
  bool onDisk() const { return !memory; }
  // The memory's bytes, or the file's read whole (throws as readFile).
  std::shared_ptr<const std::vector<uint8_t>> bytes() const;
};

// A whole file's bytes for one pass over them: mapped read-only where the
// system can (a regular file), so nothing is copied and what has been parsed
// can be let go (release); read whole into memory otherwise, or held as they
// are for a Source in memory. Throws like readFile.
class FileBytes {
public:
  explicit FileBytes(const Source& source);
  ~FileBytes();
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }
  // The bytes [offset, offset + n) will not be needed again soon: the memory
  // of the whole pages inside them is given back (a mapping only). They stay
  // readable, from the file again.
  void release(size_t offset, size_t n) const;
  // Copies the bytes [offset, offset + n) to `to`, from the file itself when
  // it is mapped: a second pass over bytes given back (a mesh made on
  // demand) would map their pages in again and hold them. Throws
  // strata::Error naming the file when they cannot be read (it shrank).
  void copy(size_t offset, size_t n, uint8_t* to) const;

private:
  std::string path_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  bool mapped_ = false;
  // While mapped: the mapping and the file (common/platform.h).
  intptr_t file_ = -1;
  void* mapping_ = nullptr;
  std::shared_ptr<const std::vector<uint8_t>> read_; // when not mapped
};

// Writes through a temporary file in the same directory and renames it into
// place, so a failure never leaves a partial output (design.md, "Bad input").
void writeFileAtomic(const std::string& path, const std::vector<uint8_t>& bytes);
void writeFileAtomic(const std::string& path, const std::string& text);
// The same, with the bytes streamed by `write` (which may throw: the partial
// temporary file is removed), for outputs too large to hold twice. `reserve`:
// at most the bytes `write` writes, allocated on disk first (from 1 MiB) where
// the filesystem can, so the writes find their blocks there (docs/performance.md).
void writeFileAtomic(const std::string& path, const std::function<void(std::ostream&)>& write,
                     uint64_t reserve = 0);

// The extension of `path` in lower case (".YTD" -> ".ytd"; "" for none).
std::string lowerExtension(const std::string& path);

} // namespace strata
