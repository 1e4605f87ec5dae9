// PNG and JPEG decoding (decodeEncoded: libpng, libjpeg) on hand-built streams
// (png_fixture.h), and the declared-size rule every decoder applies before it
// allocates (decode_limits.h): a few bytes claiming a huge image fail at once.
#include "image/decode_limits.h"
#include "png_fixture.h"
#include "strata/error.h"
#include "strata/image.h"

#include <OpenImageIO/filesystem.h>
#include <OpenImageIO/imageio.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>

using namespace strata;
using namespace strata::image;
using namespace pngfixture;

namespace {

// The Error decodeEncoded throws for `bytes` ("" when it decodes).
std::string errorOf(const std::vector<uint8_t>& bytes, uint64_t* offset = nullptr,
                    bool* unsupported = nullptr) {
  try {
    decodeEncoded(bytes, "t.img");
  } catch (const Error& e) {
    if (offset) *offset = e.offset();
    if (unsupported) *unsupported = dynamic_cast<const Unsupported*>(&e) != nullptr;
    return e.what();
  }
  return "";
}

void expectError(const std::vector<uint8_t>& bytes, uint64_t offset, const std::string& what) {
  uint64_t at = 0;
  const auto start = std::chrono::steady_clock::now();
  const std::string e = errorOf(bytes, &at);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_FALSE(e.empty()) << "no error for " << what;
  EXPECT_EQ(at, offset) << e;
  EXPECT_NE(e.find(what), std::string::npos) << e;
  EXPECT_NE(e.find("t.img"), std::string::npos) << e;
  EXPECT_LT(seconds, 1.0) << e; // refused from the header, nothing decoded
}

} // namespace

TEST(ImageEncoded, DeclaredSizeCapAndPayloadBound) {
  DeclaredImage d;
  d.what = "PNG";
  d.width = kMaxDecodedSide;
  d.height = 1;
  d.leastBytes = 100;
  d.payloadBytes = 100;
  d.rule = "the rule";
  EXPECT_NO_THROW(checkDeclaredSize(d, "f", 7)); // both limits exactly met
  d.payloadBytes = 99;
  try {
    checkDeclaredSize(d, "f", 7);
    ADD_FAILURE() << "99 bytes accepted where 100 are needed";
  } catch (const Error& e) {
    EXPECT_EQ(e.offset(), 7u);
    EXPECT_EQ(e.detail(), "PNG declares 16384x1, which needs at least 100 bytes of compressed data "
                          "(the rule), but the payload holds 99");
  }
  d.payloadBytes = 100;
  for (uint32_t side : {0u, kMaxDecodedSide + 1}) {
    d.height = side;
    try {
      checkDeclaredSize(d, "f", 7);
      ADD_FAILURE() << "height " << side << " accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.detail(),
                "PNG declares 16384x" + std::to_string(side) + "; expected each side in 1..16384");
    }
  }
  // The codec rules' constants (decode_limits.h): 258 bytes per 2 bits.
  EXPECT_EQ(kDeflateMaxRatio, 258u * 8 / 2);
  EXPECT_EQ(kZstdBlockMaxOutput, 131072u);
}

