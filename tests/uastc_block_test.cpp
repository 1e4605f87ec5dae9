// UASTC encoder / decoder unit tests. Expected bits and values are written out
// by hand from the Data Format Specification's UASTC chapter (uastc.txt:
// "Solid color blocks", "Block configuration bits", "Unpacking Trits", the
// unquantisation and anchor tables).
#include "image/uastc_block.h"
#include "image/uastc_hints.h"
#include "image/uastc_tables.h"
#include "strata/error.h"
#include "strata/image.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace strata;
using namespace strata::image;
using namespace strata::image::uastc;

namespace {

using u128 = unsigned __int128;

u128 asInt(const Bytes16& b) {
  u128 v = 0;
  for (int i = 15; i >= 0; --i) v = v << 8 | b[i];
  return v;
}

uint32_t field(u128 v, int at, int bits) {
  return uint32_t(v >> at) & ((1u << bits) - 1);
}

int maxError(const uint8_t a[64], const uint8_t b[64]) {
  int e = 0;
  for (int i = 0; i < 64; ++i) e = std::max(e, std::abs(a[i] - b[i]));
  return e;
}

// Encodes and decodes one block; returns the mode and the decoded texels.
int roundTrip(const uint8_t px[64], uint8_t out[64], int quality = 1) {
  const Block b = encodeBlock(px, quality);
  const Bytes16 bytes = pack(b);
  decodeBytes(bytes.data(), out);
  Block back;
  EXPECT_TRUE(unpack(bytes.data(), back));
  return back.mode;
}

} // namespace

TEST(UastcTables, EndpointUnquantisationMatchesTheSpecTables) {
  // "UASTC unquantization data for Mode Index 3": (trit << 2) | bits -> value.
  const int mode3[12] = {0, 255, 69, 186, 23, 232, 92, 163, 46, 209, 116, 139};
  for (int i = 0; i < 12; ++i) EXPECT_EQ(unquantEndpoint(3, i), mode3[i]) << i;
  // Modes 4 and 7 (40 values), entries 0..7 and 32..39.
  const int mode47[16] = {0, 255, 32, 223, 65, 190, 97, 158, 26, 229, 58, 197, 91, 164, 123, 132};
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(unquantEndpoint(4, i), mode47[i]);
    EXPECT_EQ(unquantEndpoint(7, 32 + i), mode47[8 + i]);
  }
  // The spec's example: mode 7, quint 4, bits 2 -> index 34 -> 58.
  EXPECT_EQ(unquantEndpoint(7, 34), 58);
  // Modes 10 / 11 (48 values): 16 -> 5, 33 -> 244, 47 -> 131.
  EXPECT_EQ(unquantEndpoint(10, 16), 5);
  EXPECT_EQ(unquantEndpoint(11, 33), 244);
  EXPECT_EQ(unquantEndpoint(10, 47), 131);
  // Mode 6 (160 values): 32 -> 1, 63 -> 134.
  EXPECT_EQ(unquantEndpoint(6, 32), 1);
  EXPECT_EQ(unquantEndpoint(6, 63), 134);
  // Modes 0 / 12 (192 values): 64 -> 1, 127 -> 130, 191 -> 129.
  EXPECT_EQ(unquantEndpoint(0, 64), 1);
  EXPECT_EQ(unquantEndpoint(12, 127), 130);
  EXPECT_EQ(unquantEndpoint(0, 191), 129);
  // Plain bits replicate: mode 18, 5 bits abcde -> abcdeabc.
  EXPECT_EQ(unquantEndpoint(18, 0x15), 0xAD);
  EXPECT_EQ(endpointLevels(0), 192);
  EXPECT_EQ(endpointLevels(4), 40);
  EXPECT_EQ(endpointLevels(15), 256);
}

TEST(UastcTables, WeightsAnchorsAndModeCodes) {
  EXPECT_EQ(unquantWeight(4, 7), 29);
  EXPECT_EQ(unquantWeight(3, 4), 37);
  EXPECT_EQ(unquantWeight(5, 16), 34);
  EXPECT_EQ(unquantWeight(1, 1), 64);
  // Anchor tables: modes 2/4/9/16 PAT 8 -> 0,11; PAT 15 -> 12,0; mode 3 PAT 7 -> 1,9,0;
  // mode 7 PAT 16 -> 9,0.
  EXPECT_EQ(anchorOf(4, 8, 1), 11);
  EXPECT_EQ(anchorOf(9, 15, 0), 12);
  EXPECT_EQ(anchorOf(3, 7, 0), 1);
  EXPECT_EQ(anchorOf(3, 7, 1), 9);
  EXPECT_EQ(anchorOf(7, 16, 0), 9);
  EXPECT_EQ(patternCount(16), 30);
  EXPECT_EQ(patternCount(3), 11);
  EXPECT_EQ(patternCount(7), 19);
  // Mode index encoding table.
  EXPECT_EQ(modeFromBits(0x00), 11);
  EXPECT_EQ(modeFromBits(0x7E & 0x06), 12);
  EXPECT_EQ(modeFromBits(0x05), 15);
  EXPECT_EQ(modeFromBits(0x45), -1); // reserved mode 19
  EXPECT_EQ(modeFromBits(0x17), 8);
}

