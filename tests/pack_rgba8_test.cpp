// image::packRGBA8 (image/pack_rgba8.h) read back through decodeRGBA8: every
// value 0-255 of every channel survives where the format holds 8 bits or
// more, and lands within half a step of the nearest value it can hold where
// it holds fewer (5 and 6 bits, the 1-bit alpha at 128).
#include "image/pack_rgba8.h"
#include "strata/error.h"
#include "strata/image.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace strata;
namespace dx = strata::image::dxgi;

namespace {

// 256 x 4 texels: row r holds every value in channel r (the others vary too,
// offset so that no two channels are equal).
std::vector<uint8_t> everyValue() {
  std::vector<uint8_t> px(256 * 4 * 4);
  for (uint32_t r = 0; r < 4; ++r)
    for (uint32_t x = 0; x < 256; ++x)
      for (uint32_t c = 0; c < 4; ++c)
        px[(r * 256 + x) * 4 + c] = uint8_t(c == r ? x : x * 37 + 59 * c + 11 * r);
  return px;
}

std::vector<uint8_t> roundTrip(const std::vector<uint8_t>& px, uint32_t dxgi) {
  Image img;
  img.name = "packed";
  img.dxgiFormat = dxgi;
  img.width = 256;
  img.height = 4;
  img.data = image::packRGBA8(px.data(), 256, 4, dxgi);
  EXPECT_EQ(img.data.size(), image::imageByteSize(img));
  return image::decodeRGBA8(img);
}

// |got - want| <= tolerance for channel c of every texel; want < 0 keeps the input's.
void expectChannel(const std::vector<uint8_t>& in, const std::vector<uint8_t>& out, int c,
                   int tolerance, int want = -1) {
  for (size_t i = 0; i < in.size(); i += 4) {
    const int expected = want >= 0 ? want : in[i + size_t(c)];
    ASSERT_LE(std::abs(int(out[i + size_t(c)]) - expected), tolerance)
        << "texel " << i / 4 << " channel " << c << " from " << int(in[i + size_t(c)]);
  }
}

} // namespace

TEST(PackRgba8, EightBitFormatsAreExact) {
  const std::vector<uint8_t> px = everyValue();
  for (uint32_t f : {dx::RGBA8, dx::RGBA8_SRGB, dx::BGRA8, dx::BGRA8_SRGB, dx::RGBA16F}) {
    SCOPED_TRACE(image::pixelFormat(f)->name);
    EXPECT_EQ(roundTrip(px, f), px);
  }
  const std::vector<uint8_t> bgrx = roundTrip(px, dx::BGRX8);
  for (int c = 0; c < 3; ++c) expectChannel(px, bgrx, c, 0);
  expectChannel(px, bgrx, 3, 0, 255);
}

TEST(PackRgba8, OneChannelFormatsKeepTheirChannel) {
  const std::vector<uint8_t> px = everyValue();
  expectChannel(px, roundTrip(px, dx::A8), 3, 0);
  for (uint32_t f : {dx::R8, dx::R16}) {
    SCOPED_TRACE(image::pixelFormat(f)->name);
    const std::vector<uint8_t> out = roundTrip(px, f);
    expectChannel(px, out, 0, 0);
    for (size_t i = 0; i < out.size(); i += 4) {
      ASSERT_EQ(out[i + 1], out[i]) << "grey";
      ASSERT_EQ(out[i + 2], out[i]) << "grey";
    }
  }
  // R16 stores v * 257: 0 and 255 are 0x0000 and 0xFFFF.
  const std::vector<uint8_t> ends = {0, 0, 0, 0, 255, 0, 0, 0};
  EXPECT_EQ(image::packRGBA8(ends.data(), 2, 1, dx::R16), (std::vector<uint8_t>{0, 0, 0xFF, 0xFF}));
}

TEST(PackRgba8, FewBitFormatsRoundToTheNearestValue) {
  const std::vector<uint8_t> px = everyValue();
  // A 5-bit step is 255 / 31 = 8.2: half of it is 4.1; a 6-bit one 4.05: 2.
  const std::vector<uint8_t> b565 = roundTrip(px, dx::B5G6R5);
  expectChannel(px, b565, 0, 4);
  expectChannel(px, b565, 1, 2);
  expectChannel(px, b565, 2, 4);
  expectChannel(px, b565, 3, 0, 255);
  const std::vector<uint8_t> b5551 = roundTrip(px, dx::B5G5R5A1);
  for (int c = 0; c < 3; ++c) expectChannel(px, b5551, c, 4);
  for (size_t i = 0; i < px.size(); i += 4) ASSERT_EQ(b5551[i + 3], px[i + 3] >= 128 ? 255 : 0);
}

TEST(PackRgba8, OtherFormatsAreRefused) {
  const std::vector<uint8_t> px(16 * 4, 0);
  EXPECT_FALSE(image::packable(dx::BC1));
  EXPECT_THROW(image::packRGBA8(px.data(), 4, 4, dx::BC1), Unsupported);
}
