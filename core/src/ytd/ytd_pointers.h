#pragma once
// Resolving resource pointers (ytd-layout.md: "0x50000000 | off = system;
// 0x60000000 | off = graphics") into bounds-checked readers. Offsets in errors
// are positions in the decompressed resource (system segment first, then
// graphics), since pointers address that space and not the compressed file.
#include "common/bytes.h"
#include "ytd/ytd_rsc7.h"

#include <cstdint>
#include <string>

namespace strata::ytd {

enum class Segment { System, Graphics };

struct Address {
  Segment segment = Segment::System;
  uint64_t offset = 0; // within the segment
};

constexpr uint64_t kSystemBase = 0x50000000;
constexpr uint64_t kGraphicsBase = 0x60000000;

// "0x50000810 (system +0x810)".
std::string describePointer(uint64_t ptr);

class ResourceMemory {
public:
  explicit ResourceMemory(const Resource& res) : res_(res) {}

  const Resource& resource() const { return res_; }
  const std::string& file() const { return res_.file; }

  // Splits a pointer into segment + offset; throws when it is neither a system
  // nor a graphics pointer or lies outside its segment. `what` names the field
  // holding the pointer; `at` is where that field sits (decompressed offset).
  Address resolve(uint64_t ptr, uint64_t need, const std::string& what, uint64_t at) const;

  // A reader over exactly [ptr, ptr + size) of the pointer's segment.
  ByteReader reader(uint64_t ptr, uint64_t size, const std::string& what, uint64_t at) const;

  // A NUL-terminated string at `ptr`, at most `maxLen` bytes before the NUL.
  std::string cString(uint64_t ptr, const std::string& what, uint64_t at,
                      size_t maxLen = 1024) const;

  // The decompressed offset (system first) of a pointer already resolved.
  uint64_t flatOffset(const Address& a) const;
  uint64_t flatOffset(uint64_t ptr) const; // assumes a valid pointer

  // Bytes left in the pointer's segment from `ptr` on (0 if invalid).
  uint64_t bytesAvailable(uint64_t ptr) const;

  [[noreturn]] void fail(uint64_t at, const std::string& what) const;

private:
  const std::vector<uint8_t>& bytesOf(Segment s) const {
    return s == Segment::System ? res_.system : res_.graphics;
  }
  const Resource& res_;
};

} // namespace strata::ytd
