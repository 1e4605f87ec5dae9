// The hand-built tfrag and level directory of tfrag_fixture.h, decoded and
// checked field by field against values written from the spec tables.
#include "strata/error.h"
#include "strata/formats.h"
#include "test_support.h"
#include "tfrag/tfrag_info.h"
#include "tfrag/tfrag_level.h"
#include "tfrag/tfrag_read.h"
#include "tfrag/tfrag_scene.h"
#include "tfrag/tfrag_strips.h"
#include "tfrag/tfrag_write.h"
#include "tfrag_fixture.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace strata;
using namespace strata::tfrag;
namespace fs = std::filesystem;

namespace {

Tfrag decodeOne(const std::vector<uint8_t>& b) {
  TfragsBlock blk = readTfragsBlock(b.data(), b.size(), "core_data.bin", 0x100);
  EXPECT_EQ(blk.tfrags.size(), 1u);
  return blk.tfrags.at(0);
}

using tfragfix::writeLevel;

using Tri = std::array<uint32_t, 3>;

void expectVec(const Vec3& a, double x, double y, double z, double eps = 1e-6) {
  EXPECT_NEAR(a[0], x, eps);
  EXPECT_NEAR(a[1], y, eps);
  EXPECT_NEAR(a[2], z, eps);
}

} // namespace

TEST(TfragFixture, HandComputedListOffsetsHoldTheirFirstCodeWords) {
  Bytes d = tfragfix::tfragData();
  auto word = [&](size_t at) {
    return uint32_t(d.b[at]) | uint32_t(d.b[at + 1]) << 8 | uint32_t(d.b[at + 2]) << 16 |
           uint32_t(d.b[at + 3]) << 24;
  };
  EXPECT_EQ(word(tfragfix::kShared), 0x6D054000u); // VU header unpack
  EXPECT_EQ(word(tfragfix::kTexOfs - 4), 0x6C0A0009u);
  EXPECT_EQ(word(tfragfix::kLod1), 0x6E050030u);
  EXPECT_EQ(word(tfragfix::kLod01), 0x30000000u);
  EXPECT_EQ(word(tfragfix::kLod0), 0x6902001Du);
  EXPECT_EQ(d.size(), size_t(tfragfix::kCube) + 64);
}

TEST(TfragFixture, BlockHeaderAndTfragHeaderFields) {
  auto b = tfragfix::block();
  TfragsBlock blk = readTfragsBlock(b.data(), b.size(), "core_data.bin", 0);
  EXPECT_EQ(blk.header.tableOffset, 0x40);
  EXPECT_EQ(blk.header.tfragCount, 1);
  EXPECT_EQ(blk.header.lodDistance, 32.0f);
  EXPECT_EQ(blk.header.unknown0c, 0xDEADBEEFu);
  const TfragHeader& h = blk.tfrags[0].header;
  EXPECT_EQ(h.bsphere[0], -1536.0f);
  EXPECT_EQ(h.bsphere[3], 1024.0f);
  EXPECT_EQ(h.data, 0x40);
  EXPECT_EQ(h.sharedOfs, 48);
  EXPECT_EQ(h.lod1Ofs, 384);
  EXPECT_EQ(h.lod0Ofs, 448);
  EXPECT_EQ(h.texOfs, 96);
  EXPECT_EQ(h.rgbaOfs, 720);
  EXPECT_EQ(h.commonSize, 21);
  EXPECT_EQ(h.lod2Size, 24);
  EXPECT_EQ(h.lod1Size, 32);
  EXPECT_EQ(h.lod0Size, 17);
  EXPECT_EQ(h.lod2RgbaCount, 4);
  EXPECT_EQ(h.lod1RgbaCount, 5);
  EXPECT_EQ(h.lod0RgbaCount, 7);
  EXPECT_EQ(h.textureCount, 2);
  EXPECT_EQ(h.rgbaSize, 2);
  EXPECT_EQ(h.msphereCount, 1);
  EXPECT_EQ(h.msphereOfs, 832);
  EXPECT_EQ(h.lightOfs, 752);
  EXPECT_EQ(h.lightEndOfs, 832);
  EXPECT_EQ(h.dirLightsOne, 0xFF);
  EXPECT_EQ(h.pointLights, 0xFFFF);
  EXPECT_EQ(h.cubeOfs, 848);
  EXPECT_EQ(h.occlIndex, 7);
  EXPECT_EQ(h.vertCount, 7);
  EXPECT_EQ(h.triCount, 6);
  EXPECT_EQ(h.mipDist, 0x200);
}

