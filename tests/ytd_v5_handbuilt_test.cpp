// Enhanced (v5) dictionaries built byte by byte from the spec tables, not by
// Strata's writer, and read back field by field. Offsets cite
// ytd-enhanced.md (dictionary and texture tables) and ytd-layout.md (RSC7
// header, page flags, pointers, view block). Hashes were computed with a
// separate script (Jenkins one-at-a-time of the lower-case name).
#include "strata/error.h"
#include "strata/formats.h"
#include "strata/image.h"
#include "test_support.h"
#include "ytd/ytd_info.h"
#include "ytd/ytd_pixels.h"
#include "ytd/ytd_read.h"
#include "ytd/ytd_validate.h"
#include "ytd_fixture.h"

#include <gtest/gtest.h>

using namespace strata;
using namespace strata::ytd;
using ytdfixture::Segment;

namespace {

struct V5Texture {
  std::string name;
  uint32_t hash;
  uint8_t sga;
  uint16_t w, h, depth;
  uint8_t dimension, tileMode, mips;
  uint32_t blockCount, blockSize;
  uint16_t viewDimension; // 0: null view pointer
  std::vector<uint8_t> data;
  size_t viewAt = 0; // the view block's system offset; 0: the record + 0x58
};

// One v5 .ytd: an 8192-byte system segment (flags 0x00020000: bits 17-23 = 1
// page of 16 x 0x200, version nibble (5 >> 4) = 0) and an 8192-byte graphics
// segment (flags 0x50020000: version nibble 5 & 0xF = 5).
std::vector<uint8_t> buildV5(const std::vector<V5Texture>& texs, uint32_t nullHash = 0) {
  Segment sys(8192), gfx(8192);
  const size_t n = texs.size() + (nullHash ? 1 : 0);
  // Dictionary root at system +0 (ytd-enhanced.md, dictionary table).
  sys.u32(0x04, 1);
  sys.u64(0x18, 1);
  sys.u64(0x20, 0x50000100);  // 0x20 pointer: sorted name hashes
  sys.u16(0x28, uint16_t(n)); // 0x28 u16 hash count
  sys.u16(0x2A, uint16_t(n)); // 0x2A u16 hash capacity
  sys.u64(0x30, 0x50000200);  // 0x30 pointer: texture pointers
  sys.u16(0x38, uint16_t(n)); // 0x38 u16 texture count
  sys.u16(0x3A, uint16_t(n)); // 0x3A u16 texture capacity
  size_t data = 0;
  for (size_t i = 0; i < texs.size(); ++i) {
    const V5Texture& t = texs[i];
    const size_t rec = 0x400 + i * 0x80; // Gen9 records are 0x80 bytes
    const size_t name = 0x1000 + i * 0x40;
    sys.u32(0x100 + 4 * i, t.hash);
    sys.u64(0x200 + 8 * i, 0x50000000 + rec);
    // ytd-enhanced.md, texture table.
    sys.u32(rec + 0x08, t.blockCount);
    sys.u32(rec + 0x0C, t.blockSize);
    sys.u32(rec + 0x10, 0x00260208); // flags (ytd-layout.md: typical)
    sys.u16(rec + 0x18, t.w);
    sys.u16(rec + 0x1A, t.h);
    sys.u16(rec + 0x1C, t.depth);
    sys.u8(rec + 0x1E, t.dimension);
    sys.u8(rec + 0x1F, t.sga);
    sys.u8(rec + 0x20, t.tileMode);
    sys.u8(rec + 0x22, t.mips);
    sys.u64(rec + 0x28, 0x50000000 + name);
    sys.u64(rec + 0x38, 0x60000000 + data);
    sys.u32(rec + 0x40, 1); // usage word
    if (t.viewDimension) {
      // ytd-layout.md: 0x30 view pointer = tex + 0x58; view +0x10 u16 dimension.
      const size_t view = t.viewAt ? t.viewAt : rec + 0x58;
      sys.u64(rec + 0x30, 0x50000000 + view);
      sys.u16(view + 0x10, t.viewDimension);
    }
    sys.str(name, t.name);
    gfx.bytes(data, t.data);
    data += (t.data.size() + 255) / 256 * 256;
  }
  if (nullHash) sys.u32(0x100 + 4 * texs.size(), nullHash); // its pointer stays 0
  return ytdfixture::rsc7(5, 0x00020000, 0x50020000, sys.b, gfx.b);
}

std::vector<uint8_t> repeat(std::vector<uint8_t> unit, size_t times) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i < times; ++i) out.insert(out.end(), unit.begin(), unit.end());
  return out;
}

