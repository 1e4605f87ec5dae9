// Hand-made blocks through the BC1-BC5 block encoders (image/bc_encode.h),
// checked through the decoders (image/bc_blocks.h) against what the format
// can hold, found here by brute force over every endpoint pair.
#include "image/bc_blocks.h"
#include "image/bc_encode.h"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <vector>

using namespace strata::image;

namespace {

using Texels = std::array<uint8_t, 64>;

Texels solid(uint8_t r, uint8_t g, uint8_t b, uint8_t a = 255) {
  Texels t;
  for (int i = 0; i < 16; ++i) t[4 * i] = r, t[4 * i + 1] = g, t[4 * i + 2] = b, t[4 * i + 3] = a;
  return t;
}

Texels decodeBlock(void (*decode)(const uint8_t*, uint8_t*, size_t), const uint8_t* block) {
  Texels t;
  decode(block, t.data(), 16);
  return t;
}

int squaredError(const Texels& a, const Texels& b, int channels = 3) {
  int e = 0;
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < channels; ++c)
      e += (a[4 * i + c] - b[4 * i + c]) * (a[4 * i + c] - b[4 * i + c]);
  return e;
}

int expand(int bits, int v) {
  return bits == 5 ? int(bc::unorm5To8(uint32_t(v))) : int(bc::unorm6To8(uint32_t(v)));
}

// The least error a BC1 block of one colour can have, by brute force: one
// index for all texels, so one entry kind (an endpoint, a 4-colour third or
// the 3-colour midpoint) for every channel, each channel's pair free
// (KDFS 1.3 §19.1, the decoder's rounding).
int bestSolidError(const int v[3], bool threeColour) {
  const int bits[3] = {5, 6, 5};
  int best = 1 << 30;
  for (int kind = 0; kind < (threeColour ? 3 : 2); ++kind) {
    int total = 0;
    for (int c = 0; c < 3; ++c) {
      int channelBest = 1 << 30;
      for (int a = 0; a < (1 << bits[c]); ++a)
        for (int b = 0; b < (1 << bits[c]); ++b) {
          const int ea = expand(bits[c], a), eb = expand(bits[c], b);
          const int got = kind == 0 ? ea : kind == 1 ? (2 * ea + eb + 1) / 3 : (ea + eb + 1) / 2;
          channelBest = std::min(channelBest, (got - v[c]) * (got - v[c]));
        }
      total += channelBest;
    }
    best = std::min(best, total);
  }
  return best;
}

uint32_t colour0(const uint8_t* b) {
  return uint32_t(b[0] | b[1] << 8);
}
uint32_t colour1(const uint8_t* b) {
  return uint32_t(b[2] | b[3] << 8);
}

} // namespace

// Every grey and random colours: exactly the least error the format allows
// (zero where it holds the colour), at every quality level.
TEST(BcEncodeBlocks, Bc1SolidColourIsTheBestTheFormatHolds) {
  std::vector<std::array<int, 3>> colours;
  for (int v = 0; v < 256; ++v) colours.push_back({v, v, v});
  std::mt19937 rng(43);
  for (int k = 0; k < 64; ++k)
    colours.push_back({int(rng() % 256), int(rng() % 256), int(rng() % 256)});
  for (const auto& c : colours) {
    const Texels in = solid(uint8_t(c[0]), uint8_t(c[1]), uint8_t(c[2]));
    for (int quality = 0; quality <= 2; ++quality) {
      uint8_t block[8];
      bc::encodeBC1Block(in.data(), quality, 128, false, block);
      const int err = squaredError(in, decodeBlock(bc::decodeBC1, block)) / 16;
      ASSERT_EQ(err, bestSolidError(c.data(), true))
          << "colour " << c[0] << "," << c[1] << "," << c[2] << " quality " << quality;
      // Opaque stays opaque: the 3-colour mode's index 3 is never used.
      const Texels out = decodeBlock(bc::decodeBC1, block);
      for (int i = 0; i < 16; ++i) ASSERT_EQ(out[4 * i + 3], 255);
    }
  }
}

TEST(BcEncodeBlocks, ColourHalfOfBc3SolidIsTheBestOfTheFourColourPalette) {
  for (int v = 0; v < 256; v += 3) {
    const int c[3] = {v, 255 - v, (v * 7) % 256};
    const Texels in = solid(uint8_t(c[0]), uint8_t(c[1]), uint8_t(c[2]));
    uint8_t block[16];
    bc::encodeBC3Block(in.data(), 1, block);
    EXPECT_EQ(squaredError(in, decodeBlock(bc::decodeBC3, block)) / 16, bestSolidError(c, false))
        << v;
  }
}

