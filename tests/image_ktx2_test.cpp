// KTX2 files from our writer, read back by ktx-parse (npm; an independent
// reader) through tools/validator/ktx_inspect.mjs. Expected header, DFD and
// level-index values are written out from the KTX 2.0 spec (§3) and the Khronos
// Data Format Specification 1.3 (§5 basic block, BC colour models) by hand.
#include "corruption.h"
#include "strata/error.h"
#include "strata/image.h"
#include "test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <zstd.h>

#include <map>
#include <sstream>

using namespace strata;
using namespace strata::image;
using nlohmann::json;

namespace {

std::vector<uint8_t> base64(const std::string& s) {
  auto val = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    return c == '+' ? 62 : c == '/' ? 63 : -1;
  };
  std::vector<uint8_t> out;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : s) {
    int v = val(c);
    if (v < 0) continue;
    acc = acc << 6 | uint32_t(v);
    bits += 6;
    if (bits >= 8) out.push_back(uint8_t(acc >> (bits -= 8)));
  }
  return out;
}

// Every file the tests need, written once and read by one node process (node
// starts in ~0.3 s; one run per test would dominate the suite's time).
struct Case {
  Image img;
  Ktx2WriteOptions options;
};
std::map<std::string, Case>& cases();

const json& inspect(const std::string& name) {
  static std::map<std::string, json> results;
  if (results.empty()) {
    auto dir = testsupport::tempDir();
    std::string cmd = "'" + testsupport::nodeExecutable() + "' '" +
                      testsupport::sourceDir().string() + "/tools/validator/ktx_inspect.mjs'";
    std::vector<std::string> names;
    for (auto& [n, c] : cases()) {
      auto path = dir / (n + ".ktx2");
      testsupport::writeBytes(path, writeKTX2(c.img, c.options));
      cmd += " '" + path.string() + "'";
      names.push_back(n);
    }
    auto r = testsupport::run(cmd);
    EXPECT_EQ(r.exitCode, 0) << r.output;
    std::istringstream lines(r.output);
    std::string line;
    for (size_t i = 0; std::getline(lines, line) && i < names.size(); ++i)
      results[names[i]] = json::parse(line);
  }
  return results.at(name);
}

// Deterministic bytes for image data.
std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = uint8_t((i * 131 + seed * 7 + (i >> 5)) & 255);
  return v;
}

Image makeImage(uint32_t code, uint32_t w, uint32_t h, uint32_t mips, uint32_t layers = 1,
                bool cube = false) {
  Image img;
  img.name = "t";
  img.dxgiFormat = code;
  img.width = w, img.height = h, img.mipLevels = mips, img.arraySize = layers, img.cube = cube;
  img.colorSpace = pixelFormat(code)->colorSpace;
  img.data = pattern(imageByteSize(img), code);
  return img;
}

std::map<std::string, Case>& cases() {
  static std::map<std::string, Case> all = [] {
    std::map<std::string, Case> c;
    c["bc7srgb"] = {makeImage(dxgi::BC7_SRGB, 16, 8, 3), {}}; // 8, 2, 1 blocks
    Image bc1 = makeImage(dxgi::BC1_SRGB, 8, 8, 1);
    bc1.colorSpace = ColorSpace::Linear;
    c["bc1linear"] = {bc1, {}};
    c["bc3srgb"] = {makeImage(dxgi::BC3_SRGB, 4, 4, 1), {}};
    c["bc5snorm"] = {makeImage(dxgi::BC5_SNORM, 8, 4, 1), {}};
    c["rgba16f"] = {makeImage(dxgi::RGBA16F, 3, 2, 2), {}};
    c["b5g6r5"] = {makeImage(dxgi::B5G6R5, 5, 3, 1), {}};
    Image a8 = makeImage(dxgi::A8, 2, 2, 1);
    a8.data = {10, 20, 30, 40};
    c["a8"] = {a8, {}};
    Ktx2WriteOptions zstd;
    zstd.zstd = true;
    c["zstdcubes"] = {makeImage(dxgi::BC1, 8, 8, 4, 2, true), zstd}; // 2 cubes, 4 mips
    return c;
  }();
  return all;
}