TEST(UastcPack, SolidBlockBitsFollowTheSpecLayout) {
  Block b;
  b.mode = kSolidMode;
  b.solid = {0x12, 0x34, 0x56, 0x78};
  b.etc1d = 1, b.etc1i = 5, b.etc1s = 2, b.etc1rgb = {0x1F, 0x0A, 0x11};
  const u128 v = asInt(pack(b));
  u128 want = 0x17;
  want |= u128(0x12) << 5 | u128(0x34) << 13 | u128(0x56) << 21 | u128(0x78) << 29;
  want |= u128(1) << 37 | u128(5) << 38 | u128(2) << 41;
  want |= u128(0x1F) << 43 | u128(0x0A) << 48 | u128(0x11) << 53;
  EXPECT_TRUE(v == want);
  EXPECT_EQ(uint64_t(v >> 58), 0u) << "bits past the 58 used must be 0";
  const Bytes16 bytes = pack(b);
  EXPECT_EQ(bytes[0], 0x17 | (0x12 & 7) << 5);
  uint8_t px[64];
  decodeBytes(bytes.data(), px);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(px[4 * i], 0x12);
    EXPECT_EQ(px[4 * i + 3], 0x78);
  }
}

TEST(UastcPack, Mode0TritsEndpointsAndAnchor) {
  Block b;
  b.mode = 0;
  b.bc1h0 = 1, b.etc1f = 1, b.etci0 = 5, b.etci1 = 2, b.etcbi = 17;
  // Endpoint indices (trit << 6) | bits: trits 1 2 0 1 2 / 1.
  const int trits[6] = {1, 2, 0, 1, 2, 1}, bits[6] = {5, 63, 0, 33, 12, 7};
  for (int k = 0; k < 6; ++k) b.ep[0][k] = uint8_t(trits[k] << 6 | bits[k]);
  for (int i = 0; i < 16; ++i) b.w[0][i] = uint8_t(i);
  const u128 v = asInt(pack(b));
  EXPECT_EQ(field(v, 0, 4), 0x1u);                                  // mode 0 code
  EXPECT_EQ(field(v, 4, 1), 1u);                                    // BC1H0
  EXPECT_EQ(field(v, 5, 1), 0u);                                    // BC1H1
  EXPECT_EQ(field(v, 6, 1), 1u);                                    // ETC1F
  EXPECT_EQ(field(v, 8, 3), 5u);                                    // ETCI0
  EXPECT_EQ(field(v, 11, 3), 2u);                                   // ETCI1
  EXPECT_EQ(field(v, 14, 5), 17u);                                  // ETCBI
  EXPECT_EQ(field(v, 19, 8), 1u + 3 * 2 + 9 * 0 + 27 * 1 + 81 * 2); // ET[0]
  EXPECT_EQ(field(v, 27, 2), 1u);                                   // ET[1]: the sixth trit
  for (int k = 0; k < 6; ++k) EXPECT_EQ(field(v, 29 + 6 * k, 6), uint32_t(bits[k])) << k;
  // Weights from bit 65: texel 0 (the anchor) in 3 bits, the rest in 4.
  EXPECT_EQ(field(v, 65, 3), 0u);
  for (int i = 1; i < 16; ++i) EXPECT_EQ(field(v, 68 + 4 * (i - 1), 4), uint32_t(i)) << i;
  Block back;
  ASSERT_TRUE(unpack(pack(b).data(), back));
  EXPECT_EQ(back.ep, b.ep);
  EXPECT_EQ(back.w, b.w);
  EXPECT_EQ(back.etcbi, 17);
}

