#pragma once
// Synthetic texture sets for samples/ and tests (no Enhanced .ytd is public,
// ytd-layout.md). Pixel content is built from flat 4x4 blocks, so the BC
// encodings here are exact and trivial (one colour per block); they are not
// general encoders.
#include "strata/scene.h"
#include "ytd/ytd_model.h"

#include <vector>

namespace strata::ytd {

// The images of the sample dictionaries: Enhanced gets BC1, BC3, BC5, BC7
// sRGB, RGBA8 and a BGRA8 cube; legacy gets DXT1, DXT5 and A8R8G8B8.
std::vector<Image> synthTextureSet(Edition edition);

} // namespace strata::ytd
