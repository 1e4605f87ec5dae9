// The PNG writer (image/png_write.h): every PNG it writes decodes back texel
// for texel with libpng (decodeEncoded) and OpenImageIO, for every filter and
// deflater, RGB and RGBA, odd sizes and the real textures of ../shared; the
// filter choice is the smallest; the IHDR colour type follows the alpha; the
// igzip stream is one zlib stream over every band of rows.
#include "image/png_write.h"
#include "strata/error.h"
#include "strata/formats.h"
#include "strata/image.h"
#include "test_support.h"

#include <OpenImageIO/imageio.h>
#include <gtest/gtest.h>

#include <random>

using namespace strata;
using namespace strata::image;
using namespace testsupport;

namespace {

// Gradients with noise and, unless `opaque`, an alpha ramp with a fully
// transparent corner whose colour must survive (straight alpha).
std::vector<uint8_t> content(uint32_t w, uint32_t h, bool opaque, uint32_t seed) {
  std::vector<uint8_t> px(size_t(w) * h * 4);
  std::mt19937 rng(seed);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      uint8_t* p = &px[(size_t(y) * w + x) * 4];
      p[0] = uint8_t(x * 7 + rng() % 5);
      p[1] = uint8_t(y * 3 + rng() % 3);
      p[2] = uint8_t(rng());
      p[3] = opaque ? 255 : uint8_t(x < 2 && y < 2 ? 0 : (x + y) * 11);
    }
  return px;
}

// OpenImageIO's own PNG reader (libpng underneath, its own transformations)
// on a file, as RGBA8.
std::vector<uint8_t> readWithOiio(const std::vector<uint8_t>& png, uint32_t w, uint32_t h) {
  const fs::path file = tempDir() / "oiio.png";
  writeBytes(file, png);
  // Straight alpha as stored: OIIO would otherwise multiply colour by alpha.
  OIIO::ImageSpec config;
  config.attribute("oiio:UnassociatedAlpha", 1);
  auto in = OIIO::ImageInput::open(file.string(), &config);
  EXPECT_TRUE(in) << OIIO::geterror();
  if (!in) return {};
  EXPECT_EQ(in->spec().width, int(w));
  EXPECT_EQ(in->spec().height, int(h));
  std::vector<uint8_t> out(size_t(w) * h * 4, 255);
  // Channels past those stored (alpha of an RGB file) keep the 255 above.
  const int nc = in->spec().nchannels;
  std::vector<uint8_t> stored(size_t(w) * h * size_t(nc));
  EXPECT_TRUE(in->read_image(0, 0, 0, nc, OIIO::TypeDesc::UINT8, stored.data()));
  for (size_t i = 0; i < size_t(w) * h; ++i)
    for (int c = 0; c < nc; ++c) out[i * 4 + size_t(c)] = stored[i * size_t(nc) + size_t(c)];
  return out;
}

void expectExact(const std::vector<uint8_t>& png, const std::vector<uint8_t>& rgba, uint32_t w,
                 uint32_t h, bool withOiio) {
  Image back = decodeEncoded(png, "mem.png");
  ASSERT_EQ(back.width, w);
  ASSERT_EQ(back.height, h);
  EXPECT_TRUE(back.data == rgba) << "libpng decodes other texels";
  if (withOiio) {
    EXPECT_TRUE(readWithOiio(png, w, h) == rgba) << "OpenImageIO decodes other texels";
  }
}

// IHDR colour type: signature (8), length and type (8), width, height, depth.
uint8_t colourType(const std::vector<uint8_t>& png) {
  return png.at(8 + 8 + 9);
}

} // namespace

static void PngWrite_EveryFilterAndChannelCountDecodesExactly() {
  for (bool opaque : {false, true})
    for (PngFilter f : {PngFilter::None, PngFilter::Sub, PngFilter::Up, PngFilter::Paeth})
      for (PngDeflate d : {PngDeflate::Fast, PngDeflate::Small}) {
        const bool fast = d == PngDeflate::Fast;
        SCOPED_TRACE("filter " + std::to_string(int(f)) + (opaque ? " RGB" : " RGBA") +
                     (fast ? " igzip" : " libdeflate"));
        const uint32_t w = 37, h = 23;
        std::vector<uint8_t> px = content(w, h, opaque, 5);
        PngPlan plan{f, d, opaque ? 3u : 4u};
        std::vector<uint8_t> png = encodePNG(px.data(), w, h, plan);
        EXPECT_EQ(colourType(png), opaque ? 2 : 6);
        expectExact(png, px, w, h, fast);
      }
}

