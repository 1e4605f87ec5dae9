// DDS reader and writer: round trips of our own files, hand-built files
// written field by field from Microsoft's DDS_HEADER / DDS_PIXELFORMAT /
// DDS_HEADER_DXT10 tables, and bad input that must give a clear Error.
#include "common/bytes.h"
#include "corruption.h"
#include "strata/error.h"
#include "strata/image.h"
#include "test_support.h"

#include <gtest/gtest.h>

using namespace strata;
using namespace strata::image;

namespace {

constexpr uint32_t cc(const char (&s)[5]) {
  return uint32_t(uint8_t(s[0])) | uint32_t(uint8_t(s[1])) << 8 | uint32_t(uint8_t(s[2])) << 16 |
         uint32_t(uint8_t(s[3])) << 24;
}

// DDS header field by field (DDS_HEADER, 124 bytes after the magic).
struct Header {
  uint32_t flags = 0x1007; // CAPS | HEIGHT | WIDTH | PIXELFORMAT
  uint32_t height = 8, width = 8, pitch = 0, depth = 0, mips = 1;
  uint32_t pfFlags = 0x4, fourCC = cc("DXT1"), bits = 0, masks[4] = {};
  uint32_t caps = 0x1000, caps2 = 0;
  bool dx10 = false;
  uint32_t dxgiFormat = 0, dimension = 3, misc = 0, arraySize = 1;
};

std::vector<uint8_t> build(const Header& h, size_t dataBytes, uint8_t fill = 0xA5) {
  ByteWriter w;
  w.u32(cc("DDS "));
  w.u32(124); // dwSize
  w.u32(h.flags);
  w.u32(h.height);
  w.u32(h.width);
  w.u32(h.pitch);
  w.u32(h.depth);
  w.u32(h.mips);
  w.zeros(44); // dwReserved1[11]
  w.u32(32);   // DDS_PIXELFORMAT.dwSize
  w.u32(h.pfFlags);
  w.u32(h.fourCC);
  w.u32(h.bits);
  for (uint32_t m : h.masks) w.u32(m);
  w.u32(h.caps);
  w.u32(h.caps2);
  w.zeros(12); // dwCaps3, dwCaps4, dwReserved2
  if (h.dx10) {
    w.u32(h.dxgiFormat);
    w.u32(h.dimension);
    w.u32(h.misc);
    w.u32(h.arraySize);
    w.u32(0);
  }
  for (size_t i = 0; i < dataBytes; ++i) w.u8(uint8_t(fill + i));
  return w.buf;
}

Image pattern(uint32_t code, uint32_t w, uint32_t h, uint32_t mips, uint32_t layers = 1,
              bool cube = false, uint32_t depth = 1) {
  Image img;
  img.name = "p";
  img.dxgiFormat = code;
  img.width = w, img.height = h, img.depth = depth, img.mipLevels = mips;
  img.arraySize = layers, img.cube = cube;
  img.colorSpace = pixelFormat(code)->colorSpace;
  img.data.resize(imageByteSize(img));
  for (size_t i = 0; i < img.data.size(); ++i) img.data[i] = uint8_t(i * 7 + code);
  return img;
}

// Expects an Error (or Unsupported when `unsupported`) at `offset` whose text
// names the file and contains `what`.
template <typename F>
void expectError(F f, uint64_t offset, const std::string& what, bool unsupported = false) {
  try {
    f();
    ADD_FAILURE() << "no error for " << what;
  } catch (const Unsupported& e) {
    EXPECT_TRUE(unsupported) << e.what();
    EXPECT_EQ(e.offset(), offset) << e.what();
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("bad.dds"), std::string::npos) << e.what();
  } catch (const Error& e) {
    EXPECT_FALSE(unsupported) << e.what();
    EXPECT_EQ(e.offset(), offset) << e.what();
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("bad.dds"), std::string::npos) << e.what();
  }
}

} // namespace

TEST(ImageDds, EveryFormatRoundTripsLegacyAndDx10) {
  for (const PixelFormat& f : pixelFormats()) {
    SCOPED_TRACE(f.name);
    Image img = pattern(f.dxgi, 12, 5, 4);
    for (bool dx10 : {false, true}) {
      std::vector<uint8_t> file = writeDDS(img, {dx10});
      // DX10 header present exactly when forced or when no legacy form exists.
      bool hasDx10 = file.size() == 128 + 20 + img.data.size();
      EXPECT_TRUE(hasDx10 || file.size() == 128 + img.data.size());
      if (dx10) {
        EXPECT_TRUE(hasDx10);
      }
      testsupport::expectSameImage(readDDS(file, "rt.dds"), img);
    }
  }
}

