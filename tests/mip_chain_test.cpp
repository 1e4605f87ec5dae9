// Mip chains for the BC encoders (image::mipChainRGBA8 with MipOptions,
// image::encodeBCImage): the linear-light filter on known patterns, the YTD
// chain of sides halved down to 1x1 for sizes that are not powers of two,
// alpha coverage kept per level, normal maps renormalised; image::reencodeBC
// on cube maps and volumes.
#include "strata/error.h"
#include "strata/image.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace strata;
using namespace strata::image;

namespace {

std::vector<uint8_t> greyAlpha(std::initializer_list<uint8_t> values, uint8_t alpha = 255) {
  std::vector<uint8_t> px;
  for (uint8_t v : values) px.insert(px.end(), {v, v, v, alpha});
  return px;
}

double coverage(const std::vector<uint8_t>& rgba, uint8_t cutoff) {
  size_t n = 0;
  for (size_t i = 3; i < rgba.size(); i += 4) n += rgba[i] >= cutoff;
  return double(n) / double(rgba.size() / 4);
}

// A cut-out: leaves of noise thresholded softly (alpha rises over a band
// around the edge), as foliage textures are.
std::vector<uint8_t> foliage(uint32_t w, uint32_t h) {
  std::vector<uint8_t> px(size_t(w) * h * 4);
  std::mt19937 rng(11);
  std::vector<float> cells(16 * 16);
  for (float& c : cells) c = float(rng() % 1000) / 1000.0f;
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      const float u = float(x) * 15 / float(w), v = float(y) * 15 / float(h);
      const int i = int(u), j = int(v);
      const float fu = u - float(i), fv = v - float(j);
      auto at = [&](int a, int b) { return cells[size_t(b) * 16 + size_t(a)]; };
      const float n = (at(i, j) * (1 - fu) + at(i + 1, j) * fu) * (1 - fv) +
                      (at(i, j + 1) * (1 - fu) + at(i + 1, j + 1) * fu) * fv;
      uint8_t* p = &px[(size_t(y) * w + x) * 4];
      p[0] = uint8_t(40 + x % 50), p[1] = uint8_t(120 + y % 60), p[2] = 30;
      p[3] = uint8_t(std::clamp((n - 0.45f) * 1200.0f + 128.0f, 0.0f, 255.0f));
    }
  return px;
}

} // namespace

TEST(MipChain, SrgbAveragesInLinearLight) {
  // Black and white: linear 0.5 is sRGB 0.7354, 187.5 of 255 -> 188; the
  // stored values average to 127.5 -> 128. Alpha is averaged straight.
  std::vector<uint8_t> px = greyAlpha({0, 255, 255, 0});
  px[3] = 0, px[15] = 0;
  MipOptions srgb;
  srgb.srgb = true;
  const auto lin = mipChainRGBA8(px.data(), 2, 2, srgb);
  ASSERT_EQ(lin.size(), 1u);
  EXPECT_EQ(lin[0], (std::vector<uint8_t>{188, 188, 188, 128}));
  const auto straight = mipChainRGBA8(px.data(), 2, 2, MipOptions{});
  EXPECT_EQ(straight[0], (std::vector<uint8_t>{128, 128, 128, 128}));
  // sRGB 50% grey stays itself in either space.
  const std::vector<uint8_t> grey = greyAlpha({128, 128, 128, 128});
  EXPECT_EQ(mipChainRGBA8(grey.data(), 2, 2, srgb)[0], greyAlpha({128}));
}

TEST(MipChain, SidesHalveDownToOneTexelForAnySize) {
  // specs/ytd-enhanced.md: mip sides halve down to at least one texel.
  struct Case {
    uint32_t w, h;
    std::vector<std::pair<uint32_t, uint32_t>> levels;
  };
  const Case cases[] = {
      {5, 3, {{2, 1}, {1, 1}}},
      {13, 1, {{6, 1}, {3, 1}, {1, 1}}},
      {1, 1, {}},
      {96, 40, {{48, 20}, {24, 10}, {12, 5}, {6, 2}, {3, 1}, {1, 1}}},
  };
  for (const Case& c : cases) {
    const std::vector<uint8_t> px(size_t(c.w) * c.h * 4, 77);
    const auto chain = mipChainRGBA8(px.data(), c.w, c.h, MipOptions{});
    ASSERT_EQ(chain.size(), c.levels.size()) << c.w << "x" << c.h;
    for (size_t m = 0; m < chain.size(); ++m) {
      EXPECT_EQ(mipExtent(c.w, uint32_t(m + 1)), c.levels[m].first);
      EXPECT_EQ(mipExtent(c.h, uint32_t(m + 1)), c.levels[m].second);
      EXPECT_EQ(chain[m].size(), size_t(c.levels[m].first) * c.levels[m].second * 4);
      for (uint8_t v : chain[m]) ASSERT_EQ(v, 77); // a flat image stays flat
    }
  }
}

