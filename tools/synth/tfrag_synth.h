#pragma once
// A small synthetic level made with the tfrag writer: samples/tfrag-level/
// and test fixtures. Rolling terrain in 2 x 2 patches of 8 world units, each
// patch one tfrag with three LODs (5 x 5, 3 x 3 and 2 x 2 vertex grids), two
// ad-gifs, extra vertex infos on texture seams and every LOD entry linked to
// a parent; three 32 x 32 textures with four mips (one with transparent holes
// and clamped wrap).
#include "tfrag/tfrag_level.h"
#include "tfrag/tfrag_model.h"
#include "tfrag/tfrag_texture.h"

#include <vector>

namespace strata::tfrag {

struct SampleLevel {
  TfragsBlock block;
  std::vector<IndexedTexture> textures;
};

SampleLevel makeSampleLevel(int patchesX = 2, int patchesY = 2);

// The sample as level files (writeTfragsBlock + buildLevelFiles).
LevelFiles sampleLevelFiles(int patchesX = 2, int patchesY = 2);

} // namespace strata::tfrag
