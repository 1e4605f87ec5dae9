// `strata ytd build` and `convert` read back through an independent path: the
// dictionary's structure through the fuzz harness's plain reader
// (tests/fuzz/ytd_plain_reader.h, written from the specs without Strata's
// reader), the pixels through OpenImageIO from a DDS of the stored blocks.
#include "strata/image.h"
#include "test_support.h"
#include "ytd/ytd_write.h"
#include "ytd_plain_reader.h"
#include "ytd_write_support.h"

#include <OpenImageIO/imageio.h>
#include <gtest/gtest.h>

#include <map>

using namespace strata;
using namespace testsupport;
using namespace ytdwrite;
using strata::fuzz::PlainDictionary;
using strata::fuzz::PlainTexture;
using strata::fuzz::readPlainYtd;
namespace dx = strata::image::dxgi;

namespace {

constexpr uint32_t fourCC(char a, char b, char c, char d) {
  return uint32_t(uint8_t(a)) | uint32_t(uint8_t(b)) << 8 | uint32_t(uint8_t(c)) << 16 |
         uint32_t(uint8_t(d)) << 24;
}

// The DXGI format of a stored code (ytd-layout.md: SGA codes are DXGI's; the
// legacy D3D formats and FourCCs mapped here, not through Strata's table).
uint32_t dxgiOf(const PlainDictionary& d, uint32_t code) {
  if (d.version == 5) return code;
  switch (code) {
  case fourCC('D', 'X', 'T', '1'):
    return dx::BC1;
  case fourCC('D', 'X', 'T', '5'):
    return dx::BC3;
  case fourCC('A', 'T', 'I', '2'):
    return dx::BC5;
  case fourCC('B', 'C', '7', ' '):
    return dx::BC7;
  case 32:
    return dx::RGBA8;
  case 21:
    return dx::BGRA8;
  case 50:
    return dx::R8;
  }
  return 0;
}

const PlainTexture* named(const PlainDictionary& d, const std::string& name) {
  for (const PlainTexture& t : d.textures)
    if (t.name == name) return &t;
  return nullptr;
}

PlainDictionary plain(const fs::path& file) {
  PlainDictionary d = readPlainYtd(readBytes(file));
  for (const std::string& v : d.violations) ADD_FAILURE() << file << ": " << v;
  return d;
}

// Mip 0 of a stored texture as OpenImageIO decodes it from a DDS of its
// blocks (written into `dir`), as RGBA8 (BC5's two channels in red and green,
// blue 0, alpha 255).
std::vector<uint8_t> oiioPixels(const fs::path& dir, const PlainDictionary& d,
                                const PlainTexture& t) {
  Image img;
  img.name = t.name;
  img.dxgiFormat = dxgiOf(d, t.format);
  img.width = t.width;
  img.height = t.height;
  img.data.assign(t.data.begin(), t.data.begin() + ptrdiff_t(image::mipByteSize(
                                                       img.dxgiFormat, t.width, t.height)));
  const fs::path path = dir / (t.name + ".dds");
  writeBytes(path, image::writeDDS(img));
  auto in = OIIO::ImageInput::open(path.string());
  if (!in) return {};
  const int nc = in->spec().nchannels;
  std::vector<uint8_t> theirs(size_t(t.width) * t.height * size_t(nc));
  in->read_image(0, 0, 0, nc, OIIO::TypeDesc::UINT8, theirs.data());
  std::vector<uint8_t> rgba(size_t(t.width) * t.height * 4);
  for (size_t p = 0; p < size_t(t.width) * t.height; ++p) {
    for (int c = 0; c < 4; ++c) rgba[4 * p + size_t(c)] = c == 3 ? 255 : 0;
    for (int c = 0; c < nc; ++c) rgba[4 * p + size_t(c)] = theirs[p * size_t(nc) + size_t(c)];
  }
  return rgba;
}

struct Measured {
  double rgb, alpha; // alpha 0: not stored (BC1, BC5)
};

Measured measured(bool enhanced, const std::string& texture) {
  if (texture == "leaf_alpha") return enhanced ? Measured{42.61, 48.56} : Measured{39.88, 51.42};
  if (texture == "bark_n") return {58.41, 0};
  if (texture == "opaque_sky") return {38.22, 0};
  return {39.86, 0}; // tiny, 3x5
}

struct Source {
  std::string file, texture;
  Rgba px;
};

std::vector<Source> sources(const fs::path& dir) {
  std::vector<Source> s = {{"Opaque_Sky.png", "opaque_sky", gradient(64, 32, false)},
                           {"leaf_alpha.png", "leaf_alpha", gradient(32, 32, true, 4)},
                           {"bark_n.png", "bark_n", normalMap(32, 32)},
                           {"tiny.png", "tiny", gradient(3, 5, false, 9)}};
  for (const Source& x : s) writePng(dir / x.file, x.px);
  return s;
}

} // namespace