TEST(TfragFixture, EveryListDecodesFieldByField) {
  Tfrag t = decodeOne(tfragfix::block());
  std::vector<uint16_t> vu = tfragfix::vuHeader();
  for (size_t i = 0; i < 20; ++i) EXPECT_EQ(t.vu.v[i], vu[i]) << i;
  EXPECT_EQ(t.origin, (std::array<int32_t, 4>{-2048, 4096, 512, 0}));
  EXPECT_TRUE(t.originFromStrow);
  EXPECT_EQ(t.lightOrigin, t.origin);
  // Positions by tier.
  ASSERT_EQ(t.positions[0].size(), 4u);
  ASSERT_EQ(t.positions[1].size(), 1u);
  ASSERT_EQ(t.positions[2].size(), 2u);
  EXPECT_EQ(t.positions[0][3].x, 1024);
  EXPECT_EQ(t.positions[0][3].y, 1024);
  EXPECT_EQ(t.positions[0][3].z, 100);
  EXPECT_EQ(t.positions[1][0].z, -200);
  EXPECT_EQ(t.positions[2][1].y, 1024);
  EXPECT_EQ(t.positions[2][1].z, 50);
  // Vertex infos by tier: 4 + 1 extra, 1, 2 + 1 extra.
  ASSERT_EQ(t.vertexInfo[0].size(), 5u);
  ASSERT_EQ(t.vertexInfo[1].size(), 1u);
  ASSERT_EQ(t.vertexInfo[2].size(), 3u);
  auto I = tfragfix::infos();
  for (size_t g = 0; g < 9; ++g) {
    EXPECT_EQ(t.info(g).s, I[g].s) << g;
    EXPECT_EQ(t.info(g).t, I[g].t) << g;
    EXPECT_EQ(t.info(g).parent, I[g].parent) << g;
    EXPECT_EQ(t.info(g).vertex, I[g].vertex) << g;
  }
  // Parent arrays, classified by order: the LOD 0+1 tier has no extras, so its
  // only V4_8 is the parent array; the LOD 0 tier has both. The empty LOD 0+1
  // second array's address (43) aliases the LOD 0 parents.
  EXPECT_EQ(t.parents[0], (std::vector<uint8_t>{0, 0, 0, 0}));
  EXPECT_TRUE(t.unk2[0].empty());
  EXPECT_EQ(t.parents[1], (std::vector<uint8_t>{1, 5, 0, 0}));
  EXPECT_EQ(t.unk2[1], (std::vector<uint8_t>{1, 0, 0, 0}));
  EXPECT_EQ(t.at.parents[1].addr, 43);
  EXPECT_EQ(t.vu.unk2Lod01Addr(), 43);
  // Strips and indices banked by LOD, not by arrival (LOD 2 arrives first).
  ASSERT_EQ(t.strips[2].size(), 2u);
  EXPECT_EQ(t.strips[2][0].countAndFlag, -124);
  ASSERT_EQ(t.strips[1].size(), 5u);
  EXPECT_EQ(t.strips[1][1].countAndFlag, 3);
  EXPECT_EQ(t.strips[1][3].endOfPacket, -1);
  EXPECT_EQ(t.strips[1][3].adGifOffset, 5);
  ASSERT_EQ(t.strips[0].size(), 3u);
  EXPECT_EQ(t.strips[0][1].adGifOffset, 5);
  EXPECT_EQ(t.indices[2], (std::vector<uint8_t>{0, 1, 2, 3}));
  EXPECT_EQ(t.indices[1].size(), 12u);
  EXPECT_EQ(t.indices[0], (std::vector<uint8_t>{0, 6, 5, 1, 3, 4, 7, 5, 2, 0, 0, 0}));
  // Ad-gifs: texture index, K sign-extended from 12 bits, MMIN, wrap modes.
  ASSERT_EQ(t.adGifs.size(), 2u);
  EXPECT_EQ(t.adGifs[0].textureIndex(), 0);
  EXPECT_EQ(t.adGifs[1].textureIndex(), 1);
  EXPECT_EQ(t.adGifs[0].lodK(), -137);
  EXPECT_EQ(t.adGifs[0].mmin(), 4);
  EXPECT_EQ(t.adGifs[1].wrapS(), 1);
  EXPECT_EQ(t.adGifs[1].wrapT(), 0);
  for (size_t k = 0; k < 5; ++k) EXPECT_EQ(t.adGifs[1].regs[k].addr, kAdGifRegs[k]);
  // RGBA, lights, mspheres, cube.
  ASSERT_EQ(t.rgba.size(), 8u);
  EXPECT_EQ(t.rgba[1].r, 0x20);
  EXPECT_EQ(t.rgba[1].a, 0x40);
  EXPECT_EQ(t.rgba[6].b, 3);
  ASSERT_EQ(t.lights.size(), 7u);
  EXPECT_EQ(t.lights[3].azimuth, -128);
  EXPECT_EQ(t.lights[4].elevation, 32);
  EXPECT_EQ(t.lights[0].color, 0x1234);
  EXPECT_EQ(t.lights[0].intensity, 100);
  ASSERT_EQ(t.mspheres.size(), 1u);
  EXPECT_EQ(t.mspheres[0].y, 4608.0f);
  EXPECT_EQ(t.cube[31], 310);
  EXPECT_EQ(t.lightTail.size(), 8u);
  // Absolute offsets for messages: block at 0x100, tfrag data at +0x80.
  EXPECT_EQ(t.at.data, 0x100u + 0x80);
  EXPECT_EQ(t.at.adGifs.offset, 0x100u + 0x80 + 96);
}