TEST(ImageDds, LegacyWhereExactDx10Elsewhere) {
  auto fourCCOf = [](uint32_t code) {
    std::vector<uint8_t> f = writeDDS(pattern(code, 4, 4, 1));
    return uint32_t(f[84]) | uint32_t(f[85]) << 8 | uint32_t(f[86]) << 16 | uint32_t(f[87]) << 24;
  };
  EXPECT_EQ(fourCCOf(dxgi::BC1), cc("DXT1"));
  EXPECT_EQ(fourCCOf(dxgi::BC2), cc("DXT3"));
  EXPECT_EQ(fourCCOf(dxgi::BC3), cc("DXT5"));
  EXPECT_EQ(fourCCOf(dxgi::BC4), cc("ATI1"));
  EXPECT_EQ(fourCCOf(dxgi::BC5), cc("ATI2"));
  EXPECT_EQ(fourCCOf(dxgi::BC1_SRGB), cc("DX10"));
  EXPECT_EQ(fourCCOf(dxgi::BC7), cc("DX10"));
  EXPECT_EQ(fourCCOf(dxgi::BC6H_UF16), cc("DX10"));
}

TEST(ImageDds, ArraysCubesAndVolumesRoundTrip) {
  Image arr = pattern(dxgi::BC7_SRGB, 8, 8, 2, 3);
  testsupport::expectSameImage(readDDS(writeDDS(arr), "a.dds"), arr);
  Image cube = pattern(dxgi::BC1, 16, 16, 5, 1, true);
  testsupport::expectSameImage(readDDS(writeDDS(cube), "c.dds"), cube); // legacy: caps2 all faces
  Image cubes = pattern(dxgi::RGBA8, 4, 4, 3, 2, true);
  testsupport::expectSameImage(readDDS(writeDDS(cubes), "c.dds"), cubes); // DX10: 2 cubes
  Image vol = pattern(dxgi::R8, 8, 4, 4, 1, false, 6);
  testsupport::expectSameImage(readDDS(writeDDS(vol), "v.dds"), vol);
}

// 'DXT1' 8x8, 2 mips: 4 blocks + 1 block = 40 bytes of data after 128 header bytes.
TEST(ImageDds, HandBuiltLegacyDxt1) {
  Header h;
  h.flags |= 0x20000; // MIPMAPCOUNT
  h.mips = 2;
  h.caps |= 0x400008; // COMPLEX | MIPMAP
  std::vector<uint8_t> file = build(h, 40);
  Image img = readDDS(file, "h.dds");
  EXPECT_EQ(img.dxgiFormat, dxgi::BC1);
  EXPECT_EQ(img.width, 8u);
  EXPECT_EQ(img.height, 8u);
  EXPECT_EQ(img.mipLevels, 2u);
  EXPECT_EQ(img.colorSpace, ColorSpace::Linear);
  ASSERT_EQ(img.data.size(), 40u);
  EXPECT_EQ(img.data[0], 0xA5);
  EXPECT_EQ(img.data[39], uint8_t(0xA5 + 39));
}

// Legacy masks and a DX10 sRGB cube (miscFlag 4: TEXTURECUBE).
TEST(ImageDds, HandBuiltMasksAndDx10Cube) {
  Header rgb565;
  rgb565.pfFlags = 0x40; // DDPF_RGB
  rgb565.fourCC = 0, rgb565.bits = 16;
  rgb565.masks[0] = 0xF800, rgb565.masks[1] = 0x07E0, rgb565.masks[2] = 0x001F;
  rgb565.width = 3, rgb565.height = 2;
  EXPECT_EQ(readDDS(build(rgb565, 12), "m.dds").dxgiFormat, dxgi::B5G6R5);

  Header argb = rgb565;
  argb.pfFlags = 0x41; // RGB | ALPHAPIXELS
  argb.bits = 32;
  argb.masks[0] = 0xFF0000, argb.masks[1] = 0xFF00, argb.masks[2] = 0xFF,
  argb.masks[3] = 0xFF000000;
  EXPECT_EQ(readDDS(build(argb, 24), "m.dds").dxgiFormat, dxgi::BGRA8);

  Header lum;
  lum.pfFlags = 0x20000; // DDPF_LUMINANCE
  lum.fourCC = 0, lum.bits = 16, lum.masks[0] = 0xFFFF;
  lum.width = 2, lum.height = 2;
  EXPECT_EQ(readDDS(build(lum, 8), "m.dds").dxgiFormat, dxgi::R16);

  Header cube;
  cube.fourCC = cc("DX10");
  cube.dx10 = true;
  cube.dxgiFormat = 99; // BC7_UNORM_SRGB
  cube.misc = 4;
  cube.width = cube.height = 4;
  cube.caps |= 0x8;
  Image img = readDDS(build(cube, 6 * 16), "cube.dds");
  EXPECT_EQ(img.dxgiFormat, dxgi::BC7_SRGB);
  EXPECT_TRUE(img.cube);
  EXPECT_EQ(img.arraySize, 1u);
  EXPECT_EQ(sliceCount(img), 6u);
  EXPECT_EQ(img.colorSpace, ColorSpace::SRGB);
  EXPECT_EQ(img.data[5 * 16], uint8_t(0xA5 + 80)); // face 5 starts at byte 80
}

