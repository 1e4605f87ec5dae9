// UASTC KTX2 files from writeKTX2Uastc checked by independent readers:
// - the Basis Universal transcoder (wasm in the npm package ktx2-encoder, run
//   by tools/validator/uastc_decode.mjs) must decode every level to the same
//   RGBA bytes as our decoder (readKTX2 -> decodeUastc), for every mode we emit;
// - ktx-parse (tools/validator/ktx_inspect.mjs) must read the header, DFD and
//   level index that specs/uastc-ktx2.md §2 prescribes;
// - a glTF with --textures ktx2 must pass the Khronos glTF Validator.
#include "image/uastc_block.h"
#include "image/uastc_tables.h"
#include "strata/base64.h"
#include "strata/error.h"
#include "strata/image.h"
#include "test_support.h"
#include "ytd/ytd_write.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace strata;
using namespace strata::image;
using nlohmann::json;

namespace {

uint64_t le64(const std::vector<uint8_t>& b, size_t at) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | b[at + i];
  return v;
}

// Texture content that drives the encoder into every mode it has: flat areas
// (8), smooth gradients (0 / 10 / 12), hard two-colour edges (4 / 9),
// uncorrelated channels (6 / 11), grey with alpha (15).
Image testImage(uint32_t w, uint32_t h, bool alpha, uint32_t seed) {
  std::mt19937 rng(seed);
  Image img;
  img.name = "test" + std::to_string(seed);
  img.dxgiFormat = 28;
  img.width = w, img.height = h;
  img.data.resize(size_t(w) * h * 4);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      uint8_t* p = &img.data[(size_t(y) * w + x) * 4];
      const uint32_t region = ((y / 8) * 7 + x / 8) % 5;
      switch (region) {
      case 0: // flat
        p[0] = 40, p[1] = 120, p[2] = 200, p[3] = alpha ? 128 : 255;
        break;
      case 1: // gradient
        p[0] = uint8_t(x * 4), p[1] = uint8_t(255 - y * 3), p[2] = uint8_t((x + y) * 2);
        p[3] = alpha ? uint8_t(y * 4) : 255;
        break;
      case 2: { // two colours split along a diagonal
        const bool a = (x % 8) + (y % 8) < 7;
        p[0] = a ? 230 : 20, p[1] = a ? 30 : 210, p[2] = a ? 60 : 190;
        p[3] = alpha ? (a ? 255 : 60) : 255;
        break;
      }
      case 3: // uncorrelated channels
        p[0] = uint8_t(x * 16), p[1] = uint8_t(y * 16 + 7), p[2] = uint8_t(rng() & 63);
        p[3] = alpha ? uint8_t(rng()) : 255;
        break;
      default: { // grey
        const uint8_t l = uint8_t((x * 7 + y * 3) & 255);
        p[0] = p[1] = p[2] = l;
        p[3] = alpha ? uint8_t(255 - x * 2) : 255;
      }
      }
    }
  return img;
}

struct Case {
  Image img;
  UastcOptions options;
  bool randomBlocks = false; // level 0 replaced by random valid blocks of all 19 modes
};

// Random valid blocks cycling through modes 0..18 (PAT in range, anchor MSBs
// 0, ETC2M >= 1), so the decoders are compared on modes the encoder never emits.
void fillRandomBlocks(uint8_t* out, size_t count) {
  std::mt19937 rng(19);
  for (size_t k = 0; k < count; ++k) {
    uastc::Block b;
    b.mode = int(k % uastc::kModeCount);
    const uastc::ModeInfo& mi = uastc::modeInfo(b.mode);
    if (b.mode == uastc::kSolidMode) {
      for (auto& c : b.solid) c = uint8_t(rng());
    } else {
      b.pat = mi.patBits ? uint8_t(rng() % uastc::patternCount(b.mode)) : 0;
      b.csel = mi.csel ? rng() & 3 : 0;
      b.etc2m = mi.etc2 ? 1 + rng() % 15 : 1;
      for (int s = 0; s < mi.subsets; ++s)
        for (int v = 0; v < uastc::valuesPerSubset(b.mode); ++v)
          b.ep[s][v] = uint8_t(rng() % uastc::endpointLevels(b.mode));
      for (int p = 0; p < mi.planes; ++p)
        for (int i = 0; i < 16; ++i) {
          bool anchor = false;
          for (int s = 0; s < mi.subsets; ++s) anchor |= uastc::anchorOf(b.mode, b.pat, s) == i;
          b.w[p][i] = uint8_t(rng() % (1u << (mi.wbits - anchor)));
        }
    }
    const uastc::Bytes16 bytes = uastc::pack(b);
    std::copy(bytes.begin(), bytes.end(), out + 16 * k);
  }
}

