// The strata command on texture dictionaries and drawables: the gallery GLB
// passes the Khronos validator, `strata textures` writes the right pixels,
// validate walks mixed directories with a census, and bad input leaves no
// output behind.
#include "common/bytes.h"
#include "gltf_read_helpers.h"
#include "strata/image.h"
#include "test_support.h"
#include "ytd/ytd_rsc7.h"
#include "ytd/ytd_write.h"
#include "ytd_fixture.h"

#include <OpenImageIO/imageio.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace strata;
using namespace testsupport;
namespace dx = strata::image::dxgi;

namespace {

std::string shared(const std::string& rel) {
  return (sharedDir() / "samples" / rel).string();
}

// BC1 red (colour0 0xF800 > colour1 0x001F, indices 0) and B8G8R8A8 bytes.
const std::vector<uint8_t> kBc1Red = {0x00, 0xF8, 0x1F, 0x00, 0, 0, 0, 0};
const std::vector<uint8_t> kBgraTeal = {200, 150, 10, 255}; // B G R A -> RGBA (10, 150, 200, 255)

std::vector<uint8_t> rgbToRgba(const std::vector<uint8_t>& rgb) {
  std::vector<uint8_t> rgba;
  for (size_t i = 0; i + 2 < rgb.size(); i += 3)
    rgba.insert(rgba.end(), {rgb[i], rgb[i + 1], rgb[i + 2], 255});
  return rgba;
}

std::vector<uint8_t> readPng(const fs::path& path, int& w, int& h) {
  auto in = OIIO::ImageInput::open(path.string());
  if (!in) return {};
  w = in->spec().width;
  h = in->spec().height;
  const int n = in->spec().nchannels;
  std::vector<uint8_t> px(size_t(w) * h * n);
  in->read_image(0, 0, 0, n, OIIO::TypeDesc::UINT8, px.data());
  EXPECT_TRUE(n == 4 || n == 3) << n; // RGB: an opaque image (png_write.h)
  return n == 3 ? rgbToRgba(px) : px;
}

fs::path writeTestYtd(const fs::path& dir, ytd::Edition edition) {
  auto path = dir / (edition == ytd::Edition::Enhanced ? "cli_v5.ytd" : "cli_v13.ytd");
  writeBytes(path, ytd::writeYtd(
                       std::vector<Image>{solidImage("red_bc1", dx::BC1, 16, 8, 1, kBc1Red),
                                          solidImage("teal_bgra", dx::BGRA8, 4, 4, 1, kBgraTeal)},
                       edition));
  return path;
}

} // namespace

TEST(YtdCli, GalleryGlbPassesTheValidator) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto dir = tempDir();
  struct Case {
    std::string in;
    size_t textures;
  } cases[] = {{(sourceDir() / "samples" / "textures-v5.ytd").string(), 6},
               {(sourceDir() / "samples" / "textures-v13.ytd").string(), 3},
               {shared("ytd-legacy/lvc_lvc.ytd"), 3},
               {shared("drawables-legacy/nspeedo_grill_2nb.yft"), 2},
               {shared("drawables-legacy/tr_prop_tr_sign_gf_mr_01a.ydr"), 1}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.in);
    auto out = dir / (fs::path(c.in).stem().string() + ".glb");
    auto r = cli({"convert", c.in, "-o", out.string()});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    auto v = validateGltf(out);
    EXPECT_EQ(v.errors, 0) << v.raw;
    EXPECT_EQ(v.warnings, 0) << v.raw;
    auto m = loadGltf(out.string());
    EXPECT_EQ(m.nodes.size(), c.textures);
    EXPECT_EQ(m.materials.size(), c.textures);
    EXPECT_EQ(m.images.size(), c.textures);
  }
}

TEST(YtdCli, GalleryQuadsMaterialsAndOrder) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto dir = tempDir();
  auto out = dir / "lvc.glb";
  ASSERT_EQ(cli({"convert", shared("ytd-legacy/lvc_lvc.ytd"), "-o", out.string()}).exitCode, 0);
  auto m = loadGltf(out.string());
  // Name-hash order: lvc_plugin_logo 0x28E68654 < lvc_v3_logo 0xC4EDDB6D <
  // lvc_fleet_logo 0xF73AA278.
  ASSERT_EQ(m.nodes.size(), 3u);
  EXPECT_EQ(m.nodes[0].name, "lvc_plugin_logo");
  EXPECT_EQ(m.nodes[1].name, "lvc_v3_logo");
  EXPECT_EQ(m.nodes[2].name, "lvc_fleet_logo");
  for (size_t i = 0; i < 3; ++i) {
    const auto& prim = m.meshes.at(size_t(m.nodes[i].mesh)).primitives.at(0);
    const auto& mat = m.materials.at(size_t(prim.material));
    EXPECT_EQ(mat.name, m.nodes[i].name);
    const int tex = mat.pbrMetallicRoughness.baseColorTexture.index;
    ASSERT_GE(tex, 0);
    EXPECT_EQ(m.images.at(size_t(m.textures.at(size_t(tex)).source)).name, m.nodes[i].name);
    // A unit quad: Z-up source (x, 0, z) in [0,1]^2 becomes glTF (x, z, 0).
    auto pos = accessorValues(m, prim.attributes.at("POSITION"));
    ASSERT_EQ(pos.size(), 12u);
    double minX = 9, maxX = -9, minY = 9, maxY = -9;
    for (size_t k = 0; k < 12; k += 3) {
      minX = std::min(minX, pos[k]), maxX = std::max(maxX, pos[k]);
      minY = std::min(minY, pos[k + 1]), maxY = std::max(maxY, pos[k + 1]);
      EXPECT_EQ(pos[k + 2], 0.0);
    }
    EXPECT_EQ(maxX - minX, 1.0);
    EXPECT_EQ(maxY - minY, 1.0);
  }
}

