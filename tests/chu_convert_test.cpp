// CHU (+ TQT) through the real CLI: to GLB (validator-clean, exact extents),
// to .atlas (read back: the same scene as the direct conversion, valid by
// `strata validate`), and the companion and output-type rules.
#include "atlas/atlas_io.h"
#include "chu/chu_atlas.h"
#include "chu/chu_io.h"
#include "gltf_read_helpers.h"
#include "strata/formats.h"
#include "synth/chu_synth.h"
#include "test_support.h"
#include "tqt/tqt_io.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace testsupport;
using namespace strata;

namespace {

// Depth 3, 4x4 quads per chunk, leaf chunks 32 wide (terrain 128), with a
// depth-3 TQT of 8x8 RGBA8 tiles.
void writePair(const fs::path& chuPath, const fs::path& tqtPath) {
  chu::SynthOptions o;
  o.treeDepth = 3;
  o.gridQuads = 4;
  writeBytes(chuPath, chu::writeChu(chu::synthChu(o)));
  if (!tqtPath.empty()) {
    tqt::SynthOptions t;
    t.treeDepth = 3;
    t.tileSize = 8;
    t.mips = 4;
    writeBytes(tqtPath, tqt::writeTqt(tqt::synthTqt(t)));
  }
}

Scene load(const fs::path& p, int lod = -1) {
  LoadOptions o;
  o.lod = lod;
  return requireFormat(p.string()).load(p.string(), o);
}

void expectSameScene(const Scene& a, const Scene& b) {
  ASSERT_EQ(a.nodes.size(), b.nodes.size());
  ASSERT_EQ(a.meshes.size(), b.meshes.size());
  EXPECT_EQ(a.materials.size(), b.materials.size());
  EXPECT_EQ(a.images.size(), b.images.size());
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    EXPECT_EQ(a.nodes[i].name, b.nodes[i].name);
    EXPECT_EQ(a.nodes[i].tags, b.nodes[i].tags);
    EXPECT_EQ(a.nodes[i].mesh, b.nodes[i].mesh);
  }
  for (size_t m = 0; m < a.meshes.size(); ++m) {
    ASSERT_EQ(a.meshes[m].primitives.size(), b.meshes[m].primitives.size());
    for (size_t p = 0; p < a.meshes[m].primitives.size(); ++p) {
      const Primitive& x = a.meshes[m].primitives[p];
      const Primitive& y = b.meshes[m].primitives[p];
      EXPECT_EQ(x.positions, y.positions);
      EXPECT_EQ(x.normals, y.normals);
      EXPECT_EQ(x.uv0, y.uv0);
      EXPECT_EQ(x.uv1, y.uv1);
      EXPECT_EQ(x.indices, y.indices);
      ASSERT_EQ(x.morphTargets.size(), y.morphTargets.size());
      for (size_t t = 0; t < x.morphTargets.size(); ++t) {
        EXPECT_EQ(x.morphTargets[t].positions, y.morphTargets[t].positions);
        EXPECT_EQ(x.morphTargets[t].uv0, y.morphTargets[t].uv0);
      }
    }
  }
}

