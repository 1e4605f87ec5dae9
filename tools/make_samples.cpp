// Writes the sample files in samples/ with Strata's own writers (no real
// Atlas, CHU, TQT, tfrag or Enhanced YTD file is public).
#include "atlas/atlas_io.h"
#include "atlas/atlas_synth.h"
#include "chu/chu_io.h"
#include "chu/chu_synth.h"
#include "chu/tqt_io.h"
#include "strata/fileio.h"

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

  // A CHU (depth 3, skirts, leaf collision, stubs in TSE's depth-first order)
  // with a same-stem TQT of 16x16 BC1 tiles with mips (atlas-chu-tqt.md §9).
  strata::chu::SynthOptions chu;
  chu.treeDepth = 3;
  chu.gridQuads = 8;
  strata::writeFileAtomic((dir / "terrain.chu").string(),
                          strata::chu::writeChu(strata::chu::synthChu(chu)));
  strata::tqt::SynthOptions tqt;
  tqt.treeDepth = 3;
  tqt.tileSize = 16;
  tqt.mips = 5;
  tqt.bc1 = true;
  strata::writeFileAtomic((dir / "terrain.tqt").string(),
                          strata::tqt::writeTqt(strata::tqt::synthTqt(tqt)));

  std::printf("samples written to %s\n", dir.string().c_str());
  return 0;
}
