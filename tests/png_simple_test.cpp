// decodePNG's fast path (image/png_simple.cpp) against libpng alone: every
// PNG it accepts decodes to libpng's texels, exactly, and is kept as libpng
// keeps it; every other one, sound or broken, it leaves to libpng, so the
// image or the message is libpng's. The streams are built here from the
// specification (filters §9.2, chunks §5.3), compressed by zlib or stored
// (png_fixture.h), or written by Strata's own encoder.
#include "common/bytes.h"
#include "image/deflate_header.h"
#include "image/encoded.h"
#include "png_fixture.h"
#include "strata/error.h"
#include "strata/image.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <random>
#include <tuple>

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

// Deflate streams built bit by bit (RFC 1951): the headers and codes that
// decide whether libdeflate inflates a stream in zlib's place
// (image/deflate_header.h). Each holds one row of 86 black RGB texels: a
// literal 0 (the filter byte), then length 258 at distance 1 (259 bytes).
namespace {

struct BitWriter {
  std::vector<uint8_t> bytes;
  int used = 8;                     // bits of the last byte written
  void put(uint32_t v, int count) { // least significant bit first (§3.1.1)
    for (int i = 0; i < count; ++i) {
      if (used == 8) bytes.push_back(0), used = 0;
      bytes.back() |= uint8_t((v >> i & 1) << used++);
    }
  }
  void code(uint32_t c, int len) { // Huffman codes most significant bit first
    for (int i = len - 1; i >= 0; --i) put(c >> i & 1, 1);
  }
};

// The canonical codes of `lens` (§3.2.2).
std::vector<uint32_t> codesOf(const std::vector<uint8_t>& lens) {
  uint32_t count[16] = {}, next[16] = {};
  for (uint8_t l : lens) ++count[l];
  count[0] = 0;
  for (int b = 1, c = 0; b < 16; ++b) next[b] = c = (c + count[b - 1]) << 1;
  std::vector<uint32_t> codes(lens.size());
  for (size_t i = 0; i < lens.size(); ++i)
    if (lens[i]) codes[i] = next[lens[i]]++;
  return codes;
}

// Lengths of a code: `a` symbols of `la` bits, then `b` of `la + 1`.
std::vector<uint8_t> twoLengths(size_t a, uint8_t la, size_t b) {
  std::vector<uint8_t> lens(a, la);
  lens.insert(lens.end(), b, uint8_t(la + 1));
  return lens;
}

struct Dynamic {
  std::vector<uint8_t> litlen = twoLengths(226, 8, 60); // 286 symbols, complete
  std::vector<uint8_t> dist = twoLengths(2, 4, 28);     // 30 symbols, complete
  // The precode's lengths by symbol (0-18): lengths 0-15 in 4 bits each.
  std::vector<uint8_t> precode = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0};
  std::vector<std::pair<int, int>> lengthSymbols; // (precode symbol, extra bits) if set
  uint32_t distCodeword = ~0u;                    // a codeword of one bit, not the code's
};

// A zlib stream of one final block with `d`'s codes and the one row above.
std::vector<uint8_t> dynamicZlib(const Dynamic& d) {
  BitWriter w;
  w.put(1, 1), w.put(2, 2); // BFINAL, BTYPE 10 (§3.2.3)
  w.put(uint32_t(d.litlen.size() - 257), 5), w.put(uint32_t(d.dist.size() - 1), 5);
  w.put(19 - 4, 4);
  static const int kOrder[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  for (int s : kOrder) w.put(d.precode[size_t(s)], 3);
  const std::vector<uint32_t> pre = codesOf(d.precode);
  auto putLengthSymbol = [&](int s, int extra) {
    w.code(pre[size_t(s)], d.precode[size_t(s)]);
    if (s >= 16) w.put(uint32_t(extra), s == 16 ? 2 : s == 17 ? 3 : 7);
  };
  if (!d.lengthSymbols.empty()) {
    for (auto [s, extra] : d.lengthSymbols) putLengthSymbol(s, extra);
  } else {
    for (uint8_t l : d.litlen) putLengthSymbol(l, 0);
    for (uint8_t l : d.dist) putLengthSymbol(l, 0);
  }
  const std::vector<uint32_t> lit = codesOf(d.litlen), dist = codesOf(d.dist);
  w.code(lit[0], d.litlen[0]);     // literal 0
  w.code(lit[285], d.litlen[285]); // length 258
  if (d.distCodeword != ~0u)
    w.code(d.distCodeword, 1);
  else
    w.code(dist[0], d.dist[0]);    // distance 1
  w.code(lit[256], d.litlen[256]); // end of block
  std::vector<uint8_t> z = {0x78, 0x01};
  z.insert(z.end(), w.bytes.begin(), w.bytes.end());
  be32(z, uint32_t(adler32(1, std::vector<uint8_t>(259).data(), 259)));
  return z;
}

const std::vector<uint8_t> kBlackRow = ihdr(86, 1, 8, 2);

bool takenByLibdeflate(const std::vector<uint8_t>& z) {
  return image::libdeflateInflatesAsZlib(z.data(), z.size());
}

} // namespace