TEST(BcEncodeBlocks, Bc1TwoColourBlockTakesTheColoursAsEndpoints) {
  // Two RGB565-exact colours in a checkerboard: endpoints are the two colours.
  const int a565[3] = {3, 40, 28}, b565[3] = {29, 9, 4};
  Texels in;
  for (int i = 0; i < 16; ++i) {
    const int* q = ((i / 4 + i % 4) & 1) ? b565 : a565;
    in[4 * i] = uint8_t(expand(5, q[0])), in[4 * i + 1] = uint8_t(expand(6, q[1]));
    in[4 * i + 2] = uint8_t(expand(5, q[2])), in[4 * i + 3] = 255;
  }
  for (int quality = 0; quality <= 2; ++quality) {
    uint8_t block[8];
    bc::encodeBC1Block(in.data(), quality, 128, false, block);
    EXPECT_EQ(squaredError(in, decodeBlock(bc::decodeBC1, block)), 0);
    const uint32_t ca = uint32_t(a565[0] << 11 | a565[1] << 5 | a565[2]),
                   cb = uint32_t(b565[0] << 11 | b565[1] << 5 | b565[2]);
    EXPECT_TRUE((colour0(block) == ca && colour1(block) == cb) ||
                (colour0(block) == cb && colour1(block) == ca))
        << std::hex << colour0(block) << " " << colour1(block);
  }
}

TEST(BcEncodeBlocks, Bc1TransparentTexelsPickTheThreeColourMode) {
  Texels in = solid(200, 120, 40);
  for (int i = 0; i < 16; ++i) {
    in[4 * i] = uint8_t(200 - 8 * i);
    if (i % 3 == 0) in[4 * i + 3] = 0; // cut out
    if (i == 4) in[4 * i + 3] = 127;   // below the threshold: cut out too
    if (i == 7) in[4 * i + 3] = 128;   // at it: kept
  }
  uint8_t block[8];
  bc::encodeBC1Block(in.data(), 1, 128, false, block);
  EXPECT_LE(colour0(block), colour1(block)); // 3-colour mode
  const Texels out = decodeBlock(bc::decodeBC1, block);
  for (int i = 0; i < 16; ++i) {
    const bool cut = in[4 * i + 3] < 128;
    EXPECT_EQ(out[4 * i + 3], cut ? 0 : 255) << i;
    // Red spans 88-192 over the kept texels: three entries, half a step 26 apart.
    if (!cut) {
      for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(out[4 * i + c], in[4 * i + c], c == 0 ? 27 : 4) << i << "," << c;
    }
  }
  // Threshold 0: every texel is opaque colour.
  bc::encodeBC1Block(in.data(), 1, 0, false, block);
  const Texels opaque = decodeBlock(bc::decodeBC1, block);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(opaque[4 * i + 3], 255);
}

TEST(BcEncodeBlocks, Bc1OpaqueBlockUsesTheThreeColourModeWhereItIsExact) {
  // Black, white and their 3-colour midpoint (0 + 255 + 1) / 2 = 128, which
  // the 4-colour thirds (85, 170) miss.
  Texels in;
  for (int i = 0; i < 16; ++i) {
    const uint8_t v = i % 3 == 0 ? 0 : i % 3 == 1 ? 255 : 128;
    in[4 * i] = in[4 * i + 1] = in[4 * i + 2] = v, in[4 * i + 3] = 255;
  }
  uint8_t block[8];
  bc::encodeBC1Block(in.data(), 1, 128, false, block);
  EXPECT_LE(colour0(block), colour1(block));
  EXPECT_EQ(squaredError(in, decodeBlock(bc::decodeBC1, block), 4), 0);
}

TEST(BcEncodeBlocks, Bc2AlphaIsTheNearestOfItsSixteenLevels) {
  Texels in = solid(10, 20, 30);
  const uint8_t alpha[16] = {0, 8, 9, 25, 26, 100, 127, 128, 136, 137, 200, 247, 248, 254, 255, 3};
  for (int i = 0; i < 16; ++i) in[4 * i + 3] = alpha[i];
  uint8_t block[16];
  bc::encodeBC2Block(in.data(), 1, block);
  const Texels out = decodeBlock(bc::decodeBC2, block);
  for (int i = 0; i < 16; ++i) {
    int bestLevel = 0;
    for (int l = 0; l < 16; ++l)
      if (std::abs(l * 17 - in[4 * i + 3]) < std::abs(bestLevel * 17 - in[4 * i + 3]))
        bestLevel = l;
    EXPECT_EQ(out[4 * i + 3], bestLevel * 17) << i;
  }
}

