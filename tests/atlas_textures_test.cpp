// Atlas textures: §4 orientation on hand-computed cases, per-chunk tiles in
// the GLB (pixel checks), blended baking, BGR swap, `strata textures`.
#include "atlas/atlas_io.h"
#include "atlas/atlas_texture_tree.h"
#include "gltf_read_helpers.h"
#include "png_fixture.h"
#include "strata/image.h"
#include "synth/atlas_synth.h"
#include "test_support.h"

#include <gtest/gtest.h>

using namespace strata::atlas;
using namespace testsupport;

TEST(AtlasTextureTree, HandComputedPlacementsAndLocalUVs) {
  // Level 2, node (1, 2): N = 4, stub (4 - 1 - 1, 2) = (2, 2).
  TilePlacement p = placeTile(2, 1, 2, 2);
  EXPECT_EQ(p.stubX, 2u);
  EXPECT_EQ(p.stubY, 2u);
  // World (80, 144) on a 256 terrain: tc = (144/256, 1 - 80/256) = (0.5625, 0.6875).
  // U = 4 * 0.5625 - 2 = 0.25; V = 4 * 0.6875 + 1 + 1 - 4 = 0.75.
  strata::Vec2 uv = localUV(p, {0.5625f, 0.6875f});
  EXPECT_FLOAT_EQ(uv[0], 0.25f);
  EXPECT_FLOAT_EQ(uv[1], 0.75f);
  strata::Vec2 back = globalUV(p, uv);
  EXPECT_FLOAT_EQ(back[0], 0.5625f);
  EXPECT_FLOAT_EQ(back[1], 0.6875f);

  // Root: stub (0, 0), local UV = global.
  TilePlacement r = placeTile(0, 0, 0, 0);
  EXPECT_EQ(r.stubX, 0u);
  uv = localUV(r, {0.3f, 0.9f});
  EXPECT_FLOAT_EQ(uv[0], 0.3f);
  EXPECT_FLOAT_EQ(uv[1], 0.9f);

  // Geometry deeper than the texture tree: level-3 node (5, 2) on a texture
  // tree of depth 2 uses level 1: (xL, yL) = (5 >> 2, 2 >> 2) = (1, 0); stub (2 - 1 - 1, 0).
  TilePlacement d = placeTile(3, 5, 2, 1);
  EXPECT_EQ(d.xL, 1u);
  EXPECT_EQ(d.yL, 0u);
  EXPECT_EQ(d.stubX, 0u);
  EXPECT_EQ(d.stubY, 0u);
  // World (170, 70): tc = (70/256, 1 - 170/256); U = 2 tc.x - 0, V = 2 tc.y + 1 + 1 - 2.
  uv = localUV(d, {70.0f / 256, 1 - 170.0f / 256});
  EXPECT_FLOAT_EQ(uv[0], 140.0f / 256);
  EXPECT_FLOAT_EQ(uv[1], 2 * (1 - 170.0f / 256));

  // Level 3 node (6, 1) at texture level 2: (3, 0) -> stub (0, 0).
  TilePlacement e = placeTile(3, 6, 1, 2);
  EXPECT_EQ(e.stubX, 0u);
  EXPECT_EQ(e.stubY, 0u);
}

namespace {

fs::path writeUnique(const fs::path& dir, uint32_t geomDepth, uint32_t texDepth,
                     uint8_t format = 1) {
  fs::path p = dir / "unique.atlas";
  writeBytes(p, writeAtlas(synthUniqueTerrain(geomDepth, texDepth, format)));
  return p;
}

} // namespace

TEST(AtlasTextures, EachChunkShowsItsTile) {
  fs::path dir = tempDir();
  fs::path in = writeUnique(dir, 3, 3);
  ASSERT_EQ(cli({"convert", in.string(), "-o", (dir / "u.glb").string()}).exitCode, 0);
  expectValid(dir / "u.glb");
  tinygltf::Model m = loadGltf((dir / "u.glb").string());
  for (uint32_t x = 0; x < 4; ++x)
    for (uint32_t y = 0; y < 4; ++y) {
      std::string name = "L2_" + std::to_string(x) + "_" + std::to_string(y);
      auto c = synthTileColour(2, 3 - x, y); // §4: stub X reflected
      auto px = baseColorPixel(m, name);
      EXPECT_EQ(px[0], c[0]) << name;
      EXPECT_EQ(px[1], c[1]) << name;
      EXPECT_EQ(px[2], c[2]) << name;
    }
  // TEXCOORD_0 is tile-local (inside [0,1]); TEXCOORD_1 keeps the global coordinate.
  expectGlobalTexcoord(m, "L2_1_2", 256);
  std::vector<double> uv0 = nodeAttribute(m, "L2_1_2", "TEXCOORD_0");
  std::vector<double> pos = nodeAttribute(m, "L2_1_2", "POSITION");
  for (size_t v = 0; v < uv0.size() / 2; ++v) {
    double wx = pos[3 * v], wy = -pos[3 * v + 2];          // back to source axes
    EXPECT_NEAR(uv0[2 * v], (wy - 128) / 64, 1e-5);        // U = N tc.x - yL
    EXPECT_NEAR(uv0[2 * v + 1], 1 - (wx - 64) / 64, 1e-5); // V = N tc.y + xL + 1 - N
  }
}