TEST(TfragFixture, TrianglesPerLodWithAlternatingWinding) {
  Tfrag t = decodeOne(tfragfix::block());
  LodTriangles l0 = lodTriangles(t, 0, "f");
  // Strip [c0 e0 m c1 c3] then [c3' e1 m c2 c0]; odd triangles swap.
  EXPECT_EQ(l0.triangles,
            (std::vector<Tri>{{0, 6, 5}, {5, 6, 1}, {5, 1, 3}, {4, 7, 5}, {5, 7, 2}, {5, 2, 0}}));
  EXPECT_EQ(l0.adGif, (std::vector<int>{0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(l0.triangles.size(), size_t(t.header.triCount));
  LodTriangles l1 = lodTriangles(t, 1, "f");
  EXPECT_EQ(l1.triangles, (std::vector<Tri>{{0, 1, 5}, {1, 3, 5}, {3, 2, 5}, {2, 0, 5}}));
  EXPECT_EQ(l1.adGif, (std::vector<int>{0, 0, 0, 1})); // the kick without load keeps ad-gif 0
  LodTriangles l2 = lodTriangles(t, 2, "f");
  EXPECT_EQ(l2.triangles, (std::vector<Tri>{{0, 1, 2}, {2, 1, 3}}));
  // Header and strip sums agree: 6 = (5-2)+(5-2); LOD 1 4 x (3-2); LOD 2 4-2.
  EXPECT_EQ(triangleCount(decodeStrips(t.strips[0], 2, "f", 0)), 6u);
  EXPECT_EQ(triangleCount(decodeStrips(t.strips[1], 2, "f", 0)), 4u);
  EXPECT_EQ(triangleCount(decodeStrips(t.strips[2], 2, "f", 0)), 2u);
}

TEST(TfragFixture, SceneValuesAtLod0) {
  fs::path dir = writeLevel(testsupport::tempDir() / "lvl", tfragfix::level());
  const FormatHandler* h = detectFormat(dir.string());
  ASSERT_NE(h, nullptr);
  ASSERT_STREQ(h->name, "tfrag");
  // core_index.bin's path names the level too.
  EXPECT_EQ(detectFormat((dir / "core_index.bin").string()), h);
  EXPECT_EQ(detectFormat((dir / "core_data.bin").string()), nullptr);
  Scene s = h->load(dir.string(), LoadOptions{});
  ASSERT_EQ(s.nodes.size(), 1u);
  EXPECT_EQ(s.nodes[0].name, "tfrag_0");
  ASSERT_EQ(s.materials.size(), 2u);
  EXPECT_TRUE(s.materials[0].doubleSided);
  EXPECT_EQ(s.materials[0].baseColorTexture, 0);
  ASSERT_EQ(s.textures.size(), 2u);
  EXPECT_EQ(s.textures[0].wrapS, Wrap::Repeat);
  EXPECT_EQ(s.textures[1].wrapS, Wrap::ClampToEdge); // CLAMP_1 lo = 1 on ad-gif 1
  EXPECT_EQ(s.textures[1].wrapT, Wrap::Repeat);
  EXPECT_EQ(s.materials[0].alphaMode, AlphaMode::Blend); // 0x40 -> 0x80 texels
  const Mesh& m = s.meshes.at(size_t(s.nodes[0].mesh));
  ASSERT_EQ(m.primitives.size(), 2u);
  const Primitive& p0 = m.primitives[0];
  EXPECT_EQ(p0.material, 0);
  // Vertices in first-use order: c0, e0, m, c1, c3.
  ASSERT_EQ(p0.positions.size(), 5u);
  expectVec(p0.positions[0], -2.0, 4.0, 0.5);          // (origin + 0) / 1024
  expectVec(p0.positions[1], -1.5, 4.0, 0.5);          // e0
  expectVec(p0.positions[2], -1.5, 4.5, 312.0 / 1024); // m: z = (512 - 200) / 1024
  expectVec(p0.positions[4], -1.0, 5.0, 612.0 / 1024); // c3
  EXPECT_EQ(p0.indices, (std::vector<uint32_t>{0, 1, 2, 2, 1, 3, 2, 3, 4}));
  EXPECT_FLOAT_EQ(p0.uv0[3][0], 1.0f); // c1: s 4096 / 4096
  EXPECT_FLOAT_EQ(p0.uv0[1][0], 0.5f);
  // COLOR_0 per position: RGB / 0x80 (clamped), alpha a < 0x80 ? 2a : 255.
  EXPECT_FLOAT_EQ(p0.colors[0][0], 1.0f);
  EXPECT_FLOAT_EQ(p0.colors[0][1], 0.5f);
  EXPECT_FLOAT_EQ(p0.colors[0][3], 1.0f);
  EXPECT_FLOAT_EQ(p0.colors[3][0], 0.25f);        // c1 r 0x20
  EXPECT_FLOAT_EQ(p0.colors[3][3], 128.0f / 255); // c1 a 0x40 -> 0x80
  EXPECT_FLOAT_EQ(p0.colors[1][3], 1.0f);         // e0 a 0x90 -> 255
  EXPECT_FLOAT_EQ(p0.colors[4][3], 0.0f);         // c3 a 0
  // Normals from azimuth / elevation (v * pi / 128).
  expectVec(p0.normals[0], 0, 0, 1);                        // el 64
  expectVec(p0.normals[3], 0, 1, 0);                        // c1: az 64
  expectVec(p0.normals[4], -1, 0, 0);                       // c3: az -128
  expectVec(p0.normals[2], 0.5, 0.5, std::sqrt(0.5), 1e-6); // m: az 32, el 32
  expectVec(p0.normals[1], 0, 0, -1);                       // e0: el -64
  // The LOD 0 entries collapse onto their first parents (weight-0 morph).
  ASSERT_EQ(p0.morphTargets.size(), 1u);
  expectVec(p0.morphTargets[0].positions[1], 0.5, 0, 0); // e0 -> c1
  EXPECT_FLOAT_EQ(p0.morphTargets[0].uv0[1][0], 0.5f);
  expectVec(p0.morphTargets[0].positions[0], 0, 0, 0); // common: no move
  expectVec(p0.morphTargets[0].positions[2], 0, 0, 0); // LOD 0+1 entry: not at LOD 0
  const Primitive& p1 = m.primitives[1];
  EXPECT_EQ(p1.material, 1);
  // c3' e1 m c2 c0; c3' has negative UVs: s / 8192.
  ASSERT_EQ(p1.positions.size(), 5u);
  EXPECT_FLOAT_EQ(p1.uv0[0][0], -0.5f);
  EXPECT_FLOAT_EQ(p1.uv0[0][1], -1.0f);
  expectVec(p1.positions[0], -1.0, 5.0, 612.0 / 1024);
  expectVec(p1.morphTargets[0].positions[1], 0, -0.5, (312.0 - 562.0) / 1024); // e1 -> m
  EXPECT_EQ(p1.indices, (std::vector<uint32_t>{0, 1, 2, 2, 1, 3, 2, 3, 4}));
}

TEST(TfragFixture, SceneLod1AndLod2) {
  fs::path dir = writeLevel(testsupport::tempDir() / "lvl", tfragfix::level());
  const FormatHandler& h = requireFormat(dir.string());
  LoadOptions o;
  o.lod = 1;
  Scene s1 = h.load(dir.string(), o);
  const Mesh& m1 = s1.meshes.at(0);
  ASSERT_EQ(m1.primitives.size(), 2u);
  // LOD 1 draws common || LOD 0+1: c0 c1 m c3 c2 with ad-gif 0, then c2 c0 m.
  EXPECT_EQ(m1.primitives[0].indices, (std::vector<uint32_t>{0, 1, 2, 1, 3, 2, 3, 4, 2}));
  EXPECT_EQ(m1.primitives[1].indices, (std::vector<uint32_t>{0, 1, 2}));
  // The LOD 0+1 entry m collapses onto c0.
  expectVec(m1.primitives[0].morphTargets.at(0).positions[2], -0.5, -0.5, (512 - 312) / 1024.0);
  EXPECT_EQ(s1.nodes[0].tags, (NodeTags{{"tfrag", 0}, {"lod", 1}}));

  o.lod = 2;
  Scene s2 = h.load(dir.string(), o);
  const Mesh& m2 = s2.meshes.at(0);
  ASSERT_EQ(m2.primitives.size(), 1u);
  EXPECT_EQ(m2.primitives[0].indices, (std::vector<uint32_t>{0, 1, 2, 2, 1, 3}));
  EXPECT_EQ(m2.primitives[0].positions.size(), 4u);
  EXPECT_TRUE(m2.primitives[0].morphTargets.empty());

  o.lod = 3;
  EXPECT_THROW(h.load(dir.string(), o), Unsupported);
}

TEST(TfragFixture, TexturePixelsWithCsm1SwizzleAndAlphaScale) {
  fs::path dir = writeLevel(testsupport::tempDir() / "lvl", tfragfix::level());
  std::vector<Image> imgs =
      requireFormat(dir.string()).textures(dir.string(), LoadOptions{}).images;
  ASSERT_EQ(imgs.size(), 2u);
  const Image& a = imgs[0];
  EXPECT_EQ(a.dxgiFormat, 28u);
  EXPECT_EQ(a.width, 8u);
  EXPECT_EQ(a.height, 8u);
  ASSERT_EQ(a.mipLevels, 4u);
  ASSERT_EQ(a.data.size(), size_t(4 * (64 + 16 + 4 + 1)));
  // The stored CLUT entry p holds R = p. An index reads the entry with bits 3
  // and 4 exchanged: 8 -> 16, 16 -> 8, 24 -> 24, 7 -> 7, 72 (0b01001000) ->
  // 80 (0b01010000), 240 (0b11110000) -> 232 (0b11101000).
  const uint8_t expectR[] = {16, 8, 24, 7, 80, 232, 1, 2, 3, 4};
  for (size_t i = 0; i < 10; ++i) EXPECT_EQ(a.data[4 * i], expectR[i]) << i;
  EXPECT_EQ(a.data[1], 0x11);
  EXPECT_EQ(a.data[2], 0x22);
  // Alpha: entries 1 (0x40 -> 0x80), 2 (0x80 -> 255), 3 (0xA0 -> 255), 4 (0 -> 0).
  EXPECT_EQ(a.data[4 * 6 + 3], 0x80);
  EXPECT_EQ(a.data[4 * 7 + 3], 255);
  EXPECT_EQ(a.data[4 * 8 + 3], 255);
  EXPECT_EQ(a.data[4 * 9 + 3], 0);
  EXPECT_EQ(a.data[4 * 63], 0); // index 0 -> entry 0
  // Mip 1 (4x4 after mip 0 in core_data): index 16 -> R 8.
  EXPECT_EQ(a.data[4 * 64], 8);
  EXPECT_EQ(a.data[4 * 79], 8);
  // Mip 2 (2x2 at gs_ram block 1): index 24 -> R 24; mip 3 (block 0): 240 -> 232.
  EXPECT_EQ(a.data[4 * 80], 24);
  EXPECT_EQ(a.data[4 * 84], 232);
  const Image& b = imgs[1];
  EXPECT_EQ(b.mipLevels, 1u);
  ASSERT_EQ(b.data.size(), 64u);
  EXPECT_EQ(b.data[0], 0);
  EXPECT_EQ(b.data[2], 0xFF);
  EXPECT_EQ(b.data[3], 255);
}

TEST(TfragFixture, ValidateIsCleanAndCountsEveryInvariant) {
  fs::path dir = writeLevel(testsupport::tempDir() / "lvl", tfragfix::level());
  ValidationReport r = requireFormat(dir.string()).validate(dir.string());
  for (auto& f : r.findings) ADD_FAILURE() << f.message;
  EXPECT_EQ(r.summary["tfrags"], 1);
  EXPECT_EQ(r.summary["vertices"], 7);
  EXPECT_EQ(r.summary["vertexInfos"], 9);
  EXPECT_EQ(r.summary["lodEntriesResolved"], 4); // m, e0, e1, e0'
  EXPECT_EQ(r.summary["trianglesLod0"], 6);
  EXPECT_EQ(r.summary["trianglesLod1"], 4);
  EXPECT_EQ(r.summary["trianglesLod2"], 2);
}

TEST(TfragFixture, InfoJson) {
  fs::path dir = writeLevel(testsupport::tempDir() / "lvl", tfragfix::level());
  nlohmann::json j = requireFormat(dir.string()).info(dir.string());
  EXPECT_EQ(j["format"], "tfrag");
  EXPECT_EQ(j["tfragCount"], 1);
  EXPECT_EQ(j["switchDistances"], (nlohmann::json{192.0, 128.0, 64.0}));
  EXPECT_EQ(j["triangles"], (nlohmann::json{6, 4, 2}));
  EXPECT_EQ(j["coreData"]["tfragsOffset"], 0x100);
  EXPECT_EQ(j["coreData"]["tfragsBytes"], 0x410);
  EXPECT_EQ(j["textures"][0]["mips"], 4);
  EXPECT_EQ(j["tfrags"][0]["vertexInfos"], (nlohmann::json{5, 1, 3}));
}

TEST(TfragFixture, WithoutGsRamTheMeshStillConverts) {
  fs::path dir = writeLevel(testsupport::tempDir() / "lvl", tfragfix::level(), false);
  Scene s = requireFormat(dir.string()).load(dir.string(), LoadOptions{});
  EXPECT_TRUE(s.images.empty());
  EXPECT_TRUE(s.textures.empty());
  EXPECT_EQ(s.materials.size(), 2u);
  EXPECT_EQ(s.materials[0].baseColorTexture, -1);
  EXPECT_EQ(s.meshes.size(), 1u);
  ASSERT_EQ(s.warnings.size(), 1u);
}

TEST(TfragFixture, DecodedModelReEncodesToTheHandBuiltBytes) {
  // The writer's order is the hand-built order, so re-encoding the decoded
  // model reproduces the block byte for byte.
  auto b = tfragfix::block();
  TfragsBlock blk = readTfragsBlock(b.data(), b.size(), "f", 0);
  EXPECT_EQ(writeTfragsBlock(blk), b);
}

TEST(TfragFixture, BareBlockReadWhole) {
  // tfrag-layout.md: a bare tfrags block has no magic, so it is never
  // detected; read as one (checkLevel's bareBlock) it has no textures.
  fs::path file = testsupport::tempDir() / "tfrags.bin";
  testsupport::writeBytes(file, tfragfix::block());
  EXPECT_EQ(detectFormat(file.string()), nullptr);
  Scene s = loadScene(file.string(), LoadOptions{}, true);
  ASSERT_EQ(s.nodes.size(), 1u);
  ASSERT_EQ(s.materials.size(), 2u); // ad-gifs bind texture indices 0 and 1
  EXPECT_EQ(s.materials[1].baseColorTexture, -1);
  EXPECT_TRUE(s.images.empty());
  EXPECT_EQ(s.meshes.at(0).primitives.size(), 2u);
  ValidationReport r = validateLevel(file.string(), true);
  for (auto& f : r.findings) ADD_FAILURE() << f.message;
  EXPECT_EQ(r.summary["trianglesLod0"], 6);
  EXPECT_EQ(describeLevel(file.string(), true)["format"], "tfrag-block");
  EXPECT_TRUE(checkLevel(file.string(), true).textures.empty());
}
