#pragma once
// What `strata ytd` writes is read back and checked before anyone sees it:
// the check `strata validate` runs finds no error, and no warning the source
// did not already have.
#include "ytd/ytd_read.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace strata::ytd {

// Every warning of `c`'s check, as text (for the report of a replace).
std::vector<std::string> warningsOf(const TextureContainer& c);

// Reads `bytes` back (named `name`) and checks them. Throws strata::Error
// when they hold an error, a warning about a texture whose name hash is in
// `written`, or more warnings about a dictionary or texture than `before`
// had (null: none allowed).
void checkWritten(const std::vector<uint8_t>& bytes, const std::string& name,
                  const TextureContainer* before, const std::set<uint32_t>& written);

} // namespace strata::ytd
