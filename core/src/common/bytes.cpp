#include "common/bytes.h"

#include <cstdio>

namespace strata {

std::string hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", v);
  return buf;
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

uint32_t ByteReader::expectU32(uint32_t expected, const char* what) {
  size_t at = pos_;
  uint32_t v = u32(what);
  if (v != expected)
    failAt(at, std::string("expected ") + what + " " + hex32(expected) + ", found " + hex32(v));
  return v;
}

} // namespace strata