// `strata convert DIR/t.chu -o DIR/t.glb`, which must succeed with a GLB the
// Khronos validator passes with no errors and no warnings; the GLB into `m`.
void convertCleanGlb(const fs::path& dir, tinygltf::Model& m) {
  RunResult r = cli({"convert", (dir / "t.chu").string(), "-o", (dir / "t.glb").string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  ValidatorResult v = validateGltf(dir / "t.glb");
  EXPECT_EQ(v.errors, 0) << v.raw;
  EXPECT_EQ(v.warnings, 0) << v.raw;
  m = loadGltf((dir / "t.glb").string());
}

} // namespace

TEST(ChuConvert, GlbIsValidatorCleanWithExactChunkExtents) {
  fs::path dir = tempDir();
  writePair(dir / "t.chu", {});
  tinygltf::Model m;
  ASSERT_NO_FATAL_FAILURE(convertCleanGlb(dir, m));
  EXPECT_EQ(m.nodes.size(), 16u); // the leaf level of a depth-3 tree
  const tinygltf::Node* n = findNode(m, "L2_3_1");
  ASSERT_NE(n, nullptr);
  // Leaf (3, 1) spans world x 96..128, y 32..64 (stub x 3, y 1; size 32).
  expectSpans(m, "L2_3_1", 96, 128, 32, 64);
  // Normals (0, 0, 1) -> glTF (0, 1, 0).
  std::vector<double> normals =
      accessorValues(m, m.meshes[size_t(n->mesh)].primitives[0].attributes.at("NORMAL"));
  EXPECT_EQ((std::vector<double>(normals.begin(), normals.begin() + 3)),
            (std::vector<double>{0, 1, 0}));
}

TEST(ChuConvert, CompanionTqtTexturesEveryChunk) {
  fs::path dir = tempDir();
  writePair(dir / "t.chu", dir / "t.tqt");
  tinygltf::Model m;
  ASSERT_NO_FATAL_FAILURE(convertCleanGlb(dir, m));
  for (uint32_t x = 0; x < 4; ++x)
    for (uint32_t y = 0; y < 4; ++y) {
      // Leaf (x, y) takes Tex stub (2, 3 - x, y) (§4), i.e. TQT table entry
      // nodeID(2, y, 3 - x) (§9c); that tile's first texel is virtual row
      // (3 - x + 1/16) / 4, column (y + 1/16) / 4 (tqt::synthTexel).
      const std::string name = "L2_" + std::to_string(x) + "_" + std::to_string(y);
      std::array<uint8_t, 4> px = baseColorPixel(m, name);
      EXPECT_EQ(px[0], std::lround((3 - x + 0.5 / 8) / 4 * 255)) << name;
      EXPECT_EQ(px[1], std::lround((y + 0.5 / 8) / 4 * 255)) << name;
      EXPECT_EQ(px[2], 192) << name;
    }
  // TEXCOORD_1 keeps §9b's global texCoord: (py / 128, 1 - px / 128).
  expectGlobalTexcoord(m, "L2_1_2", 128);

  // The sample's BC1 tiles with mips convert validator-clean too.
  fs::path sample = testsupport::sourceDir() / "samples" / "terrain.chu";
  ASSERT_EQ(cli({"convert", sample.string(), "-o", (dir / "sample.glb").string()}).exitCode, 0);
  ValidatorResult sv = validateGltf(dir / "sample.glb");
  EXPECT_EQ(sv.errors, 0) << sv.raw;
  EXPECT_EQ(sv.warnings, 0) << sv.raw;
  EXPECT_EQ(loadGltf((dir / "sample.glb").string()).materials.size(), 16u);
}

TEST(ChuConvert, AtlasOutputReadsBackToTheDirectScene) {
  fs::path dir = tempDir();
  writePair(dir / "terrain.chu", dir / "terrain.TQT"); // companion extension in any case
  RunResult r =
      cli({"convert", (dir / "terrain.chu").string(), "-o", (dir / "terrain.atlas").string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  for (int lod : {-1, 0, 1}) {
    SCOPED_TRACE(lod);
    expectSameScene(load(dir / "terrain.chu", lod), load(dir / "terrain.atlas", lod));
  }

  RunResult val = cli({"validate", (dir / "terrain.atlas").string()});
  EXPECT_EQ(val.exitCode, 0) << val.output;
  EXPECT_NE(val.output.find("ok (0 errors, 0 warnings)"), std::string::npos) << val.output;

  std::vector<uint8_t> bytes = readBytes(dir / "terrain.atlas");
  atlas::File f = atlas::readAtlas(bytes, "terrain.atlas");
  ASSERT_EQ(f.tocs.size(), 2u);
  EXPECT_EQ(f.tocs[0].tag, "Geom");
  EXPECT_EQ(f.tocs[0].version, 140u);
  EXPECT_EQ(f.tocs[1].tag, "Tex");
  // Leaf chunks carry regenerated collision, the others none.
  for (size_t i = 0; i < f.tocs[0].geomStubs.size(); ++i) {
    const atlas::Frame* fr = f.frameAt(f.tocs[0].geomStubs[i].offset);
    ASSERT_NE(fr, nullptr);
    EXPECT_EQ(fr->geom.colFlag, nodePos(i).level == 2 ? 0xDF : 0x0F) << i;
  }
  // The tiles are the TQT's DDS bytes, placed through §9c's transpose.
  tqt::File t = tqt::readTqt(readBytes(dir / "terrain.TQT"), "terrain.TQT");
  for (size_t i = 0; i < f.tocs[1].texStubs.size(); ++i) {
    NodePos p = nodePos(i);
    const atlas::Frame* fr = f.frameAt(f.tocs[1].texStubs[i].offset);
    ASSERT_NE(fr, nullptr);
    EXPECT_EQ(fr->tex.format, 2);
    EXPECT_EQ(fr->tex.data, t.tileOf(p.level, p.x, p.y)->dds) << i;
  }
  // And the file is exactly the in-process mapping, written.
  chu::MapOptions o;
  o.collision = true;
  chu::File c = chu::readChu(readBytes(dir / "terrain.chu"), "terrain.chu");
  EXPECT_EQ(atlas::writeAtlas(chu::toAtlas(c, &t, "terrain.chu", o)), bytes);
}

TEST(ChuConvert, WithoutACompanionTheAtlasHasNoTexToc) {
  fs::path dir = tempDir();
  writePair(dir / "solo.chu", {});
  ASSERT_EQ(
      cli({"convert", (dir / "solo.chu").string(), "-o", (dir / "solo.atlas").string()}).exitCode,
      0);
  atlas::File f = atlas::readAtlas(readBytes(dir / "solo.atlas"), "solo.atlas");
  ASSERT_EQ(f.tocs.size(), 1u);
  EXPECT_EQ(f.tocs[0].tag, "Geom");
}

// A CHU's textures come from its companion: one that does not read is an
// error of the CHU (validate reports it there), refused by convert, or left
// out and named under --partial.
TEST(ChuConvert, ABrokenCompanionIsAnErrorOrUnderPartialLeftOut) {
  fs::path dir = tempDir();
  writePair(dir / "t.chu", {});
  writeBytes(dir / "t.tqt", {'t', 'q', 't', 0, 2, 0, 0, 0}); // truncated header
  const std::string tqt = (dir / "t.tqt").string();
  RunResult v = cli({"validate", (dir / "t.chu").string()});
  EXPECT_EQ(v.exitCode, 1) << v.output;
  EXPECT_NE(v.output.find("error: companion texture tree " + tqt + ": at byte 8 (0x8): expected"),
            std::string::npos)
      << v.output;
  RunResult r = cli({"convert", (dir / "t.chu").string(), "-o", (dir / "t.atlas").string()});
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("strata: error: " + tqt + ": at byte 8"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "t.atlas"));
  for (const char* out : {"t.atlas", "t.glb"}) {
    r = cli({"convert", (dir / "t.chu").string(), "-o", (dir / out).string(), "--partial"});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("t.chu: left out: companion texture tree " + tqt + ": at byte 8"),
              std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("; the chunks are untextured"), std::string::npos) << r.output;
  }
  EXPECT_EQ(atlas::readAtlas(readBytes(dir / "t.atlas"), "t.atlas").tocs.size(), 1u);
}

TEST(ChuConvert, OnlyACHUConvertsToAtlasAndATqtAloneHasNoGeometry) {
  fs::path dir = tempDir();
  writePair(dir / "t.chu", dir / "t.tqt");
  ASSERT_EQ(cli({"convert", (dir / "t.chu").string(), "-o", (dir / "t.atlas").string()}).exitCode,
            0);
  RunResult again =
      cli({"convert", (dir / "t.atlas").string(), "-o", (dir / "again.atlas").string()});
  EXPECT_EQ(again.exitCode, 1);
  EXPECT_NE(again.output.find("only a CHU converts to .atlas"), std::string::npos) << again.output;
  EXPECT_FALSE(fs::exists(dir / "again.atlas"));
  RunResult tex = cli({"convert", (dir / "t.tqt").string(), "-o", (dir / "t.glb").string()});
  EXPECT_EQ(tex.exitCode, 1);
  EXPECT_NE(tex.output.find("holds only a texture tree"), std::string::npos) << tex.output;
  EXPECT_FALSE(fs::exists(dir / "t.glb"));
}

TEST(ChuConvert, InfoAndValidateOnBothFiles) {
  fs::path dir = tempDir();
  writePair(dir / "t.chu", dir / "t.tqt");
  RunResult info = cli({"info", (dir / "t.chu").string(), "--json"});
  ASSERT_EQ(info.exitCode, 0) << info.output;
  nlohmann::json j = nlohmann::json::parse(info.output);
  EXPECT_EQ(j["format"], "chu");
  EXPECT_EQ(j["treeDepth"], 3);
  EXPECT_EQ(j["terrainSize"], 128.0);
  EXPECT_EQ(j["stubsInLabelOrder"], false);
  EXPECT_EQ(j["levels"][2]["chunks"], 16);
  EXPECT_EQ(j["levels"][2]["chunksWithCollision"], 16);
  EXPECT_EQ(j["levels"][0]["triangles"], 32 + 32); // 4x4 quads + 4 skirt walls of 4 quads
  EXPECT_EQ(j["companionTqt"], (dir / "t.tqt").string());
  RunResult tinfo = cli({"info", (dir / "t.tqt").string(), "--json"});
  ASSERT_EQ(tinfo.exitCode, 0) << tinfo.output;
  nlohmann::json tj = nlohmann::json::parse(tinfo.output);
  EXPECT_EQ(tj["format"], "tqt");
  EXPECT_EQ(tj["distinctTiles"], 21);
  EXPECT_EQ(tj["levels"][1]["dimensions"]["8x8"], 4);
  EXPECT_EQ(tj["levels"][1]["formats"]["R8G8B8A8_UNORM"], 4);
  RunResult val = cli({"validate", (dir / "t.chu").string(), (dir / "t.tqt").string()});
  EXPECT_EQ(val.exitCode, 0) << val.output;
  EXPECT_NE(val.output.find("validated 2 files: 0 invalid, 0 warnings"), std::string::npos)
      << val.output;
}