TEST(YtdCli, TexturesPngPixels) {
  auto dir = tempDir();
  for (auto ed : {ytd::Edition::Enhanced, ytd::Edition::Legacy}) {
    auto in = writeTestYtd(dir, ed);
    auto outDir = dir / ("png_" + in.stem().string());
    auto r = cli({"textures", in.string(), "-o", outDir.string(), "--format", "png"});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    int w = 0, h = 0;
    auto red = readPng(outDir / "red_bc1.png", w, h);
    ASSERT_EQ(w, 16);
    ASSERT_EQ(h, 8);
    for (size_t i = 0; i < red.size(); i += 4)
      ASSERT_EQ(std::vector<uint8_t>(red.begin() + i, red.begin() + i + 4),
                (std::vector<uint8_t>{255, 0, 0, 255}));
    auto teal = readPng(outDir / "teal_bgra.png", w, h);
    ASSERT_EQ(w, 4);
    EXPECT_EQ(std::vector<uint8_t>(teal.begin(), teal.begin() + 4),
              (std::vector<uint8_t>{10, 150, 200, 255}));
  }
}

TEST(YtdCli, TexturesDdsAndKtx2KeepTheBlocks) {
  auto dir = tempDir();
  auto in = writeTestYtd(dir, ytd::Edition::Enhanced);
  ASSERT_EQ(
      cli({"textures", in.string(), "-o", (dir / "dds").string(), "--format", "dds"}).exitCode, 0);
  // OpenImageIO reads the DDS independently: BC1 red.
  auto reader = OIIO::ImageInput::open((dir / "dds" / "red_bc1.dds").string());
  ASSERT_TRUE(reader) << OIIO::geterror();
  EXPECT_EQ(reader->spec().width, 16);
  std::vector<uint8_t> px(16 * 8 * size_t(reader->spec().nchannels));
  ASSERT_TRUE(
      reader->read_image(0, 0, 0, reader->spec().nchannels, OIIO::TypeDesc::UINT8, px.data()));
  EXPECT_EQ(px[0], 255);
  EXPECT_EQ(px[1], 0);
  EXPECT_EQ(px[2], 0);
  // The BC1 blocks themselves end the file unchanged (8 blocks of 8 bytes).
  auto dds = readBytes(dir / "dds" / "red_bc1.dds");
  ASSERT_GE(dds.size(), 64u);
  for (size_t b = 0; b < 8; ++b)
    EXPECT_TRUE(std::equal(kBc1Red.begin(), kBc1Red.end(), dds.end() - 64 + ptrdiff_t(8 * b)));

  ASSERT_EQ(
      cli({"textures", in.string(), "-o", (dir / "ktx").string(), "--format", "ktx2"}).exitCode, 0);
  auto ktx = readBytes(dir / "ktx" / "red_bc1.ktx2");
  const uint8_t ident[12] = {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n', 0x1A, '\n'};
  ASSERT_GE(ktx.size(), 12u);
  EXPECT_TRUE(std::equal(ident, ident + 12, ktx.begin()));
  EXPECT_NE(std::search(ktx.begin(), ktx.end(), kBc1Red.begin(), kBc1Red.end()), ktx.end());
}

TEST(YtdCli, ValidateMixedDirectoriesWithCensus) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto r = cli({"validate", "--json", shared("ytd-legacy"), shared("drawables-legacy")});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  auto j = nlohmann::json::parse(r.output.substr(r.output.find('{')));
  const auto& ytd = j["census"]["ytd"];
  EXPECT_EQ(ytd["files"], 5);
  EXPECT_EQ(ytd["textures"], 8);
  EXPECT_EQ(ytd["formats"]["BC3_UNORM"], 7);
  EXPECT_EQ(ytd["formats"]["BC1_UNORM"], 1);
  EXPECT_EQ(ytd["hashFailures"], 0);
  const auto& dr = j["census"]["drawable"];
  EXPECT_EQ(dr["files"], 4);
  EXPECT_EQ(dr["dictionaries"], 3);
  EXPECT_EQ(dr["textures"], 5);
  EXPECT_EQ(dr["formats"]["B8G8R8A8_UNORM"], 1);

  // A failing input among good ones: exit 1, the others still reported.
  auto dir = tempDir();
  auto bad = dir / "bad.ytd";
  auto good = writeTestYtd(dir, ytd::Edition::Legacy);
  auto bytes = readBytes(good);
  bytes.resize(bytes.size() / 2);
  writeBytes(bad, bytes);
  writeTestYtd(dir, ytd::Edition::Enhanced);
  auto r2 = cli({"validate", "--json", dir.string()});
  EXPECT_EQ(r2.exitCode, 1);
  auto j2 = nlohmann::json::parse(r2.output.substr(r2.output.find('{')));
  EXPECT_EQ(j2["census"]["ytd"]["files"], 3);
  EXPECT_EQ(j2["census"]["ytd"]["invalidFiles"], 1);
  EXPECT_EQ(j2["census"]["ytd"]["invariantChecked"], 2);
}