// A level's bytes as the KTX2 spec orders them: every slice of that mip.
std::vector<uint8_t> levelBytes(const Image& img, uint32_t mip) {
  std::vector<uint8_t> out;
  uint64_t size =
      mipByteSize(img.dxgiFormat, mipExtent(img.width, mip), mipExtent(img.height, mip));
  for (uint32_t s = 0; s < sliceCount(img); ++s) {
    auto at = img.data.begin() + subresourceOffset(img, s, mip);
    out.insert(out.end(), at, at + size);
  }
  return out;
}

void expectLevelsSmallestFirstAligned(const json& k, size_t align) {
  const auto& lv = k["levels"];
  for (size_t i = 0; i < lv.size(); ++i) {
    EXPECT_EQ(lv[i]["byteOffset"].get<uint64_t>() % align, 0u) << "level " << i;
    EXPECT_LE(lv[i]["byteOffset"].get<uint64_t>() + lv[i]["byteLength"].get<uint64_t>(),
              k["fileLength"].get<uint64_t>());
    if (i + 1 < lv.size()) {
      EXPECT_GT(lv[i]["byteOffset"].get<uint64_t>(), lv[i + 1]["byteOffset"].get<uint64_t>())
          << "level " << i << " must follow level " << i + 1;
    }
  }
}

void checkBc7SrgbThreeMipsKeepsBlocks() {
  const Image& img = cases().at("bc7srgb").img; // 16x8, 8x4, 4x2: 8, 2, 1 blocks
  const json& k = inspect("bc7srgb");
  EXPECT_EQ(k["vkFormat"], 146); // VK_FORMAT_BC7_SRGB_BLOCK
  EXPECT_EQ(k["typeSize"], 1);   // _BLOCK formats: 1
  EXPECT_EQ(k["pixelWidth"], 16);
  EXPECT_EQ(k["pixelHeight"], 8);
  EXPECT_EQ(k["pixelDepth"], 0);
  EXPECT_EQ(k["layerCount"], 0);
  EXPECT_EQ(k["faceCount"], 1);
  EXPECT_EQ(k["levelCount"], 3);
  EXPECT_EQ(k["supercompressionScheme"], 0);
  const json& d = k["dfd"];
  EXPECT_EQ(d["vendorId"], 0);
  EXPECT_EQ(d["descriptorType"], 0);
  EXPECT_EQ(d["versionNumber"], 2);
  EXPECT_EQ(d["colorModel"], 134);     // KHR_DF_MODEL_BC7
  EXPECT_EQ(d["colorPrimaries"], 1);   // BT709
  EXPECT_EQ(d["transferFunction"], 2); // sRGB
  EXPECT_EQ(d["texelBlockDimension"], json({3, 3, 0, 0}));
  EXPECT_EQ(d["bytesPlane"], json({16, 0, 0, 0, 0, 0, 0, 0}));
  ASSERT_EQ(d["samples"].size(), 1u);
  EXPECT_EQ(d["samples"][0]["bitOffset"], 0);
  EXPECT_EQ(d["samples"][0]["bitLength"], 127); // 128 bits, stored minus one
  EXPECT_EQ(d["samples"][0]["channelType"], 0); // BC7 colour
  EXPECT_EQ(d["samples"][0]["sampleLower"], 0);
  EXPECT_EQ(d["samples"][0]["sampleUpper"], 4294967295u);
  EXPECT_EQ(k["keyValue"]["KTXwriter"], "Strata 0.1.0");
  expectLevelsSmallestFirstAligned(k, 16);
  const uint64_t sizes[3] = {128, 32, 16};
  for (int m = 0; m < 3; ++m) {
    EXPECT_EQ(k["levels"][m]["byteLength"], sizes[m]);
    EXPECT_EQ(k["levels"][m]["uncompressedByteLength"], sizes[m]);
    EXPECT_EQ(base64(k["levels"][m]["data"]), levelBytes(img, m)) << "level " << m;
  }
}

