#pragma once
// A texture container from its bytes, whichever kind they are: `strata ytd`
// takes a .ytd or a drawable alike.
#include "ytd/ytd_read.h"

#include <string>
#include <vector>

namespace strata::ytd {

// A .ytd (resource version 5 or 13) or a drawable (.ydr / .ydd / .yft
// versions, ydr-embedded.md §1) by the RSC7 header's version; `name` names it
// in errors and picks between .ydr and .ydd. Throws strata::Error for
// anything else.
TextureContainer readContainer(const std::vector<uint8_t>& bytes, const std::string& name);

} // namespace strata::ytd