// BC1 block: colour0, colour1 (RGB565), 32 bits of 2-bit indices (all 0 here).
std::vector<uint8_t> bc1Solid(uint16_t c0, uint16_t c1) {
  return {uint8_t(c0), uint8_t(c0 >> 8), uint8_t(c1), uint8_t(c1 >> 8), 0, 0, 0, 0};
}

TextureContainer readBytes(const std::vector<uint8_t>& b, const char* name = "handbuilt.ytd") {
  return readYtd(b, name);
}

std::vector<V5Texture> mixedDictionary() {
  std::vector<V5Texture> t;
  // Sorted by hash: strata_rgba 0x4AC8EFF1 < strata_bc1 0x78EA7ED7 <
  // strata_tiled 0x791C201D < strata_cube 0xEDB1ACEB.
  // RGBA8 (0x1C) 2x2, 2 mips: 4 + 1 pixels of 4 bytes.
  t.push_back(
      {"strata_rgba", 0x4AC8EFF1, 0x1C, 2, 2, 1, 1, 255, 2, 5, 4, 0x41, {10,  20,  30,  40,  50,
                                                                         60,  70,  80,  90,  100,
                                                                         110, 120, 130, 140, 150,
                                                                         160, 1,   2,   3,   4}});
  // BC1 (0x47) 8x8, 2 mips: 2x2 blocks + 1 block of 8 bytes. Mip 0 red
  // (0xF800 > 0x001F: four-colour mode, index 0 = colour0), mip 1 green.
  auto bc1 = repeat(bc1Solid(0xF800, 0x001F), 4);
  auto mip1 = bc1Solid(0x07E0, 0x0000);
  bc1.insert(bc1.end(), mip1.begin(), mip1.end());
  t.push_back({"strata_bc1", 0x78EA7ED7, 0x47, 8, 8, 1, 1, 255, 2, 5, 8, 0x41, bc1});
  // BC3 (0x4D) 4x4 in tile mode 13 (a tiled layout).
  t.push_back({"strata_tiled", 0x791C201D, 0x4D, 4, 4, 1, 1, 13, 1, 1, 16, 0x41,
               std::vector<uint8_t>(16, 0)});
  // A cube in B8G8R8A8 (0x57): 2x2, 1 mip, depth 6, dimension 3, view 0x82.
  // Face f holds B=0, G=0, R=10f+5, A=255 in every texel.
  std::vector<uint8_t> cube;
  for (uint8_t f = 0; f < 6; ++f)
    for (int p = 0; p < 4; ++p) cube.insert(cube.end(), {0, 0, uint8_t(10 * f + 5), 255});
  t.push_back({"strata_cube", 0xEDB1ACEB, 0x57, 2, 2, 6, 3, 255, 1, 24, 4, 0x82, cube});
  return t;
}

} // namespace

