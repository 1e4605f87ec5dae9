#pragma once
#include <cstdint>
#include <string>

namespace strata::ytd {

// Jenkins one-at-a-time hash of the lower-cased name: the dictionary key
// (ytd-layout.md, "Name hash"; GTA's "joaat").
uint32_t nameHash(const std::string& name);

// The name without a leading path and its extension ("pack:/penetrator_zgr.dds"
// -> "penetrator_zgr"): real dictionaries store such names while their hash
// array holds the hash of the bare name.
std::string bareName(const std::string& name);

// The stored name does not hash to `hash`, but its bare name does.
bool hashOfBareName(const std::string& name, uint32_t hash);

} // namespace strata::ytd
