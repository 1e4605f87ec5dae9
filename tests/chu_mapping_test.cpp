// The CHU -> Atlas mapping of §9b and the TQT -> Tex TOC mapping of §9c on the
// hand-built fixtures, with every expected value worked out by hand from the
// spec's formulas (leafDimensions 10, depth 2: terrain 20 x 20, leaf chunks
// 10 wide, the root 20 wide; verticalScale 0.25).
#include "atlas/atlas_io.h"
#include "chu/chu_atlas.h"
#include "chu/chu_io.h"
#include "chu_fixtures.h"
#include "strata/quadtree.h"
#include "test_support.h"
#include "tqt/tqt_io.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace strata;

namespace {

atlas::File mapFixture(bool withTqt, bool collision = false) {
  chu::File c = chu::readChu(chufix::chuBytes(), "fixture.chu");
  tqt::File t = tqt::readTqt(chufix::tqtBytes(), "fixture.tqt");
  chu::MapOptions o;
  o.collision = collision;
  return chu::toAtlas(c, withTqt ? &t : nullptr, "fixture.chu", o);
}

const atlas::GeomChunk& chunkOf(const atlas::File& f, uint32_t level, uint32_t x, uint32_t y) {
  const atlas::GeomStub& s = f.tocs[0].geomStubs.at(size_t(nodeId(level, x, y)));
  const atlas::Frame* fr = f.frameAt(s.offset);
  if (!fr) throw std::runtime_error("no frame");
  return fr->geom;
}

void expectVertex(const atlas::Vertex& v, Vec3 point, Vec2 tc, float morphZ) {
  for (int k = 0; k < 3; ++k) EXPECT_FLOAT_EQ(v.point[k], point[k]) << "point " << k;
  for (int k = 0; k < 2; ++k) EXPECT_FLOAT_EQ(v.texCoord[k], tc[k]) << "texCoord " << k;
  EXPECT_EQ(v.pointMorph[0], 0.0f);
  EXPECT_EQ(v.pointMorph[1], 0.0f);
  EXPECT_FLOAT_EQ(v.pointMorph[2], morphZ);
  EXPECT_EQ(v.texMorph, (Vec2{0, 0}));
  EXPECT_EQ(v.normal, (Vec3{0, 0, 1}));
}

void expectBox(const atlas::Box3& b, Vec3 min, Vec3 max) {
  for (int k = 0; k < 3; ++k) {
    EXPECT_FLOAT_EQ(b.min[k], min[k]) << "min " << k;
    EXPECT_FLOAT_EQ(b.max[k], max[k]) << "max " << k;
  }
}

// The head of a TOC the mapping made: its kind, tag, depth and version.
void expectTocHead(const atlas::Toc& t, atlas::TocKind kind, const std::string& tag,
                   uint32_t treeDepth, uint32_t version) {
  EXPECT_EQ(t.kind, kind);
  EXPECT_EQ(t.tag, tag);
  EXPECT_EQ(t.treeDepth, treeDepth);
  EXPECT_EQ(t.version, version);
}

} // namespace

TEST(ChuMapping, GeomTocFields) {
  atlas::File f = mapFixture(false);
  ASSERT_EQ(f.tocs.size(), 1u);
  const atlas::Toc& t = f.tocs[0];
  expectTocHead(t, atlas::TocKind::Geom, "Geom", 2, 140);
  EXPECT_EQ(t.goalBatchSize, 1500u);
  ASSERT_EQ(t.geomStubs.size(), 5u);
  for (const atlas::GeomStub& s : t.geomStubs) {
    EXPECT_EQ(s.sentinel, 0xD0);
    EXPECT_EQ(s.generation, 0u);
    const atlas::Frame* fr = f.frameAt(s.offset);
    ASSERT_NE(fr, nullptr);
    EXPECT_EQ(fr->geom.previousChunk, 0u);
    EXPECT_EQ(fr->geom.skirtSkip, 0u);
    EXPECT_EQ(fr->geom.colFlag, 0x0F);
  }
  // One frame per Atlas node, even where CHU stubs share a chunk.
  EXPECT_EQ(f.frames.size(), 5u);
}