TEST(MipChain, OddSidesWeighTheCoveredFractions) {
  // 5 -> 2: output 0 covers texels 0, 1 and half of 2; output 1 half of 2, 3, 4.
  const std::vector<uint8_t> px = greyAlpha({0, 50, 100, 150, 200});
  const auto chain = mipChainRGBA8(px.data(), 5, 1, MipOptions{});
  ASSERT_GE(chain.size(), 1u);
  EXPECT_EQ(chain[0], greyAlpha({40, 160})); // (0 + 50 + 50) / 2.5, (50 + 150 + 200) / 2.5
  EXPECT_EQ(chain[1], greyAlpha({100}));     // 3 -> 1: all of them
}

TEST(MipChain, AlphaCoverageKeptPerLevel) {
  const uint32_t w = 256, h = 192;
  const std::vector<uint8_t> px = foliage(w, h);
  const uint8_t cutoff = 128;
  const double base = coverage(px, cutoff);
  ASSERT_GT(base, 0.2);
  ASSERT_LT(base, 0.8);
  MipOptions keep;
  keep.alphaCutoff = cutoff;
  const auto kept = mipChainRGBA8(px.data(), w, h, keep);
  const auto plain = mipChainRGBA8(px.data(), w, h, MipOptions{});
  double worstPlain = 0;
  for (size_t m = 0; m < kept.size(); ++m) {
    const size_t texels = kept[m].size() / 4;
    const double got = coverage(kept[m], cutoff);
    // Within 1% where a level has the texels for it (100 or more); a small
    // level as near as any threshold on its own alphas gets.
    if (texels >= 100) {
      EXPECT_NEAR(got, base, 0.01) << "level " << m + 1;
    } else {
      double nearest = 1;
      for (int t = 1; t < 256; ++t)
        nearest = std::min(nearest, std::fabs(coverage(plain[m], uint8_t(t)) - base));
      EXPECT_LE(std::fabs(got - base), nearest + 1e-9) << "level " << m + 1;
    }
    worstPlain = std::max(worstPlain, std::fabs(coverage(plain[m], cutoff) - base));
    // Colour is not touched.
    for (size_t i = 0; i < kept[m].size(); ++i) {
      if (i % 4 != 3) {
        ASSERT_EQ(kept[m][i], plain[m][i]);
      }
    }
  }
  // Without it, plain averaging drifts well past that.
  EXPECT_GT(worstPlain, 0.03);
}

TEST(MipChain, NormalMapsAreRenormalisedPerLevel) {
  // Four normals tilted 0.6 each way about z = 0.8: their mean (0, 0, 0.8)
  // renormalises to straight up.
  auto byte = [](float v) { return uint8_t(std::lround(v * 127.5f + 127.5f)); };
  std::vector<uint8_t> px = {byte(0.6f), byte(0),     byte(0.8f), 255,        byte(-0.6f), byte(0),
                             byte(0.8f), 255,         byte(0),    byte(0.6f), byte(0.8f),  255,
                             byte(0),    byte(-0.6f), byte(0.8f), 255};
  MipOptions normals;
  normals.normalMap = true;
  const auto level = mipChainRGBA8(px.data(), 2, 2, normals);
  ASSERT_EQ(level.size(), 1u);
  EXPECT_NEAR(level[0][0], 128, 1);
  EXPECT_NEAR(level[0][1], 128, 1);
  EXPECT_EQ(level[0][2], 255);
  // A random map: every texel of every level a unit vector, and the same
  // levels with blue dropped (a BC5 map decodes with blue 0).
  const uint32_t w = 64, h = 32;
  std::vector<uint8_t> map(size_t(w) * h * 4), noBlue;
  std::mt19937 rng(5);
  for (size_t i = 0; i < map.size(); i += 4) {
    const float x = float(int(rng() % 1000) - 500) / 800, y = float(int(rng() % 1000) - 500) / 800;
    const float z = std::sqrt(std::max(0.0f, 1 - x * x - y * y));
    map[i] = byte(x), map[i + 1] = byte(y), map[i + 2] = byte(z), map[i + 3] = 255;
  }
  noBlue = map;
  for (size_t i = 2; i < noBlue.size(); i += 4) noBlue[i] = 0;
  const auto chain = mipChainRGBA8(map.data(), w, h, normals);
  EXPECT_EQ(chain, mipChainRGBA8(noBlue.data(), w, h, normals));
  for (const auto& l : chain)
    for (size_t i = 0; i < l.size(); i += 4) {
      const float x = l[i] / 127.5f - 1, y = l[i + 1] / 127.5f - 1, z = l[i + 2] / 127.5f - 1;
      ASSERT_NEAR(std::sqrt(x * x + y * y + z * z), 1.0f, 0.015f) << i;
    }
}

