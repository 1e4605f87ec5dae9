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

// RGB565 endpoints as 8-bit UNORM: round(v * 255 / 31) and round(v * 255 / 63),
// the exact UNORM conversion (bit replication differs for 5-bit 3, 7, 24, 28).
void expand565(uint32_t c, uint32_t rgb[3]) {
  rgb[0] = unorm5To8(c >> 11 & 31);
  rgb[1] = unorm6To8(c >> 5 & 63);
  rgb[2] = unorm5To8(c & 31);
}

uint32_t pack(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
  return r | g << 8 | b << 16 | a << 24; // byte order R, G, B, A in memory
}

// The colour half of BC1-BC3: two RGB565 endpoints and 2-bit indices. The
// 3-colour mode (colour0 <= colour1: midpoint + transparent black) is BC1
// only; BC2/BC3 always interpolate thirds (KDFS §19.2, §19.3).
void colourBlock(const uint8_t* block, bool allowThreeColour, uint8_t* rgba, size_t pitch) {
  uint32_t c0 = le16(block), c1 = le16(block + 2);
  uint32_t e0[3], e1[3];
  expand565(c0, e0);
  expand565(c1, e1);
  uint32_t pal[4];
  pal[0] = pack(e0[0], e0[1], e0[2], 255);
  pal[1] = pack(e1[0], e1[1], e1[2], 255);
  if (c0 > c1 || !allowThreeColour) {
    // 2/3 c0 + 1/3 c1 and 1/3 c0 + 2/3 c1, rounded to nearest.
    pal[2] = pack((2 * e0[0] + e1[0] + 1) / 3, (2 * e0[1] + e1[1] + 1) / 3,
                  (2 * e0[2] + e1[2] + 1) / 3, 255);
    pal[3] = pack((e0[0] + 2 * e1[0] + 1) / 3, (e0[1] + 2 * e1[1] + 1) / 3,
                  (e0[2] + 2 * e1[2] + 1) / 3, 255);
  } else {
    pal[2] = pack((e0[0] + e1[0] + 1) / 2, (e0[1] + e1[1] + 1) / 2, (e0[2] + e1[2] + 1) / 2, 255);
    pal[3] = 0; // transparent black
  }
  uint32_t idx = le32(block + 4);
  for (int r = 0; r < 4; ++r, rgba += pitch)
    for (int c = 0; c < 4; ++c, idx >>= 2) std::memcpy(rgba + 4 * c, &pal[idx & 3], 4);
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

} // namespace

void decodeBC1(const uint8_t* block, uint8_t* rgba, size_t pitch) {
  colourBlock(block, true, rgba, pitch);
}

void decodeBC2(const uint8_t* block, uint8_t* rgba, size_t pitch) {
  colourBlock(block + 8, false, rgba, pitch);
  // Explicit 4-bit alpha, texel i in bits 4i..4i+3 (KDFS §19.2); a * 17 = a * 255 / 15.
  uint64_t a = uint64_t(le32(block)) | uint64_t(le32(block + 4)) << 32;
  for (int r = 0; r < 4; ++r, rgba += pitch)
    for (int c = 0; c < 4; ++c, a >>= 4) rgba[4 * c + 3] = uint8_t((a & 15) * 17);
}

void decodeBC3(const uint8_t* block, uint8_t* rgba, size_t pitch) {
  colourBlock(block + 8, false, rgba, pitch);
  decodeBC4Channel(block, false, rgba + 3, 4, pitch);
}

// The denominators are 1, 5 or 7 (bc4Palette): each case divides by a
// constant, which compiles to a multiply instead of a division per entry.
template <int D> uint8_t paletteByte(int n, bool snorm) {
  if (!snorm)
    // Interpolants as (n + 1) / d: the integer rounding OpenImageIO 2.4
    // (bcdec) uses, within D3D's tolerance for BC4; endpoints are exact.
    return uint8_t(D == 1 ? n : (n + 1) / D);
  // v = n / (127 d); round((v + 1) / 2 * 255) = ((n + 127 d) * 255 + 127 d) / (254 d),
  // never negative since n >= -127 d.
  return uint8_t(((n + 127 * D) * 255 + 127 * D) / (254 * D));
}

void decodeBC4Channel(const uint8_t* block, bool snorm, uint8_t* out, int stride, size_t pitch) {
  uint8_t pal[8];
  if (!snorm) {
    // UNORM, the common case: bc4Palette's entries with their constant
    // denominators written out.
    const int e0 = block[0], e1 = block[1];
    pal[0] = uint8_t(e0), pal[1] = uint8_t(e1);
    if (e0 > e1) {
      for (int k = 2; k < 8; ++k) pal[k] = paletteByte<7>((8 - k) * e0 + (k - 1) * e1, false);
    } else {
      for (int k = 2; k < 6; ++k) pal[k] = paletteByte<5>((6 - k) * e0 + (k - 1) * e1, false);
      pal[6] = 0, pal[7] = 255;
    }
  } else {
    Bc4Palette p = channelPalette(block, snorm);
    for (int k = 0; k < 8; ++k)
      pal[k] = p.den[k] == 1   ? paletteByte<1>(p.num[k], true)
               : p.den[k] == 7 ? paletteByte<7>(p.num[k], true)
                               : paletteByte<5>(p.num[k], true);
  }
  if (pitch == 0) pitch = size_t(4 * stride);
  uint64_t idx = le48(block + 2);
  for (int r = 0; r < 4; ++r, out += pitch)
    for (int c = 0; c < 4; ++c, idx >>= 3) out[c * stride] = pal[idx & 7];
}

void decodeBC4ChannelF(const uint8_t* block, bool snorm, float* out, int stride) {
  Bc4Palette p = channelPalette(block, snorm);
  float pal[8];
  const int unit = snorm ? 127 : 255;
  for (int k = 0; k < 8; ++k) pal[k] = float(p.num[k]) / float(unit * p.den[k]);
  uint64_t idx = le48(block + 2);
  for (int i = 0; i < 16; ++i, idx >>= 3) out[i * stride] = pal[idx & 7];
}

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t exp = h >> 10 & 31, man = h & 0x3FF;
  uint32_t bits;
  if (exp == 31) {
    bits = sign | 0x7F800000 | man << 13; // infinity / NaN
  } else if (exp != 0) {
    bits = sign | (exp + 112) << 23 | man << 13;
  } else if (man == 0) {
    bits = sign;
  } else {
    // Subnormal: normalise the mantissa.
    int e = -1;
    do {
      man <<= 1;
      ++e;
    } while (!(man & 0x400));
    bits = sign | uint32_t(112 - e) << 23 | (man & 0x3FF) << 13;
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

} // namespace strata::image::bc