TEST(YtdV5Handbuilt, DictionaryFieldsAndRecords) {
  auto c = readBytes(buildV5(mixedDictionary(), 0xF0000000));
  EXPECT_EQ(c.edition, Edition::Enhanced);
  EXPECT_EQ(c.resource.version, 5u);
  ASSERT_EQ(c.dictionaries.size(), 1u);
  const auto& d = c.dictionaries[0];
  EXPECT_EQ(d.hashesPtr, 0x50000100u);
  EXPECT_EQ(d.texturesPtr, 0x50000200u);
  EXPECT_EQ(d.hashCount, 5);
  EXPECT_EQ(d.textureCapacity, 5);
  EXPECT_TRUE(c.reading(d).findings.empty());
  ASSERT_EQ(d.entries.size(), 5u);

  const auto& rgba = d.entries[0];
  EXPECT_EQ(rgba.record.name, "strata_rgba");
  EXPECT_EQ(rgba.record.address, 0x50000400u);
  EXPECT_EQ(rgba.record.sgaFormat, 0x1C);
  EXPECT_EQ(c.texture(rgba).layout.dxgi, 28u);
  EXPECT_EQ(rgba.record.flags, 0x00260208u);
  EXPECT_EQ(rgba.record.viewPtr, 0x50000458u);
  EXPECT_EQ(rgba.record.viewDimension, 0x41);
  EXPECT_EQ(c.texture(rgba).layout.computedBytes, 20u);
  EXPECT_TRUE(c.texture(rgba).layout.censusOk);

  const auto& bc1 = d.entries[1];
  EXPECT_EQ(bc1.record.name, "strata_bc1");
  EXPECT_EQ(bc1.record.width, 8);
  EXPECT_EQ(bc1.record.mips, 2);
  EXPECT_EQ(bc1.record.blockCount, 5u);
  EXPECT_EQ(bc1.record.blockSize, 8u);
  EXPECT_EQ(bc1.record.dataPtr, 0x60000100u);
  EXPECT_EQ(c.texture(bc1).layout.dxgi, 71u);
  EXPECT_TRUE(c.texture(bc1).layout.censusChecked);
  EXPECT_TRUE(c.texture(bc1).layout.censusOk);

  const auto& tiled = d.entries[2];
  EXPECT_EQ(tiled.record.tileMode, 13);
  EXPECT_NE(c.texture(tiled).layout.unsupported.find("tile mode 13"), std::string::npos);

  const auto& cube = d.entries[3];
  EXPECT_EQ(c.texture(cube).layout.shape, Shape::Cube);
  // depth 6, 1 mip: cube and volume readings have the same size, so the
  // view (0x82) decides.
  EXPECT_EQ(c.texture(cube).layout.dimensionBasis, DimensionBasis::View);
  EXPECT_EQ(c.texture(cube).layout.layers, 1u);
  EXPECT_EQ(c.texture(cube).layout.computedBytes, 96u);

  EXPECT_EQ(d.entries[4].pointer, 0u);
  EXPECT_EQ(d.entries[4].hash, 0xF0000000u);
}

TEST(YtdV5Handbuilt, PixelsDecodeAsWritten) {
  const FormatHandler* h = nullptr;
  auto dir = testsupport::tempDir();
  auto path = (dir / "mixed.ytd").string();
  testsupport::writeBytes(path, buildV5(mixedDictionary(), 0xF0000000));
  h = detectFormat(path);
  ASSERT_NE(h, nullptr);
  EXPECT_STREQ(h->name, "ytd");
  TextureSet set = h->textures(path, {});
  auto& images = set.images;
  // The tiled texture is left out (and named), the rest convert, in name-hash order.
  ASSERT_EQ(set.leftOut.size(), 1u);
  EXPECT_NE(set.leftOut[0].find("'strata_tiled': not converted: tile mode 13"), std::string::npos)
      << set.leftOut[0];
  ASSERT_EQ(images.size(), 3u);
  EXPECT_EQ(images[0].name, "strata_rgba");
  EXPECT_EQ(images[1].name, "strata_bc1");
  EXPECT_EQ(images[2].name, "strata_cube");

  EXPECT_EQ(image::decodeRGBA8(images[0], 0),
            (std::vector<uint8_t>{10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150,
                                  160}));
  EXPECT_EQ(image::decodeRGBA8(images[0], 1), (std::vector<uint8_t>{1, 2, 3, 4}));

  auto red = image::decodeRGBA8(images[1], 0);
  ASSERT_EQ(red.size(), 8u * 8 * 4);
  for (size_t i = 0; i < red.size(); i += 4)
    ASSERT_EQ((std::vector<uint8_t>(red.begin() + i, red.begin() + i + 4)),
              (std::vector<uint8_t>{255, 0, 0, 255}));
  auto green = image::decodeRGBA8(images[1], 1);
  ASSERT_EQ(green.size(), 4u * 4 * 4);
  EXPECT_EQ((std::vector<uint8_t>(green.begin(), green.begin() + 4)),
            (std::vector<uint8_t>{0, 255, 0, 255}));

  EXPECT_TRUE(images[2].cube);
  EXPECT_EQ(images[2].arraySize, 1u);
  for (uint32_t face = 0; face < 6; ++face) {
    auto px = image::decodeRGBA8(images[2], 0, face);
    EXPECT_EQ((std::vector<uint8_t>(px.begin(), px.begin() + 4)),
              (std::vector<uint8_t>{uint8_t(10 * face + 5), 0, 0, 255}));
  }
}

