#include "ytd/ytd_pointers.h"

#include "strata/error.h"

#include <cstdio>

namespace strata::ytd {

std::string describePointer(uint64_t ptr) {
  char buf[64];
  const char* seg = (ptr >> 28) == 5 ? "system" : (ptr >> 28) == 6 ? "graphics" : nullptr;
  if (seg && (ptr >> 32) == 0)
    std::snprintf(buf, sizeof buf, "0x%08llX (%s +0x%llX)", static_cast<unsigned long long>(ptr),
                  seg, static_cast<unsigned long long>(ptr & 0x0FFFFFFF));
  else
    std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(ptr));
  return buf;
}

void ResourceMemory::fail(uint64_t at, const std::string& what) const {
  throw Error(res_.file, at, what + " (offset in the decompressed resource)");
}

Address ResourceMemory::resolve(uint64_t ptr, uint64_t need, const std::string& what,
                                uint64_t at) const {
  const uint64_t kind = ptr >> 28;
  if ((ptr >> 32) != 0 || (kind != 5 && kind != 6))
    fail(at, what + ": expected a system (0x5xxxxxxx) or graphics (0x6xxxxxxx) pointer, found " +
                 describePointer(ptr));
  Address a;
  a.segment = kind == 5 ? Segment::System : Segment::Graphics;
  a.offset = ptr & 0x0FFFFFFF;
  const uint64_t size = bytesOf(a.segment).size();
  if (a.offset > size || need > size - a.offset)
    fail(at, what + ": pointer " + describePointer(ptr) + " needs " + std::to_string(need) +
                 " bytes but the " + (kind == 5 ? "system" : "graphics") + " segment holds " +
                 std::to_string(size));
  return a;
}

uint64_t ResourceMemory::flatOffset(const Address& a) const {
  return a.segment == Segment::System ? a.offset : res_.system.size() + a.offset;
}

uint64_t ResourceMemory::flatOffset(uint64_t ptr) const {
  const uint64_t off = ptr & 0x0FFFFFFF;
  return (ptr >> 28) == 6 ? res_.system.size() + off : off;
}

uint64_t ResourceMemory::bytesAvailable(uint64_t ptr) const {
  const uint64_t kind = ptr >> 28;
  if ((ptr >> 32) != 0 || (kind != 5 && kind != 6)) return 0;
  const uint64_t size = bytesOf(kind == 5 ? Segment::System : Segment::Graphics).size();
  const uint64_t off = ptr & 0x0FFFFFFF;
  return off > size ? 0 : size - off;
}

ByteReader ResourceMemory::reader(uint64_t ptr, uint64_t size, const std::string& what,
                                  uint64_t at) const {
  const Address a = resolve(ptr, size, what, at);
  const auto& seg = bytesOf(a.segment);
  return ByteReader(seg.data() + a.offset, size_t(size), res_.file, size_t(flatOffset(a)));
}

std::string ResourceMemory::cString(uint64_t ptr, const std::string& what, uint64_t at,
                                    size_t maxLen) const {
  const Address a = resolve(ptr, 1, what, at);
  const auto& seg = bytesOf(a.segment);
  std::string s;
  for (uint64_t i = a.offset; i < seg.size(); ++i) {
    if (seg[i] == 0) return s;
    if (s.size() == maxLen) break;
    s.push_back(char(seg[i]));
  }
  fail(flatOffset(a), what + ": expected a NUL-terminated string of at most " +
                          std::to_string(maxLen) + " bytes at " + describePointer(ptr));
}

} // namespace strata::ytd
