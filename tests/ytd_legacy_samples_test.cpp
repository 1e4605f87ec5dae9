// The real public legacy (v13) .ytd files in ../shared/samples/ytd-legacy/,
// read in place (samples/README.md lists their sources). Expected names,
// hashes, formats and sizes come from the sample table and from reading the
// bytes with a separate script; pixels are checked against OpenImageIO
// decoding the same blocks from a DDS this test writes by hand.
#include "strata/formats.h"
#include "strata/image.h"
#include "test_support.h"
#include "ytd/ytd_pixels.h"
#include "ytd/ytd_read.h"
#include "ytd_fixture.h"

#include <OpenImageIO/imageio.h>
#include <gtest/gtest.h>

#include <set>

using namespace strata;
using namespace strata::ytd;
using testsupport::sharedDir;
namespace fs = std::filesystem;

namespace {

std::string sample(const std::string& name) {
  return (sharedDir() / "samples" / "ytd-legacy" / name).string();
}

TextureContainer readSample(const std::string& name) {
  auto path = sample(name);
  return readYtd(testsupport::readBytes(path), path);
}

struct Expected {
  uint32_t hash;
  const char* name;
  uint32_t d3d; // FourCC
  uint32_t dxgi;
  uint16_t w, h;
  uint8_t mips;
  uint64_t dataPtr;
};

constexpr uint32_t kDXT1 = 0x31545844, kDXT5 = 0x35545844;

void expectTextures(const TextureContainer& c, const std::vector<Expected>& want) {
  ASSERT_EQ(c.dictionaries.size(), 1u);
  const auto& d = c.dictionaries[0];
  EXPECT_TRUE(c.reading(d).findings.empty());
  ASSERT_EQ(d.entries.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    const auto& e = d.entries[i];
    SCOPED_TRACE(want[i].name);
    EXPECT_EQ(e.hash, want[i].hash);
    EXPECT_EQ(e.record.name, want[i].name);
    EXPECT_EQ(e.record.d3dFormat, want[i].d3d);
    EXPECT_EQ(c.texture(e).layout.dxgi, want[i].dxgi);
    EXPECT_EQ(e.record.width, want[i].w);
    EXPECT_EQ(e.record.height, want[i].h);
    EXPECT_EQ(e.record.mips, want[i].mips);
    EXPECT_EQ(e.record.dataPtr, want[i].dataPtr);
    EXPECT_TRUE(c.texture(e).layout.unsupported.empty()) << c.texture(e).layout.unsupported;
    EXPECT_EQ(c.texture(e).data.size(), image::imageByteSize(Image{"",
                                                                   want[i].dxgi,
                                                                   want[i].w,
                                                                   want[i].h,
                                                                   1,
                                                                   want[i].mips,
                                                                   1,
                                                                   false,
                                                                   ColorSpace::Linear,
                                                                   {},
                                                                   {}}));
    for (auto& f : c.texture(e).findings) EXPECT_NE(f.severity, Severity::Error) << f.message;
  }
}

// A DDS (DDS_HEADER with a FourCC pixel format) around raw blocks, built
// field by field from the DirectX DDS reference, for OpenImageIO.
std::vector<uint8_t> ddsFourCC(uint32_t fourCC, uint32_t w, uint32_t h,
                               const std::vector<uint8_t>& blocks) {
  ytdfixture::Segment s(128);
  s.u32(0, 0x20534444);                         // "DDS "
  s.u32(4, 124);                                // dwSize
  s.u32(8, 0x1 | 0x2 | 0x4 | 0x1000 | 0x80000); // CAPS HEIGHT WIDTH PIXELFORMAT LINEARSIZE
  s.u32(12, h);
  s.u32(16, w);
  s.u32(20, uint32_t(blocks.size()));
  s.u32(76, 32);      // ddspf.dwSize
  s.u32(80, 0x4);     // DDPF_FOURCC
  s.u32(84, fourCC);  // ddspf.dwFourCC
  s.u32(108, 0x1000); // DDSCAPS_TEXTURE
  s.b.resize(128 + blocks.size());
  std::copy(blocks.begin(), blocks.end(), s.b.begin() + 128);
  return s.b;
}

std::vector<uint8_t> oiioDecode(const std::vector<uint8_t>& dds, const std::string& name) {
  auto path = testsupport::tempDir() / name;
  testsupport::writeBytes(path, dds);
  auto in = OIIO::ImageInput::open(path.string());
  EXPECT_TRUE(in) << OIIO::geterror();
  if (!in) return {};
  const auto& spec = in->spec();
  std::vector<uint8_t> px(size_t(spec.width) * spec.height * spec.nchannels);
  EXPECT_TRUE(in->read_image(0, 0, 0, spec.nchannels, OIIO::TypeDesc::UINT8, px.data()));
  EXPECT_EQ(spec.nchannels, 4);
  return px;
}

} // namespace

TEST(YtdLegacySamples, RageUiTwoDxt5Textures) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto c = readSample("krz_RageUI.ytd");
  EXPECT_EQ(c.edition, Edition::Legacy);
  EXPECT_EQ(c.resource.version, 13u);
  EXPECT_EQ(c.resource.system.size(), 8192u);    // flags 0x00020000
  EXPECT_EQ(c.resource.graphics.size(), 65536u); // flags 0xD0040002
  expectTextures(c, {{0x1DD0C3C4, "horizontal_grid", kDXT5, 77, 128, 128, 6, 0x60000000},
                     {0xA9CA2158, "vertical_grid", kDXT5, 77, 128, 128, 6, 0x60008000}});
}

