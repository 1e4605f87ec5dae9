// A PNG whose texels are all it says (8-bit RGB or RGBA, only chunks that do
// not change how they look, sound to IEND) is kept in Image::png and written
// as it is (pngFileOf, the glTF writer); anything else is encoded again from
// the texels. The streams are hand-built (png_fixture.h).
#include "atlas/atlas_tiles.h"
#include "gltf_read_helpers.h"
#include "gltf_writer.h"
#include "png_fixture.h"
#include "strata/image.h"
#include "test_support.h"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <cstring>

using namespace strata;
using namespace pngfixture;

namespace {

// Filtered rows (filter type 0) of a width x 2 image, each texel `bpp` bytes
// counting up from `seed`, so every texel differs.
std::vector<uint8_t> rampRows(uint32_t width, uint32_t bpp, uint8_t seed = 1) {
  std::vector<uint8_t> raw;
  for (uint32_t y = 0; y < 2; ++y) {
    raw.push_back(0);
    for (uint32_t i = 0; i < width * bpp; ++i) raw.push_back(uint8_t(seed + y * 50 + i * 3));
  }
  return raw;
}

// Signature, IHDR, the chunks `before` IDAT, IDAT, IEND.
std::vector<uint8_t>
pngWith(const std::vector<uint8_t>& ihdrData, const std::vector<uint8_t>& rows,
        const std::vector<std::pair<std::string, std::vector<uint8_t>>>& before) {
  std::vector<uint8_t> p = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  chunk(p, "IHDR", ihdrData);
  for (const auto& [type, data] : before) chunk(p, type, data);
  chunk(p, "IDAT", storedZlib(rows));
  chunk(p, "IEND", {});
  return p;
}

const std::vector<uint8_t> kText = {'C', 'o', 'm', 'm', 'e', 'n', 't', 0, 'h', 'i'};

// A kept PNG, then the same texels for Strata to encode, each a texture's.
Scene keptAndEncoded() {
  Scene scene;
  scene.images.push_back(image::decodeEncoded(pngWith(ihdr(3, 2, 8, 6), rampRows(3, 4), {}), ""));
  scene.images.push_back(scene.images[0]);
  scene.images[1].png.clear();
  for (int i = 0; i < 2; ++i) scene.textures.push_back(Texture{i});
  return scene;
}

// tinygltf's reading of a GLB: its error, empty when it reads.
std::string loadGlb(const std::vector<uint8_t>& glb, tinygltf::Model& m) {
  tinygltf::TinyGLTF loader;
  decodeImagesWithoutStb(loader);
  std::string err, warn;
  if (loader.LoadBinaryFromMemory(&m, &err, &warn, glb.data(), unsigned(glb.size()))) return "";
  return err.empty() ? "unreadable" : err;
}

// The bytes of buffer view `view`.
std::vector<uint8_t> viewBytes(const tinygltf::Model& m, int view) {
  const tinygltf::BufferView& v = m.bufferViews.at(size_t(view));
  const auto& b = m.buffers.at(size_t(v.buffer)).data;
  return std::vector<uint8_t>(b.begin() + long(v.byteOffset),
                              b.begin() + long(v.byteOffset + v.byteLength));
}

} // namespace

TEST(PngKept, TruecolourWithHarmlessChunksIsKeptAsIs) {
  const auto rgba = pngWith(ihdr(3, 2, 8, 6), rampRows(3, 4), {{"tEXt", kText}});
  const Image a = image::decodeEncoded(rgba, "a.png");
  EXPECT_EQ(a.png, rgba);
  EXPECT_EQ(image::pngFileOf(a), rgba);
  ASSERT_EQ(a.data.size(), 3u * 2 * 4);
  EXPECT_EQ(a.data[4], 1 + 4 * 3); // texel (1, 0) red: the fifth stored byte

  const std::vector<uint8_t> phys = {0, 0, 0x0B, 0x13, 0, 0, 0x0B, 0x13, 1};
  const auto rgb = pngWith(ihdr(3, 2, 8, 2), rampRows(3, 3), {{"pHYs", phys}});
  const Image b = image::decodeEncoded(rgb, "b.png");
  EXPECT_EQ(b.png, rgb);
  EXPECT_EQ(b.data[3], 255); // opaque alpha filled in; the kept file has none, as it should
}

