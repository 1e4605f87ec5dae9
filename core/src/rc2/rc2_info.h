#pragma once
// `strata info` of a LEVEL<n>.WAD and of a disc image (rc2-level-wad.md).
#include "strata/fileio.h"

#include <nlohmann/json.hpp>

#include <string>

namespace strata::rc2 {

// The level's id and name, every header range (sectors and bytes), the data
// extent's ranges, the core data's compressed and decompressed sizes, tfrag
// and texture counts of the core and each chunk. Throws the first error the
// checks find.
nlohmann::json describeLevelWad(const Source& in);

// One entry per LEVEL<n>.WAD of the image (file, path, id, name, tfrags,
// chunks, textures; "error" for a level that does not read).
nlohmann::json describeDisc(const std::string& image);

} // namespace strata::rc2