TEST(ImageEncoded, PngHandBuiltImagesDecodeToRgba8) {
  // RGBA8, two rows, filter 0: pixels as stored.
  std::vector<uint8_t> raw = {0, 10, 20, 30, 40, 50, 60, 70, 80, 0, 1, 2, 3, 4, 5, 6, 7, 8};
  Image img = decodeEncoded(png(ihdr(2, 2), storedZlib(raw)), "rgba.png");
  EXPECT_EQ(img.width, 2u);
  EXPECT_EQ(img.height, 2u);
  EXPECT_EQ(img.dxgiFormat, dxgi::RGBA8);
  EXPECT_EQ(img.data,
            (std::vector<uint8_t>{10, 20, 30, 40, 50, 60, 70, 80, 1, 2, 3, 4, 5, 6, 7, 8}));

  // RGB8 (colour type 2), Sub filter on the row: x[1] = raw + x[0].
  raw = {1, 100, 0, 200, 5, 7, 9};
  img = decodeEncoded(png(ihdr(2, 1, 8, 2), storedZlib(raw)), "rgb.png");
  EXPECT_EQ(img.data, (std::vector<uint8_t>{100, 0, 200, 255, 105, 7, 209, 255}));

  // Grey 16-bit (colour type 0): rounded to 8 bits, alpha 255.
  raw = {0, 0x00, 0x00, 0xFF, 0xFF, 0x80, 0x80};
  img = decodeEncoded(png(ihdr(3, 1, 16, 0), storedZlib(raw)), "grey16.png");
  EXPECT_EQ(img.data, (std::vector<uint8_t>{0, 0, 0, 255, 255, 255, 255, 255, 128, 128, 128, 255}));

  // Palette (colour type 3) with tRNS: entry 1 half transparent, 1-bit indices.
  std::vector<uint8_t> p = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  chunk(p, "IHDR", ihdr(3, 1, 1, 3));
  chunk(p, "PLTE", {255, 0, 0, 0, 0, 255});
  chunk(p, "tRNS", {255, 128});
  chunk(p, "IDAT", storedZlib({0, 0b01000000})); // indices 0 1 0
  chunk(p, "IEND", {});
  img = decodeEncoded(p, "palette.png");
  EXPECT_EQ(img.data, (std::vector<uint8_t>{255, 0, 0, 255, 0, 0, 255, 128, 255, 0, 0, 255}));
}

TEST(ImageEncoded, PngBrokenStreamsNameTheChunkAndWhatWasExpected) {
  const std::vector<uint8_t> good = flatPng(4, 4, 9, 8, 7);
  ASSERT_EQ(decodeEncoded(good, "t.img").data[0], 9);
  // Cut inside the IDAT chunk.
  expectError(std::vector<uint8_t>(good.begin(), good.begin() + long(kFirstIdatOffset) + 30),
              kFirstIdatOffset, "IDAT chunk");
  // Zero width: libpng's reason comes with its "Invalid IHDR data".
  expectError(png(ihdr(0, 4), storedZlib(flatRows(4, 4, 0, 0, 0))), 8, "Image width is zero");
  // Filter type 5 on the second row (§9.2 knows 0..4).
  std::vector<uint8_t> raw = flatRows(4, 4, 1, 2, 3);
  raw[1 + 16] = 5;
  expectError(png(ihdr(4, 4), storedZlib(raw)), kFirstIdatOffset, "bad adaptive filter value");
  // Three rows of the four IHDR declares: libpng runs out at the next chunk (IEND).
  const std::vector<uint8_t> idat = storedZlib(flatRows(4, 3, 1, 2, 3));
  expectError(png(ihdr(4, 4), idat), kFirstIdatOffset + 12 + idat.size(),
              "IEND chunk: Not enough image data");
  // IHDR's CRC does not match the chunk.
  std::vector<uint8_t> crc = good;
  crc[kFirstIdatOffset - 1] ^= 0x55;
  expectError(crc, 8, "IHDR chunk: IHDR: CRC error");
  // A chunk type byte that is not text (the fuzzers' find: the raw byte made
  // `validate --json` abort): percent-escaped, the message stays UTF-8.
  std::vector<uint8_t> type = good;
  type[8 + 4 + 2] = 0xA3; // "IHDR" -> "IH\xA3R"
  expectError(type, 8, "IH%A3R chunk");
  EXPECT_NO_THROW((void)nlohmann::json(errorOf(type)).dump()) << errorOf(type);
}

TEST(ImageEncoded, PngHugeDeclaredSizesFailBeforeAllocating) {
  // 74 bytes claiming 32768 x 32768: over the side cap, at IHDR's width (16).
  std::vector<uint8_t> big = png(ihdr(32768, 32768), storedZlib(std::vector<uint8_t>(16, 0)));
  EXPECT_EQ(big.size(), 8 + 25 + 12 + 27 + 12u);
  expectError(big, 16, "PNG declares 32768x32768; expected each side in 1..16384");
  // Inside the cap, but 16384^2 RGBA8 (1 GiB of rows) needs 1040448 IDAT bytes at 1032:1.
  expectError(png(ihdr(16384, 16384), storedZlib(std::vector<uint8_t>(16, 0))), 16,
              "needs at least 1040448 bytes of compressed data (deflate expands at most 1032:1), "
              "but the payload holds 27");
}