std::map<std::string, Case> makeCases() {
  std::map<std::string, Case> c;
  UastcOptions zstdMips, rawMips, rawOne, linear;
  rawMips.zstd = false;
  rawOne.zstd = false, rawOne.mipmaps = false;
  linear.srgb = false;
  c["opaque-zstd"] = {testImage(64, 48, false, 1), zstdMips};
  c["opaque-raw"] = {testImage(64, 48, false, 1), rawMips};
  c["alpha-zstd"] = {testImage(48, 64, true, 2), zstdMips};
  c["alpha-one"] = {testImage(48, 64, true, 2), rawOne};
  c["alpha-linear"] = {testImage(40, 40, true, 3), linear};
  c["odd-size"] = {testImage(30, 18, true, 4), rawMips};
  c["tiny"] = {testImage(3, 1, false, 5), zstdMips};
  c["all-modes"] = {testImage(64, 64, true, 6), rawOne, true};
  return c;
}

struct Files {
  std::map<std::string, std::vector<uint8_t>> bytes;
  std::map<std::string, json> basisu, parsed;
  std::string skip;
};

// Writes every case once and runs each node script once over all of them.
const Files& files() {
  static Files f;
  static bool done = false;
  if (done) return f;
  done = true;
  const std::string tools = testsupport::sourceDir().string() + "/tools/validator";
  if (!std::filesystem::exists(tools + "/node_modules/ktx2-encoder/dist/basis/basis_encoder.js")) {
    f.skip = "tools/validator/node_modules/ktx2-encoder is not installed (./dev setup)";
    return f;
  }
  auto dir = testsupport::tempDir();
  std::string list;
  std::vector<std::string> names;
  for (auto& [name, c] : makeCases()) {
    f.bytes[name] = writeKTX2Uastc(c.img, c.options);
    if (c.randomBlocks) {
      std::vector<uint8_t>& b = f.bytes[name];
      fillRandomBlocks(&b[le64(b, 80)], le64(b, 88) / 16);
    }
    testsupport::writeBytes(dir / (name + ".ktx2"), f.bytes[name]);
    list += " '" + (dir / (name + ".ktx2")).string() + "'";
    names.push_back(name);
  }
  for (auto [script, out] :
       {std::pair{"uastc_decode.mjs", &f.basisu}, {"ktx_inspect.mjs", &f.parsed}}) {
    auto r = testsupport::run("'" + testsupport::nodeExecutable() + "' '" + tools + "/" + script +
                              "'" + list);
    EXPECT_EQ(r.exitCode, 0) << script << ": " << r.output.substr(0, 2000);
    std::istringstream lines(r.output);
    std::string line;
    for (size_t i = 0; i < names.size() && std::getline(lines, line);) {
      if (line.empty() || line[0] != '{') continue;
      try {
        (*out)[names[i]] = json::parse(line);
      } catch (const json::exception& e) {
        ADD_FAILURE() << script << " printed a line that is not JSON for " << names[i] << " ("
                      << line.size() << " bytes): " << e.what();
      }
      ++i;
    }
  }
  return f;
}

// The JSON line a node script printed for a case; its absence is an error that
// names the script and the case.
const json& lineOf(const std::map<std::string, json>& lines, const std::string& name,
                   const char* script) {
  const auto it = lines.find(name);
  if (it == lines.end())
    throw std::runtime_error(std::string(script) + " printed no line for " + name);
  return it->second;
}

#define REQUIRE_NODE_TOOLS()                                                                       \
  STRATA_SKIP_WITHOUT_NODE();                                                                      \
  if (!files().skip.empty()) GTEST_SKIP() << files().skip

} // namespace

