#pragma once
// A file's pages given back (FileBytes::release) behind a read that takes
// its pieces in any order, on several threads: once every piece before a
// point is read, the bytes before that point are let go, in spans of at least
// `span` bytes, not piece by piece: each release is a TLB shootdown on the
// other cores.
#include "strata/fileio.h"

#include <cstdint>
#include <mutex>
#include <vector>

namespace strata {

class ReleaseBehind {
public:
  // `starts`: each piece's first byte, in file order; `size`: the file's.
  // With no `source` nothing is given back.
  ReleaseBehind(const FileBytes* source, std::vector<uint64_t> starts, uint64_t size,
                uint64_t span);
  // Piece n (of `starts`) is read. Thread-safe.
  void done(size_t n);

private:
  const FileBytes* source_;
  std::vector<uint64_t> starts_;
  uint64_t size_, span_;
  std::mutex m_; // guards everything below
  std::vector<char> done_;
  size_t firstUnread_ = 0;  // into starts_
  uint64_t releasedTo_ = 0; // bytes [0, releasedTo_) given back
};

} // namespace strata
