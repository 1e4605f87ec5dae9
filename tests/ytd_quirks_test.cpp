// Severities calibrated on real public files and validate / convert
// agreement with --partial, on legacy .ytd files built by hand
// from ytd-layout.md (LegacyYtd lays the dictionary, records and names out at
// fixed offsets; hashes come from a separate script). Each quirk class met in
// the real-file corpus has a fixture here: it must read, and say what it is
// with the severity the house rules give it.
#include "gltf_read_helpers.h"
#include "strata/error.h"
#include "strata/formats.h"
#include "strata/image.h"
#include "test_support.h"
#include "ytd/ytd_info.h"
#include "ytd/ytd_read.h"
#include "ytd/ytd_validate.h"
#include "ytd_fixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace strata;
using namespace testsupport;
using ytdfixture::fourCC;
using ytdfixture::LegacyTexture;
using ytdfixture::LegacyYtd;

namespace {

const uint32_t kDXT1 = fourCC('D', 'X', 'T', '1'), kATI2 = fourCC('A', 'T', 'I', '2');
// Record i sits at system +0x400 + 0x90 i; its stride field at +0x56 (ytd-layout.md).
constexpr uint64_t recordAt(size_t i) {
  return 0x400 + 0x90 * i;
}

// A BC1 block of one colour (colour0 > colour1, indices 0).
std::vector<uint8_t> bc1(uint16_t rgb565) {
  return {uint8_t(rgb565), uint8_t(rgb565 >> 8), 0, 0, 0, 0, 0, 0};
}

// A BC5 block: red and green BC4 halves with endpoint0 > endpoint1 = 0 and
// indices 0, so every texel is (red, green, 0).
std::vector<uint8_t> bc5(uint8_t red, uint8_t green) {
  return {red, 0, 0, 0, 0, 0, 0, 0, green, 0, 0, 0, 0, 0, 0, 0};
}

std::vector<uint8_t> times(const std::vector<uint8_t>& unit, size_t n) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i < n; ++i) out.insert(out.end(), unit.begin(), unit.end());
  return out;
}

LegacyTexture dxt1(const std::string& name, uint32_t hash, uint32_t at, uint16_t colour) {
  return {name, hash, kDXT1, 4, 4, 2, 1, at, bc1(colour)}; // 4x4: one block, stride 8 / 4
}

// Inputs go to the test's directory, outputs to its "out" subdirectory
// (tempDir() makes the directory afresh on each call).
struct Dirs {
  fs::path in = tempDir(), out = in / "out";
  Dirs() { fs::create_directories(out); }
  fs::path write(const std::string& name, const std::vector<uint8_t>& bytes) const {
    writeBytes(in / name, bytes);
    return in / name;
  }
};

ValidationReport validate(const fs::path& path) {
  return requireFormat(path.string()).validate(path.string());
}

// A finding whose message holds `part`, with this severity and offset.
::testing::AssertionResult found(const ValidationReport& r, const std::string& part, Severity s,
                                 uint64_t offset) {
  for (const Finding& f : r.findings) {
    if (f.message.find(part) == std::string::npos) continue;
    if (f.severity != s || f.offset != offset)
      return ::testing::AssertionFailure()
             << "severity " << int(f.severity) << ", offset " << f.offset << ": " << f.message;
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "no finding mentions \"" << part << "\"";
}

size_t notes(const ValidationReport& r) {
  return r.findings.size() - r.errors() - r.warnings();
}

// Joaat hashes (separate script): after_normal 0x2ACFD76D < ati2_normal 0x77504C41.
// ATI2 8x8 with 2 mips: BC5 (16-byte blocks) holds 2x2 + 1 blocks = 80 bytes;
// the pitch of 8-byte blocks is 2 x 8 / 4 = 4, BC5's packed pitch 2 x 16 / 4 = 8.
std::vector<uint8_t> ati2Ytd(uint32_t nextDataAt) {
  std::vector<uint8_t> chain = times(bc5(200, 50), 4);
  const auto mip1 = bc5(10, 220);
  chain.insert(chain.end(), mip1.begin(), mip1.end());
  return LegacyYtd({dxt1("after_normal", 0x2ACFD76D, nextDataAt, 0x001F),
                    {"ati2_normal", 0x77504C41, kATI2, 8, 8, 4, 2, 0x0, chain}})
      .file();
}

} // namespace

