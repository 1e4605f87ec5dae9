// Third-party cross-check: random BC blocks written into a DDS by our
// writer, decoded by OpenImageIO 2.4 from the file, must equal our decoders bit
// for bit. OIIO 2.4 decodes the DXT1/DXT3/DXT5/ATI1/ATI2 FourCCs and DX10
// BC4/BC5/BC6H/BC7_UNORM (build-notes.md); it cannot read a DDS from memory,
// hence the temp file.
//
// OpenImageIO 2.4.7 decodes BC with bcdec 0.93. Before trusting it we checked
// it against our decoders written from the specs: they agree on every block,
// including all 14 BC6H modes (unsigned and signed), the four reserved BC6H
// mode codes (both give 0), all 8 BC7 modes with every partition, and the
// reserved BC7 mode 8 (both give transparent black). Nothing is excluded. The
// one convention we adopted from OIIO is the 8-bit rounding of BC1-BC5
// interpolants, which D3D leaves to a tolerance (see bc1_5.cpp).
#include "image/bc_blocks.h"
#include "strata/image.h"
#include "test_support.h"

#include <OpenImageIO/imageio.h>
#include <gtest/gtest.h>

#include <random>

using namespace strata;
using namespace strata::image;

namespace {

constexpr uint32_t kSize = 256; // 64 x 64 = 4096 blocks per format: BC7 ~455 per mode,
                                // so each of the 64 partitions at least 7 times

// Random blocks with the mode field forced so every BC6H / BC7 mode (and the
// reserved encodings) gets an equal share instead of the 1/256 that random
// bytes give BC7 mode 7.
std::vector<uint8_t> randomBlocks(uint32_t dxgiCode, uint32_t seed, uint32_t width = kSize,
                                  uint32_t height = kSize) {
  const PixelFormat* f = pixelFormat(dxgiCode);
  std::vector<uint8_t> data(mipByteSize(dxgiCode, width, height));
  std::mt19937 rng(seed);
  for (auto& b : data) b = uint8_t(rng());
  if (dxgiCode == dxgi::BC7 || dxgiCode == dxgi::BC7_SRGB) {
    for (size_t i = 0; i < data.size(); i += 16) {
      const size_t n = i / 16;
      unsigned mode = n % 9; // 8: reserved (first byte 0)
      uint8_t& b0 = data[i];
      if (mode == 8) {
        b0 = 0;
        continue;
      }
      b0 = uint8_t((b0 >> (mode + 1) << (mode + 1)) | (1u << mode));
      // Partition bits follow the mode bits (ARB Table.M: 4 bits in mode 0,
      // 6 in modes 1, 2, 3, 7): cycle them so every partition occurs.
      const unsigned pb = mode == 0 ? 4 : (mode <= 3 || mode == 7) ? 6 : 0;
      const unsigned part = unsigned(n / 9) % (1u << pb);
      for (unsigned k = 0; k < pb; ++k) {
        unsigned bit = mode + 1 + k;
        data[i + bit / 8] =
            uint8_t((data[i + bit / 8] & ~(1u << (bit % 8))) | ((part >> k & 1) << (bit % 8)));
      }
    }
  }
  if (dxgiCode == dxgi::BC6H_UF16 || dxgiCode == dxgi::BC6H_SF16) {
    static const uint8_t codes[] = {0,  1, 2, 6,  10, 14, 18, 22, 26,
                                    30, 3, 7, 11, 15, 19, 23, 27, 31};
    for (size_t i = 0; i < data.size(); i += 16) {
      const size_t n = i / 16;
      uint8_t c = codes[n % 18];
      data[i] = uint8_t(c < 2 ? (data[i] & ~3u) | c : (data[i] & ~31u) | c);
      // Two-region modes keep their partition in bits 77..81: cycle all 32.
      const unsigned part = unsigned(n / 18) % 32;
      for (unsigned k = 0; k < 5; ++k) {
        unsigned bit = 77 + k;
        data[i + bit / 8] =
            uint8_t((data[i + bit / 8] & ~(1u << (bit % 8))) | ((part >> k & 1) << (bit % 8)));
      }
    }
  }
  (void)f;
  return data;
}

Image makeImage(uint32_t code, std::vector<uint8_t> data, uint32_t width = kSize,
                uint32_t height = kSize) {
  return testsupport::imageOfBytes("random", code, width, height, std::move(data));
}

struct OiioDecode {
  int channels = 0;
  std::vector<uint8_t> bytes; // UINT8 or HALF per channel
};

OiioDecode decodeWithOiio(const Image& img, bool forceDX10, OIIO::TypeDesc type) {
  auto dir = testsupport::tempDir();
  auto path = (dir / "x.dds").string();
  testsupport::writeBytes(path, writeDDS(img, {forceDX10}));
  auto in = OIIO::ImageInput::open(path);
  EXPECT_TRUE(in) << OIIO::geterror();
  OiioDecode d;
  if (!in) return d;
  d.channels = in->spec().nchannels;
  EXPECT_EQ(in->spec().width, int(img.width));
  EXPECT_EQ(in->spec().height, int(img.height));
  d.bytes.resize(size_t(img.width) * img.height * d.channels * type.size());
  EXPECT_TRUE(in->read_image(0, 0, 0, d.channels, type, d.bytes.data())) << in->geterror();
  return d;
}

// Counts differing channels and reports the first few with their block.
void expectSameLdr(const Image& img, bool forceDX10, int expectChannels) {
  OiioDecode theirs = decodeWithOiio(img, forceDX10, OIIO::TypeDesc::UINT8);
  ASSERT_EQ(theirs.channels, expectChannels);
  std::vector<uint8_t> ours = decodeRGBA8(img);
  ASSERT_EQ(ours.size(), size_t(img.width) * img.height * 4);
  size_t bad = 0;
  const uint32_t bw = (img.width + 3) / 4;
  for (size_t p = 0; p < size_t(img.width) * img.height; ++p)
    for (int c = 0; c < expectChannels; ++c) {
      uint8_t a = ours[4 * p + c], b = theirs.bytes[p * expectChannels + c];
      if (a != b && ++bad <= 5) {
        size_t x = p % img.width, y = p / img.width, block = (y / 4) * bw + x / 4;
        ADD_FAILURE() << pixelFormat(img.dxgiFormat)->name << " pixel (" << x << "," << y
                      << ") channel " << c << ": ours " << int(a) << ", OIIO " << int(b)
                      << " (block " << block << ", first byte "
                      << int(img.data[block * pixelFormat(img.dxgiFormat)->bytesPerBlock]) << ")";
      }
    }
  EXPECT_EQ(bad, 0u);
}

} // namespace