TEST(YtdV5Handbuilt, ValidateReportsTiledAndCensus) {
  auto dir = testsupport::tempDir();
  auto path = (dir / "mixed.ytd").string();
  auto tex = mixedDictionary();
  tex[1].blockCount = 4; // BC1 8x8 + 4x4 needs 5 blocks
  testsupport::writeBytes(path, buildV5(tex));
  ValidationReport r = requireFormat(path).validate(path);
  EXPECT_EQ(r.summary["textures"], 4);
  EXPECT_EQ(r.summary["invariantChecked"], 4);
  EXPECT_EQ(r.summary["invariantFailures"], 1);
  EXPECT_EQ(r.summary["unsupported"], 1);
  EXPECT_EQ(r.summary["formats"]["BC1_UNORM"], 1);
  EXPECT_EQ(r.summary["formats"]["B8G8R8A8_UNORM"], 1);
  ASSERT_EQ(r.errors(), 1u);
  bool census = false, tiled = false;
  for (auto& f : r.findings) {
    if (f.severity == Severity::Error) {
      census = f.message.find("census invariant") != std::string::npos &&
               f.message.find("40 bytes") != std::string::npos &&
               f.message.find("= 32") != std::string::npos;
      EXPECT_EQ(f.offset, 0x480u + 0x08); // record 1 at system +0x480, block count at +0x08
    }
    tiled |= f.message.find("strata_tiled") != std::string::npos &&
             f.message.find("tile mode 13") != std::string::npos;
  }
  EXPECT_TRUE(census);
  EXPECT_TRUE(tiled);
}

TEST(YtdV5Handbuilt, HashMismatchAndOrderAreFindings) {
  auto tex = mixedDictionary();
  tex.resize(2);
  tex[0].hash = 0x4AC8EFF2;  // not joaat("strata_rgba")
  std::swap(tex[0], tex[1]); // and out of order
  auto dir = testsupport::tempDir();
  auto path = (dir / "bad_hash.ytd").string();
  testsupport::writeBytes(path, buildV5(tex));
  ValidationReport r = requireFormat(path).validate(path);
  EXPECT_EQ(r.summary["hashFailures"], 1);
  bool order = false, hash = false;
  for (auto& f : r.findings) {
    order |= f.message.find("not sorted") != std::string::npos;
    hash |= f.message.find("0x4AC8EFF2") != std::string::npos &&
            f.message.find("0x4AC8EFF1") != std::string::npos;
  }
  EXPECT_TRUE(order);
  EXPECT_TRUE(hash);
}

