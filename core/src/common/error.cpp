#include "strata/error.h"

#include "strata/text.h"

#include <cstdio>

namespace strata {

std::string atByte(uint64_t offset) {
  if (offset == Error::kNoOffset) return "";
  char buf[64];
  std::snprintf(buf, sizeof buf, " at byte %llu (0x%llX)", (unsigned long long)offset,
                (unsigned long long)offset);
  return buf;
}

// The message is text (the C ABI hands it out as UTF-8): a path that is not
// UTF-8 is escaped the one way (strata/text.h). Readers escape the names they
// put in `what` themselves.
static std::string formatError(const std::string& file, uint64_t offset, const std::string& what) {
  std::string s = file.empty() ? std::string("<memory>") : escapeUtf8(file);
  if (offset != Error::kNoOffset) s += ":" + atByte(offset);
  return s + ": " + what;
}

Error::Error(std::string file, uint64_t offset, std::string what)
    : std::runtime_error(formatError(file, offset, what)), file_(std::move(file)), offset_(offset),
      detail_(std::move(what)) {}

} // namespace strata
