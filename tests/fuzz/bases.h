#pragma once
// The fixed files some harnesses put the fuzzed bytes beside, made by our
// writers; the seed generator (make_seeds.cpp) seeds from the same files, so
// the fuzzer starts from inputs consistent with them.
#include "tfrag/tfrag_level.h"

#include <cstdint>
#include <vector>

namespace strata::fuzz {

// export-atlas's --base: a v140 terrain of depth 2.
const std::vector<uint8_t>& exportBase();

// The level the tfrag harness swaps one file of: one tfrag (three LODs, three
// textures), small enough to run four times per input.
const tfrag::LevelFiles& tfragLevelFiles();

} // namespace strata::fuzz
