// BC1-BC5 block decoders (Khronos Data Format Specification 1.3, §19.1 BC1,
// §19.2 BC2, §19.3 BC3, §19.4-19.5 BC4/BC5; Microsoft "Block Compression
// (Direct3D 10)").
#include "image/bc_blocks.h"

#include <cstring>

namespace strata::image::bc {
namespace {

uint32_t le16(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8;
}
uint32_t le32(const uint8_t* p) {
  return le16(p) | le16(p + 2) << 16;
}
uint64_t le48(const uint8_t* p) {
  return uint64_t(le32(p)) | uint64_t(le16(p + 4)) << 32;
}

// 5- and 6-bit UNORM to 8 bits (unorm5To8 / unorm6To8), one lookup each.
template <unsigned Bits> struct UnormTable {
  uint8_t v[1u << Bits];
  constexpr UnormTable() : v() {
    for (uint32_t i = 0; i < (1u << Bits); ++i)
      v[i] = uint8_t(Bits == 5 ? unorm5To8(i) : unorm6To8(i));
  }
};
constexpr UnormTable<5> kUnorm5;
constexpr UnormTable<6> kUnorm6;

// An RGB565 endpoint as 8-bit R, G, B in three 21-bit lanes of one word
// (R at bit 0, G at 21, B at 42): the palette arithmetic below runs on the
// three channels at once, no lane ever carrying into the next.
uint64_t lanes565(uint32_t c) {
  return uint64_t(kUnorm5.v[c >> 11 & 31]) | uint64_t(kUnorm6.v[c >> 5 & 63]) << 21 |
         uint64_t(kUnorm5.v[c & 31]) << 42;
}
constexpr uint64_t kLaneOne = 1 | uint64_t(1) << 21 | uint64_t(1) << 42;
constexpr uint64_t kLaneByte = 0xFF | uint64_t(0xFF) << 21 | uint64_t(0xFF) << 42;

// Lanes back to a texel: R, G, B bytes in memory order, alpha 0.
uint32_t lanesToTexel(uint64_t l) {
  return uint32_t((l & 0xFF) | (l >> 13 & 0xFF00) | (l >> 26 & 0xFF0000));
}

// (x * 683) >> 11 equals x / 3 for every lane value x up to 3 * 255 + 1,
// and each lane's product stays under 2^21.
constexpr bool thirdsExact() {
  for (uint32_t x = 0; x <= 3 * 255 + 1; ++x)
    if ((x * 683) >> 11 != x / 3) return false;
  return (3 * 255 + 1) * 683 < (1u << 21);
}
static_assert(thirdsExact(), "the lane-wise division by 3 must be exact");
uint64_t laneThird(uint64_t l) {
  return (l * 683) >> 11 & kLaneByte;
}

// The colour half of BC1-BC3: two RGB565 endpoints and 2-bit indices, as
// four texels with alpha 0 (BC2/BC3 OR their alpha in). The 3-colour mode
// (colour0 <= colour1: midpoint + transparent black) is BC1 only, which
// also sets alpha 255 on every other entry; BC2/BC3 always interpolate
// thirds. Both round to nearest (KDFS §19.1-19.3).
void colourPalette(const uint8_t* block, bool bc1, uint32_t pal[4]) {
  const uint32_t c0 = le16(block), c1 = le16(block + 2);
  const uint64_t e0 = lanes565(c0), e1 = lanes565(c1);
  pal[0] = lanesToTexel(e0);
  pal[1] = lanesToTexel(e1);
  const uint32_t third1 = lanesToTexel(laneThird(2 * e0 + e1 + kLaneOne));
  const uint32_t third2 = lanesToTexel(laneThird(e0 + 2 * e1 + kLaneOne));
  if (!bc1) {
    pal[2] = third1, pal[3] = third2;
    return;
  }
  // BC1 picks its mode per block: selects, not a branch random blocks mispredict.
  const bool four = c0 > c1;
  const uint32_t half = lanesToTexel((e0 + e1 + kLaneOne) >> 1 & kLaneByte);
  pal[2] = four ? third1 : half;
  pal[3] = four ? third2 | 0xFF000000u : 0; // else transparent black
  pal[0] |= 0xFF000000u, pal[1] |= 0xFF000000u, pal[2] |= 0xFF000000u;
}

// A row of four texels in two 8-byte stores (texel 0 at the lowest address:
// the texels are little-endian words, R in the low byte).
void storeRow(uint8_t* p, uint32_t t0, uint32_t t1, uint32_t t2, uint32_t t3) {
  const uint64_t lo = t0 | uint64_t(t1) << 32, hi = t2 | uint64_t(t3) << 32;
  std::memcpy(p, &lo, 8);
  std::memcpy(p + 8, &hi, 8);
}

// Palette of a BC4 channel as numerators over a common denominator:
// value k = num[k] / den[k] in endpoint units (KDFS §19.4: 8 values when
// e0 > e1, else 6 values plus the two extremes).
struct Bc4Palette {
  int num[8];
  int den[8];
};

Bc4Palette bc4Palette(bool eightValues, int e0, int e1, int lo, int hi) {
  Bc4Palette p;
  p.num[0] = e0, p.den[0] = 1;
  p.num[1] = e1, p.den[1] = 1;
  if (eightValues) {
    for (int k = 2; k < 8; ++k) p.num[k] = (8 - k) * e0 + (k - 1) * e1, p.den[k] = 7;
  } else {
    for (int k = 2; k < 6; ++k) p.num[k] = (6 - k) * e0 + (k - 1) * e1, p.den[k] = 5;
    p.num[6] = lo, p.den[6] = 1;
    p.num[7] = hi, p.den[7] = 1;
  }
  return p;
}

// The channel's palette. SNORM: -128 decodes as -127 (both are -1.0), while
// the mode test compares the stored bytes (KDFS §19.4; D3D10 BC4_SNORM).
Bc4Palette channelPalette(const uint8_t* block, bool snorm) {
  if (!snorm) return bc4Palette(block[0] > block[1], block[0], block[1], 0, 255);
  int e0 = int8_t(block[0]), e1 = int8_t(block[1]);
  return bc4Palette(e0 > e1, e0 < -127 ? -127 : e0, e1 < -127 ? -127 : e1, -127, 127);
}

// Palette entry k of a BC4 UNORM channel as ((wa e0 + wb e1 + 1) * m) >> 16 | o:
// row 0 for e0 > e1 (8 values: e0, e1, then (8-k) e0 + (k-1) e1 over 7), row 1
// otherwise (6 values over 5, then 0 and 255). The +1 is the interpolants'
// rounding as OpenImageIO 2.4 / bcdec, within D3D's tolerance; the endpoints
// come out exact ((7 e + 1) / 7 = e). m / 2^16 divides by 7 or 5 exactly for
// every n up to 7 * 255 + 1 (checked below). One formula for both rows, no
// branch on the block's mode, 16-bit lanes a compiler vectorizes.
struct Bc4Weights {
  uint16_t wa[2][8], wb[2][8], m[2][8], o[2][8];
};
constexpr Bc4Weights kBc4 = {
    {{7, 0, 6, 5, 4, 3, 2, 1}, {5, 0, 4, 3, 2, 1, 0, 0}},
    {{0, 7, 1, 2, 3, 4, 5, 6}, {0, 5, 1, 2, 3, 4, 0, 0}},
    {{9363, 9363, 9363, 9363, 9363, 9363, 9363, 9363},
     {13108, 13108, 13108, 13108, 13108, 13108, 13108, 13108}},
    {{0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 255}},
};
constexpr bool bc4DivisionsExact() {
  for (uint32_t n = 0; n <= 7 * 255 + 1; ++n)
    if ((n * 9363) >> 16 != n / 7 || (n * 13108) >> 16 != n / 5) return false;
  return true;
}
static_assert(bc4DivisionsExact(), "the BC4 palette's divisions must be exact");

// The 8 palette values (0-255) of a BC4 UNORM channel: one 16-bit formula
// per entry (kBc4), written so a compiler makes it eight-lane multiplies.
inline void bc4Unorm(const uint8_t* block, uint32_t pal[8]) {
  const unsigned row = block[0] > block[1] ? 0 : 1;
  const uint16_t e0 = block[0], e1 = block[1];
  const uint16_t *wa = kBc4.wa[row], *wb = kBc4.wb[row], *m = kBc4.m[row], *o = kBc4.o[row];
  uint16_t v[8];
  for (int k = 0; k < 8; ++k) {
    const uint16_t n = uint16_t(wa[k] * e0 + wb[k] * e1 + 1);
    v[k] = uint16_t(uint16_t((uint32_t(n) * uint32_t(m[k])) >> 16) | o[k]);
  }
  for (int k = 0; k < 8; ++k) pal[k] = v[k];
}

// SNORM value v in [-1, 1] to round((v + 1) / 2 * 255) =
// ((n + 127 d) * 255 + 127 d) / (254 d), never negative since n >= -127 d.
void bc4Snorm(const uint8_t* block, uint32_t pal[8]) {
  const Bc4Palette p = channelPalette(block, true);
  for (int k = 0; k < 8; ++k)
    pal[k] = uint32_t(((p.num[k] + 127 * p.den[k]) * 255 + 127 * p.den[k]) / (254 * p.den[k]));
}

inline void bc4Values(const uint8_t* block, bool snorm, uint32_t pal[8]) {
  if (snorm)
    bc4Snorm(block, pal);
  else
    bc4Unorm(block, pal);
}

// Texel i's 3-bit index of a BC4 channel is bits 3i..3i+2 of bytes 2-7.
uint64_t bc4Indices(const uint8_t* block) {
  return le48(block + 2);
}

} // namespace

void decodeBC1(const uint8_t* block, uint8_t* rgba, size_t pitch) {
  uint32_t pal[4];
  colourPalette(block, true, pal);
  const uint32_t idx = le32(block + 4);
  for (int r = 0; r < 4; ++r, rgba += pitch) {
    const uint32_t i = idx >> (8 * r);
    storeRow(rgba, pal[i & 3], pal[i >> 2 & 3], pal[i >> 4 & 3], pal[i >> 6 & 3]);
  }
}

void decodeBC2(const uint8_t* block, uint8_t* rgba, size_t pitch) {
  uint32_t pal[4];
  colourPalette(block + 8, false, pal);
  const uint32_t idx = le32(block + 12);
  // Explicit 4-bit alpha, texel i in bits 4i..4i+3 (KDFS §19.2); a * 17 = a * 255 / 15.
  const uint64_t alpha = uint64_t(le32(block)) | uint64_t(le32(block + 4)) << 32;
  for (int r = 0; r < 4; ++r, rgba += pitch) {
    const uint32_t i = idx >> (8 * r), a = uint32_t(alpha >> (16 * r));
    auto texel = [&](int c) { return pal[i >> (2 * c) & 3] | (a >> (4 * c) & 15) * 17 << 24; };
    storeRow(rgba, texel(0), texel(1), texel(2), texel(3));
  }
}

void decodeBC3(const uint8_t* block, uint8_t* rgba, size_t pitch) {
  uint32_t pal[4];
  colourPalette(block + 8, false, pal);
  uint32_t apal[8];
  bc4Values(block, false, apal);
  for (uint32_t& a : apal) a <<= 24;
  const uint32_t idx = le32(block + 12);
  const uint64_t aidx = bc4Indices(block);
  for (int r = 0; r < 4; ++r, rgba += pitch) {
    const uint32_t i = idx >> (8 * r), a = uint32_t(aidx >> (12 * r));
    auto texel = [&](int c) { return pal[i >> (2 * c) & 3] | apal[a >> (3 * c) & 7]; };
    storeRow(rgba, texel(0), texel(1), texel(2), texel(3));
  }
}

void decodeBC4(const uint8_t* block, bool snorm, uint8_t* rgba, size_t pitch) {
  uint32_t pal[8];
  bc4Values(block, snorm, pal);
  for (uint32_t& v : pal) v = v | v << 8 | v << 16 | 0xFF000000u;
  const uint64_t idx = bc4Indices(block);
  for (int r = 0; r < 4; ++r, rgba += pitch) {
    const uint32_t i = uint32_t(idx >> (12 * r)); // the row's 4 indices
    storeRow(rgba, pal[i & 7], pal[i >> 3 & 7], pal[i >> 6 & 7], pal[i >> 9 & 7]);
  }
}

void decodeBC5(const uint8_t* block, bool snorm, uint8_t* rgba, size_t pitch) {
  uint32_t rpal[8], gpal[8];
  bc4Values(block, snorm, rpal);     // red: first half-block
  bc4Values(block + 8, snorm, gpal); // green: second half-block
  for (uint32_t& g : gpal) g = g << 8 | 0xFF000000u;
  const uint64_t ri = bc4Indices(block), gi = bc4Indices(block + 8);
  for (int r = 0; r < 4; ++r, rgba += pitch) {
    const uint32_t red = uint32_t(ri >> (12 * r)), green = uint32_t(gi >> (12 * r));
    auto texel = [&](int c) { return rpal[red >> (3 * c) & 7] | gpal[green >> (3 * c) & 7]; };
    storeRow(rgba, texel(0), texel(1), texel(2), texel(3));
  }
}

void decodeBC4Channel(const uint8_t* block, bool snorm, uint8_t* out, int stride, size_t pitch) {
  uint32_t pal[8];
  bc4Values(block, snorm, pal);
  if (pitch == 0) pitch = size_t(4 * stride);
  uint64_t idx = bc4Indices(block);
  for (int r = 0; r < 4; ++r, out += pitch)
    for (int c = 0; c < 4; ++c, idx >>= 3) out[c * stride] = uint8_t(pal[idx & 7]);
}

void decodeBC4ChannelF(const uint8_t* block, bool snorm, float* out, int stride) {
  Bc4Palette p = channelPalette(block, snorm);
  float pal[8];
  const int unit = snorm ? 127 : 255;
  for (int k = 0; k < 8; ++k) pal[k] = float(p.num[k]) / float(unit * p.den[k]);
  uint64_t idx = le48(block + 2);
  for (int i = 0; i < 16; ++i, idx >>= 3) out[i * stride] = pal[idx & 7];
}

} // namespace strata::image::bc
