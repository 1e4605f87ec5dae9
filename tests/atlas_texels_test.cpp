// LoadOptions::texels false (convert to glTF with PNG textures): an Atlas
// unique tile that keeps its PNG comes without its texels, and is otherwise
// the same image; every tile is still checked, so a broken one is refused
// (or left out) exactly as with texels; swapped or blended tiles keep theirs.
#include "atlas/atlas_io.h"
#include "atlas/atlas_scene.h"
#include "strata/error.h"
#include "strata/quadtree.h"
#include "synth/atlas_synth.h"
#include "test_support.h"

#include <gtest/gtest.h>
#include <zlib.h>

using namespace strata;
using namespace strata::atlas;
using namespace testsupport;

namespace {

Scene load(const File& f, bool texels, bool swap = false, bool partial = false) {
  LoadOptions o;
  o.texels = texels;
  o.swapRedBlue = swap;
  o.partial = partial;
  return toScene(f, o, "unique.atlas");
}

// The PNG of tile (level 1, stub 1, 0) with row 2's filter type set to 5:
// a sound zlib stream and CRCs, a filter type PNG does not have.
void breakFilter(File& f) {
  const Toc& tex = f.tocs[1];
  ASSERT_EQ(tex.kind, TocKind::Tex);
  const uint32_t at = tex.texStubs[nodeId(1, 1, 0)].offset;
  Frame* fr = f.frameAt(at);
  ASSERT_NE(fr, nullptr);
  std::vector<uint8_t>& png = fr->tex.data;
  // One IDAT right after IHDR (8 + 25 bytes): inflate, break, deflate.
  const uint32_t len = uint32_t(png[33]) << 24 | png[34] << 16 | png[35] << 8 | png[36];
  std::vector<uint8_t> rows(8 * (8 * 3 + 1) * 2);
  uLongf rowsLen = uLongf(rows.size());
  ASSERT_EQ(uncompress(rows.data(), &rowsLen, &png[41], len), Z_OK);
  const size_t stride = rowsLen / 8;
  rows[2 * stride] = 5;
  std::vector<uint8_t> z(compressBound(rowsLen));
  uLongf zLen = uLongf(z.size());
  ASSERT_EQ(compress2(z.data(), &zLen, rows.data(), rowsLen, 9), Z_OK);
  std::vector<uint8_t> idat = {uint8_t(zLen >> 24),
                               uint8_t(zLen >> 16),
                               uint8_t(zLen >> 8),
                               uint8_t(zLen),
                               'I',
                               'D',
                               'A',
                               'T'};
  idat.insert(idat.end(), z.begin(), z.begin() + long(zLen));
  const uint32_t crc = uint32_t(crc32(0, &idat[4], uInt(4 + zLen)));
  idat.insert(idat.end(),
              {uint8_t(crc >> 24), uint8_t(crc >> 16), uint8_t(crc >> 8), uint8_t(crc)});
  std::vector<uint8_t> out(png.begin(), png.begin() + 33);
  out.insert(out.end(), idat.begin(), idat.end());
  out.insert(out.end(), png.begin() + 33 + 12 + len, png.end());
  png = out;
  layoutAtlas(f);
}

} // namespace

TEST(AtlasTexels, UniqueTilesComeWithoutTexelsAndAreOtherwiseTheSame) {
  const File f = synthUniqueTerrain(2, 2);
  const Scene with = load(f, true), without = load(f, false);
  ASSERT_EQ(with.images.size(), 4u); // the level-1 tiles the four leaves show
  ASSERT_EQ(without.images.size(), with.images.size());
  for (size_t i = 0; i < with.images.size(); ++i) {
    const Image &a = with.images[i], &b = without.images[i];
    EXPECT_EQ(b.name, a.name);
    EXPECT_EQ(b.width, 8u);
    EXPECT_EQ(b.height, 8u);
    EXPECT_EQ(a.data.size(), 8u * 8u * 4u);
    EXPECT_TRUE(b.data.empty());
    EXPECT_FALSE(a.png.empty());
    EXPECT_TRUE(b.png == a.png);
  }
  EXPECT_EQ(without.materials.size(), with.materials.size());
  // Swapped tiles are stored as their swapped texels: those stay.
  const Scene swapped = load(f, false, true);
  ASSERT_EQ(swapped.images.size(), 4u);
  EXPECT_EQ(swapped.images[0].data.size(), 8u * 8u * 4u);
  EXPECT_TRUE(swapped.images[0].png.empty());
  const std::array<uint8_t, 3> c = synthTileColour(1, 0, 0);
  EXPECT_EQ(swapped.images[0].data[0], c[2]);
  EXPECT_EQ(swapped.images[0].data[2], c[0]);
}

TEST(AtlasTexels, ABrokenTileIsRefusedOrLeftOutAsWithTexels) {
  File f = synthUniqueTerrain(2, 2);
  breakFilter(f);
  for (bool texels : {true, false}) {
    SCOPED_TRACE(texels ? "texels" : "no texels");
    try {
      load(f, texels);
      ADD_FAILURE() << "a filter type 5 was accepted";
    } catch (const Error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("Tex TOC 1 tile L1_1_0 (stub 3)"), std::string::npos) << what;
      EXPECT_NE(what.find("bad adaptive filter value"), std::string::npos) << what;
    }
    const Scene s = load(f, texels, false, true);
    ASSERT_EQ(s.leftOut.size(), 1u);
    EXPECT_NE(s.leftOut[0].find("tile L1_1_0"), std::string::npos) << s.leftOut[0];
  }
  EXPECT_EQ(load(f, true, false, true).leftOut, load(f, false, false, true).leftOut);
}