TEST(YtdQuirks, UnsortedHashesWarnAndEveryTextureConverts) {
  const Dirs d;
  // Stored order quirk_a 0x2AFAAE57, quirk_b 0x154D82FD, quirk_c 0x457F6368:
  // entry 1 breaks the ascending order (as in real .ydr/.yft files).
  auto path = d.write("unsorted.ytd", LegacyYtd({dxt1("quirk_a", 0x2AFAAE57, 0x000, 0xF800),
                                                 dxt1("quirk_b", 0x154D82FD, 0x100, 0x07E0),
                                                 dxt1("quirk_c", 0x457F6368, 0x200, 0x001F)})
                                          .file());
  ValidationReport r = validate(path);
  EXPECT_EQ(r.errors(), 0u);
  ASSERT_EQ(r.warnings(), 1u);
  // The hash array is at system +0x100: entry 1 at +0x104.
  EXPECT_TRUE(found(r, "not sorted ascending", Severity::Warning, 0x104));
  auto out = d.out / "unsorted.glb";
  RunResult c = cli({"convert", path.string(), "-o", out.string()});
  ASSERT_EQ(c.exitCode, 0) << c.output;
  EXPECT_EQ(loadGltf(out.string()).materials.size(), 3u);
  EXPECT_EQ(requireFormat(path.string()).textures(path.string(), {}).images.size(), 3u);
}

TEST(YtdQuirks, StoredPathAndExtensionMatchTheBareNameHash) {
  const Dirs d;
  // joaat("penetrator_zgr") = 0xEE1E16B9; joaat("pack:/penetrator_zgr.dds") =
  // 0x4B115AB1 is not what the array holds. A second texture's hash matches
  // neither its name nor a bare name: a warning, and it still converts.
  auto path =
      d.write("bare.ytd", LegacyYtd({dxt1("wrong_hash", 0x12345678, 0x100, 0x07E0),
                                     dxt1("pack:/penetrator_zgr.dds", 0xEE1E16B9, 0x000, 0xF800)})
                              .file());
  ValidationReport r = validate(path);
  EXPECT_EQ(r.errors(), 0u);
  EXPECT_EQ(r.warnings(), 1u);
  EXPECT_TRUE(found(r, "bare name 'penetrator_zgr'", Severity::Info, 0x104));
  EXPECT_TRUE(found(r, "'wrong_hash'", Severity::Warning, 0x100));
  EXPECT_EQ(r.summary["hashFailures"], 1);
  EXPECT_EQ(r.summary["hashesOfBareNames"], 1);
  auto info = requireFormat(path.string()).info(path.string());
  const auto& t = info["dictionaries"][0]["textures"][1];
  EXPECT_EQ(t["name"], "pack:/penetrator_zgr.dds");
  EXPECT_EQ(t["hashOk"], true);
  EXPECT_EQ(t["hashOfBareName"], "penetrator_zgr");
  EXPECT_EQ(requireFormat(path.string()).textures(path.string(), {}).images.size(), 2u);
}

