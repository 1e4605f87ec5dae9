// `strata textures IN -o DIR --format dds --encode FMT [--mips]` on the
// sample dictionary our writers made (samples/textures-v5.ytd: a cube, BC1,
// BC5 normals, RGBA8, sRGB BC7, BC3 with alpha): what each DDS holds, and the
// option checks (exit 2, nothing written).
#include "strata/fileio.h"
#include "strata/image.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace strata;
using namespace strata::image;

namespace {

const std::string kYtd = utf8Of(testsupport::sourceDir() / "samples" / "textures-v5.ytd");

Image dds(const testsupport::fs::path& dir, const std::string& name) {
  const std::string path = utf8Of(dir / pathOf(name + ".dds"));
  return readDDS(readFile(path), path);
}

double psnr(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b, int channels) {
  double se = 0;
  size_t n = 0;
  for (size_t i = 0; i < a.size(); ++i)
    if (int(i % 4) < channels) se += (double(a[i]) - b[i]) * (double(a[i]) - b[i]), ++n;
  return se == 0 ? 99.0 : 10 * std::log10(255.0 * 255.0 * double(n) / se);
}

} // namespace

TEST(TexturesEncodeCli, Bc7WithMipsForEveryTexture) {
  const auto dir = testsupport::tempDir();
  const auto plain = dir / "plain", enc = dir / "bc7";
  ASSERT_EQ(testsupport::cli({"textures", kYtd, "-o", utf8Of(plain), "--format", "dds"}).exitCode,
            0);
  const auto r = testsupport::cli(
      {"textures", kYtd, "-o", utf8Of(enc), "--format", "dds", "--encode", "bc7", "--mips"});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  for (const char* name :
       {"sky_cube", "checker_bc1", "normal_bc5", "ramp_rgba8", "gradient_bc7_srgb", "alpha_bc3"}) {
    SCOPED_TRACE(name);
    const Image src = dds(plain, name), out = dds(enc, name);
    // sRGB colour keeps its tag; everything else is BC7 UNORM.
    EXPECT_EQ(out.dxgiFormat, src.colorSpace == ColorSpace::SRGB ? dxgi::BC7_SRGB : dxgi::BC7);
    EXPECT_EQ(out.width, src.width);
    EXPECT_EQ(out.height, src.height);
    EXPECT_EQ(out.cube, src.cube);
    uint32_t full = 1;
    while (std::max(src.width, src.height) >> full) ++full;
    EXPECT_EQ(out.mipLevels, full);
    for (uint32_t layer = 0; layer < sliceCount(src); ++layer)
      EXPECT_GT(psnr(decodeRGBA8(src, 0, layer), decodeRGBA8(out, 0, layer), 4), 38.0) << layer;
  }
  // The sRGB texture's levels are averaged in linear light: level 1 of the
  // BC7 is near the linear-light average of the source's level 0.
  const Image src = dds(plain, "gradient_bc7_srgb"), out = dds(enc, "gradient_bc7_srgb");
  const std::vector<uint8_t> base = decodeRGBA8(src);
  MipOptions srgb;
  srgb.srgb = true;
  const auto chain = mipChainRGBA8(base.data(), src.width, src.height, srgb);
  EXPECT_GT(psnr(chain[0], decodeRGBA8(out, 1), 3), 40.0);
}

TEST(TexturesEncodeCli, WithoutMipsEveryLevelIsKept) {
  const auto dir = testsupport::tempDir();
  const auto plain = dir / "plain", enc = dir / "bc5";
  ASSERT_EQ(testsupport::cli({"textures", kYtd, "-o", utf8Of(plain), "--format", "dds"}).exitCode,
            0);
  const auto r = testsupport::cli({"textures", kYtd, "-o", utf8Of(enc), "--format", "dds",
                                   "--encode", "bc5", "--quality", "fast"});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image src = dds(plain, "checker_bc1"), out = dds(enc, "checker_bc1");
  EXPECT_EQ(out.dxgiFormat, dxgi::BC5);
  ASSERT_EQ(out.mipLevels, src.mipLevels);
  for (uint32_t m = 0; m < src.mipLevels; ++m)
    EXPECT_GT(psnr(decodeRGBA8(src, m), decodeRGBA8(out, m), 2), 40.0) << m;
}

TEST(TexturesEncodeCli, Bc5MipsAreRenormalisedNormals) {
  const auto dir = testsupport::tempDir();
  const auto r = testsupport::cli(
      {"textures", kYtd, "-o", utf8Of(dir), "--format", "dds", "--encode", "bc5", "--mips"});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image out = dds(dir, "normal_bc5");
  ASSERT_GT(out.mipLevels, 3u);
  // Every texel of every level decodes to x, y of a unit vector (|xy| <= 1,
  // within the BC5 error).
  for (uint32_t m = 1; m < out.mipLevels; ++m) {
    const std::vector<uint8_t> px = decodeRGBA8(out, m);
    for (size_t i = 0; i < px.size(); i += 4) {
      const float x = px[i] / 127.5f - 1, y = px[i + 1] / 127.5f - 1;
      ASSERT_LE(x * x + y * y, 1.03f) << "level " << m;
    }
  }
}

TEST(TexturesEncodeCli, OptionsThatDoNotGoTogetherAreUsageErrors) {
  const auto dir = testsupport::tempDir();
  struct Case {
    std::vector<std::string> args;
    const char* says;
  };
  const Case cases[] = {
      {{"--encode", "bc7"}, "--encode needs --format dds or ktx2"},
      {{"--format", "dds", "--mips"}, "need --encode"},
      {{"--format", "dds", "--encode", "bc7", "--alpha-coverage"}, "--alpha-coverage needs --mips"},
      {{"--format", "ktx2", "--encode", "bc7", "--uastc"}, "two different encodings"},
      {{"--format", "dds", "--encode", "bc6"}, "bc6"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"textures", kYtd, "-o", utf8Of(dir / "out")};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const auto r = testsupport::cli(args);
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find(c.says), std::string::npos) << r.output;
    EXPECT_FALSE(testsupport::fs::exists(dir / "out")) << "nothing written";
  }
}

TEST(TexturesEncodeCli, Ktx2HoldsTheBlocksToo) {
  const auto dir = testsupport::tempDir();
  const auto r = testsupport::cli({"textures", kYtd, "-o", utf8Of(dir), "--format", "ktx2",
                                   "--encode", "bc1", "--mips", "--alpha-coverage"});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const std::string path = utf8Of(dir / "alpha_bc3.ktx2");
  const Image out = readKTX2(readFile(path), path);
  EXPECT_EQ(out.dxgiFormat, dxgi::BC1);
  EXPECT_EQ(out.mipLevels, 6u);
}