TEST(YtdCli, InfoJson) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto r = cli({"info", "--json", shared("drawables-legacy/cs4_10_fnc_wire.ydr")});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  auto j = nlohmann::json::parse(r.output.substr(r.output.find('{')));
  EXPECT_EQ(j["format"], "ydr");
  EXPECT_EQ(j["version"], 165);
  EXPECT_EQ(j["textureCount"], 2);
  EXPECT_EQ(j["dictionaries"][0]["textures"][1]["name"], "prop_raserwire_bend_n");
  EXPECT_EQ(j["dictionaries"][0]["textures"][1]["storedFormat"], "DXT1");
}

TEST(YtdCli, BadInputLeavesNoOutput) {
  auto dir = tempDir();
  auto good = readBytes(writeTestYtd(dir, ytd::Edition::Enhanced));
  const uint32_t sysFlags = loadLE<uint32_t>(good, 8), gfxFlags = loadLE<uint32_t>(good, 12);
  const size_t sysSize = size_t(ytd::pageFlagsSize(sysFlags));
  auto plain = ytdfixture::inflateRaw(good.data() + 16, good.size() - 16,
                                      sysSize + size_t(ytd::pageFlagsSize(gfxFlags)));
  // Point the second texture's data outside the graphics segment: the first
  // texture alone would convert, but nothing may be written. Its record is
  // where the dictionary's second texture pointer (root +0x30) says.
  std::vector<uint8_t> sys(plain.begin(), plain.begin() + ptrdiff_t(sysSize)),
      gfx(plain.begin() + ptrdiff_t(sysSize), plain.end());
  const size_t pointers = size_t(loadLE<uint64_t>(sys, 0x30) & 0x0FFFFFFF);
  const size_t rec1 = size_t(loadLE<uint64_t>(sys, pointers + 8) & 0x0FFFFFFF);
  ASSERT_EQ(sys[rec1 + 0x3B], 0x60); // the data pointer's high byte
  sys[rec1 + 0x38] = 0xF0;
  sys[rec1 + 0x39] = 0xFF;
  auto bad = dir / "bad.ytd";
  writeBytes(bad, ytdfixture::rsc7(5, sysFlags, gfxFlags, sys, gfx));

  auto r = cli({"textures", bad.string(), "-o", (dir / "out").string()});
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.output.find("bad.ytd"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "out") && !fs::is_empty(dir / "out"));
  r = cli({"convert", bad.string(), "-o", (dir / "bad.glb").string()});
  EXPECT_NE(r.exitCode, 0);
  EXPECT_FALSE(fs::exists(dir / "bad.glb"));

  // A pointer loop in a drawable.
  auto loop = dir / "loop.ydr";
  ytdfixture::Segment s(8192);
  s.u64(0x10, 0x50000000); // the shader group is the drawable itself
  writeBytes(loop, ytdfixture::rsc7(165, 0xA0020000, 0x50000000, s.b, {}));
  r = cli({"convert", loop.string(), "-o", (dir / "loop.glb").string()});
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.output.find("pointer loop"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "loop.glb"));
}

TEST(YtdCli, DrawableWithoutTexturesIsNotAnError) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto dir = tempDir();
  auto in = shared("drawables-legacy/v_61_lng_poster2.ydr");
  auto r = cli({"textures", in, "-o", (dir / "t").string()});
  EXPECT_EQ(r.exitCode, 0) << r.output;
  r = cli({"convert", in, "-o", (dir / "p.glb").string()});
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("no embedded textures"), std::string::npos) << r.output;
  auto v = validateGltf(dir / "p.glb");
  EXPECT_EQ(v.errors, 0) << v.raw;
  EXPECT_EQ(v.warnings, 0) << v.raw;
}
