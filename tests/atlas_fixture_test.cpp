// Hand-built Atlas bytes, written field by field from atlas-chu-tqt.md, read
// by the reader and checked value by value. Independent of the writer.
#include "atlas/atlas_io.h"
#include "atlas_fixture.h"
#include "byte_builder.h"

#include <gtest/gtest.h>

using namespace strata::atlas;

namespace {

// §8: the confirmed prefix of arcticBlended.atlas (Geom depth 4 / 85 stubs,
// Tex depth 3 / 21, Tex depth 5 / 341, Config 1), followed by one config chunk.
struct ArcticPrefix {
  Bytes bytes;
  size_t configStubAt = 0;
};

ArcticPrefix arcticPrefix() {
  ArcticPrefix p;
  Bytes& b = p.bytes;
  b.u32(0x534C5441).u8(4);                               // ATLS, NUM_TOCS
  b.u8(4).str("Geom").u32(1500).u32(4).u32(85).u32(140); // §1 Geom prefix + body
  for (int i = 0; i < 85; ++i) {                         // §1a 37-byte stubs, all empty
    b.u32(0).u32(0).u32(0);
    for (int k = 0; k < 6; ++k) b.f32(float(i));
    b.u8(0xD0);
  }
  b.u8(3).str("Tex").u32(3).u32(21).u32(140);
  for (int i = 0; i < 21; ++i) b.u32(0).u32(0).u32(0); // §1b 12-byte stubs
  b.u8(3).str("Tex").u32(5).u32(341).u32(140);
  for (int i = 0; i < 341; ++i) b.u32(0).u32(0).u32(0);
  b.u8(6).str("Config").u32(0).u32(1).u32(140);
  p.configStubAt = b.size();
  b.u32(0).u32(0).u32(7).str(std::string("schema\0\0", 8)); // §1c 20-byte stub, char[8] name
  return p;
}

std::vector<uint8_t> withConfigChunk(ArcticPrefix p) {
  Bytes& b = p.bytes;
  const uint32_t chunkAt = uint32_t(b.size());
  Bytes body;
  body.u32(0).u32(2); // §5 previousChunk, entryCount
  body.u32(4).str("type").u32(7).str("blender");
  body.u32(14).str("opacityMapSlot").u32(1).str("0");
  b.u32(0x50535441).u32(uint32_t(body.size())).u32(0x48676643).raw(body.b).u32(0x54676643);
  b.patch32(p.configStubAt, chunkAt);
  b.patch32(p.configStubAt + 4, uint32_t(body.size() + 16));
  return b.b;
}

} // namespace

TEST(AtlasFixture, ArcticPrefixOffsetsMatchSection8) {
  ArcticPrefix p = arcticPrefix();
  // The offsets of §8's table, measured on the bytes we built from §1.
  EXPECT_EQ(p.bytes.size(), 0x1DA2u);
  EXPECT_EQ(p.configStubAt, 0x1D8Eu);
  std::vector<uint8_t> bytes = withConfigChunk(p);
  File f = readAtlas(bytes, "arctic-prefix.atlas");
  ASSERT_EQ(f.tocs.size(), 4u);
  EXPECT_EQ(f.tocs[0].tag, "Geom");
  EXPECT_EQ(f.tocs[0].goalBatchSize, 1500u);
  EXPECT_EQ(f.tocs[0].treeDepth, 4u);
  EXPECT_EQ(f.tocs[0].geomStubs.size(), 85u);
  EXPECT_EQ(f.tocs[0].geomStubs[84].bounds.max[2], 84.0f);
  EXPECT_EQ(f.tocs[1].texStubs.size(), 21u);
  EXPECT_EQ(f.tocs[2].treeDepth, 5u);
  EXPECT_EQ(f.tocs[2].texStubs.size(), 341u);
  EXPECT_EQ(f.tocs[3].tag, "Config");
  ASSERT_EQ(f.tocs[3].configStubs.size(), 1u);
  EXPECT_EQ(std::string(f.tocs[3].configStubs[0].name.data()), "schema");
  EXPECT_EQ(f.tocs[3].configStubs[0].generation, 7u);
  EXPECT_EQ(tocPrefixSize(f), 0x1DA2u);
  ASSERT_EQ(f.frames.size(), 1u);
  EXPECT_EQ(f.frames[0].offset, 0x1DA2u);
  ASSERT_EQ(f.frames[0].config.entries.size(), 2u);
  EXPECT_EQ(f.frames[0].config.entries[0].key, "type");
  EXPECT_EQ(f.frames[0].config.entries[0].value, "blender");
  EXPECT_EQ(f.frames[0].config.entries[1].key, "opacityMapSlot");
  EXPECT_EQ(writeAtlas(f), bytes);
}

