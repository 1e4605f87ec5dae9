// Writes a large synthetic Atlas (atlas_synth.h) for benchmarks:
//   strata_synth_terrain OUT.atlas DEPTH GRID_QUADS [TEXTURE_DEPTH TILE_SIZE]
// TEXTURE_DEPTH 0 (or absent): no texture tree.
#include "atlas/atlas_io.h"
#include "strata/fileio.h"
#include "synth/atlas_synth.h"

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  if (argc != 4 && argc != 6) {
    std::fprintf(stderr, "usage: %s OUT.atlas DEPTH GRID_QUADS [TEXTURE_DEPTH TILE_SIZE]\n",
                 argv[0]);
    return 2;
  }
  strata::atlas::SynthOptions o;
  o.treeDepth = uint32_t(std::atoi(argv[2]));
  o.gridQuads = uint32_t(std::atoi(argv[3]));
  o.terrainSize = 64.0f * float(1u << o.treeDepth); // keeps the relief per chunk alike
  o.heightScale = o.terrainSize / 20.0f;
  strata::atlas::File file = strata::atlas::synthTerrain(o);
  if (argc == 6 && std::atoi(argv[4]) > 0) {
    strata::atlas::SynthTextureTree t;
    t.depth = uint32_t(std::atoi(argv[4]));
    t.tileSize = uint32_t(std::atoi(argv[5]));
    strata::atlas::addUniqueTextures(file, t);
  }
  strata::writeFileAtomic(argv[1], strata::atlas::writeAtlas(file));
  return 0;
}
