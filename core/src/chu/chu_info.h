#pragma once
#include "chu/chu_model.h"

#include <nlohmann/json.hpp>

#include <string>

namespace strata::chu {
// `strata info` for a CHU: header, per-level counts, the companion TQT if any.
nlohmann::json describe(const File& file, uint64_t fileSize, const std::string& companionTqt);
} // namespace strata::chu
