// Hand-built CHU and TQT bytes (tests/chu_fixtures.h, written from §9b/§9c's
// tables) read by the readers and checked field by field; the writers give the
// same bytes back; synthetic files from our own writers read back too.
#include "chu/chu_io.h"
#include "chu_fixtures.h"
#include "strata/quadtree.h"
#include "synth/chu_synth.h"
#include "tqt/tqt_io.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace strata;

TEST(ChuFixture, HeaderStubsAndChunksFieldByField) {
  chufix::ChuLayout L;
  std::vector<uint8_t> bytes = chufix::chuBytes(&L);
  chu::File f = chu::readChu(bytes, "fixture.chu");
  const chu::Header& h = f.header;
  EXPECT_EQ(h.version, 400);
  EXPECT_EQ(h.treeDepth, 2);
  EXPECT_EQ(h.baseMaxError, 0.5f);
  EXPECT_EQ(h.verticalScale, 0.25f);
  EXPECT_EQ(h.leafDimensions, 10.0f);
  EXPECT_EQ(h.chunkCount, 5u);
  EXPECT_EQ(h.colTreeDepth, 2u);
  EXPECT_EQ(L.stubAt[0], 28u);          // the header is 28 bytes
  EXPECT_EQ(L.stubAt[4], 28u + 4 * 37); // stubs are 37 bytes

  // Stubs in physical order, not label order.
  ASSERT_EQ(f.stubs.size(), 5u);
  const int32_t labels[5] = {0, 3, 1, 4, 2};
  for (int i = 0; i < 5; ++i) EXPECT_EQ(f.stubs[size_t(i)].label, labels[i]);
  const chu::Stub& s3 = f.stubs[1];
  EXPECT_EQ(s3.neighbors, (std::array<int32_t, 4>{{4, 1, -1, -1}}));
  EXPECT_EQ(s3.level, 1);
  EXPECT_EQ(s3.x, 0);
  EXPECT_EQ(s3.y, 1);
  EXPECT_EQ(s3.min, -8);
  EXPECT_EQ(s3.max, 0);
  EXPECT_EQ(s3.chunkOffset, L.chunkAt[3]);
  EXPECT_EQ(f.stubs[3].chunkOffset, L.chunkAt[3]); // label 4 shares label 3's chunk
  EXPECT_EQ(f.stubs[4].x, 1);
  EXPECT_EQ(f.stubs[4].y, 0);
  EXPECT_EQ(f.stubs[4].min, -40);
  EXPECT_EQ(f.stubs[4].max, 40);
  ASSERT_NE(f.stubByLabel(2), nullptr);
  EXPECT_EQ(f.stubByLabel(2)->chunkOffset, L.chunkAt[2]);

  // Four distinct chunks in physical order.
  ASSERT_EQ(f.chunks.size(), 4u);
  EXPECT_EQ(f.chunks[0].offset, L.chunkAt[3]);
  EXPECT_EQ(f.chunks[1].offset, L.chunkAt[0]);
  EXPECT_EQ(f.chunks[2].offset, L.chunkAt[2]);
  EXPECT_EQ(f.chunks[3].offset, L.chunkAt[1]);
  const chu::Chunk& root = *f.chunkAt(L.chunkAt[0]);
  ASSERT_EQ(root.verts.size(), 4u);
  EXPECT_EQ(root.verts[0].x, -16384);
  EXPECT_EQ(root.verts[0].y, -16384);
  EXPECT_EQ(root.verts[0].z, 8);
  EXPECT_EQ(root.verts[0].morph, 4);
  EXPECT_EQ(root.verts[2].z, -4);
  EXPECT_EQ(root.verts[2].morph, -8);
  EXPECT_EQ(root.indices, (std::vector<uint16_t>{0, 1, 2, 0, 2, 3}));
  EXPECT_EQ(root.triCount, 2u);
  EXPECT_EQ(root.colDataFlag, 0);
  EXPECT_TRUE(root.collision.treeNodes.empty());

  const chu::Chunk& c2 = *f.chunkAt(L.chunkAt[2]);
  EXPECT_EQ(c2.verts[1].x, 24576);
  EXPECT_EQ(c2.verts[1].y, -32768);
  EXPECT_EQ(c2.colDataFlag, 1);
  ASSERT_EQ(c2.collision.treeNodes.size(), 5u); // nodeCount(colTreeDepth 2)
  EXPECT_EQ(c2.collision.treeNodes[0], (std::array<int16_t, 2>{{-40, 40}}));
  EXPECT_EQ(c2.collision.treeNodes[4], (std::array<int16_t, 2>{{-36, 36}}));
  EXPECT_EQ(c2.collision.offsets, (std::vector<uint16_t>{0, 2, 3, 4})); // 4 = colGridCount
  EXPECT_EQ(c2.collision.buffer, (std::vector<uint16_t>{0, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF}));

  // Unreferenced bytes: 3 before the first chunk, 2 after the last.
  ASSERT_EQ(f.gaps.size(), 2u);
  EXPECT_EQ(f.gaps[0].offset, 28u + 5 * 37);
  EXPECT_EQ(f.gaps[0].bytes, (std::vector<uint8_t>{0xAA, 0xAA, 0xAA}));
  EXPECT_EQ(f.gaps[1].offset, L.end);
  EXPECT_EQ(f.gaps[1].bytes, (std::vector<uint8_t>{0x55, 0x66}));
}

