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

// The level the tfrag harnesses swap one file of: one tfrag (three LODs,
// three textures).
const tfrag::LevelFiles& tfragLevelFiles();

// What the bytes after a tfrag harness input's first byte stand for: that
// byte modulo 4, so one execution checks one level and a mutation of it tries
// the same bytes as another file.
enum class TfragFile : uint8_t { CoreIndex, CoreData, GsRam, BareBlock };

// A tfrag harness input: `file`'s byte, then `bytes`.
std::vector<uint8_t> tfragInput(TfragFile file, const std::vector<uint8_t>& bytes);

} // namespace strata::fuzz