TEST(BcEncodeBlocks, Bc4SolidValueIsExactUnsignedAndSigned) {
  // Which 8-bit values SNORM can give back at all (some endpoint pair's entry).
  std::vector<bool> snormHolds(256, false);
  for (int e0 = -127; e0 <= 127; ++e0)
    for (int e1 = -127; e1 <= 127; ++e1) {
      // Texel k's index is k (3 bits each from byte 2): all 8 entries at once.
      const uint32_t idx = 0 | 1 << 3 | 2 << 6 | 3 << 9 | 4 << 12 | 5 << 15 | 6 << 18 | 7 << 21;
      const uint8_t block[8] = {
          uint8_t(e0), uint8_t(e1), uint8_t(idx), uint8_t(idx >> 8), uint8_t(idx >> 16), 0, 0, 0};
      uint8_t out[16];
      bc::decodeBC4Channel(block, true, out, 1);
      for (int k = 0; k < 8; ++k) snormHolds[out[k]] = true;
    }
  for (int v = 0; v < 256; ++v) {
    uint8_t values[16], block[8], out[16];
    std::fill(values, values + 16, uint8_t(v));
    bc::encodeBC4Channel(values, false, 1, block);
    bc::decodeBC4Channel(block, false, out, 1);
    for (int i = 0; i < 16; ++i) ASSERT_EQ(out[i], v) << "UNORM " << v;
    bc::encodeBC4Channel(values, true, 1, block);
    bc::decodeBC4Channel(block, true, out, 1);
    if (snormHolds[v])
      for (int i = 0; i < 16; ++i) ASSERT_EQ(out[i], v) << "SNORM " << v;
    else
      for (int i = 0; i < 16; ++i) ASSERT_NEAR(out[i], v, 1) << "SNORM " << v;
  }
}

TEST(BcEncodeBlocks, Bc4KeepsZeroAndFullExactlyThroughTheSixValuePalette) {
  // 0 and 255 beside a cluster in the middle: only the 6-value palette holds
  // both ends and interpolates the cluster finely.
  uint8_t values[16];
  for (int i = 0; i < 16; ++i) values[i] = uint8_t(i < 3 ? 0 : i < 6 ? 255 : 100 + 2 * (i - 6));
  for (bool snorm : {false, true})
    for (int quality = 0; quality <= 2; ++quality) {
      uint8_t block[8], out[16];
      bc::encodeBC4Channel(values, snorm, quality, block);
      // The 6-value palette: e0 <= e1, compared signed for SNORM (KDFS §19.4).
      if (snorm)
        EXPECT_LE(int8_t(block[0]), int8_t(block[1]));
      else
        EXPECT_LE(block[0], block[1]);
      bc::decodeBC4Channel(block, snorm, out, 1);
      for (int i = 0; i < 6; ++i) EXPECT_EQ(out[i], values[i]) << i << (snorm ? " SNORM" : "");
      int err = 0;
      for (int i = 6; i < 16; ++i) err += (out[i] - values[i]) * (out[i] - values[i]);
      EXPECT_LE(err, 10) << (snorm ? "SNORM" : "UNORM") << " quality " << quality;
    }
}

TEST(BcEncodeBlocks, Bc4RampUsesTheEightValuePaletteExactly) {
  // Eight evenly spaced values 0, 7, ..., 49 (sevenths of 49): the 8-value
  // palette with endpoints 49 and 0 holds each exactly.
  uint8_t values[16], block[8], out[16];
  for (int i = 0; i < 16; ++i) values[i] = uint8_t(7 * (i % 8));
  bc::encodeBC4Channel(values, false, 1, block);
  bc::decodeBC4Channel(block, false, out, 1);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], values[i]) << i;
  EXPECT_GT(block[0], block[1]);
}

