#pragma once
#include "tqt/tqt_model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::tqt {

// Parses a whole .tqt file and enforces §9e's framing: the tqt\0 magic, a
// tree depth that can be numbered, every offset and tile range inside the
// file and past the offset table, and no two distinct tile ranges overlapping
// (identical offsets share one tile). Throws strata::Error naming the file,
// byte offset and what was expected. Whether each tile holds a complete DDS
// stream (§9e too) is checked by decoding it (tqt_atlas.h): per tile, so that
// validate names every broken one and --partial can keep the others.
File readTqt(const std::vector<uint8_t>& bytes, const std::string& fileName);

// Serializes the model: header, offset table as stored, then every tile and
// gap at its offset. Throws strata::Error if an offset names no tile or tiles
// overlap.
std::vector<uint8_t> writeTqt(const File& file);

// Places every tile right after the offset table in tiles[] order, drops the
// gaps and rewrites the offset table (entries are matched to tiles by their
// current values, so placeholders work).
void layoutTqt(File& file);

} // namespace strata::tqt