TEST(MipChain, EncodedImageHoldsEveryLevel) {
  const uint32_t w = 40, h = 24;
  const std::vector<uint8_t> px = foliage(w, h);
  BcImageOptions o;
  o.dxgi = dxgi::BC3_SRGB;
  o.mips = true;
  o.mip.srgb = true;
  const Image img = encodeBCImage(px.data(), w, h, "leaves", o);
  EXPECT_EQ(img.name, "leaves");
  EXPECT_EQ(img.mipLevels, 6u); // 40x24, 20x12, 10x6, 5x3, 2x1, 1x1
  EXPECT_EQ(img.colorSpace, ColorSpace::SRGB);
  checkImage(img);
  const auto chain = mipChainRGBA8(px.data(), w, h, o.mip);
  for (uint32_t m = 1; m < img.mipLevels; ++m) {
    const std::vector<uint8_t> got = decodeRGBA8(img, m);
    ASSERT_EQ(got.size(), chain[m - 1].size());
    double se = 0;
    for (size_t i = 0; i < got.size(); ++i)
      se += (got[i] - chain[m - 1][i]) * (got[i] - chain[m - 1][i]);
    EXPECT_LT(se / double(got.size()), 40.0) << "level " << m; // BC3 of the filtered level
  }
  o.mips = false;
  EXPECT_EQ(encodeBCImage(px.data(), w, h, "leaves", o).mipLevels, 1u);
}

// reencodeBC on a cube map whose every face and level is one grey (as a DDS
// orders them: each face's levels, largest first): the faces and levels stay
// where they were, each grey exact (a solid BC7 block is lossless). With
// mips the chain is made again from each face's level 0.
TEST(MipChain, ReencodeKeepsEveryFaceAndLevel) {
  Image src = testsupport::imageOfBytes("sky", dxgi::RGBA8, 8, 8, {}, 4);
  src.cube = true;
  src.colorSpace = ColorSpace::SRGB;
  auto grey = [](uint32_t face, uint32_t level) { return uint8_t(10 + 40 * face + 5 * level); };
  for (uint32_t face = 0; face < 6; ++face)
    for (uint32_t m = 0; m < 4; ++m) {
      const std::vector<uint8_t> level = greyAlpha({grey(face, m)});
      for (uint32_t i = 0; i < mipExtent(8, m) * mipExtent(8, m); ++i)
        src.data.insert(src.data.end(), level.begin(), level.end());
    }
  checkImage(src);
  BcImageOptions o;
  o.dxgi = dxgi::BC7_SRGB;
  for (bool mips : {false, true}) {
    o.mips = mips;
    const Image out = reencodeBC(src, o);
    checkImage(out);
    EXPECT_EQ(out.dxgiFormat, dxgi::BC7_SRGB);
    EXPECT_TRUE(out.cube);
    ASSERT_EQ(out.mipLevels, 4u);
    for (uint32_t face = 0; face < 6; ++face)
      for (uint32_t m = 0; m < 4; ++m) {
        const std::vector<uint8_t> px = decodeRGBA8(out, m, face);
        ASSERT_EQ(px.size(), size_t(mipExtent(8, m)) * mipExtent(8, m) * 4);
        // The remade chain of a solid face is that face's level-0 grey.
        const uint8_t want = grey(face, mips ? 0 : m);
        for (size_t i = 0; i < px.size(); i += 4)
          ASSERT_EQ(px[i], want) << "face " << face << " level " << m << " mips " << mips;
      }
  }
}

// A volume's depth slices are encoded one by one; a chain for it is refused.
TEST(MipChain, ReencodeVolumeSliceBySliceButNoChain) {
  Image src = testsupport::imageOfBytes("fog", dxgi::RGBA8, 4, 4, {});
  src.depth = 2;
  src.colorSpace = ColorSpace::Linear;
  for (uint8_t v : {50, 200}) {
    const std::vector<uint8_t> slice = greyAlpha({v});
    for (int i = 0; i < 16; ++i) src.data.insert(src.data.end(), slice.begin(), slice.end());
  }
  BcImageOptions o;
  o.dxgi = dxgi::BC7;
  const Image out = reencodeBC(src, o);
  EXPECT_EQ(out.depth, 2u);
  const std::vector<uint8_t> px = decodeRGBA8(out);
  ASSERT_EQ(px.size(), 2u * 16 * 4);
  EXPECT_EQ(px[0], 50);
  EXPECT_EQ(px[16 * 4], 200);
  o.mips = true;
  EXPECT_THROW(reencodeBC(src, o), Unsupported);
}