void checkLinearColourSpaceWritesUnormTwin() {
  EXPECT_EQ(vkFormatFor(cases().at("bc1linear").img), 133u); // VK_FORMAT_BC1_RGBA_UNORM_BLOCK
  const json& k = inspect("bc1linear");
  EXPECT_EQ(k["vkFormat"], 133);
  EXPECT_EQ(k["dfd"]["colorModel"], 128); // BC1A
  EXPECT_EQ(k["dfd"]["transferFunction"], 1);
  EXPECT_EQ(k["dfd"]["bytesPlane"][0], 8);
  EXPECT_EQ(k["dfd"]["samples"][0]["channelType"], 1); // BC1A_ALPHAPRESENT
  EXPECT_EQ(k["dfd"]["samples"][0]["bitLength"], 63);
}

void checkBc3SrgbAlphaSampleIsLinear() {
  const json& k = inspect("bc3srgb");
  EXPECT_EQ(k["vkFormat"], 138);
  EXPECT_EQ(k["dfd"]["colorModel"], 130);
  const json& s = k["dfd"]["samples"];
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0]["bitOffset"], 0);
  EXPECT_EQ(s[0]["channelType"], 15 | 0x10); // alpha, KHR_DF_SAMPLE_DATATYPE_LINEAR
  EXPECT_EQ(s[1]["bitOffset"], 64);
  EXPECT_EQ(s[1]["channelType"], 0);
}

void checkBc5SnormSignedSamples() {
  const json& k = inspect("bc5snorm");
  EXPECT_EQ(k["vkFormat"], 142);
  EXPECT_EQ(k["dfd"]["colorModel"], 132);
  const json& s = k["dfd"]["samples"];
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0]["channelType"], 0x40);     // red, signed
  EXPECT_EQ(s[1]["channelType"], 1 | 0x40); // green, signed
  EXPECT_EQ(s[1]["bitOffset"], 64);
  EXPECT_EQ(s[0]["sampleLower"], -2147483648LL); // 0x80000000 read as int32
  EXPECT_EQ(s[0]["sampleUpper"], 2147483647);
}

void checkRgba16fAndPackedFormats() {
  const json& f = inspect("rgba16f");
  EXPECT_EQ(f["vkFormat"], 97);
  EXPECT_EQ(f["typeSize"], 2);
  EXPECT_EQ(f["dfd"]["bytesPlane"][0], 8);
  ASSERT_EQ(f["dfd"]["samples"].size(), 4u);
  EXPECT_EQ(f["dfd"]["samples"][3]["bitOffset"], 48);
  EXPECT_EQ(f["dfd"]["samples"][3]["bitLength"], 15);
  EXPECT_EQ(f["dfd"]["samples"][3]["channelType"], 15 | 0xC0);           // alpha, float | signed
  EXPECT_EQ(f["dfd"]["samples"][0]["sampleUpper"], 0x3F800000);          // 1.0f
  EXPECT_EQ(f["dfd"]["samples"][0]["sampleLower"], int32_t(0xBF800000)); // -1.0f
  expectLevelsSmallestFirstAligned(f, 8);
  EXPECT_EQ(f["levels"][0]["byteLength"], 3 * 2 * 8);
  EXPECT_EQ(f["levels"][1]["byteLength"], 1 * 1 * 8);

  const json& p = inspect("b5g6r5");
  EXPECT_EQ(p["vkFormat"], 4); // VK_FORMAT_R5G6B5_UNORM_PACK16
  EXPECT_EQ(p["typeSize"], 2);
  const json& s = p["dfd"]["samples"];
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0]["channelType"], 2); // blue in bits 0-4
  EXPECT_EQ(s[0]["bitLength"], 4);
  EXPECT_EQ(s[1]["bitOffset"], 5);
  EXPECT_EQ(s[1]["bitLength"], 5); // 6 bits of green
  EXPECT_EQ(s[1]["sampleUpper"], 63);
  EXPECT_EQ(s[2]["bitOffset"], 11);
  expectLevelsSmallestFirstAligned(p, 4);
  EXPECT_EQ(p["levels"][0]["byteLength"], 5 * 3 * 2);
}

