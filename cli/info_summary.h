#pragma once
// `strata info`'s short human summary, made from the info JSON every handler
// writes (the same document `info --json` prints): a header line, then one
// line per texture of a dictionary or one line per level of a terrain.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace strata::cli {

std::vector<std::string> infoSummary(const std::string& input, const nlohmann::json& info);

} // namespace strata::cli
