// Whole images through the BC encoders (encodeBC): every output decodes
// through our decoders and through OpenImageIO (from a DDS file, as the
// decoder cross-check does) to the same pixels, and stays above a PSNR floor
// per format on fixed images. The floors are the measured PSNR (the comment
// beside each) less a few tenths of a dB, so a regression fails.
#include "strata/error.h"
#include "strata/image.h"
#include "strata/parallel.h"
#include "test_support.h"

#include <OpenImageIO/imageio.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace strata;
using namespace strata::image;

namespace {

struct Rgba {
  uint32_t width, height;
  std::vector<uint8_t> px;
};

// A w x h image whose texel (x, y) `texel(x, y, p)` sets (p: its 4 bytes),
// row by row from the top.
template <class Texel> Rgba drawn(uint32_t w, uint32_t h, Texel&& texel) {
  Rgba img{w, h, std::vector<uint8_t>(size_t(w) * h * 4)};
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) texel(x, y, &img.px[(size_t(y) * w + x) * 4]);
  return img;
}

// Ramps with a little noise (the benchmark's `bench` content, smaller).
Rgba ramps() {
  std::mt19937 rng(7);
  return drawn(128, 128, [&](uint32_t x, uint32_t y, uint8_t* p) {
    p[0] = uint8_t(x * 2 + rng() % 8), p[1] = uint8_t(y * 2 + rng() % 8);
    p[2] = uint8_t(x + y + rng() % 8), p[3] = 255;
  });
}

// Smooth colour fields crossing each other (terrain-like), opaque.
Rgba smooth() {
  return drawn(128, 128, [](uint32_t x, uint32_t y, uint8_t* p) {
    const double u = x / 19.0, v = y / 23.0;
    p[0] = uint8_t(128 + 90 * std::sin(u) * std::cos(v * 0.7));
    p[1] = uint8_t(110 + 70 * std::cos(u * 0.6 + v));
    p[2] = uint8_t(90 + 60 * std::sin(u * 0.3 - v * 0.9));
    p[3] = 255;
  });
}

// A cut-out: smooth colour, alpha a soft ramp with round holes, and sides
// that are not multiples of 4.
Rgba cutout() {
  return drawn(98, 70, [](uint32_t x, uint32_t y, uint8_t* p) {
    p[0] = uint8_t(60 + x), p[1] = uint8_t(200 - y), p[2] = uint8_t((x * y) % 97 + 50);
    const double dx = int(x % 24) - 12, dy = int(y % 24) - 12;
    p[3] = dx * dx + dy * dy < 40 ? 0 : uint8_t(std::min<uint32_t>(255, 100 + 2 * x));
  });
}

// A gentle normal map (unit normals of a low bumpy surface, stored as
// 127.5 + 127.5 n): smooth blocks whose errors are a few units, where the
// BC7 screening's ranking is unreliable (bc7_encode.cpp, fine blocks).
Rgba gentleNormals() {
  Rgba img{64, 64, std::vector<uint8_t>(64 * 64 * 4)};
  for (uint32_t y = 0; y < img.height; ++y)
    for (uint32_t x = 0; x < img.width; ++x) {
      uint8_t* p = &img.px[(y * img.width + x) * 4];
      const double u = x / 16.0, v = y / 24.0;
      const double nx = -0.1 * std::cos(u) * std::cos(v), ny = 0.07 * std::sin(u) * std::sin(v);
      const double len = std::sqrt(nx * nx + ny * ny + 1);
      p[0] = uint8_t(std::lround(127.5 + 127.5 * nx / len));
      p[1] = uint8_t(std::lround(127.5 + 127.5 * ny / len));
      p[2] = uint8_t(std::lround(127.5 + 127.5 / len));
      p[3] = 255;
    }
  return img;
}

// PSNR over `channels` channels from `first` (decoded RGBA8 against the source).
double psnr(const Rgba& src, const std::vector<uint8_t>& out, int first, int channels) {
  double se = 0;
  for (size_t i = 0; i < src.px.size(); i += 4)
    for (int c = first; c < first + channels; ++c) {
      const double d = double(src.px[i + c]) - out[i + c];
      se += d * d;
    }
  const double mse = se / (double(src.px.size() / 4) * channels);
  return mse == 0 ? 99.0 : 10 * std::log10(255.0 * 255.0 / mse);
}

Image encoded(const Rgba& src, uint32_t code, BcQuality quality = BcQuality::Default) {
  BcEncodeOptions o;
  o.quality = quality;
  return testsupport::imageOfBytes("encoded", code, src.width, src.height,
                                   encodeBC(src.px.data(), src.width, src.height, code, o));
}

// Our decode of the image equals OpenImageIO's of the same blocks in a DDS
// file (legacy FourCC for BC1-BC5, DX10 for BC7; OIIO gives BC4 as one
// channel and BC5 as two).
void expectOiioAgrees(const Image& img) {
  const bool dx10 = img.dxgiFormat == dxgi::BC7;
  const auto path = (testsupport::tempDir() / "x.dds").string();
  testsupport::writeBytes(path, writeDDS(img, {dx10}));
  auto in = OIIO::ImageInput::open(path);
  ASSERT_TRUE(in) << OIIO::geterror();
  const int nc = in->spec().nchannels;
  std::vector<uint8_t> theirs(size_t(img.width) * img.height * nc);
  ASSERT_TRUE(in->read_image(0, 0, 0, nc, OIIO::TypeDesc::UINT8, theirs.data())) << in->geterror();
  const std::vector<uint8_t> ours = decodeRGBA8(img);
  size_t bad = 0;
  for (size_t p = 0; p < size_t(img.width) * img.height; ++p)
    for (int c = 0; c < nc; ++c)
      if (ours[4 * p + c] != theirs[p * nc + c] && ++bad <= 3)
        ADD_FAILURE() << pixelFormat(img.dxgiFormat)->name << " texel " << p << " channel " << c
                      << ": ours " << int(ours[4 * p + c]) << ", OIIO " << int(theirs[p * nc + c]);
  EXPECT_EQ(bad, 0u);
}

