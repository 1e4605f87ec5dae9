#pragma once
// --lod all for Atlas and CHU: every level of the geometry tree in one scene.
#include "atlas/atlas_model.h"
#include "atlas/atlas_tiles.h"
#include "strata/formats.h"
#include "strata/scene.h"

#include <string>

namespace strata::atlas {

// toScene at each level 0..treeDepth-1, joined: level L's chunk nodes
// (L<L>_<x>_<y>, as toScene names them, each with the chunk's canonical
// bounds in Node::bounds) under one root node named L<L> (tag level); the
// finest level's root is the default scene and every other level a further
// scene, coarsest first.
Scene allLevelsScene(const File& file, const LoadOptions& options, const std::string& fileName,
                     const TileOrigins& origins);

} // namespace strata::atlas