TEST(ImageDds, BadInputIsAClearError) {
  Header ok;
  std::vector<uint8_t> good = build(ok, 32);
  ASSERT_NO_THROW(readDDS(good, "bad.dds"));

  std::vector<uint8_t> f = good;
  f[0] = 'X';
  expectError([&] { readDDS(f, "bad.dds"); }, 0, "DDS magic");

  f = std::vector<uint8_t>(good.begin(), good.begin() + 60);
  expectError([&] { readDDS(f, "bad.dds"); }, 32, "dwReserved1"); // header cut inside it

  f = good;
  f[4] = 100; // dwSize
  expectError([&] { readDDS(f, "bad.dds"); }, 4, "dwSize 124");

  Header h = ok;
  h.width = 0;
  expectError([&] { readDDS(build(h, 32), "bad.dds"); }, 12, "width and height");

  h = ok;
  h.width = h.height = 0x7FFFFFFF; // must not try to allocate petabytes
  expectError([&] { readDDS(build(h, 32), "bad.dds"); }, 12, "width and height");

  h = ok;
  h.width = h.height = 65536; // legal size, but the file holds 32 bytes
  expectError([&] { readDDS(build(h, 32), "bad.dds"); }, 128, "image data");

  h = ok;
  h.mips = 40;
  expectError([&] { readDDS(build(h, 32), "bad.dds"); }, 28, "mip levels");

  f = std::vector<uint8_t>(good.begin(), good.end() - 1); // one data byte short
  expectError([&] { readDDS(f, "bad.dds"); }, 128, "image data");

  h = ok;
  h.fourCC = cc("ETC1");
  expectError([&] { readDDS(build(h, 32), "bad.dds"); }, 80, "FourCC 'ETC1'", true);

  h = ok;
  h.fourCC = cc("DX10"), h.dx10 = true, h.dxgiFormat = 2; // R32G32B32A32_FLOAT
  expectError([&] { readDDS(build(h, 512), "bad.dds"); }, 128, "DXGI format 2", true);

  h = ok;
  h.fourCC = cc("DX10"), h.dx10 = true, h.dxgiFormat = 71, h.arraySize = 0;
  expectError([&] { readDDS(build(h, 32), "bad.dds"); }, 140, "arraySize");

  h = ok;
  h.fourCC = cc("DX10"), h.dx10 = true, h.dxgiFormat = 71, h.dimension = 9;
  expectError([&] { readDDS(build(h, 32), "bad.dds"); }, 132, "resourceDimension");

  h = ok;
  h.caps2 = 0x200 | 0x400; // cube map with only +X
  expectError([&] { readDDS(build(h, 32), "bad.dds"); }, 112, "six faces", true);

  expectError([&] { readDDS({}, "bad.dds"); }, 0, "DDS magic");
}

TEST(ImageDds, WriterRejectsInconsistentImages) {
  Image img = pattern(dxgi::BC1, 8, 8, 1);
  img.data.pop_back();
  EXPECT_THROW(writeDDS(img), Error);
  img = pattern(dxgi::BC1, 8, 8, 1);
  img.dxgiFormat = 2;
  EXPECT_THROW(writeDDS(img), Unsupported);
}

// Random corruption of valid files (header bytes mostly, some data, some
// truncation) gives either an image that decodes or a strata::Error; never a
// crash (run under ./dev sanitize too).
TEST(ImageDds, CorruptFilesNeverCrash) {
  const std::vector<std::vector<uint8_t>> seeds = {
      writeDDS(pattern(dxgi::BC1, 8, 8, 4)), writeDDS(pattern(dxgi::BC7_SRGB, 4, 4, 1, 2)),
      writeDDS(pattern(dxgi::RGBA8, 4, 4, 3, 1, true)), writeDDS(pattern(dxgi::B5G6R5, 3, 5, 2)),
      writeDDS(pattern(dxgi::R16, 4, 2, 1, 1, false, 3))};
  testsupport::CorruptionOptions o;
  o.seed = 99;
  o.headerBytes = 148; // the DDS header with its DX10 extension
  auto c = testsupport::corruptAndRead(seeds, o, [](const std::vector<uint8_t>& f) {
    testsupport::decodeEveryLevel(readDDS(f, "fuzz.dds"));
  });
  EXPECT_GT(c.accepted, 100);
  EXPECT_GT(c.rejected, 100);
}
