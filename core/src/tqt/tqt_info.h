#pragma once
#include "tqt/tqt_model.h"

#include <nlohmann/json.hpp>

#include <string>

namespace strata::tqt {
// `strata info` for a TQT: header, per-level tile dimensions and formats.
nlohmann::json describe(const File& file, uint64_t fileSize, const std::string& fileName);
} // namespace strata::tqt