TEST(ImageOiioCrossCheck, Dxt1FourCC) {
  expectSameLdr(makeImage(dxgi::BC1, randomBlocks(dxgi::BC1, 1)), false, 4);
}
TEST(ImageOiioCrossCheck, Dxt3FourCC) {
  expectSameLdr(makeImage(dxgi::BC2, randomBlocks(dxgi::BC2, 2)), false, 4);
}
TEST(ImageOiioCrossCheck, Dxt5FourCC) {
  expectSameLdr(makeImage(dxgi::BC3, randomBlocks(dxgi::BC3, 3)), false, 4);
}
TEST(ImageOiioCrossCheck, Ati1FourCC) {
  expectSameLdr(makeImage(dxgi::BC4, randomBlocks(dxgi::BC4, 4)), false, 1);
}
TEST(ImageOiioCrossCheck, Ati2FourCC) {
  expectSameLdr(makeImage(dxgi::BC5, randomBlocks(dxgi::BC5, 5)), false, 2);
}
TEST(ImageOiioCrossCheck, Bc4Dx10) {
  expectSameLdr(makeImage(dxgi::BC4, randomBlocks(dxgi::BC4, 6)), true, 1);
}
TEST(ImageOiioCrossCheck, Bc5Dx10) {
  expectSameLdr(makeImage(dxgi::BC5, randomBlocks(dxgi::BC5, 7)), true, 2);
}
TEST(ImageOiioCrossCheck, Bc7Dx10) {
  expectSameLdr(makeImage(dxgi::BC7, randomBlocks(dxgi::BC7, 8)), true, 4);
}

