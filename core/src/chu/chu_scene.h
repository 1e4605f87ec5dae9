#pragma once
#include "strata/formats.h"
#include "strata/scene.h"

#include <string>

namespace strata::chu {

// The scene of the CHU at `path` and its companion TQT (design.md "CHU/TQT"):
// mapped to Atlas exactly as §9b says, then the Atlas path; the checks run
// first (chu_load.h), and what --partial leaves out is named in leftOut.
Scene loadScene(const Source& in, const LoadOptions& options);

} // namespace strata::chu