TEST(YtdBuildConvert, BuildsReadBackThroughThePlainReaderAndOpenImageIO) {
  const fs::path dir = tempDir(), in = dir / "in";
  fs::create_directories(in);
  const std::vector<Source> srcs = sources(in);
  for (const char* edition : {"legacy", "enhanced"}) {
    SCOPED_TRACE(edition);
    const bool v5 = std::string(edition) == "enhanced";
    const fs::path out = dir / (std::string(edition) + ".ytd");
    const RunResult r =
        cli({"ytd", "build", in.string(), "--edition", edition, "-o", out.string()});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    // Each choice said on its line.
    EXPECT_NE(r.output.find("opaque_sky: BC1_UNORM 64x32, 7 mips (auto: opaque)"),
              std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find(std::string("leaf_alpha: ") + (v5 ? "BC7" : "BC3") +
                            "_UNORM 32x32, 6 mips (auto: alpha)"),
              std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("bark_n: BC5_UNORM 32x32, 6 mips (auto: normal map"), std::string::npos)
        << r.output;
    const PlainDictionary d = plain(out);
    EXPECT_EQ(d.version, v5 ? 5u : 13u);
    ASSERT_EQ(d.textures.size(), 4u);
    for (const Source& s : srcs) {
      SCOPED_TRACE(s.texture);
      const PlainTexture* t = named(d, s.texture);
      ASSERT_NE(t, nullptr);
      EXPECT_EQ(t->width, s.px.width);
      EXPECT_EQ(t->height, s.px.height);
      EXPECT_EQ(t->mips, uint32_t(1 + std::log2(std::max(s.px.width, s.px.height))));
      const std::vector<uint8_t> px = oiioPixels(dir, d, *t);
      const uint32_t fmt = dxgiOf(d, t->format);
      // PSNR measured on these images (RGB; BC5 red and green; alpha where the
      // format stores it), the floor 0.3 dB below.
      const Measured m = measured(v5, s.texture);
      EXPECT_GE(psnr(px, s.px.px, 0, fmt == dx::BC5 ? 2 : 3), m.rgb - 0.3);
      if (m.alpha) {
        EXPECT_GE(psnr(px, s.px.px, 3, 1), m.alpha - 0.3);
      }
    }
  }
}

TEST(YtdBuildConvert, ConvertKeepsTheBlocksAndTheUsageWordBothWays) {
  const fs::path dir = tempDir(), in = dir / "in";
  fs::create_directories(in);
  sources(in);
  const fs::path legacy = dir / "legacy.ytd", enhanced = dir / "enhanced.ytd",
                 back = dir / "back.ytd";
  ASSERT_EQ(cli({"ytd", "build", in.string(), "--edition", "legacy", "--format", "bc3", "-o",
                 legacy.string()})
                .exitCode,
            0);
  const RunResult to5 =
      cli({"ytd", "convert", legacy.string(), "--edition", "enhanced", "-o", enhanced.string()});
  ASSERT_EQ(to5.exitCode, 0) << to5.output;
  const RunResult to13 =
      cli({"ytd", "convert", enhanced.string(), "--edition", "legacy", "-o", back.string()});
  ASSERT_EQ(to13.exitCode, 0) << to13.output;
  const PlainDictionary a = plain(legacy), b = plain(enhanced), c = plain(back);
  ASSERT_EQ(a.textures.size(), 4u);
  ASSERT_EQ(b.textures.size(), 4u);
  ASSERT_EQ(c.textures.size(), 4u);
  for (size_t i = 0; i < a.textures.size(); ++i) {
    SCOPED_TRACE(a.textures[i].name);
    EXPECT_EQ(b.textures[i].name, a.textures[i].name);
    EXPECT_EQ(b.textures[i].format, uint32_t(dx::BC3));
    EXPECT_EQ(b.textures[i].data, a.textures[i].data);
    EXPECT_EQ(b.textures[i].usage, a.textures[i].usage);
    EXPECT_EQ(c.textures[i].format, a.textures[i].format);
    EXPECT_EQ(c.textures[i].data, a.textures[i].data);
  }
  EXPECT_EQ(readBytes(back).size() > 0, true);
}