TEST(ChuFixture, WriterGivesTheSameBytesBack) {
  std::vector<uint8_t> bytes = chufix::chuBytes();
  EXPECT_EQ(chu::writeChu(chu::readChu(bytes, "fixture.chu")), bytes);
  std::vector<uint8_t> plain = chufix::chuBytes(nullptr, false);
  EXPECT_EQ(chu::writeChu(chu::readChu(plain, "plain.chu")), plain);
}

TEST(ChuFixture, SynthRoundTripKeepsDepthFirstStubOrder) {
  chu::SynthOptions o;
  o.treeDepth = 3;
  o.gridQuads = 4;
  std::vector<uint8_t> bytes = chu::writeChu(chu::synthChu(o));
  chu::File f = chu::readChu(bytes, "synth.chu");
  ASSERT_EQ(f.stubs.size(), 21u);
  // TSE's generator order: root, then each child subtree (NW, NE, SW, SE).
  // Stub 1 is level 1 at x 0 y 0 (label 1), stub 2 its first child (level 2, label 5).
  EXPECT_EQ(f.stubs[0].label, 0);
  EXPECT_EQ(f.stubs[1].label, 1);
  EXPECT_EQ(f.stubs[2].level, 2);
  EXPECT_EQ(f.stubs[2].label, 5);
  EXPECT_EQ(f.stubs[3].x, 1); // NE child: x 1, y 0 -> label nodeID(2, 0, 1) = 6
  EXPECT_EQ(f.stubs[3].label, 6);
  EXPECT_EQ(f.stubs[4].y, 1); // SW child: x 0, y 1 -> label nodeID(2, 1, 0) = 5 + 4 = 9
  EXPECT_EQ(f.stubs[4].label, 9);
  size_t leavesWithCollision = 0;
  for (const chu::Chunk& c : f.chunks) leavesWithCollision += c.colDataFlag;
  EXPECT_EQ(leavesWithCollision, 16u);
  EXPECT_EQ(chu::writeChu(f), bytes);
}

TEST(TqtFixture, HeaderTransposedTableAndSharedTiles) {
  chufix::TqtLayout L;
  std::vector<uint8_t> bytes = chufix::tqtBytes(&L);
  tqt::File f = tqt::readTqt(bytes, "fixture.tqt");
  EXPECT_EQ(f.header.version, 2u);
  EXPECT_EQ(f.header.treeDepth, 2u);
  EXPECT_EQ(f.header.tileSize, 4u);
  ASSERT_EQ(f.offsets.size(), 5u);
  EXPECT_EQ(f.offsets[1], L.tileAt[1]);
  EXPECT_EQ(f.offsets[4], L.tileAt[1]);
  ASSERT_EQ(f.tiles.size(), 4u); // the shared tile is read once
  // Physical order D, A, C, B.
  EXPECT_EQ(f.tiles[0].offset, L.tileAt[3]);
  EXPECT_EQ(f.tiles[3].offset, L.tileAt[1]);
  // §9c: logical (level, x, y) uses entry nodeID(level, y, x).
  auto red = [&](uint32_t level, uint32_t x, uint32_t y) {
    const tqt::Tile* t = f.tileOf(level, x, y);
    EXPECT_NE(t, nullptr);
    return t ? t->dds.at(128) : 0; // first texel after the 128-byte DDS header
  };
  EXPECT_EQ(red(0, 0, 0), 10);
  EXPECT_EQ(red(1, 0, 0), 20);
  EXPECT_EQ(red(1, 1, 0), 30); // entry nodeID(1, 0, 1) = 2
  EXPECT_EQ(red(1, 0, 1), 40); // entry nodeID(1, 1, 0) = 3
  EXPECT_EQ(red(1, 1, 1), 20); // shares tile B
  EXPECT_EQ(f.tileOf(1, 1, 0)->dds.size(), 128u + 64u);
  ASSERT_EQ(f.gaps.size(), 2u);
  EXPECT_EQ(f.gaps[0].bytes.size(), 5u);
  EXPECT_EQ(f.gaps[1].bytes, (std::vector<uint8_t>{1, 2, 3}));
}

TEST(TqtFixture, WriterGivesTheSameBytesBack) {
  std::vector<uint8_t> bytes = chufix::tqtBytes();
  EXPECT_EQ(tqt::writeTqt(tqt::readTqt(bytes, "fixture.tqt")), bytes);
}

TEST(TqtFixture, SynthTilesReadBackWithTheirColours) {
  for (bool bc1 : {false, true}) {
    tqt::SynthOptions o;
    o.treeDepth = 3;
    o.tileSize = 8;
    o.mips = 4;
    o.bc1 = bc1;
    std::vector<uint8_t> bytes = tqt::writeTqt(tqt::synthTqt(o));
    tqt::File f = tqt::readTqt(bytes, "synth.tqt");
    ASSERT_EQ(f.tiles.size(), 21u);
    EXPECT_EQ(tqt::writeTqt(f), bytes);
    if (!bc1) {
      // Logical (2, 3, 1), texel (0, 0): virtual row (3 + 0.5 / 8) / 4, column
      // (1 + 0.5 / 8) / 4; blue 64 * 3.
      const tqt::Tile* t = f.tileOf(2, 3, 1);
      ASSERT_NE(t, nullptr);
      EXPECT_EQ(t->dds[128 + 0], uint8_t(std::lround((3 + 0.5 / 8) / 4 * 255)));
      EXPECT_EQ(t->dds[128 + 1], uint8_t(std::lround((1 + 0.5 / 8) / 4 * 255)));
      EXPECT_EQ(t->dds[128 + 2], 192);
      EXPECT_EQ(t->dds[128 + 3], 255);
    }
  }
}
