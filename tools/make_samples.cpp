// Writes the sample files in samples/ with Strata's own writers (no real
// Atlas, CHU, TQT, tfrag or Enhanced YTD file is public).
#include "atlas/atlas_io.h"
#include "atlas/atlas_synth.h"
#include "strata/fileio.h"
#include "tfrag/level_core.h"
#include "tfrag/sample_level.h"

#include <cstdio>
#include <filesystem>

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  if (argc != 2) {
    std::fprintf(stderr, "usage: strata_make_samples SAMPLES_DIR\n");
    return 2;
  }
  fs::path dir = argv[1];
  fs::create_directories(dir);
  using namespace strata::atlas;

  SynthOptions terrain; // v140, depth 3, skirts, normals, morphs
  terrain.treeDepth = 3;
  terrain.gridQuads = 8;
  terrain.shuffleFrames = true;
  strata::writeFileAtomic((dir / "terrain-v140.atlas").string(), writeAtlas(synthTerrain(terrain)));

  SynthOptions old; // pre-101 layout: no bounds, no normals
  old.version = 100;
  old.treeDepth = 2;
  old.gridQuads = 6;
  strata::writeFileAtomic((dir / "terrain-v100.atlas").string(), writeAtlas(synthTerrain(old)));

  // A generated Ratchet & Clank 2 level directory: 2 x 2 tfrags, three LODs,
  // three textures in core_data + GS RAM (core/src/tfrag/sample_level.cpp).
  strata::tfrag::writeLevelDir((dir / "tfrag-level").string(), strata::tfrag::sampleLevelFiles());

  std::printf("samples written to %s\n", dir.string().c_str());
  return 0;
}
