#pragma once
// CHU / TQT conversions that are not a scene (atlas-chu-tqt.md §9).
#include "strata/formats.h"

#include <string>

namespace strata::chu {

// `strata convert x.chu -o x.atlas`: one v140 Geom TOC mapped from the CHU
// (§9b) with Atlas collision regenerated for the leaf chunks, plus one Tex TOC
// from the same-stem TQT beside it when there is one (§9c, §9d: mFormat 2,
// DDS bytes unchanged). Throws strata::Error on the first error validate
// reports for the CHU or its TQT; under `partial` (LoadOptions::partial) a
// broken chunk's stub or tile's stubs are left empty instead, each named.
AtlasConversion convertToAtlas(const Source& chu, bool partial = false);

} // namespace strata::chu