TEST(Ktx2Uastc, BasisuDecodesEveryLevelToOurBytes) {
  REQUIRE_NODE_TOOLS();
  for (auto& [name, c] : makeCases()) {
    SCOPED_TRACE(name);
    const json& j = lineOf(files().basisu, name, "uastc_decode.mjs");
    ASSERT_TRUE(j["valid"].get<bool>());
    ASSERT_TRUE(j["uastc"].get<bool>());
    const Image ours = readKTX2(files().bytes.at(name), name);
    ASSERT_EQ(j["levels"].size(), ours.mipLevels);
    for (uint32_t m = 0; m < ours.mipLevels; ++m) {
      ASSERT_TRUE(j["levels"][m]["ok"].get<bool>()) << "level " << m;
      const std::vector<uint8_t> theirs = strata::base64Decode(j["levels"][m]["rgba"]);
      const std::vector<uint8_t> mine = decodeRGBA8(ours, m, 0);
      ASSERT_EQ(theirs.size(), mine.size()) << "level " << m;
      size_t differ = 0;
      for (size_t i = 0; i < mine.size(); ++i) differ += mine[i] != theirs[i];
      EXPECT_EQ(differ, 0u) << "level " << m << " of " << mine.size() << " bytes";
    }
  }
}

TEST(Ktx2Uastc, FilesUseEveryModeTheEncoderHas) {
  REQUIRE_NODE_TOOLS();
  std::set<int> modes;
  bool alphaDfd = false, rgbDfd = false;
  size_t interpolated = 0, zeroEtc1 = 0; // blocks whose ETC1 hints are all 0
  for (const char* name : {"opaque-raw", "alpha-one"}) {
    const std::vector<uint8_t>& b = files().bytes.at(name);
    const uint64_t offset = le64(b, 80), length = le64(b, 88);
    for (uint64_t at = offset; at < offset + length; at += 16) {
      uastc::Block block;
      ASSERT_TRUE(uastc::unpack(&b[at], block));
      modes.insert(block.mode);
      if (uastc::modeInfo(block.mode).etc2) {
        EXPECT_GE(block.etc2m, 1) << "EAC multiplier";
      }
      if (block.mode != uastc::kSolidMode) {
        ++interpolated;
        zeroEtc1 += !(block.etc1f || block.etc1d || block.etci0 || block.etci1 || block.etcbi);
      }
    }
    const uint32_t dfdAt = uint32_t(le64(b, 48) & 0xFFFFFFFF);
    (b[dfdAt + 31] == 3 ? alphaDfd : rgbDfd) = true;
  }
  EXPECT_EQ(modes, (std::set<int>{0, 4, 6, 8, 9, 10, 11, 12, 15}));
  EXPECT_GT(interpolated, 100u);
  EXPECT_LT(zeroEtc1 * 20, interpolated) << "more than 5% of blocks without ETC1 hints";
  EXPECT_TRUE(alphaDfd);
  EXPECT_TRUE(rgbDfd);
}