TEST(UastcPack, EveryModeRoundTripsItsFields) {
  std::mt19937 rng(11);
  for (int mode = 0; mode < kModeCount; ++mode) {
    if (mode == kSolidMode) continue;
    const ModeInfo& mi = modeInfo(mode);
    for (int trial = 0; trial < 20; ++trial) {
      Block b;
      b.mode = mode;
      b.bc1h0 = rng() & 1, b.bc1h1 = mi.bc1h1 ? rng() & 1 : 0;
      b.etc1f = rng() & 1, b.etc1d = rng() & 1, b.etci0 = rng() & 7, b.etci1 = rng() & 7;
      b.etcbi = mi.etcbi ? rng() & 31 : 0;
      b.etc2t = mi.etc2 ? rng() & 15 : 13, b.etc2m = mi.etc2 ? 1 + rng() % 15 : 1;
      b.pat = mi.patBits ? uint8_t(rng() % patternCount(mode)) : 0;
      b.csel = mi.csel ? rng() & 3 : 0;
      for (int s = 0; s < mi.subsets; ++s)
        for (int k = 0; k < valuesPerSubset(mode); ++k)
          b.ep[s][k] = uint8_t(rng() % endpointLevels(mode));
      for (int p = 0; p < mi.planes; ++p)
        for (int i = 0; i < 16; ++i) {
          bool anchor = false;
          for (int s = 0; s < mi.subsets; ++s) anchor |= anchorOf(mode, b.pat, s) == i;
          b.w[p][i] = uint8_t(rng() % (1u << (mi.wbits - anchor)));
        }
      const Bytes16 bytes = pack(b);
      Block back;
      ASSERT_TRUE(unpack(bytes.data(), back)) << "mode " << mode;
      EXPECT_EQ(back.mode, mode);
      EXPECT_EQ(back.ep, b.ep) << "mode " << mode;
      EXPECT_EQ(back.w, b.w) << "mode " << mode;
      EXPECT_EQ(back.pat, b.pat);
      EXPECT_EQ(back.csel, b.csel);
      EXPECT_EQ(back.etc2m, b.etc2m);
      EXPECT_EQ(back.etcbi, b.etcbi);
      EXPECT_EQ(pack(back), bytes);
    }
  }
}

TEST(UastcPack, InvalidBlocksDecodeToMagenta) {
  Bytes16 reserved{};
  reserved[0] = 0x45; // mode 19
  uint8_t px[64];
  decodeBytes(reserved.data(), px);
  EXPECT_EQ(px[0], 255);
  EXPECT_EQ(px[1], 0);
  EXPECT_EQ(px[2], 255);
  // Mode 3 with PAT 12 (11 patterns): PAT sits after 5 + 15 bits.
  Block b;
  b.mode = 3;
  Bytes16 bytes = pack(b);
  bytes[2] |= 12 << 4;
  Block back;
  EXPECT_FALSE(unpack(bytes.data(), back));
  decodeBytes(bytes.data(), px);
  EXPECT_EQ(px[60], 255);
  EXPECT_EQ(px[61], 0);
}

TEST(UastcEncode, SolidBlockIsMode8WithEtc1Fields) {
  uint8_t px[64], out[64];
  for (int i = 0; i < 16; ++i)
    px[4 * i] = 200, px[4 * i + 1] = 90, px[4 * i + 2] = 30, px[4 * i + 3] = 255;
  EXPECT_EQ(roundTrip(px, out), kSolidMode);
  EXPECT_EQ(maxError(px, out), 0);
  const Block b = encodeBlock(px, 1);
  // The ETC1 colour the transcoder copies: base + modifier within a few steps.
  const int tables[8][2] = {{2, 8},   {5, 17},  {9, 29},   {13, 42},
                            {18, 60}, {24, 80}, {33, 106}, {47, 183}};
  const int mod = b.etc1s < 2 ? -tables[b.etc1i][1 - b.etc1s] : tables[b.etc1i][b.etc1s - 2];
  for (int c = 0; c < 3; ++c) {
    const int q = b.etc1rgb[c];
    const int base = b.etc1d ? (q << 3 | q >> 2) : (q << 4 | q);
    if (!b.etc1d) {
      EXPECT_LT(q, 16);
    }
    EXPECT_LE(std::abs(std::clamp(base + mod, 0, 255) - px[c]), 3) << c;
  }
}

TEST(UastcEncode, OpaqueGradientUsesRgbModesWithSmallError) {
  uint8_t px[64], out[64];
  for (int i = 0; i < 16; ++i) {
    px[4 * i] = uint8_t(10 + 14 * i), px[4 * i + 1] = uint8_t(200 - 9 * i);
    px[4 * i + 2] = uint8_t(60 + 3 * i), px[4 * i + 3] = 255;
  }
  const int mode = roundTrip(px, out, 0);
  EXPECT_EQ(mode, 0);
  EXPECT_LE(maxError(px, out), 6);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[4 * i + 3], 255);
  const Block b = encodeBlock(px, 0);
  EXPECT_TRUE(b.etci0 || b.etci1 || b.etc1d || b.etc1f) << "ETC1 hints were not computed";
  // Quality 0 keeps the neutral ETC1 bias: 13 = 1 + 3 + 9, a delta of 0 per
  // channel in the DFS's ETCBI formula (0 would be -1 on every channel).
  EXPECT_EQ(b.etcbi, 13);
  EXPECT_EQ(b.w[0][0] >> 3, 0) << "anchor MSB";
}