void checkFormatWithoutVkFormatBecomesRgba8() {
  EXPECT_EQ(vkFormatFor(cases().at("a8").img), 0u); // Vulkan's A8 is not a KTX2 format
  const json& k = inspect("a8");
  EXPECT_EQ(k["vkFormat"], 37); // VK_FORMAT_R8G8B8A8_UNORM
  EXPECT_EQ(k["dfd"]["samples"].size(), 4u);
  EXPECT_EQ(base64(k["levels"][0]["data"]),
            std::vector<uint8_t>({0, 0, 0, 10, 0, 0, 0, 20, 0, 0, 0, 30, 0, 0, 0, 40}));
}

void checkZstdCubeArrayRoundTrips() {
  const Image& img = cases().at("zstdcubes").img; // 2 cubes = 12 faces, 4 mips
  const json& k = inspect("zstdcubes");
  EXPECT_EQ(k["supercompressionScheme"], 2);
  EXPECT_EQ(k["faceCount"], 6);
  EXPECT_EQ(k["layerCount"], 2);
  EXPECT_EQ(k["levelCount"], 4);
  expectLevelsSmallestFirstAligned(k, 1);
  for (int m = 0; m < 4; ++m) {
    std::vector<uint8_t> packed = base64(k["levels"][m]["data"]);
    std::vector<uint8_t> want = levelBytes(img, m);
    EXPECT_EQ(k["levels"][m]["uncompressedByteLength"], want.size());
    std::vector<uint8_t> raw(want.size());
    size_t n = ZSTD_decompress(raw.data(), raw.size(), packed.data(), packed.size());
    ASSERT_FALSE(ZSTD_isError(n)) << ZSTD_getErrorName(n);
    EXPECT_EQ(n, want.size());
    EXPECT_EQ(raw, want) << "level " << m;
  }
}

} // namespace

// Node starts once for all cases (~0.3 s per start).
TEST(ImageKtx2, KtxParseReadsBackEveryCase) {
  STRATA_SKIP_WITHOUT_NODE();
  {
    SCOPED_TRACE("Bc7SrgbThreeMipsKeepsBlocks");
    checkBc7SrgbThreeMipsKeepsBlocks();
  }
  {
    SCOPED_TRACE("LinearColourSpaceWritesUnormTwin");
    checkLinearColourSpaceWritesUnormTwin();
  }
  {
    SCOPED_TRACE("Bc3SrgbAlphaSampleIsLinear");
    checkBc3SrgbAlphaSampleIsLinear();
  }
  {
    SCOPED_TRACE("Bc5SnormSignedSamples");
    checkBc5SnormSignedSamples();
  }
  {
    SCOPED_TRACE("Rgba16fAndPackedFormats");
    checkRgba16fAndPackedFormats();
  }
  {
    SCOPED_TRACE("FormatWithoutVkFormatBecomesRgba8");
    checkFormatWithoutVkFormatBecomesRgba8();
  }
  {
    SCOPED_TRACE("ZstdCubeArrayRoundTrips");
    checkZstdCubeArrayRoundTrips();
  }
}

namespace {
void putU32(std::vector<uint8_t>& f, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) f[at + i] = uint8_t(v >> (8 * i));
}

