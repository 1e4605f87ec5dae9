#pragma once
#include "strata/formats.h"

#include <string>

namespace strata::tfrag {

// Every structural invariant of tfrag-rc2.md / tfrag-layout.md, as findings:
// vert_count and tri_count reproduced per tfrag, every list walked to its
// end, ad-gifs and strip indices in range, every LOD entry's parent
// resolving, the header's offsets and sizes consistent, textures decodable.
// Never throws for bad input.
ValidationReport validateLevel(const std::string& path, bool bareBlock = false);

} // namespace strata::tfrag