TEST(UastcEncode, TwoColourBlockFindsAPartition) {
  uint8_t px[64], out[64];
  for (int i = 0; i < 16; ++i) {
    const bool right = (i & 3) >= 2;
    px[4 * i] = right ? 20 : 230, px[4 * i + 1] = right ? 200 : 40;
    px[4 * i + 2] = right ? 240 : 10, px[4 * i + 3] = 255;
  }
  uint8_t out0[64];
  roundTrip(px, out0, 0);
  const int mode = roundTrip(px, out, 1);
  EXPECT_TRUE(mode == 4 || mode == 6 || mode == 0) << mode;
  EXPECT_LE(maxError(px, out), 4);
  EXPECT_LE(maxError(px, out), maxError(px, out0));
}

TEST(UastcEncode, AlphaBlocksUseAlphaModesAndEacHints) {
  // Colour runs along the rows, alpha across the columns: only a dual-plane
  // mode (11, alpha on plane 1) gets both right.
  uint8_t px[64], out[64];
  for (int i = 0; i < 16; ++i) {
    px[4 * i] = uint8_t(100 + 5 * i), px[4 * i + 1] = uint8_t(50 + 2 * i);
    px[4 * i + 2] = uint8_t(180 - 4 * i), px[4 * i + 3] = uint8_t(40 + 60 * (i & 3));
  }
  const int mode = roundTrip(px, out, 1);
  EXPECT_EQ(mode, 11);
  // Mode 11 has 2-bit weights: red spans 75 over 16 texels in 3 steps of 25,
  // so up to 12.5 off; alpha's 4 values fit the 4 weights, give or take the
  // 48-level endpoint quantisation (steps of about 5).
  EXPECT_LE(maxError(px, out), 13);
  for (int i = 0; i < 16; ++i) EXPECT_LE(std::abs(out[4 * i + 3] - px[4 * i + 3]), 3) << i;
  const Block b = encodeBlock(px, 1);
  EXPECT_GE(b.etc2m, 1);
  EXPECT_NE(b.etc2t * 16 + b.etc2m, 13 * 16 + 1) << "alpha varies: a real EAC search";
}

TEST(UastcEncode, GreyWithAlphaUsesModeLA) {
  uint8_t px[64], out[64];
  for (int i = 0; i < 16; ++i) {
    const uint8_t l = uint8_t(30 + 12 * i);
    px[4 * i] = px[4 * i + 1] = px[4 * i + 2] = l;
    px[4 * i + 3] = uint8_t(255 - 10 * i);
  }
  EXPECT_EQ(roundTrip(px, out), 15);
  EXPECT_LE(maxError(px, out), 3);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(out[4 * i], out[4 * i + 1]);
    EXPECT_EQ(out[4 * i], out[4 * i + 2]);
  }
}

TEST(UastcEncode, EmptyImageIsAClearError) {
  EXPECT_THROW(encodeUastc(nullptr, 0, 4, {}), strata::Error);
  Image img;
  img.name = "empty.dds";
  img.width = 0, img.height = 0;
  try {
    writeKTX2Uastc(img);
    FAIL() << "no error";
  } catch (const strata::Error& e) {
    EXPECT_NE(std::string(e.what()).find("empty.dds"), std::string::npos) << e.what();
  }
}

TEST(UastcMips, SrgbAwareBoxFilter) {
  // Black and white texels average to linear 0.5: sRGB 188, or 128 for data.
  const uint8_t px[16] = {0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 0, 255, 255, 255, 255};
  auto srgb = mipChainRGBA8(px, 2, 2, true);
  ASSERT_EQ(srgb.size(), 1u);
  EXPECT_EQ(srgb[0][0], 188);
  EXPECT_EQ(srgb[0][3], 191); // alpha is linear: (255 * 3) / 4
  auto linear = mipChainRGBA8(px, 2, 2, false);
  EXPECT_EQ(linear[0][0], 128);
  // 5x3 -> 2x1 -> 1x1: every level down to 1x1.
  std::vector<uint8_t> odd(5 * 3 * 4, 77);
  auto chain = mipChainRGBA8(odd.data(), 5, 3, true);
  ASSERT_EQ(chain.size(), 2u);
  EXPECT_EQ(chain[0].size(), 2u * 1 * 4);
  EXPECT_EQ(chain[1].size(), 4u);
  EXPECT_EQ(chain[1][1], 77);
  uint32_t w, h;
  uastcBaseSize(30, 17, w, h);
  EXPECT_EQ(w, 32u);
  EXPECT_EQ(h, 20u);
}