TEST(YtdQuirks, Ati2WithAnEightByteStrideIsBc5WhenItsSpaceHoldsTheChain) {
  const Dirs d;
  // The next texture's data starts at graphics +0x100: 256 bytes of room for
  // the 80-byte BC5 chain.
  auto path = d.write("ati2.ytd", ati2Ytd(0x100));
  ValidationReport r = validate(path);
  EXPECT_EQ(r.errors(), 0u);
  EXPECT_EQ(r.warnings(), 0u);
  EXPECT_TRUE(found(r, "full BC5 chain of 80 bytes", Severity::Info, recordAt(1) + 0x56));
  EXPECT_EQ(r.summary["bc5ByDataSpace"], 1);
  auto info = requireFormat(path.string()).info(path.string());
  const auto& t = info["dictionaries"][0]["textures"][1];
  EXPECT_EQ(t["name"], "ati2_normal");
  EXPECT_EQ(t["format"], "BC5_UNORM");
  EXPECT_EQ(t["strideRule"], "BC5 by data space (stride of 8-byte blocks)");
  EXPECT_EQ(t["dataSpaceBytes"], 256);
  EXPECT_EQ(t["dataSpaceEnds"], "next texture's data");

  TextureSet set = requireFormat(path.string()).textures(path.string(), {});
  ASSERT_EQ(set.images.size(), 2u);
  const Image& img = set.images[1]; // name-hash order
  EXPECT_EQ(img.name, "ati2_normal");
  EXPECT_EQ(img.dxgiFormat, image::dxgi::BC5);
  auto mip0 = image::decodeRGBA8(img, 0), mip1 = image::decodeRGBA8(img, 1);
  ASSERT_EQ(mip0.size(), 8u * 8 * 4);
  for (size_t i = 0; i < mip0.size(); i += 4)
    ASSERT_EQ(std::vector<uint8_t>(mip0.begin() + i, mip0.begin() + i + 4),
              (std::vector<uint8_t>{200, 50, 0, 255}));
  EXPECT_EQ(std::vector<uint8_t>(mip1.begin(), mip1.begin() + 4),
            (std::vector<uint8_t>{10, 220, 0, 255}));
}

TEST(YtdQuirks, Ati2CutShortBySpaceIsReadThroughAsTheGameDoesWithAWarning) {
  const Dirs d;
  // The next texture's data at graphics +0x28: 40 bytes, what 8-byte blocks
  // would need, not the 80 of the BC5 chain (seen in real files the game
  // loads: the bytes are the start of the chain, and the game reads on into
  // the next texture's data).
  auto path = d.write("ati2_short.ytd", ati2Ytd(0x28));
  ValidationReport r = validate(path);
  EXPECT_EQ(r.errors(), 0u);
  ASSERT_EQ(r.warnings(), 1u);
  EXPECT_TRUE(found(r, "'ati2_normal': ATI2 stride 4", Severity::Warning, recordAt(1) + 0x56));
  EXPECT_TRUE(
      found(r, "hold only part of its 80-byte BC5 chain", Severity::Warning, recordAt(1) + 0x56));
  auto info = requireFormat(path.string()).info(path.string());
  EXPECT_EQ(info["dictionaries"][0]["textures"][1]["strideRule"],
            "BC5 read past its data space (stride of 8-byte blocks)");

  // Every texture converts; the BC5 chain's own first 40 bytes (mip 0's top
  // block row, 32 bytes) decode as stored.
  RunResult c = cli({"convert", path.string(), "-o", (d.out / "x.glb").string()});
  ASSERT_EQ(c.exitCode, 0) << c.output;
  EXPECT_EQ(loadGltf((d.out / "x.glb").string()).materials.size(), 2u);
  TextureSet set = requireFormat(path.string()).textures(path.string(), {});
  ASSERT_EQ(set.images.size(), 2u);
  EXPECT_TRUE(set.leftOut.empty());
  const Image& img = set.images[1]; // name-hash order
  EXPECT_EQ(img.name, "ati2_normal");
  EXPECT_EQ(img.dxgiFormat, image::dxgi::BC5);
  EXPECT_EQ(img.data.size(), 80u);
  auto mip0 = image::decodeRGBA8(img, 0);
  ASSERT_EQ(mip0.size(), 8u * 8 * 4);
  for (size_t i = 0; i < 8u * 4 * 4; i += 4)
    ASSERT_EQ(std::vector<uint8_t>(mip0.begin() + i, mip0.begin() + i + 4),
              (std::vector<uint8_t>{200, 50, 0, 255}))
        << "texel " << i / 4;
}

