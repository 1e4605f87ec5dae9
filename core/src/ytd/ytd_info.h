#pragma once
// `strata info` (JSON) for any texture container; shared by the .ytd and the
// drawable handlers.
#include "ytd/ytd_read.h"

#include <nlohmann/json.hpp>

namespace strata::ytd {

// The structure, with each finding of checkContainer beside the piece it is
// about and the rules each layout was read by (names escaped to text).
nlohmann::json containerInfo(const TextureContainer& c);

} // namespace strata::ytd
