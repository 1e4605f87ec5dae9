#include "strata/error.h"

#include <cstdio>

namespace strata {

std::string atByte(uint64_t offset) {
  if (offset == Error::kNoOffset) return "";
  char buf[64];
  std::snprintf(buf, sizeof buf, " at byte %llu (0x%llX)", (unsigned long long)offset,
                (unsigned long long)offset);
  return buf;
}

static std::string formatError(const std::string& file, uint64_t offset, const std::string& what) {
  std::string s = file.empty() ? std::string("<memory>") : file;
  if (offset != Error::kNoOffset) s += ":" + atByte(offset);
  return s + ": " + what;
}

Error::Error(std::string file, uint64_t offset, std::string what)
    : std::runtime_error(formatError(file, offset, what)), file_(std::move(file)), offset_(offset),
      detail_(std::move(what)) {}

} // namespace strata
