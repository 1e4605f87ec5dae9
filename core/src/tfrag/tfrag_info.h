#pragma once
#include "tfrag/tfrag_validate.h"

#include <nlohmann/json.hpp>

#include <string>

namespace strata::tfrag {

// `strata info` for the level at `path` (or, `bareBlock`, a file that is only
// a tfrags block): the block header, per tfrag its counts, textures and
// bounds, and the texture table. Throws the first error checkLevel finds.
nlohmann::json describeLevel(const std::string& path, bool bareBlock = false);

// The same of a level checkLevel (or checkReadLevel) checked.
nlohmann::json describeLevel(const CheckedLevel& level, bool bareBlock);

} // namespace strata::tfrag
