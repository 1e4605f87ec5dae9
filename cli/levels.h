#pragma once
// Ratchet & Clank 2 inputs in a batch (design.md "The strata command"): a disc
// image stands for its LEVEL<n>.WAD files, --level ID|NAME picks levels, and a
// disc whose level failed keeps none of its outputs unless --partial.
#include "inputs.h"
#include "report.h"

#include <string>
#include <vector>

namespace strata::cli {

// Replaces each disc image among the inputs by its levels ("IMAGE::G/LEVEL1.WAD",
// keyed by the member path). An image whose file system cannot be walked
// stays an input (reading it says why), unless `partial` and some levels were
// found: then those, and each directory left out is printed.
void expandDiscs(ExpandedInputs& ex, bool partial);

// --level: keeps the level inputs that a selector picks (id or name,
// case-insensitive) and drops every other input. False, with an error printed,
// when a selector picks nothing.
bool selectLevels(ExpandedInputs& ex, const std::vector<std::string>& selectors);

// The disc image a level input came from, or "".
std::string discOf(const std::string& path);

// Without --partial a disc converts whole or not at all: when one of its
// levels failed, the outputs this run wrote for its other levels are removed
// and those records failed, naming the level that broke it.
void withdrawBrokenDiscs(std::vector<Record>& records, bool partial);

} // namespace strata::cli