TEST(AtlasTextures, TextureLevelOptionAndShallowTextureTree) {
  fs::path dir = tempDir();
  fs::path in = writeUnique(dir, 3, 3);
  ASSERT_EQ(cli({"convert", in.string(), "-o", (dir / "l1.glb").string(), "--texture-level", "1"})
                .exitCode,
            0);
  expectValid(dir / "l1.glb");
  tinygltf::Model m = loadGltf((dir / "l1.glb").string());
  auto px = baseColorPixel(m, "L2_3_2");
  auto c = synthTileColour(1, 1 - (3 >> 1), 2 >> 1);
  EXPECT_EQ(px[0], c[0]);
  EXPECT_EQ(px[1], c[1]);
  EXPECT_EQ(px[2], c[2]);

  // Geometry depth 4 over a texture tree of depth 2: leaves use texture level 1.
  fs::path deep = writeUnique(dir, 4, 2);
  ASSERT_EQ(cli({"convert", deep.string(), "-o", (dir / "deep.glb").string()}).exitCode, 0);
  expectValid(dir / "deep.glb");
  tinygltf::Model d = loadGltf((dir / "deep.glb").string());
  px = baseColorPixel(d, "L3_5_2");
  c = synthTileColour(1, 1 - (5 >> 2), 2 >> 2);
  EXPECT_EQ(px[0], c[0]);
  EXPECT_EQ(px[1], c[1]);
  EXPECT_EQ(px[2], c[2]);
}

TEST(AtlasTextures, DdsTilesDecodeThroughTheImageCore) {
  fs::path dir = tempDir();
  fs::path in = writeUnique(dir, 2, 2, 2);
  ASSERT_EQ(
      cli({"convert", in.string(), "-o", (dir / "dds.glb").string(), "--swap-red-blue"}).exitCode,
      0);
  expectValid(dir / "dds.glb");
  tinygltf::Model m = loadGltf((dir / "dds.glb").string());
  auto px = baseColorPixel(m, "L1_0_1");
  auto c = synthTileColour(1, 1, 1);
  EXPECT_EQ(px[0], c[0]); // never swapped for DDS (§4)
  EXPECT_EQ(px[2], c[2]);
}

TEST(AtlasTextures, SwapRedBlueForBgrContent) {
  fs::path dir = tempDir();
  fs::path in = writeUnique(dir, 2, 2, 1);
  ASSERT_EQ(
      cli({"convert", in.string(), "-o", (dir / "s.glb").string(), "--swap-red-blue"}).exitCode, 0);
  tinygltf::Model m = loadGltf((dir / "s.glb").string());
  auto px = baseColorPixel(m, "L1_0_1");
  auto c = synthTileColour(1, 1, 1);
  EXPECT_EQ(px[0], c[2]);
  EXPECT_EQ(px[1], c[1]);
  EXPECT_EQ(px[2], c[0]);
}

namespace {

const uint8_t kSource[4][3] = {{200, 40, 10}, {20, 180, 60}, {30, 60, 220}, {250, 250, 0}};

fs::path writeBlended(const fs::path& dir, bool withSources) {
  fs::create_directories(dir / "src");
  std::vector<std::string> names;
  for (int k = 0; k < 4; ++k) {
    std::vector<uint8_t> px(8 * 8 * 4);
    for (size_t i = 0; i < px.size(); i += 4)
      px[i] = kSource[k][0], px[i + 1] = kSource[k][1], px[i + 2] = kSource[k][2], px[i + 3] = 255;
    std::string rel = "src/s" + std::to_string(k) + ".png";
    if (withSources) writeBytes(dir / rel, strata::image::encodePNG(px.data(), 8, 8));
    names.push_back(rel);
  }
  SynthOptions o;
  o.treeDepth = 3;
  o.gridQuads = 2;
  File f = synthTerrain(o);
  addBlendedTextures(f, {3, 8}, {2, 8}, names, 64); // opacity, light: depth, tile size
  fs::path p = dir / "blended.atlas";
  writeBytes(p, writeAtlas(f));
  return p;
}

// writeBlended's terrain converted to DIR/b.glb; the run succeeds.
RunResult convertBlended(const fs::path& dir, bool withSources) {
  const fs::path in = writeBlended(dir, withSources);
  RunResult r = cli({"convert", in.string(), "-o", (dir / "b.glb").string()});
  EXPECT_EQ(r.exitCode, 0) << r.output;
  return r;
}

} // namespace