TEST(Ktx2Uastc, KtxParseReadsHeaderDfdAndLevels) {
  REQUIRE_NODE_TOOLS();
  for (auto& [name, c] : makeCases()) {
    SCOPED_TRACE(name);
    const json& j = lineOf(files().parsed, name, "ktx_inspect.mjs");
    uint32_t w, h;
    uastcBaseSize(c.img.width, c.img.height, w, h);
    EXPECT_EQ(j["vkFormat"], 0);
    EXPECT_EQ(j["typeSize"], 1);
    EXPECT_EQ(j["pixelWidth"], w);
    EXPECT_EQ(j["pixelHeight"], h);
    EXPECT_EQ(w % 4 + h % 4, 0u);
    EXPECT_EQ(j["pixelDepth"], 0);
    EXPECT_EQ(j["layerCount"], 0);
    EXPECT_EQ(j["faceCount"], 1);
    uint32_t chain = 1;
    while (std::max(w, h) >> chain) ++chain;
    const uint32_t levels = c.options.mipmaps ? chain : 1;
    EXPECT_EQ(j["levelCount"], levels);
    EXPECT_EQ(j["supercompressionScheme"], c.options.zstd ? 2 : 0);
    const json& d = j["dfd"];
    EXPECT_EQ(d["vendorId"], 0);
    EXPECT_EQ(d["descriptorType"], 0);
    EXPECT_EQ(d["versionNumber"], 2);
    EXPECT_EQ(d["colorModel"], 166);
    EXPECT_EQ(d["colorPrimaries"], c.options.srgb ? 1 : 0);
    EXPECT_EQ(d["transferFunction"], c.options.srgb ? 2 : 1);
    EXPECT_EQ(d["flags"], 0);
    EXPECT_EQ(d["texelBlockDimension"], json::array({3, 3, 0, 0}));
    EXPECT_EQ(d["bytesPlane"][0], 16);
    ASSERT_EQ(d["samples"].size(), 1u);
    EXPECT_EQ(d["samples"][0]["bitOffset"], 0);
    EXPECT_EQ(d["samples"][0]["bitLength"], 127);
    EXPECT_EQ(d["samples"][0]["channelType"],
              c.img.name == "test5" || name.rfind("opaque", 0) == 0 ? 0 : 3);
    EXPECT_EQ(d["samples"][0]["sampleUpper"], 0xFFFFFFFFu);
    EXPECT_EQ(j["keyValue"]["KTXwriter"], "Strata 0.1.0");
    ASSERT_EQ(j["levels"].size(), levels);
    uint64_t expectNext = 0;
    for (uint32_t m = levels; m-- > 0;) {
      const json& l = j["levels"][m];
      const uint32_t bw = (std::max(1u, w >> m) + 3) / 4, bh = (std::max(1u, h >> m) + 3) / 4;
      EXPECT_EQ(l["uncompressedByteLength"], bw * bh * 16) << m;
      const uint64_t at = l["byteOffset"];
      if (c.options.zstd) {
        if (m + 1 < levels) {
          EXPECT_EQ(at, expectNext) << "zstd levels are packed, level " << m;
        }
      } else {
        EXPECT_EQ(at % 16, 0u) << m;
        EXPECT_EQ(l["byteLength"], l["uncompressedByteLength"]) << m;
      }
      expectNext = at + l["byteLength"].get<uint64_t>();
    }
    EXPECT_EQ(expectNext, j["fileLength"].get<uint64_t>());
  }
}

// The validator (2.0.0-dev.3.10) does not know KHR_texture_basisu: the only
// warnings allowed are IMAGE_UNRECOGNIZED_FORMAT on the KTX2 images it cannot
// decode, one per texture. A .gltf carries them as data: URIs; a .glb refers
// to files beside it (gallery.<n>.ktx2) while its PNG sources stay inside.
TEST(Ktx2Uastc, ConvertWritesKhrTextureBasisuThatValidates) {
  REQUIRE_NODE_TOOLS();
  auto dir = testsupport::tempDir();
  for (const char* out : {"gallery.glb", "gallery.gltf"}) {
    SCOPED_TRACE(out);
    const bool glb = std::string(out).find(".glb") != std::string::npos;
    const auto path = dir / out;
    auto r =
        testsupport::cli({"convert", testsupport::sourceDir().string() + "/samples/textures-v5.ytd",
                          "-o", path.string(), "--textures", "ktx2"});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    testsupport::ValidatorResult v = testsupport::validateGltf(path);
    EXPECT_EQ(v.errors, 0) << v.raw;
    const json report = json::parse(v.raw.substr(v.raw.find('{')));
    int unrecognised = 0;
    for (const auto& m : report["messages"]) {
      const std::string s = m;
      if (s[0] != 'W') continue;
      if (s.find("IMAGE_UNRECOGNIZED_FORMAT") != std::string::npos)
        ++unrecognised;
      else
        ADD_FAILURE() << s;
    }
    EXPECT_EQ(v.warnings, unrecognised);
    // The JSON: PNG sources, KTX2 under the extension, used but not required.
    json g;
    const std::vector<uint8_t> bytes = testsupport::readBytes(path);
    if (glb) {
      const uint32_t jsonLength = uint32_t(le64(bytes, 12) & 0xFFFFFFFF);
      g = json::parse(std::string(bytes.begin() + 20, bytes.begin() + 20 + jsonLength));
    } else {
      g = json::parse(std::string(bytes.begin(), bytes.end()));
    }
    EXPECT_EQ(g["extensionsUsed"], json::array({"KHR_texture_basisu"}));
    EXPECT_FALSE(g.contains("extensionsRequired"));
    ASSERT_FALSE(g["textures"].empty());
    EXPECT_EQ(unrecognised, int(g["textures"].size()));
    std::set<std::string> uris;
    for (const auto& t : g["textures"]) {
      const json& png = g["images"][t["source"].get<int>()];
      EXPECT_EQ(png["mimeType"], "image/png");
      EXPECT_TRUE(png.contains("bufferView")) << "the PNG source stays embedded";
      const json& k = g["images"][t["extensions"]["KHR_texture_basisu"]["source"].get<int>()];
      ASSERT_TRUE(k.contains("uri")) << k.dump();
      const std::string uri = k["uri"];
      uris.insert(uri);
      Image back;
      if (glb) {
        EXPECT_EQ(uri.rfind("gallery.", 0), 0u) << uri;
        back = readKTX2(testsupport::readBytes(dir / uri), uri);
      } else {
        const std::string prefix = "data:image/ktx2;base64,";
        ASSERT_EQ(uri.rfind(prefix, 0), 0u);
        back = readKTX2(strata::base64Decode(uri.substr(prefix.size())), "data URI");
      }
      EXPECT_EQ(back.width % 4 + back.height % 4, 0u);
    }
    EXPECT_EQ(uris.size(), g["textures"].size()) << "one KTX2 image per texture";
    if (glb) {
      EXPECT_NE(r.output.find("KTX2 images written beside it"), std::string::npos) << r.output;
    }
  }
}