namespace {
void expectSameHalf(uint32_t code, uint32_t seed) {
  Image img = makeImage(code, randomBlocks(code, seed));
  OiioDecode theirs = decodeWithOiio(img, true, OIIO::TypeDesc::HALF);
  ASSERT_EQ(theirs.channels, 3);
  const uint16_t* t = reinterpret_cast<const uint16_t*>(theirs.bytes.data());
  size_t bad = 0;
  const uint32_t bw = kSize / 4;
  for (uint32_t blk = 0; blk < bw * bw; ++blk) {
    uint16_t h[48];
    bc::decodeBC6H(img.data.data() + 16 * blk, code == dxgi::BC6H_SF16, h);
    for (int i = 0; i < 16; ++i)
      for (int c = 0; c < 3; ++c) {
        size_t x = (blk % bw) * 4 + i % 4, y = (blk / bw) * 4 + i / 4;
        uint16_t b = t[(y * kSize + x) * 3 + c];
        if (h[3 * i + c] != b && ++bad <= 5)
          ADD_FAILURE() << "block " << blk << " mode byte " << int(img.data[16 * blk] & 31)
                        << " texel " << i << " channel " << c << ": ours " << std::hex
                        << h[3 * i + c] << ", OIIO " << b;
      }
  }
  EXPECT_EQ(bad, 0u);
}
} // namespace

TEST(ImageOiioCrossCheck, Bc6hUnsignedDx10) {
  expectSameHalf(dxgi::BC6H_UF16, 9);
}
TEST(ImageOiioCrossCheck, Bc6hSignedDx10) {
  expectSameHalf(dxgi::BC6H_SF16, 10);
}

// Sizes that are not multiples of 4 (KDFS §19: the blocks still cover the
// image, the texels past its right and bottom edges are dropped): every
// format through the whole-image path, whose edge blocks take a path of
// their own (decode.cpp), against OIIO texel for texel. BC6H compares the
// floats with OIIO's halves widened exactly.
TEST(ImageOiioCrossCheck, EdgeSizesNotMultiplesOfFour) {
  struct Case {
    uint32_t code;
    bool dx10;
    int channels;
  };
  const Case cases[] = {{dxgi::BC1, false, 4}, {dxgi::BC2, false, 4}, {dxgi::BC3, false, 4},
                        {dxgi::BC4, false, 1}, {dxgi::BC5, false, 2}, {dxgi::BC7, true, 4}};
  for (auto [w, h] : {std::pair<uint32_t, uint32_t>{61, 35}, {2, 7}, {1, 1}, {130, 3}})
    for (const Case& c : cases) {
      SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
      expectSameLdr(makeImage(c.code, randomBlocks(c.code, 11 + w, w, h), w, h), c.dx10,
                    c.channels);
    }
  for (uint32_t code : {dxgi::BC6H_UF16, dxgi::BC6H_SF16}) {
    const uint32_t w = 61, h = 35;
    Image img = makeImage(code, randomBlocks(code, 12, w, h), w, h);
    OiioDecode theirs = decodeWithOiio(img, true, OIIO::TypeDesc::HALF);
    ASSERT_EQ(theirs.channels, 3);
    const uint16_t* t = reinterpret_cast<const uint16_t*>(theirs.bytes.data());
    std::vector<float> ours = decodeRGBA32F(img);
    ASSERT_EQ(ours.size(), size_t(w) * h * 4);
    size_t bad = 0;
    for (size_t p = 0; p < size_t(w) * h; ++p) {
      for (int c = 0; c < 3; ++c)
        if (ours[4 * p + c] != bc::halfToFloat(t[3 * p + c]) && ++bad <= 5)
          ADD_FAILURE() << "BC6H pixel " << p << " channel " << c;
      if (ours[4 * p + 3] != 1.0f && ++bad <= 5) ADD_FAILURE() << "BC6H alpha, pixel " << p;
    }
    EXPECT_EQ(bad, 0u);
  }
}
