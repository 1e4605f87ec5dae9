#pragma once
#include "strata/formats.h"

#include <string>

namespace strata::tqt {

// `strata textures` of the TQT at `path`: every logical node's tile, named
// L<level>_<x>_<y> after §9c's transpose, decoded by the Atlas tile path. A
// TQT has no scene of its own: it textures the CHU beside it (chu_scene.h).
TextureSet loadTextures(const Source& in, const LoadOptions& options);

} // namespace strata::tqt
