// Atlas -> GLB through the real CLI: exact values read back with tinygltf, and
// every GLB checked by the Khronos glTF Validator.
#include "atlas/atlas_io.h"
#include "byte_builder.h"
#include "gltf_read_helpers.h"
#include "synth/atlas_synth.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace testsupport;

namespace {

// A v140 depth-1 file with one chunk: 4 vertices, two solid triangles and
// one skirt triangle (mSkirtSkipCount 3), written from §1a/§2/§3's tables.
std::vector<uint8_t> knownChunk() {
  Bytes body;
  body.u32(0);                                                    // previousChunk
  for (float v : {10.f, 20.f, 1.f, 12.f, 22.f, 5.f}) body.f32(v); // mBounds
  body.u32(9).u32(3);                                             // mIndexCount, mSkirtSkipCount
  for (uint16_t i : {0, 1, 2, 0, 2, 3, 1, 0, 3}) body.u16(i);
  body.u32(4);
  struct V {
    float p[3], tc[2], tm[2], pm[3], n[3];
  } verts[4] = {
      {{10, 20, 1}, {0.0f, 1.0f}, {0.01f, 0.02f}, {0, 0, 0.5f}, {0, 0, 1}},
      {{12, 20, 2}, {0.0f, 0.5f}, {0, 0}, {0, 0, -0.25f}, {0.6f, 0, 0.8f}},
      {{12, 22, 3}, {0.5f, 0.5f}, {0, 0}, {0.125f, 0, 0}, {0, 0.6f, 0.8f}},
      {{10, 22, 5}, {0.5f, 1.0f}, {0, 0}, {0, 0, 0}, {0, 0, 1}},
  };
  for (const V& v : verts) { // §3 >= 140: point, texCoord, texMorph, pointMorph, normal
    for (float f : v.p) body.f32(f);
    for (float f : v.tc) body.f32(f);
    for (float f : v.tm) body.f32(f);
    for (float f : v.pm) body.f32(f);
    for (float f : v.n) body.f32(f);
  }
  body.u8(0x0F).u32(0xCEFEDEEF);
  Bytes b;
  b.u32(0x534C5441).u8(1).u8(4).str("Geom").u32(1500).u32(1).u32(1).u32(140);
  const uint32_t chunkAt = uint32_t(b.size() + 37);
  b.u32(chunkAt).u32(uint32_t(body.size() + 16)).u32(1);
  for (float v : {10.f, 20.f, 1.f, 12.f, 22.f, 5.f}) b.f32(v);
  b.u8(0xD0);
  b.u32(0x50535441).u32(uint32_t(body.size())).u32(0x68636761).raw(body.b).u32(0x74636761);
  return b.b;
}

} // namespace

