#pragma once
// Adapter: a level's tfrags (file model) -> the neutral scene (design.md,
// "tfrag" conventions).
#include "strata/formats.h"
#include "strata/scene.h"
#include "tfrag/tfrag_validate.h"

#include <string>
#include <vector>

namespace strata::tfrag {

// One node `tfrag_<i>` per intact tfrag (i: its table index) with the triangles of LOD options.lod
// (0 by default), one primitive per texture used, COLOR_0 from the RGBA records, NORMAL from the
// light records, TEXCOORD_0 = (s, t) with no flip; one double-sided material per texture-table
// entry, textured when its texture decoded and options.textures asks for it (a bare block has no
// table: one untextured material per texture index its ad-gifs bind). At LOD 0 and 1 each mesh
// carries one morph target (weight 0) that collapses the vertices of the
// finest tier onto their first parents: the geomorph toward the next LOD.
Scene levelScene(const CheckedLevel& l, const LoadOptions& options);

// The load path of the level at `path` (or, `bare`, a file that is only a
// tfrags block): the checks validate runs (checkLevel), refused on an error or
// under options.partial the broken pieces left out and named, then levelScene.
Scene loadScene(const std::string& path, const LoadOptions& options, bool bare = false);

// `strata textures` of a checked level: every texture that decoded; an error
// refused, or under `partial` its piece left out and named (TextureSet::leftOut).
TextureSet levelTextures(CheckedLevel l, bool partial);

} // namespace strata::tfrag
