#pragma once
// One kind of consistency finding collected over many pieces: a count and
// the first case in full, reported as one finding (validate keeps a report
// readable when every stub of a file repeats the same oddity).
#include "strata/error.h"
#include "strata/formats.h"

#include <string>

namespace strata {

// Collects one kind of consistency finding: a count, and the first case in full.
struct Tally {
  size_t count = 0;
  uint64_t firstOffset = Error::kNoOffset;
  std::string first;
  void add(uint64_t offset, std::string what) {
    if (count++ == 0) firstOffset = offset, first = std::move(what);
  }
  void report(ValidationReport& rep, Severity sev, const std::string& of) const {
    if (!count) return;
    std::string msg =
        count == 1 ? first : std::to_string(count) + " " + of + "; the first: " + first;
    if (sev == Severity::Error)
      rep.error(firstOffset, msg);
    else
      rep.warning(firstOffset, msg);
  }
};

} // namespace strata