namespace {

// A JPEG of `w` x `h` written by libjpeg through OpenImageIO (a third-party
// encoder), and the pixels OpenImageIO decodes from it.
std::vector<uint8_t> oiioJpeg(int w, int h, std::vector<uint8_t>& decoded) {
  std::vector<uint8_t> rgb(size_t(w) * h * 3);
  for (size_t i = 0; i < rgb.size(); ++i) rgb[i] = uint8_t(i * 7 + (i / 3) * 13);
  std::vector<unsigned char> out;
  OIIO::Filesystem::IOVecOutput vec(out);
  auto o = OIIO::ImageOutput::create("x.jpg");
  OIIO::ImageSpec spec(w, h, 3, OIIO::TypeDesc::UINT8);
  o->set_ioproxy(&vec);
  EXPECT_TRUE(o->open("x.jpg", spec) && o->write_image(OIIO::TypeDesc::UINT8, rgb.data()) &&
              o->close());
  OIIO::Filesystem::IOMemReader mem(out.data(), out.size());
  auto in = OIIO::ImageInput::create("x.jpg", false, nullptr, &mem);
  OIIO::ImageSpec got, config;
  EXPECT_TRUE(in->set_ioproxy(&mem) && in->open("x.jpg", got, config)) << in->geterror();
  decoded.resize(size_t(w) * h * 3);
  in->read_image(0, 0, 0, 3, OIIO::TypeDesc::UINT8, decoded.data());
  in->close();
  return std::vector<uint8_t>(out.begin(), out.end());
}

} // namespace

TEST(ImageEncoded, JpegDecodesLikeLibjpegThroughOiioAndRefusesBrokenData) {
  std::vector<uint8_t> ref;
  const std::vector<uint8_t> jpg = oiioJpeg(24, 16, ref);
  Image img = decodeEncoded(jpg, "t.img");
  ASSERT_EQ(img.width, 24u);
  ASSERT_EQ(img.height, 16u);
  for (size_t i = 0; i < size_t(24) * 16; ++i) {
    ASSERT_EQ(img.data[4 * i], ref[3 * i]) << i;
    ASSERT_EQ(img.data[4 * i + 1], ref[3 * i + 1]) << i;
    ASSERT_EQ(img.data[4 * i + 2], ref[3 * i + 2]) << i;
    ASSERT_EQ(img.data[4 * i + 3], 255) << i;
  }
  // Cut inside the scan: libjpeg would fill the rest grey and call it a warning.
  std::vector<uint8_t> cut(jpg.begin(), jpg.end() - 40);
  uint64_t at = 0;
  EXPECT_NE(errorOf(cut, &at).find("expected a JPEG image: Premature end of JPEG file"),
            std::string::npos);
  EXPECT_EQ(at, cut.size());
  // A JPEG signature on something else: APP0's length "ju" runs past the 8 bytes.
  expectError({0xFF, 0xD8, 0xFF, 0xE0, 'j', 'u', 'n', 'k'}, 8,
              "expected a JPEG image: Premature end of JPEG file");
  // Arithmetic coding (SOF9): no payload bound, refused as unsupported.
  std::vector<uint8_t> arith = jpegHeader(16, 16, 64);
  arith[kJpegSofOffset + 1] = 0xC9;
  bool unsupported = false;
  EXPECT_NE(errorOf(arith, nullptr, &unsupported).find("arithmetic-coded JPEG"), std::string::npos);
  EXPECT_TRUE(unsupported);
}

TEST(ImageEncoded, JpegHugeDeclaredSizesFailBeforeAllocating) {
  // A 337-byte JPEG claiming 29793 x 29214: over the side cap, at SOF0.
  std::vector<uint8_t> big = jpegHeader(29793, 29214, 337 - 27);
  EXPECT_EQ(big.size(), 337u);
  expectError(big, kJpegSofOffset, "JPEG declares 29793x29214; expected each side in 1..16384");
  // 8000 x 8000 grey is 1000000 blocks: a sequential scan needs 2 bits each.
  expectError(jpegHeader(8000, 8000, 300), kJpegSofOffset,
              "needs at least 250000 bytes of compressed data (2 bits for each of its 1000000 8x8 "
              "blocks), but the payload holds 302");
  // Progressive (SOF2): 1 bit each.
  std::vector<uint8_t> prog = jpegHeader(8000, 8000, 300);
  prog[kJpegSofOffset + 1] = 0xC2;
  expectError(prog, kJpegSofOffset, "needs at least 125000 bytes");
}
