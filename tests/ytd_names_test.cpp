// Texture names and paths that are not UTF-8: a hand-built
// legacy .ytd, at a path that is not UTF-8 either, whose first texture is
// named with a Latin-1 byte ("caf\xE9_n") and whose second is literally named
// like the escaped form of the first ("caf%E9_n"). Every command and the C
// ABI must read it, show the first as "caf%E9_n" and the second as
// "caf%25E9_n" (strata/text.h), and never let the two meet.
#include "gltf_read_helpers.h"
#include "strata.h"
#include "test_support.h"
#include "ytd_fixture.h"

#include <OpenImageIO/imageio.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>

using namespace testsupport;
using ytdfixture::fourCC;
using ytdfixture::LegacyTexture;
using ytdfixture::LegacyYtd;

namespace {

const std::string kLatin1 = "caf\xE9_n", kLiteral = "caf%E9_n";
const std::string kLatin1Text = "caf%E9_n", kLiteralText = "caf%25E9_n";

// BC1 blocks (colour0 > colour1, indices 0 -> colour0): red 0xF800, green 0x07E0.
const std::vector<uint8_t> kRed = {0x00, 0xF8, 0x00, 0x00, 0, 0, 0, 0};
const std::vector<uint8_t> kGreen = {0xE0, 0x07, 0x00, 0x00, 0, 0, 0, 0};

// DXT1 4x4, one mip: one 8-byte block, stride = 1 block x 8 / 4 = 2
// (ytd-layout.md). Hashes from a separate script: joaat("caf\xE9_n") =
// 0x27FAD5DE < joaat("caf%E9_n") = 0xFCAA061B.
fs::path writeFixture(const fs::path& dir) {
  LegacyYtd y({{kLatin1, 0x27FAD5DE, fourCC('D', 'X', 'T', '1'), 4, 4, 2, 1, 0x000, kRed},
               {kLiteral, 0xFCAA061B, fourCC('D', 'X', 'T', '1'), 4, 4, 2, 1, 0x100, kGreen}});
  const fs::path path = dir / "t\xE9st.ytd"; // the file name is not UTF-8 either
  writeBytes(path, y.file());
  return path;
}

std::vector<uint8_t> firstPixel(const fs::path& png) {
  auto in = OIIO::ImageInput::open(png.string());
  if (!in) return {};
  std::vector<uint8_t> px(size_t(in->spec().width) * in->spec().height * in->spec().nchannels);
  in->read_image(0, 0, 0, in->spec().nchannels, OIIO::TypeDesc::UINT8, px.data());
  // An opaque image is written as RGB (png_write.h): its alpha is 255.
  if (in->spec().nchannels == 3) return {px[0], px[1], px[2], 255};
  return {px.begin(), px.begin() + 4};
}

// `strata COMMAND FIXTURE -o OUT`, the fixture written beside OUT; the run
// succeeds.
RunResult runOnFixture(const char* command, const fs::path& out) {
  const fs::path in = writeFixture(out.parent_path());
  RunResult r = cli({command, in.string(), "-o", out.string()});
  EXPECT_EQ(r.exitCode, 0) << r.output;
  return r;
}

} // namespace

TEST(YtdNames, GlbNamesAreEscapedAndDistinct) {
  const fs::path out = tempDir() / "names.glb";
  const RunResult r = runOnFixture("convert", out);
  EXPECT_EQ(r.output.find("json.exception"), std::string::npos) << r.output;
  auto m = loadGltf(out.string());
  ASSERT_EQ(m.materials.size(), 2u);
  EXPECT_EQ(m.materials[0].name, kLatin1Text);
  EXPECT_EQ(m.materials[1].name, kLiteralText);
  ASSERT_EQ(m.images.size(), 2u);
  EXPECT_EQ(m.images[0].name, kLatin1Text);
  EXPECT_EQ(m.images[1].name, kLiteralText);
  EXPECT_EQ(m.nodes[0].name, kLatin1Text);
  EXPECT_EQ(m.scenes.at(0).name, "t%E9st");
  ValidatorResult v = validateGltf(out);
  EXPECT_EQ(v.errors, 0) << v.raw;
  EXPECT_EQ(v.warnings, 0) << v.raw;
}

TEST(YtdNames, InfoAndValidateJsonShowTheEscapedForms) {
  auto dir = tempDir();
  auto in = writeFixture(dir);
  RunResult info = cli({"info", in.string(), "--json"});
  ASSERT_EQ(info.exitCode, 0) << info.output;
  auto j = nlohmann::json::parse(info.output);
  EXPECT_EQ(j["file"], (dir / "t%E9st.ytd").string());
  const auto& t = j["dictionaries"][0]["textures"];
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0]["name"], kLatin1Text);
  EXPECT_EQ(t[0]["hash"], "0x27FAD5DE");
  EXPECT_EQ(t[0]["hashOk"], true); // the hash is of the stored bytes, not of the text
  EXPECT_EQ(t[1]["name"], kLiteralText);

  RunResult val = cli({"validate", in.string(), "--json"});
  ASSERT_EQ(val.exitCode, 0) << val.output;
  auto v = nlohmann::json::parse(val.output);
  EXPECT_EQ(v["files"][0]["file"], (dir / "t%E9st.ytd").string());
  EXPECT_EQ(v["census"]["ytd"]["textures"], 2);
  EXPECT_EQ(v["census"]["ytd"]["invalidFiles"], 0);
}

TEST(YtdNames, TexturesWritesEachUnderItsEscapedName) {
  const fs::path out = tempDir() / "png";
  const RunResult r = runOnFixture("textures", out);
  std::set<std::string> files;
  for (auto& e : fs::directory_iterator(out)) files.insert(e.path().filename().string());
  EXPECT_EQ(files, (std::set<std::string>{kLatin1Text + ".png", kLiteralText + ".png"}));
  EXPECT_EQ(firstPixel(out / (kLatin1Text + ".png")), (std::vector<uint8_t>{255, 0, 0, 255}));
  EXPECT_EQ(firstPixel(out / (kLiteralText + ".png")), (std::vector<uint8_t>{0, 255, 0, 255}));
}

TEST(YtdNames, CAbiStringsAreUtf8Text) {
  auto dir = tempDir();
  const std::string in = writeFixture(dir).string();
  strata_scene* s = nullptr;
  ASSERT_EQ(strata_scene_create(&s), STRATA_OK);
  ASSERT_EQ(strata_scene_load(s, in.c_str(), nullptr), STRATA_OK) << strata_scene_error(s);
  std::vector<std::string> materials, images;
  for (uint32_t i = 0; i < 2; ++i) {
    strata_material_info mi{};
    mi.size = sizeof mi;
    ASSERT_EQ(strata_scene_get_material(s, i, &mi), STRATA_OK) << strata_scene_error(s);
    materials.push_back(mi.name);
    strata_image_info ii{};
    ii.size = sizeof ii;
    ASSERT_EQ(strata_scene_get_image(s, i, &ii), STRATA_OK) << strata_scene_error(s);
    images.push_back(ii.name);
  }
  EXPECT_EQ(materials, (std::vector<std::string>{kLatin1Text, kLiteralText}));
  EXPECT_EQ(images, materials);
  for (auto call : {strata_scene_info_json, strata_scene_validate_json}) {
    char* text = nullptr;
    ASSERT_EQ(call(s, &text), STRATA_OK) << strata_scene_error(s);
    auto j = nlohmann::json::parse(text); // throws on bytes that are not UTF-8
    strata_free(text);
    EXPECT_EQ(j["file"], (dir / "t%E9st.ytd").string());
  }
  strata_scene_destroy(s);
}