TEST(ChuMapping, RootVerticesFromTheFormulas) {
  atlas::File f = mapFixture(false);
  const atlas::GeomChunk& g = chunkOf(f, 0, 0, 0);
  ASSERT_EQ(g.verts.size(), 4u);
  // size 20, origin (0, 0); point = ((q / 16384) * 0.5 + 0.5) * 20; z = zq * 0.25;
  // texCoord = (y / 20, 1 - x / 20); morph (0, 0, m * 0.25).
  expectVertex(g.verts[0], {0, 0, 2}, {0, 1}, 1);
  expectVertex(g.verts[1], {20, 0, 3}, {0, 0}, 0);
  expectVertex(g.verts[2], {20, 20, -1}, {1, 0}, -2);
  expectVertex(g.verts[3], {0, 20, 0}, {1, 1}, 0.5f);
  EXPECT_EQ(g.indices, (std::vector<uint16_t>{0, 1, 2, 0, 2, 3}));
}

TEST(ChuMapping, TransposeAndValuesOutsideTheQuantizedRange) {
  atlas::File f = mapFixture(false);
  // Atlas node (1, 1, 0) uses CHU label nodeID(1, 0, 1) = 2: its stub says x 1, y 0,
  // so size 10 and origin (10, 0).
  const atlas::GeomChunk& g = chunkOf(f, 1, 1, 0);
  ASSERT_EQ(g.verts.size(), 3u);
  expectVertex(g.verts[0], {15, 5, 10}, {0.25f, 0.25f}, 0);
  // x 24576: (1.5 * 0.5 + 0.5) * 10 + 10 = 22.5; y -32768: (-2 * 0.5 + 0.5) * 10 = -5.
  // Kept as they are; texCoord (-5 / 20, 1 - 22.5 / 20).
  expectVertex(g.verts[1], {22.5f, -5, 0}, {-0.25f, -0.125f}, 0);
  expectVertex(g.verts[2], {20, 10, -10}, {0.5f, 0}, 0);
  // Atlas node (1, 0, 1) uses label nodeID(1, 1, 0) = 3 (x 0, y 1: origin (0, 10)).
  const atlas::GeomChunk& h = chunkOf(f, 1, 0, 1);
  expectVertex(h.verts[0], {0, 10, -2}, {0.5f, 1}, 0);
  expectVertex(h.verts[2], {10, 20, 0}, {1, 0.5f}, 0);
  // Atlas node (1, 1, 1), label 4, shares label 3's chunk at its own origin (10, 10).
  const atlas::GeomChunk& k = chunkOf(f, 1, 1, 1);
  expectVertex(k.verts[0], {10, 10, -2}, {0.5f, 0.5f}, 0);
  // Atlas node (1, 0, 0), label 1.
  const atlas::GeomChunk& l = chunkOf(f, 1, 0, 0);
  expectVertex(l.verts[2], {5, 10, 2}, {0.5f, 0.75f}, 0);
}

TEST(ChuMapping, BoundsFromTheLeavesToTheRootInStubAndChunk) {
  atlas::File f = mapFixture(false);
  const atlas::Toc& t = f.tocs[0];
  struct Expect {
    uint32_t level, x, y;
    Vec3 min, max;
  } cases[] = {
      {1, 0, 0, {0, 0, 0}, {10, 10, 2}},
      {1, 1, 0, {15, -5, -10}, {22.5f, 10, 10}},
      {1, 0, 1, {0, 10, -2}, {10, 20, 0}},
      {1, 1, 1, {10, 10, -2}, {20, 20, 0}},
      // The root's own vertices span (0, 0, -1)..(20, 20, 3); its children widen it.
      {0, 0, 0, {0, -5, -10}, {22.5f, 20, 10}},
  };
  for (const Expect& e : cases) {
    SCOPED_TRACE("L" + std::to_string(e.level) + "_" + std::to_string(e.x) + "_" +
                 std::to_string(e.y));
    const atlas::GeomStub& s = t.geomStubs[size_t(nodeId(e.level, e.x, e.y))];
    expectBox(s.bounds, e.min, e.max);
    expectBox(chunkOf(f, e.level, e.x, e.y).bounds, e.min, e.max);
  }
}

