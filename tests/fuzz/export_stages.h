#pragma once
// export-atlas after its reader: the edited chunks written back over the
// base terrain (bases.h). `rebuildLods` picks
// --rebuild-lods.
#include "strata/atlas_export.h"

#include <string>

namespace strata::fuzz {

void exportOverBase(const std::vector<AtlasChunkEdit>& edited, const std::string& editedName,
                    bool rebuildLods);

} // namespace strata::fuzz
