// decodePNG's fast path (image/png_simple.cpp) against libpng alone: every
// PNG it accepts decodes to libpng's texels, exactly, and is kept as libpng
// keeps it; every other one, sound or broken, it leaves to libpng, so the
// image or the message is libpng's. The streams are built here from the
// specification (filters §9.2, chunks §5.3), compressed by zlib or stored
// (png_fixture.h), or written by Strata's own encoder.
#include "image/encoded.h"
#include "png_fixture.h"
#include "strata/error.h"
#include "strata/image.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <random>

using namespace strata;
using namespace pngfixture;

namespace {

uint8_t paethPredictor(int a, int b, int c) {
  const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return uint8_t(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

// The filtered rows of `texels` (width x height, bpp bytes each), row y
// filtered with types[y % types.size()] (§9.2; the bytes left of the row and
// the row above the first are zeros).
std::vector<uint8_t> filterRows(const std::vector<uint8_t>& texels, uint32_t width, uint32_t height,
                                uint32_t bpp, const std::vector<uint8_t>& types) {
  const size_t n = size_t(width) * bpp;
  std::vector<uint8_t> raw;
  for (uint32_t y = 0; y < height; ++y) {
    const uint8_t type = types[y % types.size()];
    raw.push_back(type);
    for (size_t i = 0; i < n; ++i) {
      const int x = texels[y * n + i], a = i >= bpp ? texels[y * n + i - bpp] : 0,
                b = y ? texels[(y - 1) * n + i] : 0,
                c = y && i >= bpp ? texels[(y - 1) * n + i - bpp] : 0;
      const int pred = type == 1   ? a
                       : type == 2 ? b
                       : type == 3 ? (a + b) / 2
                       : type == 4 ? paethPredictor(a, b, c)
                                   : 0;
      raw.push_back(uint8_t(x - pred));
    }
  }
  return raw;
}

// A zlib stream of `raw` (zlib's deflate; windowBits 8-15).
std::vector<uint8_t> zlibOf(const std::vector<uint8_t>& raw, int level = 6, int windowBits = 15) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::vector<uint8_t> out(deflateBound(&z, uLong(raw.size())));
  z.next_in = const_cast<uint8_t*>(raw.data());
  z.avail_in = uInt(raw.size());
  z.next_out = out.data();
  z.avail_out = uInt(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// Signature, IHDR, the stream in IDATs of at most `piece` bytes, IEND.
std::vector<uint8_t> pngOf(const std::vector<uint8_t>& ihdrData, const std::vector<uint8_t>& z,
                           size_t piece = SIZE_MAX) {
  std::vector<uint8_t> p = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  chunk(p, "IHDR", ihdrData);
  for (size_t at = 0; at < z.size(); at += piece) {
    const size_t n = std::min(piece, z.size() - at);
    chunk(p, "IDAT", std::vector<uint8_t>(z.begin() + long(at), z.begin() + long(at + n)));
  }
  chunk(p, "IEND", {});
  return p;
}

std::vector<uint8_t> noise(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> v(n);
  for (uint8_t& b : v) b = uint8_t(rng());
  return v;
}

std::vector<uint8_t> toRgba(const std::vector<uint8_t>& texels, uint32_t bpp) {
  if (bpp == 4) return texels;
  std::vector<uint8_t> out;
  for (size_t i = 0; i < texels.size(); i += 3)
    out.insert(out.end(), {texels[i], texels[i + 1], texels[i + 2], 255});
  return out;
}

// Whether the fast path took `png`, and that decodePNG (fast path first)
// gives what libpng alone gives: the same image, kept or not, or the same
// error at the same offset; with or without texels.
bool agreesWithLibpng(const std::vector<uint8_t>& png) {
  Image fast;
  fast.width = 12345; // left as it is when the fast path declines
  const bool took = image::decodeSimplePNG(png, fast);
  if (!took) {
    EXPECT_EQ(fast.width, 12345u);
  }
  Image lib, dec;
  std::string libError = "(none)", decError = "(none)";
  try {
    lib = image::decodePNGWithLibpng(png, "t.png");
  } catch (const Error& e) {
    libError = e.what();
  }
  try {
    dec = image::decodePNG(png, "t.png");
  } catch (const Error& e) {
    decError = e.what();
  }
  EXPECT_EQ(decError, libError);
  for (const Image* img : {&dec, took ? &fast : &lib}) {
    EXPECT_EQ(img->width, lib.width);
    EXPECT_EQ(img->height, lib.height);
    EXPECT_EQ(img->dxgiFormat, lib.dxgiFormat);
    EXPECT_EQ(img->colorSpace, lib.colorSpace);
    EXPECT_TRUE(img->data == lib.data);
    EXPECT_TRUE(img->png == lib.png);
  }
  if (took) {
    EXPECT_EQ(libError, "(none)");
  }
  // Without texels (LoadOptions::texels): the same files taken and the same
  // errors, the PNG kept, no texels made.
  Image checked;
  EXPECT_EQ(image::decodeSimplePNG(png, checked, false), took);
  std::string checkedError = "(none)";
  try {
    checked = image::decodePNG(png, "t.png", false);
  } catch (const Error& e) {
    checkedError = e.what();
  }
  EXPECT_EQ(checkedError, libError);
  if (took) {
    EXPECT_EQ(checked.width, lib.width);
    EXPECT_EQ(checked.height, lib.height);
    EXPECT_TRUE(checked.png == lib.png);
    EXPECT_TRUE(checked.data.empty());
  }
  return took;
}

// Replaces chunk `index`'s data (0: IHDR) and writes its CRC again.
std::vector<uint8_t> withChunkData(const std::vector<uint8_t>& png, int index,
                                   const std::vector<uint8_t>& data) {
  std::vector<uint8_t> out(png.begin(), png.begin() + 8);
  size_t at = 8;
  for (int k = 0; at < png.size(); ++k) {
    const uint32_t len =
        uint32_t(png[at]) << 24 | png[at + 1] << 16 | png[at + 2] << 8 | png[at + 3];
    const std::string type(png.begin() + long(at + 4), png.begin() + long(at + 8));
    chunk(out, type,
          k == index
              ? data
              : std::vector<uint8_t>(png.begin() + long(at + 8), png.begin() + long(at + 8 + len)));
    at += 12 + len;
  }
  return out;
}

} // namespace

TEST(PngSimple, EveryFilterTypeRgbAndRgbaDecodesAsLibpng) {
  const std::vector<std::vector<uint8_t>> filterings = {
      {0}, {1}, {2}, {3}, {4}, {0, 1, 2, 3, 4}, {4, 3, 2, 1, 0, 2}};
  int taken = 0;
  for (uint32_t bpp : {3u, 4u})
    for (auto [w, h] : {std::pair{1u, 1u}, {2u, 5u}, {7u, 3u}, {13u, 9u}, {33u, 17u}, {64u, 64u}})
      for (const auto& types : filterings) {
        const std::vector<uint8_t> texels = noise(size_t(w) * h * bpp, w * 131 + h + bpp);
        const std::vector<uint8_t> raw = filterRows(texels, w, h, bpp, types);
        for (const std::vector<uint8_t>& z : {zlibOf(raw), zlibOf(raw, 1), storedZlib(raw)}) {
          SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " bpp " + std::to_string(bpp) +
                       " filter " + std::to_string(types[0]));
          const auto png = pngOf(ihdr(w, h, 8, bpp == 4 ? 6 : 2), z);
          Image img;
          ASSERT_TRUE(image::decodeSimplePNG(png, img));
          EXPECT_TRUE(img.data == toRgba(texels, bpp)); // the texels filtered above
          EXPECT_TRUE(img.png == png);
          taken += agreesWithLibpng(png);
        }
      }
  EXPECT_EQ(taken, 2 * 6 * 7 * 3);
}

TEST(PngSimple, IdatSplitAnywhereDecodesAsOne) {
  const std::vector<uint8_t> texels = noise(19 * 11 * 4, 7);
  const auto z = zlibOf(filterRows(texels, 19, 11, 4, {0, 1, 2, 3, 4}));
  for (size_t piece : {size_t(1), size_t(2), size_t(7), size_t(100), z.size() - 1}) {
    const auto png = pngOf(ihdr(19, 11), z, piece);
    EXPECT_TRUE(agreesWithLibpng(png)) << piece;
    Image img;
    ASSERT_TRUE(image::decodeSimplePNG(png, img));
    EXPECT_TRUE(img.data == texels);
  }
}

TEST(PngSimple, StrataEncodedPngsTakeTheFastPath) {
  for (auto [w, h] : {std::pair{1u, 1u}, {3u, 7u}, {64u, 64u}, {257u, 131u}, {300u, 200u}})
    for (bool opaque : {true, false}) {
      std::vector<uint8_t> rgba = noise(size_t(w) * h * 4, w + h);
      for (size_t i = 0; i < rgba.size(); i += 4) {
        if (opaque) rgba[i + 3] = 255;
        if ((i / 4) % 7 < 4) rgba[i] = rgba[i + 1] = uint8_t(i / 4 / w); // smoother runs too
      }
      const std::vector<uint8_t> png = image::encodePNG(rgba.data(), w, h);
      SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + (opaque ? " RGB" : " RGBA"));
      EXPECT_EQ(png[25], opaque ? 2 : 6); // IHDR colour type
      EXPECT_TRUE(agreesWithLibpng(png));
      Image img;
      ASSERT_TRUE(image::decodeSimplePNG(png, img));
      EXPECT_TRUE(img.data == rgba);
    }
}

TEST(PngSimple, AnythingElseIsLibpngs) {
  const std::vector<uint8_t> texels = noise(5 * 4 * 3, 3);
  const std::vector<uint8_t> raw = filterRows(texels, 5, 4, 3, {1, 4, 2, 3});
  const std::vector<uint8_t> z = zlibOf(raw);
  const std::vector<uint8_t> good = pngOf(ihdr(5, 4, 8, 2), z);
  ASSERT_TRUE(agreesWithLibpng(good));
  struct Case {
    const char* what;
    std::vector<uint8_t> png;
  };
  std::vector<Case> cases;
  // Each chunk's CRC wrong in turn (IHDR, IDAT, IEND).
  for (size_t crcAt : {size_t(8 + 21), size_t(33 + 8 + z.size()), good.size() - 1}) {
    auto p = good;
    p[crcAt] ^= 1;
    cases.push_back({"a CRC", p});
  }
  auto badFilter = raw;
  badFilter[2 * (1 + 15)] = 5; // row 2's filter type
  cases.push_back({"filter type 5", pngOf(ihdr(5, 4, 8, 2), zlibOf(badFilter))});
  cases.push_back({"rows missing", pngOf(ihdr(5, 5, 8, 2), z)});
  cases.push_back({"a row too many", pngOf(ihdr(5, 3, 8, 2), z)});
  auto afterStream = z;
  afterStream.push_back(0);
  cases.push_back({"a byte after the zlib stream", pngOf(ihdr(5, 4, 8, 2), afterStream)});
  auto badAdler = z;
  badAdler.back() ^= 1;
  cases.push_back({"Adler-32", pngOf(ihdr(5, 4, 8, 2), badAdler)});
  auto cut = z;
  cut.resize(z.size() - 4);
  cases.push_back({"no Adler-32", pngOf(ihdr(5, 4, 8, 2), cut)});
  cases.push_back({"a 512-byte window", pngOf(ihdr(5, 4, 8, 2), zlibOf(raw, 6, 9))});
  std::vector<uint8_t> emptyIdat = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  chunk(emptyIdat, "IHDR", ihdr(5, 4, 8, 2));
  chunk(emptyIdat, "IDAT", std::vector<uint8_t>(z.begin(), z.begin() + 5));
  chunk(emptyIdat, "IDAT", {});
  chunk(emptyIdat, "IDAT", std::vector<uint8_t>(z.begin() + 5, z.end()));
  chunk(emptyIdat, "IEND", {});
  cases.push_back({"an empty IDAT", emptyIdat});
  auto trailing = good;
  trailing.push_back(0);
  cases.push_back({"a byte after IEND", trailing});
  cases.push_back({"IEND with data", withChunkData(good, 2, {0})});
  std::vector<uint8_t> text = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  chunk(text, "IHDR", ihdr(5, 4, 8, 2));
  chunk(text, "tEXt", {'C', 'o', 'm', 'm', 'e', 'n', 't', 0, 'h', 'i'});
  chunk(text, "IDAT", z);
  chunk(text, "IEND", {});
  cases.push_back({"a tEXt chunk (kept by libpng)", text});
  auto interlaced = ihdr(1, 1, 8, 2);
  interlaced[12] = 1; // Adam7: a 1x1 image is pass 1's one texel
  cases.push_back({"interlaced", pngOf(interlaced, zlibOf({0, 10, 20, 30}))});
  cases.push_back({"16-bit", pngOf(ihdr(1, 1, 16, 2), zlibOf({0, 1, 2, 3, 4, 5, 6}))});
  cases.push_back({"grey", pngOf(ihdr(2, 1, 8, 0), zlibOf({0, 7, 9}))});
  cases.push_back({"grey + alpha", pngOf(ihdr(1, 1, 8, 4), zlibOf({0, 7, 9}))});
  cases.push_back({"0 wide", pngOf(ihdr(0, 1, 8, 2), zlibOf({0}))});
  cases.push_back({"17000 wide", pngOf(ihdr(17000, 1, 8, 2), zlibOf(std::vector<uint8_t>(51001)))});
  auto past = good;
  past[33 + 3] = 0xF0; // IDAT declares 240 bytes, past the data
  cases.push_back({"an IDAT past the data", past});
  std::vector<uint8_t> pastChunk = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  chunk(pastChunk, "IHDR", ihdr(5, 4, 8, 2));
  be32(pastChunk, 0x7FFFFF00u);
  pastChunk.insert(pastChunk.end(), {'z', 'T', 'X', 't', 'k', 0, 0});
  cases.push_back({"a chunk before IDAT past the data", pastChunk});
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    EXPECT_FALSE(agreesWithLibpng(c.png));
  }
}