struct Floor {
  uint32_t code;
  int image; // 0 ramps, 1 smooth, 2 cutout, 3 gentle normals
  int first, channels;
  double db;
};

} // namespace

TEST(BcEncodeImage, EveryFormatDecodesAlikeThroughOpenImageIO) {
  const Rgba images[3] = {ramps(), smooth(), cutout()};
  for (uint32_t code : {dxgi::BC1, dxgi::BC2, dxgi::BC3, dxgi::BC4, dxgi::BC5, dxgi::BC7})
    for (const Rgba& src : images) {
      SCOPED_TRACE(pixelFormat(code)->name);
      expectOiioAgrees(encoded(src, code));
    }
}

TEST(BcEncodeImage, PsnrFloors) {
  const Rgba images[4] = {ramps(), smooth(), cutout(), gentleNormals()};
  // RGB for BC1 (alpha threshold 128 on the cut-out: its holes decode to
  // black), RGB and alpha for BC2 / BC3 / BC7, one channel for BC4 / BC5.
  const Floor floors[] = {
      {dxgi::BC1, 0, 0, 3, 35.85}, // measured 36.15
      {dxgi::BC1, 1, 0, 3, 41.85}, // 42.14
      {dxgi::BC2, 2, 3, 1, 36.15}, // 36.43
      {dxgi::BC3, 1, 0, 3, 41.8},  // 42.12
      {dxgi::BC3, 2, 3, 1, 99.0},  // exact: 0 and the ramp fit the 6-value palette
      {dxgi::BC4, 0, 0, 1, 54.3},  // 54.61
      {dxgi::BC4, 1, 0, 1, 56.85}, // 57.15
      {dxgi::BC5, 1, 1, 1, 54.4},  // 54.72
      {dxgi::BC7, 0, 0, 3, 40.5},  // 40.83
      {dxgi::BC7, 1, 0, 3, 49.4},  // 49.67
      {dxgi::BC7, 2, 0, 4, 43.3},  // 43.61
      {dxgi::BC7, 3, 0, 3, 70.1},  // 70.45 (66.42 before fine blocks had their own search)
  };

  for (const Floor& f : floors) {
    const Rgba& src = images[f.image];
    const double got = psnr(src, decodeRGBA8(encoded(src, f.code)), f.first, f.channels);
    EXPECT_GE(got, f.db) << pixelFormat(f.code)->name << " image " << f.image;
  }
}

TEST(BcEncodeImage, SlowerQualityLevelsAreNoWorse) {
  const Rgba src = smooth();
  for (uint32_t code : {dxgi::BC1, dxgi::BC3, dxgi::BC5, dxgi::BC7}) {
    double last = 0;
    for (BcQuality q : {BcQuality::Fast, BcQuality::Default, BcQuality::Best}) {
      const double got =
          psnr(src, decodeRGBA8(encoded(src, code, q)), 0, code == dxgi::BC5 ? 2 : 3);
      EXPECT_GE(got, last - 0.02) << pixelFormat(code)->name << " quality " << int(q);
      last = got;
    }
  }
}

TEST(BcEncodeImage, SrgbFormatsEncodeTheStoredValues) {
  const Rgba src = ramps();
  EXPECT_EQ(encoded(src, dxgi::BC1_SRGB).data, encoded(src, dxgi::BC1).data);
  EXPECT_EQ(encoded(src, dxgi::BC3_SRGB).data, encoded(src, dxgi::BC3).data);
  EXPECT_EQ(encoded(src, dxgi::BC7_SRGB).data, encoded(src, dxgi::BC7).data);
}

TEST(BcEncodeImage, SignedFormatsDecodeNearTheirInput) {
  const Rgba src = smooth();
  for (uint32_t code : {dxgi::BC4_SNORM, dxgi::BC5_SNORM}) {
    const std::vector<uint8_t> out = decodeRGBA8(encoded(src, code));
    EXPECT_GE(psnr(src, out, 0, 1), 45.0) << pixelFormat(code)->name;
  }
}

TEST(BcEncodeImage, SameBlocksOnOneThreadAndOnMany) {
  const Rgba src = cutout();
  const unsigned before = threadBudget();
  setThreadBudget(1);
  const Image one = encoded(src, dxgi::BC7);
  setThreadBudget(4);
  const Image many = encoded(src, dxgi::BC7);
  setThreadBudget(before);
  EXPECT_EQ(one.data, many.data);
}

TEST(BcEncodeImage, RejectsWhatItCannotEncode) {
  const uint8_t px[4] = {1, 2, 3, 4};
  EXPECT_THROW(encodeBC(px, 0, 1, dxgi::BC1), Error);
  EXPECT_THROW(encodeBC(px, 1, 1, dxgi::BC6H_UF16), Unsupported);
  EXPECT_THROW(encodeBC(px, 1, 1, dxgi::RGBA8), Unsupported);
  BcEncodeOptions bad;
  bad.quality = BcQuality(3);
  EXPECT_THROW(encodeBC(px, 1, 1, dxgi::BC7, bad), Error);
  EXPECT_FALSE(bcEncodable(dxgi::BC6H_SF16));
  EXPECT_TRUE(bcEncodable(dxgi::BC5_SNORM));
  // One texel: one block, its texel repeated.
  const std::vector<uint8_t> one = encodeBC(px, 1, 1, dxgi::BC7);
  ASSERT_EQ(one.size(), 16u);
}