template <typename F>
void expectKtxError(F f, uint64_t offset, const std::string& what, bool unsupported = false) {
  try {
    f();
    ADD_FAILURE() << "no error for " << what;
  } catch (const Error& e) {
    EXPECT_EQ(dynamic_cast<const Unsupported*>(&e) != nullptr, unsupported) << e.what();
    EXPECT_EQ(e.offset(), offset) << e.what();
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("bad.ktx2"), std::string::npos) << e.what();
  }
}
} // namespace

TEST(ImageKtx2Read, RoundTripsEveryVkFormat) {
  for (const PixelFormat& f : pixelFormats()) {
    Image img = makeImage(f.dxgi, 12, 6, 3);
    if (!vkFormatFor(img)) continue;
    SCOPED_TRACE(f.name);
    testsupport::expectSameImage(readKTX2(writeKTX2(img), "rt.ktx2"), img);
    Ktx2WriteOptions z;
    z.zstd = true;
    testsupport::expectSameImage(readKTX2(writeKTX2(img, z), "rt.ktx2"), img);
  }
  for (const auto& [name, c] : cases()) {
    if (!vkFormatFor(c.img)) continue;
    SCOPED_TRACE(name);
    Image back = readKTX2(writeKTX2(c.img, c.options), "rt.ktx2");
    EXPECT_EQ(back.data, c.img.data);
    EXPECT_EQ(back.cube, c.img.cube);
    EXPECT_EQ(back.arraySize, c.img.arraySize);
  }
}

TEST(ImageKtx2Read, BadInputIsAClearError) {
  Image img = makeImage(dxgi::BC1, 8, 8, 2);
  const std::vector<uint8_t> good = writeKTX2(img);
  ASSERT_NO_THROW(readKTX2(good, "bad.ktx2"));
  std::vector<uint8_t> f = good;
  f[1] = 'Q';
  expectKtxError([&] { readKTX2(f, "bad.ktx2"); }, 0, "KTX 2.0 identifier");
  expectKtxError(
      [&] { readKTX2(std::vector<uint8_t>(good.begin(), good.begin() + 30), "bad.ktx2"); }, 28,
      "pixelDepth");
  f = good;
  putU32(f, 12, 0); // vkFormat 0: Basis Universal
  expectKtxError([&] { readKTX2(f, "bad.ktx2"); }, 12, "Basis Universal", true);
  f = good;
  putU32(f, 16, 4); // typeSize
  expectKtxError([&] { readKTX2(f, "bad.ktx2"); }, 16, "typeSize 1");
  f = good;
  putU32(f, 36, 3); // faceCount
  expectKtxError([&] { readKTX2(f, "bad.ktx2"); }, 36, "faceCount");
  f = good;
  putU32(f, 40, 9); // levelCount: 8x8 has 4 at most
  expectKtxError([&] { readKTX2(f, "bad.ktx2"); }, 40, "levels");
  f = good;
  putU32(f, 44, 1); // BasisLZ
  expectKtxError([&] { readKTX2(f, "bad.ktx2"); }, 44, "supercompressionScheme 1", true);
  f = good;
  putU32(f, 52, 4000); // dfdByteLength past the end
  expectKtxError([&] { readKTX2(f, "bad.ktx2"); }, 48, "data format descriptor");
  f = good;
  putU32(f, 80, 0xFFFFFF00); // level 0 byteOffset past the end
  expectKtxError([&] { readKTX2(f, "bad.ktx2"); }, 80, "inside the");
  f = good;
  putU32(f, 88, 33); // level 0 byteLength
  expectKtxError([&] { readKTX2(f, "bad.ktx2"); }, 88, "to hold 32 bytes");
  f = std::vector<uint8_t>(good.begin(), good.end() - 4); // level 0 (stored last) cut short
  expectKtxError([&] { readKTX2(f, "bad.ktx2"); }, 80, "inside the");

  Ktx2WriteOptions z;
  z.zstd = true;
  std::vector<uint8_t> zf = writeKTX2(img, z);
  uint64_t level0 = 0;
  for (int i = 0; i < 8; ++i) level0 |= uint64_t(zf[80 + i]) << (8 * i);
  zf[level0] ^= 0xFF; // break the zstd frame magic
  expectKtxError([&] { readKTX2(zf, "bad.ktx2"); }, level0, "Zstandard");
  zf = writeKTX2(img, z);
  putU32(zf, 20, 65536), putU32(zf, 24, 65536), putU32(zf, 32, 65536); // 2^48 bytes claimed
  expectKtxError([&] { readKTX2(zf, "bad.ktx2"); }, 88, "expected level 0 to hold");
}

