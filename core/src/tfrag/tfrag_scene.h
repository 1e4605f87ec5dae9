#pragma once
// Adapter: a level's tfrags (file model) -> the neutral scene (design.md,
// "tfrag" conventions).
#include "strata/formats.h"
#include "strata/scene.h"
#include "tfrag/level_core.h"
#include "tfrag/tfrag_model.h"

#include <string>
#include <vector>

namespace strata::tfrag {

struct LoadedLevel {
  Level level;
  TfragsBlock block;
};

// Reads the directory and decodes every tfrag; throws strata::Error on the
// first problem (no partial level).
// `bareBlock`: the path is a bare tfrags block file, not a level directory.
LoadedLevel loadLevel(const std::string& path, bool bareBlock = false);

// One image per texture-table entry (every mip); empty without gs_ram.bin.
std::vector<Image> levelImages(const Level& level);

// One node `tfrag_<i>` per tfrag with the triangles of LOD options.lod (0 by
// default), one primitive per texture used, COLOR_0 from the RGBA records,
// NORMAL from the light records, TEXCOORD_0 = (s, t) with no flip; one
// double-sided material per texture-table entry (a bare block has no table:
// one untextured material per texture index its ad-gifs bind). At LOD 0 and 1 each mesh
// carries one morph target (weight 0) that collapses the vertices of the
// finest tier onto their first parents: the geomorph toward the next LOD.
Scene levelScene(const LoadedLevel& l, const LoadOptions& options);

} // namespace strata::tfrag
