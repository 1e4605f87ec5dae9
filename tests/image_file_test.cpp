// PNG written through OpenImageIO (encodePNG) and read back with libpng
// (decodeEncoded), and encodeImageFile, the writer `strata textures` uses for
// png | dds | ktx2.
#include "strata/error.h"
#include "strata/image.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace strata;
using namespace strata::image;

namespace {
Image bc1Image() {
  // 8x4 BC1: a red/blue block and a 3-colour block with transparency.
  Image img;
  img.name = "bc1";
  img.dxgiFormat = dxgi::BC1_SRGB;
  img.colorSpace = ColorSpace::SRGB;
  img.width = 8, img.height = 4;
  img.data = {0x00, 0xF8, 0x1F, 0x00, 0xE4, 0xE4, 0xE4, 0xE4,
              0x1F, 0x00, 0x00, 0xF8, 0xE4, 0xE4, 0xE4, 0xE4};
  return img;
}
} // namespace

TEST(ImageFile, PngRoundTripsThroughOiio) {
  std::vector<uint8_t> rgba(5 * 3 * 4);
  for (size_t i = 0; i < rgba.size(); ++i) rgba[i] = uint8_t(i * 37 + 11);
  std::vector<uint8_t> png = encodePNG(rgba.data(), 5, 3);
  ASSERT_GE(png.size(), 8u);
  EXPECT_EQ(std::memcmp(png.data(), "\x89PNG\r\n\x1a\n", 8), 0);
  Image back = decodeEncoded(png, "mem.png");
  EXPECT_EQ(back.width, 5u);
  EXPECT_EQ(back.height, 3u);
  EXPECT_EQ(back.dxgiFormat, dxgi::RGBA8);
  EXPECT_EQ(back.data, rgba);
}

TEST(ImageFile, DecodeEncodedRejectsOtherBytes) {
  EXPECT_THROW(decodeEncoded({1, 2, 3, 4}, "x.bin"), Error);
  // A PNG whose IHDR CRC is wrong: libpng rejects it before reading further
  // (image_encoded_test.cpp has the other broken streams).
  std::vector<uint8_t> brokenPng = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0,    0,    0,
                                    13,   'I', 'H', 'D', 'R',  0,    0,    0,    1,    0,    0,
                                    0,    1,   8,   6,   0,    0,    0,    0xDE, 0xAD, 0xBE, 0xEF};
  for (int i = 0; i < 64; ++i) brokenPng.push_back(0);
  EXPECT_THROW(decodeEncoded(brokenPng, "x.png"), Error);
}

TEST(ImageFile, EncodeImageFileEveryContainer) {
  Image img = bc1Image();
  Image png = decodeEncoded(encodeImageFile(img, ImageFileFormat::PNG), "t.png");
  EXPECT_EQ(png.width, 8u);
  EXPECT_EQ(png.data, decodeRGBA8(img));
  // Texel (7, 0) is index 3 of the 3-colour block: transparent black.
  EXPECT_EQ(png.data[7 * 4 + 3], 0);
  Image dds = readDDS(encodeImageFile(img, ImageFileFormat::DDS), "t.dds");
  EXPECT_EQ(dds.dxgiFormat, dxgi::BC1_SRGB);
  EXPECT_EQ(dds.data, img.data);
  Image ktx = readKTX2(encodeImageFile(img, ImageFileFormat::KTX2), "t.ktx2");
  EXPECT_EQ(ktx.dxgiFormat, dxgi::BC1_SRGB);
  EXPECT_EQ(ktx.data, img.data);
  EXPECT_EQ(parseImageFileFormat("ktx2"), ImageFileFormat::KTX2);
  EXPECT_EQ(std::string(imageFileExtension(ImageFileFormat::DDS)), "dds");
  EXPECT_THROW(parseImageFileFormat("tga"), Error);
}