TEST(PngSimple, LibdeflateInflatesOnlyWhatZlibInflatesAlike) {
  // The streams Strata and zlib write for a tile: one final block, dynamic codes.
  std::vector<uint8_t> texels = noise(64 * 64 * 4, 9);
  for (uint8_t& b : texels) b &= 15; // Huffman-coded, not stored
  const std::vector<uint8_t> raw = filterRows(texels, 64, 64, 4, {0, 1, 2, 3, 4});
  EXPECT_TRUE(takenByLibdeflate(zlibOf(raw)));
  const std::vector<uint8_t> png = image::encodePNG(texels.data(), 64, 64);
  // Strata writes one IDAT, after IHDR (33 bytes in) and before IEND.
  ASSERT_EQ(std::string(png.begin() + 37, png.begin() + 41), "IDAT");
  const size_t idat = loadBE32(&png[33]);
  ASSERT_EQ(33 + 12 + idat + 12, png.size());
  EXPECT_TRUE(
      takenByLibdeflate(std::vector<uint8_t>(png.begin() + 41, png.begin() + long(41 + idat))));
  Dynamic good;
  EXPECT_TRUE(takenByLibdeflate(dynamicZlib(good)));
  Image img;
  ASSERT_TRUE(image::decodeSimplePNG(pngOf(kBlackRow, dynamicZlib(good)), img));
  std::vector<uint8_t> black(86 * 4, 0);
  for (size_t i = 3; i < black.size(); i += 4) black[i] = 255;
  EXPECT_TRUE(img.data == black);
  EXPECT_TRUE(agreesWithLibpng(pngOf(kBlackRow, dynamicZlib(good))));

  // Left to zlib, and still the fast path's: stored, fixed codes, several blocks.
  EXPECT_FALSE(takenByLibdeflate(storedZlib(raw)));
  z_stream zs{};
  ASSERT_EQ(deflateInit2(&zs, 6, Z_DEFLATED, 15, 8, Z_FIXED), Z_OK);
  std::vector<uint8_t> fixed(deflateBound(&zs, uLong(raw.size())));
  zs.next_in = const_cast<uint8_t*>(raw.data());
  zs.avail_in = uInt(raw.size());
  zs.next_out = fixed.data();
  zs.avail_out = uInt(fixed.size());
  ASSERT_EQ(deflate(&zs, Z_FINISH), Z_STREAM_END);
  fixed.resize(zs.total_out);
  deflateEnd(&zs);
  std::vector<uint8_t> big = noise(300 * 300 * 4, 4);
  for (uint8_t& b : big) b &= 15; // several Huffman-coded blocks
  const std::vector<uint8_t> bigRaw = filterRows(big, 300, 300, 4, {0});
  const std::vector<uint8_t> blocks = zlibOf(bigRaw);
  using Stream = std::tuple<std::vector<uint8_t>, uint32_t, uint32_t, const std::vector<uint8_t>*>;
  for (const auto& [z, w, h, t] :
       {Stream{fixed, 64, 64, &texels}, Stream{blocks, 300, 300, &big}}) {
    EXPECT_FALSE(takenByLibdeflate(z));
    const auto p = pngOf(ihdr(w, h), z);
    EXPECT_TRUE(agreesWithLibpng(p));
    ASSERT_TRUE(image::decodeSimplePNG(p, img));
    EXPECT_TRUE(img.data == *t);
  }
}

// Streams zlib refuses, libpng's error and never texels for each. libdeflate
// inflates four of them (HLIT 30, HDIST 30, the unused codeword and fixed
// symbol 286: each gave texels when it was let inflate every stream); the
// others zlib refuses for their headers.
TEST(PngSimple, StreamsZlibRefusesAreRefused) {
  struct Case {
    const char* what;
    std::vector<uint8_t> z;
  };
  std::vector<Case> cases;
  Dynamic d;
  d.litlen = twoLengths(225, 8, 62); // 287 symbols, complete
  cases.push_back({"HLIT 30 (287 literal/length codes)", dynamicZlib(d)});
  d = Dynamic();
  d.dist = twoLengths(1, 4, 30); // 31 symbols, complete
  cases.push_back({"HDIST 30 (31 distance codes)", dynamicZlib(d)});
  d = Dynamic();
  d.precode[15] = 0; // 15 codewords of 4 bits: incomplete (15 is not needed)
  cases.push_back({"an incomplete precode", dynamicZlib(d)});
  d = Dynamic();
  d.dist = {1}; // one codeword, 0; zlib takes the code but not codeword 1
  d.distCodeword = 1;
  cases.push_back({"a one-codeword distance code's unused codeword", dynamicZlib(d)});
  d = Dynamic();
  d.precode[14] = 0, d.precode[16] = 4; // a repeat code in place of length 14
  d.lengthSymbols.push_back({16, 0});
  for (uint8_t l : Dynamic().litlen) d.lengthSymbols.push_back({l, 0});
  cases.push_back({"a repeat with no length before it", dynamicZlib(d)});
  // Fixed codes (§3.2.6): literal 0, literal/length symbol 286, distance 1, end.
  BitWriter w;
  w.put(1, 1), w.put(1, 2);
  w.code(0x30, 8), w.code(0xC0 + 6, 8), w.code(0, 5), w.code(0, 7);
  std::vector<uint8_t> fixed286 = {0x78, 0x01};
  fixed286.insert(fixed286.end(), w.bytes.begin(), w.bytes.end());
  be32(fixed286, uint32_t(adler32(1, std::vector<uint8_t>(259).data(), 259)));
  cases.push_back({"fixed codes, literal/length symbol 286", fixed286});
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    EXPECT_FALSE(takenByLibdeflate(c.z));
    const std::vector<uint8_t> p = pngOf(kBlackRow, c.z);
    EXPECT_FALSE(agreesWithLibpng(p));
    EXPECT_THROW(image::decodePNG(p, "t.png"), Error);
  }
  // A missing end-of-block code: lengths complete without symbol 256.
  std::vector<uint8_t> noEnd = twoLengths(227, 8, 58);
  noEnd.insert(noEnd.begin() + 256, 0);
  EXPECT_EQ(noEnd.size(), 286u);
  d = Dynamic();
  d.litlen = noEnd;
  const std::vector<uint8_t> z = dynamicZlib(d);
  EXPECT_FALSE(takenByLibdeflate(z));
}