// A small file claiming 16384^2 RGBA8 (1 GiB) in one Zstandard frame that
// declares that content size: refused from the frame's length before the
// level (or the image) is allocated.
TEST(ImageKtx2Read, HugeZstdLevelFailsBeforeAllocating) {
  Ktx2WriteOptions z;
  z.zstd = true;
  std::vector<uint8_t> f = writeKTX2(makeImage(dxgi::RGBA8, 4, 4, 1), z);
  uint64_t level0 = 0;
  for (int i = 0; i < 8; ++i) level0 |= uint64_t(f[80 + i]) << (8 * i);
  f.resize(size_t(level0));
  // RFC 8878 §3.1.1: magic, Frame_Header_Descriptor 0xE0 (single segment, an
  // 8-byte Frame_Content_Size), 2^30, then one last RLE block of 131072 bytes.
  const std::vector<uint8_t> frame = {0x28, 0xB5, 0x2F, 0xFD, 0xE0, 0, 0,    0,   0x40,
                                      0,    0,    0,    0,    0x03, 0, 0x10, 0x7F};
  f.insert(f.end(), frame.begin(), frame.end());
  putU32(f, 20, 16384), putU32(f, 24, 16384);
  putU32(f, 88, uint32_t(frame.size())); // byteLength (its high half stays 0)
  putU32(f, 96, 1u << 30);               // uncompressedByteLength: 16384 x 16384 x 4
  EXPECT_LT(f.size(), 256u);
  expectKtxError([&] { readKTX2(f, "bad.ktx2"); }, level0,
                 "KTX2 level 0 declares 16384x16384, which needs at least 24576 bytes of "
                 "compressed data (a Zstandard block has a 3-byte header and inflates to at most "
                 "131072 bytes), but the payload holds 17");
  // The frame says 1024 bytes: not the level's size.
  std::vector<uint8_t> g = f;
  putU32(g, size_t(level0) + 5, 1024);
  expectKtxError([&] { readKTX2(g, "bad.ktx2"); }, level0,
                 "expected KTX2 level 0's Zstandard frame to declare 1073741824 bytes, found 1024");
}

// Random corruption of our KTX2 files: a readable image or a strata::Error.
TEST(ImageKtx2Read, CorruptFilesNeverCrash) {
  Ktx2WriteOptions z;
  z.zstd = true;
  const std::vector<std::vector<uint8_t>> seeds = {
      writeKTX2(makeImage(dxgi::BC1, 8, 8, 4)), writeKTX2(makeImage(dxgi::BC7_SRGB, 8, 4, 2, 3), z),
      writeKTX2(makeImage(dxgi::RGBA8, 4, 4, 3, 1, true)),
      writeKTX2(makeImage(dxgi::RGBA16F, 3, 5, 2), z)};
  testsupport::CorruptionOptions o;
  o.seed = 7;
  o.headerBytes = 200; // header, level index and DFD
  auto c = testsupport::corruptAndRead(seeds, o, [](const std::vector<uint8_t>& f) {
    testsupport::decodeEveryLevel(readKTX2(f, "fuzz.ktx2"));
  });
  EXPECT_GT(c.accepted, 100);
  EXPECT_GT(c.rejected, 100);
}