TEST(PngKept, AnythingThatChangesTheLookOrIsNotSoundIsEncodedAgain) {
  const std::vector<uint8_t> gamma = {0, 0, 0xB1, 0x8F}; // gAMA 45455: 1/2.2
  const std::vector<uint8_t> key = {0, 1, 0, 4, 0, 7};   // tRNS of an RGB colour
  struct Case {
    const char* what;
    std::vector<uint8_t> bytes;
  };
  std::vector<Case> cases = {
      {"gAMA", pngWith(ihdr(3, 2, 8, 6), rampRows(3, 4), {{"gAMA", gamma}})},
      {"tRNS", pngWith(ihdr(3, 2, 8, 2), rampRows(3, 3), {{"tRNS", key}})},
      {"16-bit", pngWith(ihdr(3, 2, 16, 6), rampRows(3, 8), {})},
      {"grey", pngWith(ihdr(3, 2, 8, 0), rampRows(3, 1), {})},
  };
  auto trailing = pngWith(ihdr(3, 2, 8, 6), rampRows(3, 4), {});
  trailing.push_back(0);
  cases.push_back({"a byte after IEND", trailing});
  auto badIend = pngWith(ihdr(3, 2, 8, 6), rampRows(3, 4), {});
  badIend.back() ^= 0xFF; // IEND's CRC
  cases.push_back({"IEND's CRC", badIend});
  for (const Case& c : cases) {
    Image img;
    ASSERT_NO_THROW(img = image::decodeEncoded(c.bytes, "c.png")) << c.what;
    EXPECT_TRUE(img.png.empty()) << c.what;
    const std::vector<uint8_t> again = image::pngFileOf(img);
    EXPECT_NE(again, c.bytes) << c.what;
    EXPECT_EQ(image::decodeEncoded(again, "again.png").data, img.data) << c.what;
  }
}

TEST(PngKept, SwappedAtlasTileIsNotKept) {
  const auto bytes = pngWith(ihdr(3, 2, 8, 6), rampRows(3, 4), {});
  const Image plain = atlas::decodeTilePayload(1, bytes, false);
  EXPECT_EQ(plain.png, bytes);
  const Image swapped = atlas::decodeTilePayload(1, bytes, true);
  EXPECT_TRUE(swapped.png.empty());
  EXPECT_EQ(swapped.data[0], plain.data[2]);
}

TEST(PngKept, GlbStoresTheKeptFileItself) {
  const Scene scene = keptAndEncoded(); // the second: the same texels, encoded by Strata
  const std::vector<uint8_t> kept = scene.images[0].png;
  ASSERT_FALSE(kept.empty());
  const std::vector<uint8_t> glb = gltf::writeGltf(scene, gltf::WriteOptions{}).bytes;

  tinygltf::Model m;
  ASSERT_EQ(loadGlb(glb, m), "");
  ASSERT_EQ(m.images.size(), 2u);
  EXPECT_EQ(viewBytes(m, m.images[0].bufferView), kept);
  EXPECT_NE(viewBytes(m, m.images[1].bufferView), kept);
  EXPECT_EQ(m.images[0].image, m.images[1].image); // the texels tinygltf decodes
}

// In a GLB the images and their views are written as JSON in one run each
// (gltf_writer.cpp addView, keepImage), the views before every mesh's: the
// kept PNG, the one Strata encodes and the mesh's arrays each read back
// from the views the file names for them.
TEST(PngKept, GlbImagesAndTheirViewsComeBeforeTheMeshes) {
  Scene scene = keptAndEncoded();
  const std::vector<uint8_t> kept = scene.images[0].png;
  ASSERT_FALSE(kept.empty());
  Primitive p;
  p.positions = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  p.indices = {0, 1, 2};
  testsupport::addMeshNode(scene, {"mesh", {p}});
  const std::vector<uint8_t> glb = gltf::writeGltf(scene, gltf::WriteOptions{}).bytes;

  tinygltf::Model m;
  ASSERT_EQ(loadGlb(glb, m), "");
  ASSERT_EQ(m.images.size(), 2u);
  EXPECT_EQ(m.images[0].bufferView, 0);
  EXPECT_EQ(m.images[1].bufferView, 1);
  EXPECT_EQ(viewBytes(m, 0), kept);
  const std::vector<uint8_t> encoded = viewBytes(m, 1);
  ASSERT_GE(encoded.size(), 8u);
  EXPECT_EQ(encoded[1], 'P'); // a PNG of its own
  EXPECT_EQ(m.images[0].image, m.images[1].image);

  ASSERT_EQ(m.meshes.size(), 1u);
  const tinygltf::Accessor& pos =
      m.accessors.at(size_t(m.meshes[0].primitives.at(0).attributes.at("POSITION")));
  ASSERT_EQ(pos.count, 3u);
  EXPECT_GE(pos.bufferView, 2);
  const std::vector<uint8_t> raw = viewBytes(m, pos.bufferView);
  ASSERT_EQ(raw.size(), 36u);
  float f[9];
  std::memcpy(f, raw.data(), sizeof f);
  // Source (x, y, z) is glTF (x, z, -y) (design.md, axes).
  EXPECT_EQ(f[0], 1.0f);
  EXPECT_EQ(f[1], 3.0f);
  EXPECT_EQ(f[2], -2.0f);
  EXPECT_EQ(f[6], 7.0f);
  EXPECT_EQ(f[7], 9.0f);
  EXPECT_EQ(f[8], -8.0f);
  const tinygltf::Accessor& idx = m.accessors.at(size_t(m.meshes[0].primitives[0].indices));
  EXPECT_EQ(idx.count, 3u);
  EXPECT_GT(idx.bufferView, 1);
}