class AtlasGeomVersion : public ::testing::TestWithParam<uint32_t> {};

TEST_P(AtlasGeomVersion, FieldsReadInTheVersionsOrder) {
  const uint32_t version = GetParam();
  std::vector<uint8_t> bytes = oneChunkFile(version, version >= 120);
  File f = readAtlas(bytes, "one.atlas");
  ASSERT_EQ(f.frames.size(), 1u);
  const GeomChunk& g = f.frames[0].geom;
  EXPECT_EQ(g.previousChunk, 0x1234u);
  EXPECT_EQ(g.indices, (std::vector<uint16_t>{0, 1, 2, 2, 1, 0}));
  EXPECT_EQ(g.skirtSkip, 3u);
  ASSERT_EQ(g.verts.size(), 3u);
  for (int v = 0; v < 3; ++v) {
    const Vertex& x = g.verts[size_t(v)];
    float b = float(100 * v);
    EXPECT_EQ(x.point, (strata::Vec3{b, b + 1, b + 2}));
    EXPECT_EQ(x.texCoord, (strata::Vec2{b + 3, b + 4}));
    EXPECT_EQ(x.pointMorph, (strata::Vec3{b + 5, b + 6, b + 7}));
    EXPECT_EQ(x.texMorph, (strata::Vec2{b + 8, b + 9}));
    if (version >= 140)
      EXPECT_EQ(x.normal, (strata::Vec3{b + 10, b + 11, b + 12}));
    else
      EXPECT_EQ(x.normal, (strata::Vec3{0, 0, 1})); // §7 canonical normal
  }
  Box3 bounds = canonicalBounds(f.frames[0]);
  if (version < 101) { // §7: derived from the vertices
    EXPECT_EQ(bounds.min, (strata::Vec3{0, 1, 2}));
    EXPECT_EQ(bounds.max, (strata::Vec3{200, 201, 202}));
    EXPECT_EQ(f.tocs[0].geomStubs[0].posX, 1.5f);
    EXPECT_EQ(f.tocs[0].geomStubs[0].posY, 2.5f);
  } else {
    EXPECT_EQ(bounds.min, (strata::Vec3{-1, -2, -3}));
    EXPECT_EQ(bounds.max, (strata::Vec3{301, 302, 303}));
    EXPECT_EQ(f.tocs[0].geomStubs[0].sentinel, 0xD0);
  }
  if (version >= 120) {
    EXPECT_EQ(g.colFlag, 0xDF);
    EXPECT_EQ(g.collision.treeDepth, 2u);
    ASSERT_EQ(g.collision.tree.size(), 5u);
    EXPECT_EQ(g.collision.tree[4][0], 4.0f);
    EXPECT_EQ(g.collision.tree[4][1], 4.5f);
    EXPECT_EQ(g.collision.offsets, (std::vector<uint16_t>{0, 2, 3, 4}));
    EXPECT_EQ(g.collision.indices, (std::vector<uint16_t>{0, 0xFFFF, 0xFFFF, 0xFFFF, 3, 0xFFFF}));
  }
  EXPECT_EQ(writeAtlas(f), bytes);
}

INSTANTIATE_TEST_SUITE_P(EveryLayout, AtlasGeomVersion,
                         ::testing::Values(100u, 101u, 110u, 119u, 120u, 125u, 129u, 130u, 135u,
                                           139u, 140u));

TEST(AtlasFixture, V120WithoutCollisionHasFlag0x0FThenFooter) {
  std::vector<uint8_t> bytes = oneChunkFile(125, false);
  File f = readAtlas(bytes, "nocol.atlas");
  EXPECT_EQ(f.frames[0].geom.colFlag, 0x0F);
  EXPECT_EQ(writeAtlas(f), bytes);
}

TEST(AtlasFixture, TextureChunkKeepsImageBytes) {
  Bytes b;
  b.u32(0x534C5441).u8(1).u8(3).str("Tex").u32(1).u32(1).u32(140);
  b.u32(0x21).u32(16 + 6).u32(9); // magic 4 + count 1 + tag 4 + body 12 + stub 12 = 0x21
  EXPECT_EQ(b.size(), 0x21u);
  b.u32(0x50535441).u32(6).u32(0x48786554).u8(1).str("\x89PNG\r").u32(0x54786554);
  File f = readAtlas(b.b, "tex.atlas");
  ASSERT_EQ(f.frames.size(), 1u);
  EXPECT_EQ(f.frames[0].tex.format, 1);
  EXPECT_EQ(f.frames[0].tex.data, (std::vector<uint8_t>{0x89, 'P', 'N', 'G', '\r'}));
  EXPECT_EQ(f.tocs[0].texStubs[0].generation, 9u);
  EXPECT_EQ(writeAtlas(f), b.b);
}