TEST(YtdLegacySamples, LvcThreeDxt5Logos) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto c = readSample("lvc_lvc.ytd");
  expectTextures(c, {{0x28E68654, "lvc_plugin_logo", kDXT5, 77, 512, 128, 6, 0x60000000},
                     {0xC4EDDB6D, "lvc_v3_logo", kDXT5, 77, 512, 128, 6, 0x60020000},
                     {0xF73AA278, "lvc_fleet_logo", kDXT5, 77, 512, 128, 6, 0x60040000}});
}

TEST(YtdLegacySamples, LuckyWheelDxt1OneMip) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto c = readSample("lvc_casinoui_lucky_wheel.ytd");
  expectTextures(c, {{0x14420001, "casinoui_lucky_wheel", kDXT1, 71, 512, 128, 1, 0x60000000}});
  EXPECT_EQ(c.dictionaries[0].entries[0].record.stride, 256); // 128 blocks x 8 bytes / 4
}

TEST(YtdLegacySamples, PsHudMapsNonPowerOfTwoHeight) {
  STRATA_SKIP_WITHOUT_SHARED();
  for (const char* f : {"pshud_circlemap.ytd", "pshud_squaremap.ytd"}) {
    SCOPED_TRACE(f);
    auto c = readSample(f);
    expectTextures(c, {{0x06DD9A16, "radarmasksm", kDXT5, 77, 512, 396, 1, 0x60000000}});
  }
}

TEST(YtdLegacySamples, ValidateIsCleanWithCensusSummary) {
  STRATA_SKIP_WITHOUT_SHARED();
  const FormatHandler* h = detectFormat(sample("lvc_lvc.ytd"));
  ASSERT_NE(h, nullptr);
  EXPECT_STREQ(h->name, "ytd");
  ValidationReport r = h->validate(sample("lvc_lvc.ytd"));
  EXPECT_EQ(r.errors(), 0u);
  EXPECT_EQ(r.warnings(), 0u);
  EXPECT_EQ(r.summary["textures"], 3);
  EXPECT_EQ(r.summary["formats"]["BC3_UNORM"], 3);
  EXPECT_EQ(r.summary["hashFailures"], 0);
  EXPECT_EQ(r.summary["invariantChecked"], 0); // the census invariant is a v5 one
}

TEST(YtdLegacySamples, PixelsMatchOpenImageIoOnTheSameBlocks) {
  STRATA_SKIP_WITHOUT_SHARED();
  // horizontal_grid: DXT5 128x128 at graphics +0; mip 2 (32x32) starts after
  // 16384 + 4096 bytes. The blocks are taken straight from the inflated file.
  const auto bytes = testsupport::readBytes(sample("krz_RageUI.ytd"));
  const auto plain = ytdfixture::inflateRaw(bytes.data() + 16, bytes.size() - 16, 8192 + 65536);
  const auto* gfx = plain.data() + 8192;

  auto c = readSample("krz_RageUI.ytd");
  const auto& e = c.dictionaries[0].entries[0];
  ASSERT_EQ(e.record.name, "horizontal_grid");
  Image img = toImage(e.record, c.texture(e).layout, c.texture(e).data);
  EXPECT_EQ(img.dxgiFormat, 77u);
  EXPECT_EQ(img.mipLevels, 6u);

  struct Mip {
    uint32_t level, side;
    size_t offset;
  };
  for (Mip m : {Mip{0, 128, 0}, Mip{2, 32, 16384 + 4096}}) {
    SCOPED_TRACE(m.level);
    const size_t n = size_t(m.side / 4) * (m.side / 4) * 16;
    std::vector<uint8_t> blocks(gfx + m.offset, gfx + m.offset + n);
    auto expected = oiioDecode(ddsFourCC(kDXT5, m.side, m.side, blocks),
                               "mip" + std::to_string(m.level) + ".dds");
    auto ours = image::decodeRGBA8(img, m.level);
    ASSERT_EQ(ours.size(), size_t(m.side) * m.side * 4);
    EXPECT_EQ(ours, expected);
    // A grid: many distinct texels, not one flat colour a broken read could give.
    std::set<uint32_t> colours;
    for (size_t i = 0; i < ours.size(); i += 4)
      colours.insert(uint32_t(ours[i]) | ours[i + 1] << 8 | ours[i + 2] << 16 |
                     uint32_t(ours[i + 3]) << 24);
    EXPECT_GT(colours.size(), 2u);
  }
}

TEST(YtdLegacySamples, EveryRealSampleValidatesWithoutErrorsOrWarnings) {
  // The public legacy files (samples/README.md) are files the game loads: no
  // quirk of theirs may be an error, and --strict must pass them.
  const auto root = sharedDir() / "samples";
  if (!fs::is_directory(root / "ytd-legacy") || !fs::is_directory(root / "drawables-legacy"))
    GTEST_SKIP() << root << " is absent (it sits beside the checkout in CI)";
  size_t files = 0;
  for (const char* dir : {"ytd-legacy", "drawables-legacy"})
    for (const auto& e : fs::directory_iterator(root / dir)) {
      const std::string path = e.path().string();
      ValidationReport r = requireFormat(path).validate(path);
      EXPECT_EQ(r.errors(), 0u) << path;
      EXPECT_EQ(r.warnings(), 0u) << path;
      ++files;
    }
  EXPECT_EQ(files, 9u);
}
