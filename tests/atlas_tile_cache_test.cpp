// TileCache::decodeAhead: the tiles a scene shows, decoded together on the
// thread budget, are handed out by take() as if each had been decoded when
// asked: a frame several stubs share once (named by the first stub asked
// for), a broken one as a problem, found once, and any other tile still
// decoded when taken. Tiles are synthTileColour's flat 8x8 PNGs.
#include "atlas/atlas_check.h"
#include "atlas/atlas_tiles.h"
#include "synth/atlas_synth.h"

#include <gtest/gtest.h>

using namespace strata::atlas;

namespace {

// Geometry depth 2 and a unique texture tree of depth 3: Tex TOC 1, stubs
// numbered as §1 (level 2 starts at stub 5: stub 5 + 4x + y is L2_x_y).
constexpr size_t kTexToc = 1;

void expectFlat(const strata::Image& img, std::array<uint8_t, 3> rgb) {
  ASSERT_EQ(img.width, 8u);
  ASSERT_EQ(img.height, 8u);
  ASSERT_EQ(img.data.size(), 8u * 8 * 4);
  for (size_t i = 0; i < img.data.size(); i += 4) {
    ASSERT_EQ(img.data[i], rgb[0]) << "texel " << i / 4;
    ASSERT_EQ(img.data[i + 1], rgb[1]) << "texel " << i / 4;
    ASSERT_EQ(img.data[i + 2], rgb[2]) << "texel " << i / 4;
    ASSERT_EQ(img.data[i + 3], 255) << "texel " << i / 4;
  }
}

} // namespace

TEST(AtlasTileCache, DecodeAheadHandsEachFrameOutOnce) {
  File f = synthUniqueTerrain(2, 3);
  std::vector<TexStub>& stubs = f.tocs[kTexToc].texStubs;
  stubs[6] = stubs[7] = stubs[5]; // L2_0_1 and L2_0_2 refer to L2_0_0's frame
  const uint32_t brokenAt = stubs[9].offset;
  f.frameAt(brokenAt)->tex.data = {0x89, 'P', 'N', 'G'}; // L2_1_0: a cut-off signature
  TileCache tiles(f, false, atlasTileOrigins(f, "t.atlas"));
  tiles.decodeAhead({{kTexToc, 7}, {kTexToc, 5}, {kTexToc, 6}, {kTexToc, 9}});

  // The shared frame: its pixels (L2_0_0's colour), named by stub 7, the
  // first stub of it asked for; then nothing for any stub of it.
  std::optional<strata::Image> shared = tiles.take(kTexToc, 5);
  ASSERT_TRUE(shared);
  EXPECT_EQ(shared->name, "tex0_L2_0_2");
  expectFlat(*shared, synthTileColour(2, 0, 0));
  EXPECT_FALSE(tiles.take(kTexToc, 6));
  EXPECT_FALSE(tiles.take(kTexToc, 7));
  EXPECT_FALSE(tiles.take(kTexToc, 5));

  EXPECT_FALSE(tiles.take(kTexToc, 9));
  EXPECT_TRUE(tiles.broken(kTexToc, 9));
  EXPECT_FALSE(tiles.broken(kTexToc, 5));

  // A tile not asked for ahead (an ancestor a --partial fallback wants) is
  // decoded when taken.
  std::optional<strata::Image> root = tiles.take(kTexToc, 0);
  ASSERT_TRUE(root);
  EXPECT_EQ(root->name, "tex0_L0_0_0");
  expectFlat(*root, synthTileColour(0, 0, 0));

  // checkAll decodes the rest; the broken tile is one problem, found ahead.
  tiles.checkAll();
  const std::vector<strata::Problem> problems = tiles.problems();
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].index, pieceIndex(kTexToc, brokenAt));
  EXPECT_EQ(problems[0].piece, "Tex TOC 1 tile L2_1_0 (stub 9)");
  EXPECT_EQ(problems[0].offset, uint64_t(brokenAt) + 13); // §2, §4: the first image byte
  EXPECT_FALSE(tiles.take(kTexToc, 10));                  // checked, not kept
}

// With the file owned (a convert's), a tile handed out takes its PNG out of
// its frame instead of a copy; a frame a second Tex TOC names too stays in
// place, so that TOC's tile still decodes; a file not owned is never touched.
TEST(AtlasTileCache, AnOwnedFilesTilesTakeTheirPngOutOfTheFrame) {
  File f = synthUniqueTerrain(2, 3);
  Toc second = f.tocs[kTexToc];
  for (TexStub& s : second.texStubs) s.length = 0;
  second.texStubs[5] = f.tocs[kTexToc].texStubs[5]; // L2_0_0's frame, named twice
  f.tocs.push_back(second);
  const size_t kSecond = f.tocs.size() - 1;
  const uint32_t own = f.tocs[kTexToc].texStubs[6].offset, shared = second.texStubs[5].offset;
  const std::vector<uint8_t> ownBytes = f.frameAt(own)->tex.data;
  const std::vector<uint8_t> sharedBytes = f.frameAt(shared)->tex.data;
  ASSERT_FALSE(ownBytes.empty());

  const File notOwned = f;
  TileCache copying(notOwned, false, atlasTileOrigins(notOwned, "t.atlas"));
  ASSERT_TRUE(copying.take(kTexToc, 6));
  EXPECT_EQ(notOwned.frameAt(own)->tex.data, ownBytes);

  TileCache tiles(ModelUse::takingFrom(f), false, atlasTileOrigins(f, "t.atlas"));
  tiles.decodeAhead({{kTexToc, 6}, {kTexToc, 5}});
  std::optional<strata::Image> moved = tiles.take(kTexToc, 6);
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->png, ownBytes);
  EXPECT_TRUE(f.frameAt(own)->tex.data.empty());
  expectFlat(*moved, synthTileColour(2, 0, 1));

  std::optional<strata::Image> first = tiles.take(kTexToc, 5);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->png, sharedBytes);
  EXPECT_EQ(f.frameAt(shared)->tex.data, sharedBytes);
  std::optional<strata::Image> again = tiles.take(kSecond, 5);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->png, sharedBytes);
  expectFlat(*again, synthTileColour(2, 0, 0));
  EXPECT_TRUE(tiles.problems().empty());
}