// A failed GLB write removes the KTX2 files already written beside it.
TEST(Ktx2Uastc, FailedGlbWriteLeavesNoKtx2Behind) {
  auto dir = testsupport::tempDir();
  std::filesystem::create_directories(dir / "taken.glb"); // a directory where the GLB would go
  auto r =
      testsupport::cli({"convert", testsupport::sourceDir().string() + "/samples/textures-v5.ytd",
                        "-o", (dir / "taken.glb").string(), "--textures", "ktx2"});
  EXPECT_EQ(r.exitCode, 1) << r.output;
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 0u) << r.output;
}

TEST(Ktx2Uastc, TexturesCommandUastcFlag) {
  auto dir = testsupport::tempDir();
  const std::string ytd = testsupport::sourceDir().string() + "/samples/textures-v5.ytd";
  auto bad = testsupport::cli({"textures", ytd, "-o", (dir / "png").string(), "--uastc"});
  EXPECT_NE(bad.exitCode, 0);
  EXPECT_NE(bad.output.find("--uastc needs --format ktx2"), std::string::npos) << bad.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "png"));
  auto r = testsupport::cli(
      {"textures", ytd, "-o", (dir / "k").string(), "--format", "ktx2", "--uastc"});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  size_t count = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir / "k")) {
    const std::vector<uint8_t> b = testsupport::readBytes(e.path());
    EXPECT_EQ(b[12] | b[13] << 8, 0) << "vkFormat 0 (UASTC): " << e.path();
    const Image back = readKTX2(b, e.path().string());
    EXPECT_EQ(back.width % 4, 0u);
    ++count;
  }
  EXPECT_GT(count, 0u);
}

// KHR_texture_basisu needs sides that are multiples of 4: a 30x18 texture is
// resampled to 32x20 and both commands say so on stderr; the glTF PNG source
// keeps the original size.
TEST(Ktx2Uastc, OddSizedTextureIsResizedAndTheCliSaysSo) {
  auto dir = testsupport::tempDir();
  Image odd = testImage(30, 18, false, 7);
  odd.name = "odd";
  odd.dxgiFormat = 29; // R8G8B8A8_UNORM_SRGB
  const auto ytd = dir / "odd.ytd";
  testsupport::writeBytes(ytd, ytd::writeYtd(std::vector<Image>{odd}, ytd::Edition::Enhanced));
  auto r = testsupport::cli(
      {"textures", ytd.string(), "-o", (dir / "k").string(), "--format", "ktx2", "--uastc"});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("texture odd resized from 30x18 to 32x20"), std::string::npos)
      << r.output;
  const Image back = readKTX2(testsupport::readBytes(dir / "k" / "odd.ktx2"), "odd.ktx2");
  EXPECT_EQ(back.width, 32u);
  EXPECT_EQ(back.height, 20u);
  EXPECT_EQ(back.mipLevels, 6u); // 32x20 down to 1x1
  EXPECT_EQ(back.dxgiFormat, 29u) << "an sRGB-tagged source stays sRGB";
  r = testsupport::cli(
      {"convert", ytd.string(), "-o", (dir / "odd.glb").string(), "--textures", "ktx2"});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("resized from 30x18 to 32x20"), std::string::npos) << r.output;
}
