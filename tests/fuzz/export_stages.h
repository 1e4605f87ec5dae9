#pragma once
// export-atlas after its reader: the edited scene written back over the
// base terrain (bases.h), the chunks matched by name. `rebuildLods` picks
// --rebuild-lods.
#include "strata/scene.h"

#include <string>

namespace strata::fuzz {

void exportOverBase(const Scene& edited, const std::string& editedName, bool rebuildLods);

} // namespace strata::fuzz