TEST(YtdBuildConvert, ARealLegacyFileToEnhancedKeepsBlocksAndUsage) {
  STRATA_SKIP_WITHOUT_SHARED();
  const fs::path in = sharedDir() / "samples" / "ytd-legacy" / "lvc_lvc.ytd", dir = tempDir();
  const fs::path out = dir / "lvc-v5.ytd";
  const RunResult r =
      cli({"ytd", "convert", in.string(), "--edition", "enhanced", "-o", out.string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const PlainDictionary a = plain(in), b = plain(out);
  ASSERT_EQ(b.textures.size(), a.textures.size());
  for (size_t i = 0; i < a.textures.size(); ++i) {
    SCOPED_TRACE(a.textures[i].name);
    EXPECT_EQ(b.textures[i].hash, a.textures[i].hash);
    EXPECT_EQ(b.textures[i].format, uint32_t(dx::BC3)); // DXT5
    EXPECT_EQ(b.textures[i].usage, a.textures[i].usage);
    EXPECT_EQ(b.textures[i].usage, 0x20016001u); // what lvc.ytd stores
    EXPECT_EQ(b.textures[i].data, a.textures[i].data);
    EXPECT_EQ(oiioPixels(dir, b, b.textures[i]), oiioPixels(dir, a, a.textures[i]));
  }
}

TEST(YtdBuildConvert, WhatTheLegacyEditionLacksIsReEncodedAndSaid) {
  const fs::path dir = tempDir(), in = dir / "v5.ytd", out = dir / "v13.ytd";
  // R16 and BC7 sRGB exist only in the Enhanced edition.
  Image r16 = solidImage("height_r16", dx::R16, 8, 8, 4, {0x34, 0x12});
  Image srgb = solidImage("sign_srgb", dx::BC7_SRGB, 8, 8, 1,
                          {0x40, 0xC0, 0xFF, 0xFF, 0xFF, 0xFF, 0x1F, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  writeBytes(in, ytd::writeYtd(std::vector<Image>{r16, srgb}, ytd::Edition::Enhanced));
  const RunResult r =
      cli({"ytd", "convert", in.string(), "--edition", "legacy", "-o", out.string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("re-encoded height_r16: R8_UNORM"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("R16_UNORM has no legacy format"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("sRGB tag dropped"), std::string::npos) << r.output;
  const PlainDictionary d = plain(out);
  const PlainTexture* h = named(d, "height_r16");
  const PlainTexture* s = named(d, "sign_srgb");
  ASSERT_TRUE(h && s);
  EXPECT_EQ(h->format, 50u); // L8
  EXPECT_EQ(h->mips, 4u);
  // 0x1234 / 257 rounds to 18 (0x12), at every level.
  EXPECT_EQ(h->data, std::vector<uint8_t>(64 + 16 + 4 + 1, 0x12));
  EXPECT_EQ(s->format, fourCC('B', 'C', '7', ' '));
  EXPECT_EQ(s->data, srgb.data);

  // A cube map has no legacy form: refused, naming it.
  const RunResult cube =
      cli({"ytd", "convert", (sourceDir() / "samples" / "textures-v5.ytd").string(), "--edition",
           "legacy", "-o", (dir / "cube.ytd").string()});
  EXPECT_EQ(cube.exitCode, 1);
  EXPECT_NE(cube.output.find("texture 'sky_cube': is a cube map"), std::string::npos)
      << cube.output;
  EXPECT_FALSE(fs::exists(dir / "cube.ytd"));
}

// --quality reaches the BC encoders: each level's mip 0 is exactly what
// image::encodeBC makes of the source pixels at that level, and the levels differ.
TEST(YtdBuildConvert, QualityIsTheEncodersEffort) {
  const fs::path dir = tempDir(), in = dir / "in";
  fs::create_directories(in);
  const Rgba leaf = gradient(32, 32, true, 4);
  writePng(in / "leaf_alpha.png", leaf);
  std::map<std::string, std::vector<uint8_t>> stored;
  for (const auto& [name, quality] : std::vector<std::pair<std::string, image::BcQuality>>{
           {"fast", image::BcQuality::Fast}, {"best", image::BcQuality::Best}}) {
    SCOPED_TRACE(name);
    const fs::path out = dir / (name + ".ytd");
    const RunResult r = cli({"ytd", "build", in.string(), "--edition", "enhanced", "--format",
                             "bc7", "--quality", name, "-o", out.string()});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const PlainDictionary d = plain(out);
    ASSERT_EQ(d.textures.size(), 1u);
    const PlainTexture& t = d.textures[0];
    image::BcEncodeOptions o;
    o.quality = quality;
    const std::vector<uint8_t> expected = image::encodeBC(leaf.px.data(), 32, 32, dx::BC7, o);
    ASSERT_GE(t.data.size(), expected.size());
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), t.data.begin()));
    stored[name].assign(t.data.begin(), t.data.begin() + ptrdiff_t(expected.size()));
  }
  EXPECT_NE(stored["fast"], stored["best"]);
  const RunResult bad = cli({"ytd", "build", in.string(), "--edition", "enhanced", "--quality",
                             "medium", "-o", (dir / "bad.ytd").string()});
  EXPECT_EQ(bad.exitCode, 2) << bad.output;
  EXPECT_NE(bad.output.find("--quality"), std::string::npos) << bad.output;
  EXPECT_FALSE(fs::exists(dir / "bad.ytd"));
}