// Bytes of three values only, so Paeth's three distances tie often (§9.4
// breaks ties a, then b, then c; a writer that broke them otherwise would
// predict other bytes than the decoder and the texels would come back wrong).
static void PngWrite_PaethTiesDecodeExactly() {
  const uint32_t w = 64, h = 64;
  std::mt19937 rng(9);
  for (bool opaque : {false, true}) {
    std::vector<uint8_t> px(size_t(w) * h * 4);
    for (size_t i = 0; i < px.size(); ++i)
      px[i] = uint8_t(opaque && i % 4 == 3 ? 255 : rng() % 3 * 100);
    expectExact(
        encodePNG(px.data(), w, h, PngPlan{PngFilter::Paeth, PngDeflate::Fast, opaque ? 3u : 4u}),
        px, w, h, false);
  }
}

// 513x257 is over 65536 texels (igzip), the others under (libdeflate).
static void PngWrite_ChosenPlanKeepsAlphaAndDecodesExactly() {
  for (auto [w, h] : {std::pair<uint32_t, uint32_t>{1, 1}, {1, 300}, {300, 1}, {513, 257}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    for (bool opaque : {false, true}) {
      std::vector<uint8_t> px = content(w, h, opaque, w + h);
      if (!opaque) px[(size_t(w) * h - 1) * 4 + 3] = 254; // the one texel not opaque
      std::vector<uint8_t> png = encodePNG(px.data(), w, h);
      EXPECT_EQ(colourType(png), opaque ? 2 : 6);
      expectExact(png, px, w, h, true);
    }
  }
  EXPECT_EQ(choosePlan(content(256, 256, true, 1).data(), 256, 256).deflate, PngDeflate::Small);
  EXPECT_EQ(choosePlan(content(257, 256, true, 1).data(), 257, 256).deflate, PngDeflate::Fast);
  EXPECT_THROW(encodePNG(nullptr, 0, 4), Error);
}

// Rows repeat (vertical stripes of random bytes): Up predicts every byte
// after the first row, Sub and None see noise. Rows that climb by a random 0
// or 1 per byte (a random walk along x, a new one each row): Sub leaves one
// bit of noise per byte, Up and None a walk. The chosen filter is never
// beaten by another on the whole image, for either deflater (256 columns:
// libdeflate; 512: igzip).
static void choosesTheSmallestFilter(uint32_t w, uint32_t h) {
  std::mt19937 rng(3);
  std::vector<uint8_t> vertical(size_t(w) * h * 4), walks(vertical.size());
  for (uint32_t x = 0; x < w * 4; ++x) {
    const uint8_t v = uint8_t(rng());
    for (uint32_t y = 0; y < h; ++y) vertical[size_t(y) * w * 4 + x] = v;
  }
  for (uint32_t y = 0; y < h; ++y) {
    uint8_t walk[4] = {uint8_t(rng()), uint8_t(rng()), uint8_t(rng()), uint8_t(rng())};
    for (uint32_t x = 0; x < w * 4; ++x)
      walks[size_t(y) * w * 4 + x] = walk[x % 4] = uint8_t(walk[x % 4] + rng() % 2);
  }
  for (const auto* px : {&vertical, &walks}) {
    PngPlan chosen = choosePlan(px->data(), w, h);
    EXPECT_EQ(chosen.bpp, 4u);
    EXPECT_EQ(chosen.deflate, w * h > 65536 ? PngDeflate::Fast : PngDeflate::Small);
    const size_t size = encodePNG(px->data(), w, h, chosen).size();
    for (PngFilter f : {PngFilter::None, PngFilter::Sub, PngFilter::Up, PngFilter::Paeth}) {
      PngPlan other = chosen;
      other.filter = f;
      EXPECT_LE(size, encodePNG(px->data(), w, h, other).size()) << "filter " << int(f);
    }
  }
  EXPECT_NE(choosePlan(vertical.data(), w, h).filter, PngFilter::Sub);
  EXPECT_NE(choosePlan(vertical.data(), w, h).filter, PngFilter::None);
  EXPECT_NE(choosePlan(walks.data(), w, h).filter, PngFilter::Up);
  EXPECT_NE(choosePlan(walks.data(), w, h).filter, PngFilter::None);
}

static void PngWrite_ChoosesTheSmallestFilter() {
  for (uint32_t w : {256u, 512u}) {
    SCOPED_TRACE(std::to_string(w) + " columns");
    choosesTheSmallestFilter(w, 256);
  }
}

// The IDAT chunk's data: signature (8) and IHDR (25), then IDAT's length and
// type.
std::vector<uint8_t> idatOf(const std::vector<uint8_t>& png) {
  const size_t at = 8 + 25;
  const size_t len = size_t(png.at(at)) << 24 | size_t(png.at(at + 1)) << 16 |
                     size_t(png.at(at + 2)) << 8 | png.at(at + 3);
  EXPECT_EQ(std::string(png.begin() + at + 4, png.begin() + at + 8), "IDAT");
  return std::vector<uint8_t>(png.begin() + at + 8, png.begin() + at + 8 + len);
}

// igzip is given the rows a band of about 256 KiB at a time, its output
// room doubling from 256 KiB as it fills: noise that does not compress
// (1.2 MB of RGBA rows of 4,801 bytes: 54 rows a band, the last band short)
// and rows of runs that do, each one zlib stream with a 32 KiB window (the
// PNG reader's fast path takes no other) that decodes back exactly.
static void PngWrite_FastStreamOverBands() {
  const uint32_t w = 1200, h = 250;
  std::mt19937 rng(11);
  std::vector<uint8_t> noise(size_t(w) * h * 4), runs(noise.size());
  for (size_t i = 0; i < noise.size(); ++i) {
    noise[i] = uint8_t(rng());
    runs[i] = uint8_t(i % 4 == 3 ? 200 : i / 5000 % 7 * 30);
  }
  for (const auto* px : {&noise, &runs}) {
    const std::vector<uint8_t> png = encodePNG(px->data(), w, h, PngPlan{});
    const std::vector<uint8_t> z = idatOf(png);
    ASSERT_GE(z.size(), 6u);
    EXPECT_EQ(z[0], 0x78);
    EXPECT_EQ((z[0] * 256 + z[1]) % 31, 0);
    if (px == &noise)
      EXPECT_GT(z.size(), px->size()); // stored, with filter bytes
    else
      EXPECT_LT(z.size(), px->size() / 50) << "runs were not compressed";
    expectExact(png, *px, w, h, true);
  }
}

// Real pixel content: every texture of the public GTA samples, decoded.
static void PngWrite_RealTexturesDecodeExactly() {
  const fs::path dir = sharedDir() / "samples" / "ytd-legacy";
  size_t textures = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string path = e.path().string();
    for (const Image& img : requireFormat(path).textures(path, {}).images) {
      SCOPED_TRACE(path + ": " + img.name);
      std::vector<uint8_t> rgba = decodeRGBA8(img);
      expectExact(encodePNG(rgba.data(), img.width, img.height), rgba, img.width, img.height, true);
      ++textures;
    }
  }
  EXPECT_EQ(textures, 8u); // README.md of the samples: 2 + 3 + 1 + 1 + 1
}

// ctest runs every TEST in its own process and OpenImageIO costs ~1 s to load
// (image_file_test.cpp), so the suite is one TEST; the real textures skip
// alone when ../shared is absent.
TEST(PngWrite, All) {
  {
    SCOPED_TRACE("PngWrite_EveryFilterAndChannelCountDecodesExactly");
    PngWrite_EveryFilterAndChannelCountDecodesExactly();
  }
  {
    SCOPED_TRACE("PngWrite_PaethTiesDecodeExactly");
    PngWrite_PaethTiesDecodeExactly();
  }
  {
    SCOPED_TRACE("PngWrite_ChosenPlanKeepsAlphaAndDecodesExactly");
    PngWrite_ChosenPlanKeepsAlphaAndDecodesExactly();
  }
  {
    SCOPED_TRACE("PngWrite_ChoosesTheSmallestFilter");
    PngWrite_ChoosesTheSmallestFilter();
  }
  {
    SCOPED_TRACE("PngWrite_FastStreamOverBands");
    PngWrite_FastStreamOverBands();
  }
}

TEST(PngWrite, RealTexturesDecodeExactly) {
  STRATA_SKIP_WITHOUT_SHARED();
  PngWrite_RealTexturesDecodeExactly();
}