TEST(ChuMapping, LeafCollisionRegeneratedOnlyWhenAsked) {
  atlas::File f = mapFixture(false, true);
  for (uint32_t i = 0; i < 5; ++i) {
    NodePos p = nodePos(i);
    const atlas::GeomChunk& g = chunkOf(f, p.level, p.x, p.y);
    if (p.level == 1) {
      EXPECT_EQ(g.colFlag, 0xDF) << i;
      EXPECT_EQ(g.collision.treeDepth, 4u);
      EXPECT_EQ(g.collision.offsets.size(), 64u);
      EXPECT_EQ(g.collision.tree.size(), 85u);
    } else {
      EXPECT_EQ(g.colFlag, 0x0F);
    }
  }
}

TEST(ChuMapping, TqtBecomesATexTocWithTheTableTranspose) {
  atlas::File f = mapFixture(true);
  ASSERT_EQ(f.tocs.size(), 2u);
  const atlas::Toc& t = f.tocs[1];
  expectTocHead(t, atlas::TocKind::Tex, "Tex", 2, 140);
  ASSERT_EQ(t.texStubs.size(), 5u);
  auto tile = [&](uint32_t level, uint32_t x, uint32_t y) -> const atlas::TexChunk& {
    const atlas::TexStub& s = t.texStubs[size_t(nodeId(level, x, y))];
    EXPECT_EQ(s.generation, 0u);
    const atlas::Frame* fr = f.frameAt(s.offset);
    if (!fr) throw std::runtime_error("no frame");
    return fr->tex;
  };
  // Atlas stub (1, 1, 0) takes TQT entry nodeID(1, 0, 1) = 2: tile C, red 30.
  EXPECT_EQ(tile(1, 1, 0).format, 2);
  EXPECT_EQ(tile(1, 1, 0).data, chufix::solidDds(30, 31, 32)); // DDS bytes unchanged
  EXPECT_EQ(tile(1, 0, 1).data, chufix::solidDds(40, 41, 42));
  EXPECT_EQ(tile(0, 0, 0).data, chufix::solidDds(10, 11, 12));
  EXPECT_EQ(tile(1, 0, 0).data, chufix::solidDds(20, 21, 22));
  // The shared tile stays one frame.
  EXPECT_EQ(t.texStubs[size_t(nodeId(1, 1, 1))].offset, t.texStubs[size_t(nodeId(1, 0, 0))].offset);
  EXPECT_EQ(f.frames.size(), 5u + 4u);
  // The whole thing is a writable, readable v140 file.
  std::vector<uint8_t> bytes = atlas::writeAtlas(f);
  atlas::File back = atlas::readAtlas(bytes, "mapped.atlas");
  EXPECT_EQ(atlas::writeAtlas(back), bytes);
}

TEST(ChuMapping, CompanionTqtMatchesTheStemWithAnyExtensionCase) {
#ifdef _WIN32
  GTEST_SKIP() << "Windows file names ignore case: terrain.tqt and Terrain.TqT are one file";
#endif
  namespace fs = std::filesystem;
  fs::path dir = testsupport::tempDir();
  auto touch = [&](const std::string& name) { std::ofstream(dir / name) << "x"; };
  touch("Terrain.chu");
  EXPECT_EQ(chu::findCompanionTqt((dir / "Terrain.chu").string()), "");
  touch("terrain.tqt"); // a different stem (case matters for the stem)
  touch("Terrain.chu.tqt");
  EXPECT_EQ(chu::findCompanionTqt((dir / "Terrain.chu").string()), "");
  touch("Terrain.TqT");
  EXPECT_EQ(chu::findCompanionTqt((dir / "Terrain.chu").string()), (dir / "Terrain.TqT").string());
}