TEST(YtdV5Handbuilt, AViewOffItsRecordIsANoteAndOneNamingAnotherDimensionAWarning) {
  auto tex = mixedDictionary();
  tex.resize(2);
  tex[0].viewAt = 0x1800;      // strata_rgba (record at system +0x400): its 2D view elsewhere
  tex[1].viewDimension = 0x82; // strata_bc1 (record at +0x480): a 2D record, a cube's view
  auto dir = testsupport::tempDir();
  auto path = (dir / "views.ytd").string();
  testsupport::writeBytes(path, buildV5(tex));
  ValidationReport r = requireFormat(path).validate(path);
  EXPECT_EQ(r.errors(), 0u);
  size_t notes = 0, warnings = 0;
  for (auto& f : r.findings) {
    if (f.message.find("not at the record + 0x58") != std::string::npos) {
      ++notes;
      EXPECT_EQ(f.severity, Severity::Info);
      EXPECT_EQ(f.offset, 0x400u + 0x30); // the record's view pointer
      EXPECT_NE(f.message.find("strata_rgba"), std::string::npos) << f.message;
      EXPECT_NE(f.message.find("0x50001800"), std::string::npos) << f.message;
    }
    if (f.message.find("names dimension") != std::string::npos) {
      ++warnings;
      EXPECT_EQ(f.severity, Severity::Warning);
      EXPECT_EQ(f.offset, 0x480u + 0x58 + 0x10); // the view block's dimension
      EXPECT_NE(f.message.find("strata_bc1"), std::string::npos) << f.message;
      EXPECT_NE(f.message.find("0x82"), std::string::npos) << f.message;
      EXPECT_NE(f.message.find("0x41"), std::string::npos) << f.message;
    }
  }
  EXPECT_EQ(notes, 1u);
  EXPECT_EQ(warnings, 1u);
  // Both read as their records say: 2D, the texels as stored.
  auto c = readBytes(buildV5(tex));
  const auto& d = c.dictionaries[0];
  ASSERT_EQ(d.entries.size(), 2u);
  for (const auto& e : d.entries) EXPECT_EQ(c.texture(e).layout.shape, Shape::Texture2D);
  Image bc1 =
      toImage(d.entries[1].record, c.texture(d.entries[1]).layout, c.texture(d.entries[1]).data);
  auto px = image::decodeRGBA8(bc1, 0);
  ASSERT_EQ(px.size(), 8u * 8 * 4);
  EXPECT_EQ(px[0], 255); // red: colour0 0xF800
  EXPECT_EQ(px[1], 0);
}

TEST(YtdV5Handbuilt, DimensionDecidedBySizeViewOrSpec) {
  // Volume: RGBA8 4x4x4, 3 mips, depth halving: 64 + 8 + 1 texels = 292
  // bytes. Depth 4 cannot be a cube, so the size decides (the view agrees).
  std::vector<uint8_t> vol(292);
  for (size_t i = 0; i < vol.size(); ++i) vol[i] = uint8_t(i);
  V5Texture volume{"strata_volume", 0x5BF0BFCA, 0x1C, 4, 4, 4, 2, 255, 3, 73, 4, 0xA3, vol};
  // Undecided: dimension 3, 2x2 RGBA8, depth 6, 1 mip, no view block: cube and
  // volume are both 96 bytes. The spec's reading of 3 is cube.
  V5Texture undecided{"strata_undecided",         0x85C6F7E5, 0x1C, 2, 2, 6, 3, 255, 1, 24, 4, 0,
                      std::vector<uint8_t>(96, 7)};
  auto c = readBytes(buildV5({volume, undecided}));
  const auto& d = c.dictionaries[0];
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(c.texture(d.entries[0]).layout.shape, Shape::Volume);
  EXPECT_EQ(c.texture(d.entries[0]).layout.dimensionBasis, DimensionBasis::ViewAndSize);
  EXPECT_EQ(c.texture(d.entries[0]).layout.depth, 4u);
  EXPECT_TRUE(c.texture(d.entries[0]).layout.censusOk);
  Image v =
      toImage(d.entries[0].record, c.texture(d.entries[0]).layout, c.texture(d.entries[0]).data);
  EXPECT_EQ(v.depth, 4u);
  EXPECT_EQ(image::imageByteSize(v), 292u);
  auto mip1 = image::decodeRGBA8(v, 1); // 2x2x2 texels after the 256 bytes of mip 0
  ASSERT_EQ(mip1.size(), 32u);
  EXPECT_EQ(mip1[0], 0);   // byte 256 wraps to 0
  EXPECT_EQ(mip1[31], 31); // byte 287

  EXPECT_EQ(c.texture(d.entries[1]).layout.shape, Shape::Cube);
  EXPECT_EQ(c.texture(d.entries[1]).layout.dimensionBasis, DimensionBasis::Undecided);
  bool said = false;
  for (auto& f : c.texture(d.entries[1]).findings)
    said |= f.severity == Severity::Warning && f.message.find("spec's") != std::string::npos;
  EXPECT_TRUE(said);
  // info says so too.
  auto info = containerInfo(c);
  EXPECT_EQ(info["dictionaries"][0]["textures"][1]["dimensionBasis"], "undecided (spec reading)");
  EXPECT_EQ(info["dictionaries"][0]["textures"][1]["shape"], "cube");
  EXPECT_EQ(info["dictionaries"][0]["textures"][0]["shape"], "3D");
}

