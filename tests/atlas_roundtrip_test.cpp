// Writer -> reader -> writer on synthetic terrain of every version, with the
// physical chunk order shuffled and unreferenced bytes between chunks.
#include "atlas/atlas_io.h"
#include "strata/quadtree.h"
#include "synth/atlas_synth.h"

#include <gtest/gtest.h>

using namespace strata::atlas;

class AtlasRoundTrip : public ::testing::TestWithParam<uint32_t> {};

TEST_P(AtlasRoundTrip, ShuffledFileWritesBackByteIdentical) {
  SynthOptions o;
  o.version = GetParam();
  o.treeDepth = 3;
  o.gridQuads = 4;
  o.shuffleFrames = true;
  o.seed = GetParam();
  std::vector<uint8_t> bytes = writeAtlas(synthTerrain(o));
  File f = readAtlas(bytes, "synth.atlas");
  ASSERT_EQ(f.frames.size(), 21u);
  // The physical order really differs from stub order.
  size_t outOfOrder = 0;
  const Toc& toc = f.tocs[0];
  for (size_t i = 1; i < toc.geomStubs.size(); ++i)
    outOfOrder += toc.geomStubs[i].offset < toc.geomStubs[i - 1].offset;
  EXPECT_GT(outOfOrder, 3u);
  EXPECT_EQ(writeAtlas(f), bytes);
}

INSTANTIATE_TEST_SUITE_P(Versions, AtlasRoundTrip, ::testing::Values(100u, 110u, 125u, 135u, 140u));

TEST(AtlasRoundTrip, UnreferencedBytesBetweenChunksAreKept) {
  SynthOptions o;
  o.treeDepth = 2;
  o.gridQuads = 2;
  File f = synthTerrain(o);
  // An in-place edit leaves the previous chunk version behind: 40 bytes
  // between frames 1 and 2, and 7 trailing bytes.
  const uint32_t cut = f.frames[2].offset;
  std::vector<uint8_t> junk(40, 0xAB), tail = {1, 2, 3, 4, 5, 6, 7};
  for (GeomStub& s : f.tocs[0].geomStubs)
    if (s.offset >= cut) s.offset += 40;
  for (Frame& fr : f.frames)
    if (fr.offset >= cut) fr.offset += 40;
  const uint32_t end = f.frames.back().offset + frameSize(f.frames.back());
  f.gaps = {{cut, junk}, {end, tail}};
  std::vector<uint8_t> bytes = writeAtlas(f);
  ASSERT_EQ(bytes.size(), end + 7u);
  EXPECT_EQ(bytes[cut], 0xAB);
  EXPECT_EQ(bytes[cut + 40], 'A'); // ATSP of the moved frame
  File g = readAtlas(bytes, "gap.atlas");
  ASSERT_EQ(g.gaps.size(), 2u);
  EXPECT_EQ(g.gaps[0].offset, cut);
  EXPECT_EQ(g.gaps[0].bytes, junk);
  EXPECT_EQ(g.gaps[1].bytes, tail);
  EXPECT_EQ(writeAtlas(g), bytes);
}

TEST(AtlasRoundTrip, SynthBoundsContainChildrenUpToTheRoot) {
  SynthOptions o;
  o.treeDepth = 3;
  File f = synthTerrain(o);
  const Toc& toc = f.tocs[0];
  for (uint32_t level = 0; level + 1 < toc.treeDepth; ++level)
    for (uint32_t x = 0; x < (1u << level); ++x)
      for (uint32_t y = 0; y < (1u << level); ++y) {
        const GeomStub& p = toc.geomStubs[strata::nodeId(level, x, y)];
        for (uint32_t c = 0; c < 4; ++c) {
          const GeomStub& ch =
              toc.geomStubs[strata::nodeId(level + 1, 2 * x + c / 2, 2 * y + c % 2)];
          for (int k = 0; k < 3; ++k) {
            EXPECT_LE(p.bounds.min[k], ch.bounds.min[k]);
            EXPECT_GE(p.bounds.max[k], ch.bounds.max[k]);
          }
        }
      }
}