TEST(YtdQuirks, TrailingBytesAfterTheDeflateStreamAreANote) {
  const Dirs d;
  auto bytes = LegacyYtd({dxt1("quirk_a", 0x2AFAAE57, 0, 0xF800)}).file();
  bytes.insert(bytes.end(), {0xDE, 0xAD, 0xBE, 0xEF});
  auto path = d.write("trailing.ytd", bytes);
  ValidationReport r = validate(path);
  EXPECT_EQ(r.errors(), 0u);
  EXPECT_EQ(r.warnings(), 0u);
  EXPECT_TRUE(
      found(r, "4 bytes follow the end of the deflate stream", Severity::Info, Error::kNoOffset));
  EXPECT_EQ(notes(r), 1u);
  RunResult c = cli({"validate", "--strict", path.string()});
  EXPECT_EQ(c.exitCode, 0) << c.output;
}

TEST(YtdQuirks, CountsThatDisagreeOrPassTheirCapacityAreStructuralErrors) {
  const Dirs d;
  // One texture; the texture count at +0x38 reads 0xFFFF (its capacity stays 1).
  LegacyYtd y({dxt1("horizontal_grid", 0x1DD0C3C4, 0, 0xF800)});
  y.sys.u16(0x38, 0xFFFF);
  auto path = d.write("count.ytd", y.file());
  ValidationReport r = validate(path);
  ASSERT_EQ(r.errors(), 2u);
  EXPECT_TRUE(
      found(r, "holds 1 entries but the parallel texture array 65535", Severity::Error, 0x28));
  EXPECT_TRUE(found(r, "texture count 65535 exceeds", Severity::Error, 0x3A));

  const fs::path& dir = d.out;
  RunResult c = cli({"convert", path.string(), "-o", (dir / "x.glb").string()});
  EXPECT_EQ(c.exitCode, 1);
  EXPECT_NE(c.output.find("at byte 40 (0x28)"), std::string::npos) << c.output;
  EXPECT_TRUE(fs::is_empty(dir));
  RunResult v = cli({"validate", path.string()});
  EXPECT_EQ(v.exitCode, 1);

  RunResult p = cli({"textures", path.string(), "-o", (dir / "png").string(), "--partial"});
  ASSERT_EQ(p.exitCode, 0) << p.output;
  EXPECT_NE(p.output.find("left out: dictionary at 0x50000000 (system +0x0): the hash array"),
            std::string::npos)
      << p.output;
  EXPECT_TRUE(fs::exists(dir / "png" / "horizontal_grid.png"));

  // A capacity alone below its count is an error too.
  LegacyYtd cap({dxt1("horizontal_grid", 0x1DD0C3C4, 0, 0xF800)});
  cap.sys.u16(0x2A, 0);
  ValidationReport rc = validate(d.write("cap.ytd", cap.file()));
  ASSERT_EQ(rc.errors(), 1u);
  EXPECT_EQ(rc.findings[0].offset, 0x2Au);
}

TEST(YtdQuirks, DataOutsideItsSegmentBreaksOneTexture) {
  const Dirs d;
  // quirk_b's data pointer is graphics +0x7FFC: 4 of its 8 bytes are there.
  LegacyTexture outside = dxt1("quirk_b", 0x154D82FD, 0x7FFC, 0x07E0);
  outside.data.clear(); // nothing of it is written
  auto path = d.write("outside.ytd",
                      LegacyYtd({dxt1("quirk_a", 0x2AFAAE57, 0x000, 0xF800), outside}).file());
  ValidationReport r = validate(path);
  EXPECT_EQ(r.summary["unreadableFiles"], 0);
  EXPECT_EQ(r.summary["brokenTextures"], 1);
  ASSERT_EQ(r.errors(), 1u);
  EXPECT_TRUE(found(r, "pixel data of texture 'quirk_b'", Severity::Error, recordAt(1) + 0x70));
  EXPECT_THROW(requireFormat(path.string()).textures(path.string(), {}), Error);
  LoadOptions partial;
  partial.partial = true;
  Scene s = requireFormat(path.string()).load(path.string(), partial);
  ASSERT_EQ(s.materials.size(), 1u);
  EXPECT_EQ(s.materials[0].name, "quirk_a");
  ASSERT_EQ(s.leftOut.size(), 1u);
  EXPECT_NE(s.leftOut[0].find("quirk_b"), std::string::npos);
}
