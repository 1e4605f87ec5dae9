#pragma once
#include <cstdint>
#include <string>

namespace strata::ytd {

// Jenkins one-at-a-time hash of the lower-cased name: the dictionary key
// (ytd-layout.md, "Name hash"; GTA's "joaat").
uint32_t nameHash(const std::string& name);

} // namespace strata::ytd