TEST(BcEncodeBlocks, Bc5EncodesRedAndGreenApart) {
  Texels in;
  for (int i = 0; i < 16; ++i)
    in[4 * i] = uint8_t(16 * i), in[4 * i + 1] = uint8_t(255 - 3 * i), in[4 * i + 2] = 77,
           in[4 * i + 3] = 9;
  uint8_t block[16];
  bc::encodeBC5Block(in.data(), false, 1, block);
  Texels out;
  bc::decodeBC5(block, false, out.data());
  for (int i = 0; i < 16; ++i) {
    // Within half a step of the 8-value palette over each channel's range.
    EXPECT_NEAR(out[4 * i], in[4 * i], 17) << i;
    EXPECT_NEAR(out[4 * i + 1], in[4 * i + 1], 4) << i;
    EXPECT_EQ(out[4 * i + 2], 0);
  }
  // The red half is what the BC4 channel encoder makes of red alone.
  uint8_t red[16], alone[8];
  for (int i = 0; i < 16; ++i) red[i] = in[4 * i];
  bc::encodeBC4Channel(red, false, 1, alone);
  EXPECT_TRUE(std::equal(alone, alone + 8, block));
}

namespace {

int bc7Mode(const uint8_t* block) {
  int m = 0;
  while (m < 8 && !(block[0] >> m & 1)) ++m;
  return m;
}

// The field of `bits` bits at bit `at` (LSB first, ARB "BPTC" layout).
uint32_t bc7Field(const uint8_t* block, int at, int bits) {
  uint32_t v = 0;
  for (int i = 0; i < bits; ++i) v |= uint32_t(block[(at + i) / 8] >> ((at + i) % 8) & 1) << i;
  return v;
}

Texels decodeBc7(const uint8_t* block) {
  Texels t;
  bc::decodeBC7(block, t.data());
  return t;
}

} // namespace

TEST(BcEncodeBlocks, Bc7SolidColourIsExact) {
  std::mt19937 rng(7);
  for (int k = 0; k < 256 + 200; ++k) {
    const uint8_t r = uint8_t(k < 256 ? k : rng()), g = uint8_t(k < 256 ? k : rng()),
                  b = uint8_t(k < 256 ? k : rng()), a = uint8_t(k < 256 ? 255 - k : rng());
    const Texels in = solid(r, g, b, a);
    uint8_t block[16];
    bc::encodeBC7Block(in.data(), 1, false, block);
    ASSERT_EQ(squaredError(in, decodeBc7(block), 4), 0) << k;
  }
}

TEST(BcEncodeBlocks, Bc7BlockWithAlphaPicksAModeThatStoresIt) {
  Texels in;
  for (int i = 0; i < 16; ++i)
    in[4 * i] = uint8_t(40 + 10 * i), in[4 * i + 1] = uint8_t(200 - 5 * i), in[4 * i + 2] = 90,
           in[4 * i + 3] = uint8_t(i * 17);
  for (int quality = 0; quality <= 2; ++quality) {
    uint8_t block[16];
    bc::encodeBC7Block(in.data(), quality, false, block);
    EXPECT_GE(bc7Mode(block), 4) << "modes 0-3 have no alpha";
    const Texels out = decodeBc7(block);
    for (int i = 0; i < 16; ++i) EXPECT_NEAR(out[4 * i + 3], in[4 * i + 3], 4) << i;
    EXPECT_LE(squaredError(in, out, 4), 16 * 4 * 4);
  }
}

TEST(BcEncodeBlocks, Bc7OpaqueBlocksStayOpaque) {
  std::mt19937 rng(70);
  for (int k = 0; k < 300; ++k) {
    Texels in;
    const int base = int(rng() % 200);
    for (int i = 0; i < 64; ++i)
      in[i] = (i & 3) == 3 ? 255 : uint8_t(k % 3 == 0 ? rng() : base + (i / 4) * 3 + rng() % 9);
    for (int quality = 0; quality <= 2; quality += 2) {
      uint8_t block[16];
      bc::encodeBC7Block(in.data(), quality, false, block);
      const Texels out = decodeBc7(block);
      for (int i = 0; i < 16; ++i)
        ASSERT_EQ(out[4 * i + 3], 255) << "block " << k << " mode " << bc7Mode(block);
    }
  }
}

