#pragma once
// What the commands that load a scene share around the load: the input's
// warnings and pieces left out told (through the progress bar) and kept in
// its record, with the census of what the scene holds.
#include "progress.h"
#include "report.h"

#include "strata/formats.h"

#include <string>
#include <vector>

namespace strata::cli {

// The scene of `in` as `opts` asks; without a progress callback of its own,
// the load's counts go to `bar` as the "building" phase.
Scene loadScene(const std::string& input, const FormatHandler& h, LoadOptions opts, Progress& bar,
                Record& rec);

// Prints each piece a --partial run left out on stderr, naming the input.
void printLeftOut(Progress& bar, const std::string& input, const std::vector<std::string>& leftOut);

} // namespace strata::cli