TEST(YtdV5Handbuilt, MippedNonPowerOfTwoMayCountPowerOfTwoSides) {
  // BC1 (0x47) 12x8 with 2 mips. The real chain: 3x2 + 2x1 blocks = 8 blocks,
  // 64 bytes. ytd-layout.md, "Block count": with mips > 1 the sides are
  // rounded up to powers of two first: 16x8 -> 4x2 + 2x1 = 10 blocks.
  // joaat("npot_bc1") = 0xE69A555A. Mip 0 red, mip 1 green, then 16 bytes of
  // the rounded count's slack.
  auto data = repeat(bc1Solid(0xF800, 0x001F), 6);
  auto mip1 = repeat(bc1Solid(0x07E0, 0x0000), 2);
  data.insert(data.end(), mip1.begin(), mip1.end());
  data.resize(80, 0);
  V5Texture t{"npot_bc1", 0xE69A555A, 0x47, 12, 8, 1, 1, 255, 2, 10, 8, 0x41, data};
  auto dir = testsupport::tempDir();
  auto path = (dir / "npot.ytd").string();
  testsupport::writeBytes(path, buildV5({t}));
  ValidationReport r = requireFormat(path).validate(path);
  EXPECT_EQ(r.errors(), 0u);
  EXPECT_EQ(r.warnings(), 0u);
  EXPECT_EQ(r.summary["invariantFailures"], 0);
  EXPECT_EQ(r.summary["powerOfTwoBlockCounts"], 1);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].severity, Severity::Info);
  EXPECT_EQ(r.findings[0].offset, 0x400u + 0x08); // the record's block count field
  EXPECT_NE(r.findings[0].message.find("64-byte chain of 12x8"), std::string::npos);
  auto info = requireFormat(path).info(path);
  EXPECT_EQ(info["dictionaries"][0]["textures"][0]["blockCountRule"], "power-of-two sides");
  EXPECT_EQ(info["dictionaries"][0]["textures"][0]["censusOk"], true);
  auto images = requireFormat(path).textures(path, {}).images;
  ASSERT_EQ(images.size(), 1u);
  EXPECT_EQ(images[0].data.size(), 64u);
  auto px = image::decodeRGBA8(images[0], 1);
  ASSERT_EQ(px.size(), 6u * 4 * 4);
  EXPECT_EQ(std::vector<uint8_t>(px.begin(), px.begin() + 4),
            (std::vector<uint8_t>{0, 255, 0, 255}));

  // A count that is neither reading is still the census error.
  t.blockCount = 9;
  testsupport::writeBytes(path, buildV5({t}));
  r = requireFormat(path).validate(path);
  ASSERT_EQ(r.errors(), 1u);
  EXPECT_NE(r.findings[0].message.find("census invariant"), std::string::npos);
  EXPECT_THROW(requireFormat(path).load(path, {}), Error);
}