TEST(BcEncodeBlocks, Bc7TwoColourRegionsPickAPartition) {
  // Columns 0-1 a dark red ramp, columns 2-3 a light blue one (two lines far
  // apart, split as partition 0 splits them).
  Texels in;
  for (int i = 0; i < 16; ++i) {
    const int x = i % 4, y = i / 4;
    const bool right = x >= 2;
    in[4 * i] = uint8_t(right ? 20 + 4 * y : 120 + 30 * y);
    in[4 * i + 1] = uint8_t(right ? 150 + 20 * y : 10 + 2 * y);
    in[4 * i + 2] = uint8_t(right ? 230 - 10 * y : 30);
    in[4 * i + 3] = 255;
  }
  uint8_t block[16];
  bc::encodeBC7Block(in.data(), 1, false, block);
  const int mode = bc7Mode(block);
  EXPECT_TRUE(mode == 0 || mode == 1 || mode == 2 || mode == 3) << mode;
  // One line each: two subsets leave almost nothing; mode 6's one line cannot.
  EXPECT_LE(squaredError(in, decodeBc7(block)), 16 * 3);
  if (mode == 1 || mode == 3) {
    EXPECT_EQ(bc7Field(block, mode + 1, 6), 0u) << "partition";
  }
}

TEST(BcEncodeBlocks, Bc7IndependentChannelPicksARotation) {
  // Red changes along x, green along y: a 4x4 grid of colours on no line.
  // Rotation 1 gives red its own indices; both channels then hit the 2-bit
  // palette of endpoints 0 and 255 exactly (0, 84, 171, 255).
  const uint8_t levels[4] = {0, 84, 171, 255};
  Texels in;
  for (int i = 0; i < 16; ++i)
    in[4 * i] = levels[i % 4], in[4 * i + 1] = levels[i / 4], in[4 * i + 2] = 0,
           in[4 * i + 3] = 255;
  uint8_t block[16];
  bc::encodeBC7Block(in.data(), 1, false, block);
  const int mode = bc7Mode(block);
  ASSERT_TRUE(mode == 4 || mode == 5) << mode;
  EXPECT_EQ(bc7Field(block, mode + 1, 2), 1u) << "rotation: red on its own";
  EXPECT_EQ(squaredError(in, decodeBc7(block), 4), 0);
}

TEST(BcEncodeBlocks, IgnoredAlphaLetsBc1UseBlackForDarkTexels) {
  // Half black, half an orange ramp: with the black entry free for opaque
  // texels, the three colours all go to the ramp.
  Texels in;
  for (int i = 0; i < 16; ++i) {
    const bool dark = i % 2 == 0;
    in[4 * i] = uint8_t(dark ? 0 : 150 + 6 * i), in[4 * i + 1] = uint8_t(dark ? 0 : 60 + 4 * i);
    in[4 * i + 2] = uint8_t(dark ? 0 : 20 + i), in[4 * i + 3] = 255;
  }
  uint8_t kept[8], ignored[8];
  bc::encodeBC1Block(in.data(), 1, 128, false, kept);
  bc::encodeBC1Block(in.data(), 1, 128, true, ignored);
  const Texels a = decodeBlock(bc::decodeBC1, kept), b = decodeBlock(bc::decodeBC1, ignored);
  EXPECT_LT(squaredError(in, b), squaredError(in, a) / 2);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(a[4 * i + 3], 255) << "alpha kept: opaque stays opaque";
    if (i % 2 == 0) {
      EXPECT_EQ(b[4 * i], 0);
      EXPECT_EQ(b[4 * i + 3], 0) << "the black entry is transparent black";
    }
  }
}

TEST(BcEncodeBlocks, IgnoredAlphaFreesBc7ModeSixPbits) {
  // A smooth opaque block: free p-bits reach endpoints of any parity, so
  // colour error can only go down; alpha may become 254 and nothing else.
  std::mt19937 rng(9);
  int sumKept = 0, sumIgnored = 0;
  for (int k = 0; k < 50; ++k) {
    Texels in;
    const int r0 = int(rng() % 150), g0 = int(rng() % 150), b0 = int(rng() % 150);
    for (int i = 0; i < 16; ++i)
      in[4 * i] = uint8_t(r0 + 5 * i), in[4 * i + 1] = uint8_t(g0 + 3 * i + (i % 4)),
             in[4 * i + 2] = uint8_t(b0 + 2 * (i / 4)), in[4 * i + 3] = uint8_t(k % 2 ? 255 : 90);
    uint8_t kept[16], ignored[16];
    bc::encodeBC7Block(in.data(), 1, false, kept);
    bc::encodeBC7Block(in.data(), 1, true, ignored);
    const Texels b = decodeBc7(ignored);
    for (int i = 0; i < 16; ++i) EXPECT_GE(b[4 * i + 3], 254) << "encoded as opaque";
    if (k % 2) sumKept += squaredError(in, decodeBc7(kept)), sumIgnored += squaredError(in, b);
  }
  EXPECT_LT(sumIgnored, sumKept);
}