TEST(AtlasGltf, KnownChunkExactValuesAfterAxisConversion) {
  fs::path dir = tempDir();
  writeBytes(dir / "known.atlas", knownChunk());
  RunResult r =
      cli({"convert", (dir / "known.atlas").string(), "-o", (dir / "known.glb").string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  expectValid(dir / "known.glb");
  tinygltf::Model m = loadGltf((dir / "known.glb").string());
  ASSERT_EQ(m.nodes.size(), 1u);
  const tinygltf::Node& n = m.nodes[0];
  EXPECT_EQ(n.name, "L0_0_0");
  EXPECT_EQ(n.extras.Get("strata").Get("level").GetNumberAsInt(), 0);
  EXPECT_EQ(n.extras.Get("strata").Get("x").GetNumberAsInt(), 0);
  ASSERT_EQ(m.meshes[size_t(n.mesh)].primitives.size(), 1u); // skirts left out by default
  const tinygltf::Primitive& p = m.meshes[size_t(n.mesh)].primitives[0];
  // design.md: source (x, y, z) -> glTF (x, z, -y).
  EXPECT_EQ(accessorValues(m, p.attributes.at("POSITION")),
            (std::vector<double>{10, 1, -20, 12, 2, -20, 12, 3, -22, 10, 5, -22}));
  EXPECT_EQ(accessorValues(m, p.indices), (std::vector<double>{0, 1, 2, 0, 2, 3}));
  std::vector<double> normals = accessorValues(m, p.attributes.at("NORMAL"));
  std::vector<double> expectN = {0, 1, 0, 0.6, 0.8, 0, 0, 0.8, -0.6, 0, 1, 0};
  ASSERT_EQ(normals.size(), expectN.size());
  for (size_t i = 0; i < normals.size(); ++i) EXPECT_NEAR(normals[i], expectN[i], 1e-6);
  std::vector<double> uv = accessorValues(m, p.attributes.at("TEXCOORD_0"));
  EXPECT_EQ(uv, (std::vector<double>{0, 1, 0, 0.5, 0.5, 0.5, 0.5, 1}));
  ASSERT_EQ(p.targets.size(), 1u);
  EXPECT_EQ(accessorValues(m, p.targets[0].at("POSITION")),
            (std::vector<double>{0, 0.5, 0, 0, -0.25, 0, 0.125, 0, 0, 0, 0, 0}));
  std::vector<double> tm = accessorValues(m, p.targets[0].at("TEXCOORD_0"));
  EXPECT_NEAR(tm[0], 0.01, 1e-7);
  EXPECT_NEAR(tm[1], 0.02, 1e-7);
  EXPECT_EQ(m.meshes[size_t(n.mesh)].weights, (std::vector<double>{0}));
}

TEST(AtlasGltf, SkirtsBecomeASecondPrimitive) {
  fs::path dir = tempDir();
  writeBytes(dir / "known.atlas", knownChunk());
  RunResult r = cli({"convert", (dir / "known.atlas").string(), "-o",
                     (dir / "skirts.gltf").string(), "--skirts"});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  expectValid(dir / "skirts.gltf");
  tinygltf::Model m = loadGltf((dir / "skirts.gltf").string());
  ASSERT_EQ(m.meshes[0].primitives.size(), 2u);
  EXPECT_EQ(accessorValues(m, m.meshes[0].primitives[0].indices),
            (std::vector<double>{0, 1, 2, 0, 2, 3}));
  EXPECT_EQ(accessorValues(m, m.meshes[0].primitives[1].indices), (std::vector<double>{1, 0, 3}));
}

TEST(AtlasGltf, LeafLevelByDefaultAndLodSelectsALevel) {
  fs::path dir = tempDir();
  strata::atlas::SynthOptions o;
  o.treeDepth = 3;
  o.gridQuads = 4;
  writeBytes(dir / "t.atlas", strata::atlas::writeAtlas(strata::atlas::synthTerrain(o)));
  ASSERT_EQ(
      cli({"convert", (dir / "t.atlas").string(), "-o", (dir / "leaf.glb").string()}).exitCode, 0);
  expectValid(dir / "leaf.glb");
  tinygltf::Model leaf = loadGltf((dir / "leaf.glb").string());
  EXPECT_EQ(leaf.nodes.size(), 16u);
  ASSERT_NE(findNode(leaf, "L2_3_1"), nullptr);
  const tinygltf::Node* n = findNode(leaf, "L2_3_1");
  // The chunk at (3, 1) spans world x in [192, 256], y in [64, 128].
  expectSpans(leaf, "L2_3_1", 192, 256, 64, 128);
  // 4x4 quads = 32 triangles without the skirts.
  EXPECT_EQ(leaf.accessors[size_t(leaf.meshes[size_t(n->mesh)].primitives[0].indices)].count, 96u);

  ASSERT_EQ(
      cli({"convert", (dir / "t.atlas").string(), "-o", (dir / "l1.glb").string(), "--lod", "1"})
          .exitCode,
      0);
  expectValid(dir / "l1.glb");
  tinygltf::Model l1 = loadGltf((dir / "l1.glb").string());
  EXPECT_EQ(l1.nodes.size(), 4u);
  EXPECT_NE(findNode(l1, "L1_1_0"), nullptr);

  RunResult bad =
      cli({"convert", (dir / "t.atlas").string(), "-o", (dir / "l5.glb").string(), "--lod", "5"});
  EXPECT_EQ(bad.exitCode, 1);
  EXPECT_NE(bad.output.find("--lod 5"), std::string::npos) << bad.output;
  EXPECT_FALSE(fs::exists(dir / "l5.glb"));
}

TEST(AtlasGltf, EveryVersionConvertsValidatorClean) {
  fs::path dir = tempDir();
  for (uint32_t version : {100u, 110u, 125u, 135u, 140u}) {
    strata::atlas::SynthOptions o;
    o.version = version;
    o.treeDepth = 2;
    o.gridQuads = 3;
    std::string in = (dir / ("v" + std::to_string(version) + ".atlas")).string();
    std::string out = (dir / ("v" + std::to_string(version) + ".glb")).string();
    writeBytes(in, strata::atlas::writeAtlas(strata::atlas::synthTerrain(o)));
    ASSERT_EQ(cli({"convert", in, "-o", out}).exitCode, 0) << version;
    expectValid(out);
    tinygltf::Model m = loadGltf(out);
    std::vector<double> n = accessorValues(m, m.meshes[0].primitives[0].attributes.at("NORMAL"));
    if (version < 140)
      EXPECT_EQ((std::vector<double>(n.begin(), n.begin() + 3)), (std::vector<double>{0, 1, 0}));
    else
      EXPECT_NE((std::vector<double>(n.begin(), n.begin() + 3)), (std::vector<double>{0, 1, 0}));
  }
}

TEST(AtlasGltf, BatchConvertsADirectoryAndSummarises) {
  fs::path dir = tempDir();
  fs::create_directories(dir / "in");
  writeBytes(dir / "in" / "a.atlas", knownChunk());
  writeBytes(dir / "in" / "b.atlas", knownChunk());
  std::vector<uint8_t> broken = knownChunk();
  broken.resize(broken.size() - 10);
  writeBytes(dir / "in" / "c.atlas", broken);
  RunResult r =
      cli({"convert", (dir / "in").string(), "-o", (dir / "out").string(), "--jobs", "2"});
  EXPECT_EQ(r.exitCode, 1) << r.output; // one input failed, the others still convert
  EXPECT_TRUE(fs::exists(dir / "out" / "a.glb"));
  EXPECT_TRUE(fs::exists(dir / "out" / "b.glb"));
  EXPECT_FALSE(fs::exists(dir / "out" / "c.glb"));
  EXPECT_NE(r.output.find("converted 2 of 3"), std::string::npos) << r.output;
}
