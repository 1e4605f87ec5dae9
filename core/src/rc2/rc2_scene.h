#pragma once
// Adapter: a checked LEVEL<n>.WAD -> the neutral scene (design.md "R&C2 levels").
#include "rc2/rc2_level.h"
#include "strata/formats.h"
#include "strata/scene.h"

namespace strata::rc2 {

// The scene and one root node named after the level (section 6, by the id at
// header 0x08), the root with extras.strata {game: "rc2", level: id}; under it
// the core tfrags (tfrag_<n>) and the tfrags of chunks 1 and 2
// (chunk<i>_tfrag_<n>), all textured from the level's tfrag texture table.
Scene levelWadScene(const CheckedWad& c, const LoadOptions& options);

// The load path of the level at `path` (a file or IMAGE::MEMBER): the checks
// validate runs, refused on an error or, under options.partial, the broken
// pieces left out and named; then levelWadScene.
Scene loadLevelWad(const Source& in, const LoadOptions& options);

} // namespace strata::rc2
