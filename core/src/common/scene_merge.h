#pragma once
// Joins scenes into one (the levels of --lod all), keeping every index right.
#include "strata/scene.h"

namespace strata {

// Where `from`'s pieces landed in `into`: add these to its indices.
struct MergeOffsets {
  int nodes = 0, meshes = 0, materials = 0, textures = 0, images = 0;
};

// Appends every node, mesh, material, texture and image of `from` to `into`
// with their cross-references shifted, plus its warnings and left-out lines not
// already there.
// Roots and scenes are the caller's: `from`'s roots are returned shifted.
MergeOffsets appendScene(Scene& into, Scene&& from, std::vector<int>* roots = nullptr);

} // namespace strata