TEST(AtlasTextures, BlendedColourIsBakedFromWeightsSourcesAndLight) {
  fs::path dir = tempDir();
  const RunResult r = convertBlended(dir, true);
  EXPECT_EQ(r.output.find("warning"), std::string::npos) << r.output;
  expectValid(dir / "b.glb");
  tinygltf::Model m = loadGltf((dir / "b.glb").string());
  for (uint32_t x = 0; x < 4; ++x)
    for (uint32_t y = 0; y < 4; ++y) {
      std::string name = "L2_" + std::to_string(x) + "_" + std::to_string(y);
      // Opacity level 2 tile (3 - x, y) gives all weight to one source; the light is 128/255.
      uint32_t k = synthOpacitySource(2, 3 - x, y);
      auto px = baseColorPixel(m, name, 3, 5);
      for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(px[size_t(c)], kSource[k][c] * double(synthLightLevel) / 255.0, 1.0)
            << name << " c" << c;
    }
}

TEST(AtlasTextures, BlendedWithoutSourcesSaysWhichAndExportsTheMaps) {
  fs::path dir = tempDir();
  const RunResult r = convertBlended(dir, false);
  EXPECT_NE(r.output.find("src/s0.png"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("src/s3.png"), std::string::npos) << r.output;
  expectValid(dir / "b.glb");
  tinygltf::Model m = loadGltf((dir / "b.glb").string());
  auto px = baseColorPixel(m, "L2_3_0"); // opacity tile (0, 0): source 0 -> red weight 255
  EXPECT_NEAR(px[0], 128, 1);
  EXPECT_EQ(px[1], 0);
  EXPECT_EQ(px[2], 0);

  // `strata textures` writes every tile of both trees.
  RunResult t = cli({"textures", (dir / "blended.atlas").string(), "-o", (dir / "tiles").string()});
  ASSERT_EQ(t.exitCode, 0) << t.output;
  size_t count = 0;
  for (auto& e : fs::directory_iterator(dir / "tiles")) count += e.path().extension() == ".png";
  EXPECT_EQ(count, 21u + 5u);
  strata::Image tile =
      strata::image::decodeEncoded(readBytes(dir / "tiles" / "tex0_L2_1_2.png"), "tile");
  EXPECT_EQ(tile.width, 8u);
  EXPECT_EQ(tile.data[synthOpacitySource(2, 1, 2)], 255); // weight channel (1 + 2) % 4 = 3: alpha
}

// A source image that is there but does not decode is an error (the user has
// it and expects its colour); a missing one stays a warning.
TEST(AtlasTextures, BlendedSourceThatDoesNotDecodeIsAnError) {
  fs::path dir = tempDir();
  fs::path in = writeBlended(dir, true);
  const std::vector<uint8_t> s2 = pngfixture::flatPng(8, 8, 30, 60, 220);
  // Cut inside its IDAT chunk.
  writeBytes(dir / "src" / "s2.png", std::vector<uint8_t>(s2.begin(), s2.begin() + 60));
  const std::string src = (dir / "src" / "s2.png").string();
  const std::string what = src +
                           ": at byte 33 (0x21): blended source image 2 (sourceImage2 in the "
                           "config): expected a PNG image: libpng stopped in the IDAT chunk: the "
                           "data ends inside this chunk";
  RunResult v = cli({"validate", in.string()});
  EXPECT_EQ(v.exitCode, 1) << v.output;
  EXPECT_NE(v.output.find(in.string() + ": error: " + what), std::string::npos) << v.output;

  RunResult c = cli({"convert", in.string(), "-o", (dir / "b.glb").string()});
  EXPECT_EQ(c.exitCode, 1) << c.output;
  EXPECT_NE(c.output.find("strata: error: " + what), std::string::npos) << c.output;
  EXPECT_FALSE(fs::exists(dir / "b.glb"));

  RunResult p = cli({"convert", in.string(), "-o", (dir / "b.glb").string(), "--partial"});
  ASSERT_EQ(p.exitCode, 0) << p.output;
  EXPECT_NE(p.output.find(in.string() + ": left out: " + src +
                          ": blended source image 2 (sourceImage2 in the config) at byte 33 "
                          "(0x21): expected a PNG image"),
            std::string::npos)
      << p.output;
  EXPECT_NE(p.output.find("; the chunks show the opacity map shaded by the light map instead"),
            std::string::npos)
      << p.output;
  tinygltf::Model m = loadGltf((dir / "b.glb").string());
  auto px = baseColorPixel(m, "L2_3_0"); // opacity tile (0, 0): source 0 -> red weight 255
  EXPECT_NEAR(px[0], 128, 1);
  EXPECT_EQ(px[1], 0);

  fs::path missing = writeBlended(dir / "without", false);
  RunResult w = cli({"validate", missing.string()});
  EXPECT_EQ(w.exitCode, 0) << w.output;
  EXPECT_NE(w.output.find("warning: blended Atlas: source images not found (src/s0.png"),
            std::string::npos)
      << w.output;
}
