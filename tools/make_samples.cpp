// Writes the sample files in samples/ with Strata's own writers (no real
// Atlas, CHU, TQT, tfrag or Enhanced YTD file is public).
#include "atlas/atlas_io.h"
#include "chu/chu_io.h"
#include "strata/fileio.h"
#include "strata/image.h"
#include "synth/atlas_synth.h"
#include "synth/chu_synth.h"
#include "synth/rc2_synth.h"
#include "synth/tfrag_synth.h"
#include "synth/ytd_synth.h"
#include "tfrag/tfrag_level.h"
#include "tqt/tqt_io.h"
#include "ytd/ytd_write.h"

#include <cmath>

#include <algorithm>
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

  // Unique schema: one texture tree of flat PNG tiles, one colour per tile.
  SynthOptions textured;
  textured.treeDepth = 3;
  textured.gridQuads = 8;
  strata::atlas::File unique = synthTerrain(textured);
  SynthTextureTree tiles;
  tiles.depth = 3;
  tiles.tileSize = 32;
  addUniqueTextures(unique, tiles);
  strata::writeFileAtomic((dir / "terrain-unique.atlas").string(), writeAtlas(unique));

  // Blended schema: opacity weights of four source images and a light map; the
  // source images live beside it in blended-sources/.
  fs::create_directories(dir / "blended-sources");
  const char* names[4] = {"grass", "rock", "snow", "sand"};
  const uint8_t base[4][3] = {{70, 130, 50}, {120, 110, 100}, {235, 240, 250}, {210, 190, 130}};
  std::vector<std::string> sources;
  for (int k = 0; k < 4; ++k) {
    std::vector<uint8_t> px(32 * 32 * 4);
    for (int i = 0; i < 32 * 32; ++i)
      for (int c = 0; c < 3; ++c) // a little texture so the tiling shows
        px[size_t(i) * 4 + size_t(c)] =
            uint8_t(std::clamp(base[k][c] + int(18 * std::sin(i * 0.7 + k)), 0, 255));
    for (int i = 0; i < 32 * 32; ++i) px[size_t(i) * 4 + 3] = 255;
    std::string rel = std::string("blended-sources/") + names[k] + ".png";
    strata::writeFileAtomic((dir / rel).string(), strata::image::encodePNG(px.data(), 32, 32));
    sources.push_back(rel);
  }
  strata::atlas::File blended = synthTerrain(textured);
  addBlendedTextures(blended, {3, 16}, {2, 32}, sources, 512); // opacity, light: depth, tile size
  strata::writeFileAtomic((dir / "terrain-blended.atlas").string(), writeAtlas(blended));

  // Texture dictionaries, Enhanced (v5) and legacy (v13), by the YTD writer.
  using strata::ytd::Edition;
  for (Edition e : {Edition::Enhanced, Edition::Legacy})
    strata::writeFileAtomic(
        (dir / (e == Edition::Enhanced ? "textures-v5.ytd" : "textures-v13.ytd")).string(),
        strata::ytd::writeYtd(strata::ytd::synthTextureSet(e), e));
  // A generated Ratchet & Clank 2 level directory: 2 x 2 tfrags, three LODs,
  // three textures in core_data + GS RAM (tools/synth/tfrag_synth.cpp).
  strata::tfrag::writeLevelDir((dir / "tfrag-level").string(), strata::tfrag::sampleLevelFiles());
  // The same terrain as a whole LEVEL<n>.WAD as the disc holds it (id 1,
  // Oozla), chunked: chunks 1 and 2 with tfrags of their own
  // (tools/synth/rc2_synth.cpp).
  fs::create_directories(dir / "rc2-level");
  strata::rc2::SynthLevel wad;
  wad.id = 1;
  wad.chunked = true;
  strata::writeFileAtomic((dir / "rc2-level" / "LEVEL1.WAD").string(),
                          strata::rc2::synthLevelWad(wad));
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
