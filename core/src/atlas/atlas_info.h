#pragma once
#include "atlas/atlas_model.h"

#include <nlohmann/json.hpp>

namespace strata::atlas {

nlohmann::json describe(const File& file, uint64_t fileSize);

} // namespace strata::atlas
