// UASTC tables: DFS uastc.txt "Mode Index", "Block configuration bits",
// "num_ebits", "num_wbits", the partition tables, and the ASTC colour
// unquantisation formula the DFS names for trit/quint endpoint ranges.
#include "image/uastc_tables.h"

namespace strata::image::uastc {
namespace {

using C = Cem;
// code, bits, cem, subsets, planes, ebits, tq, wbits, pat, csel, bc1h1, etcbi, etc2
constexpr ModeInfo kModes[kModeCount] = {
    {0x01, 4, C::RGB, 1, 1, 6, 3, 4, 0, false, true, true, false},    // 0
    {0x35, 6, C::RGB, 1, 1, 8, 0, 2, 0, false, true, true, false},    // 1
    {0x1D, 5, C::RGB, 2, 1, 4, 0, 3, 5, false, true, true, false},    // 2
    {0x03, 5, C::RGB, 3, 1, 2, 3, 2, 4, false, true, true, false},    // 3
    {0x13, 5, C::RGB, 2, 1, 3, 5, 2, 5, false, true, true, false},    // 4
    {0x0B, 5, C::RGB, 1, 1, 8, 0, 3, 0, false, true, true, false},    // 5
    {0x1B, 5, C::RGB, 1, 2, 5, 5, 2, 0, true, true, true, false},     // 6
    {0x07, 5, C::RGB, 2, 1, 3, 5, 2, 5, false, true, true, false},    // 7
    {0x17, 5, C::RGBA, 0, 0, 0, 0, 0, 0, false, false, false, false}, // 8: solid
    {0x0F, 5, C::RGBA, 2, 1, 4, 0, 2, 5, false, true, true, true},    // 9
    {0x02, 3, C::RGBA, 1, 1, 4, 3, 4, 0, false, false, false, true},  // 10
    {0x00, 2, C::RGBA, 1, 2, 4, 3, 2, 0, true, false, false, true},   // 11
    {0x06, 3, C::RGBA, 1, 1, 6, 3, 3, 0, false, false, false, true},  // 12
    {0x1F, 5, C::RGBA, 1, 2, 8, 0, 1, 0, true, true, true, true},     // 13
    {0x0D, 5, C::RGBA, 1, 1, 8, 0, 2, 0, false, true, true, true},    // 14
    {0x05, 7, C::LA, 1, 1, 8, 0, 4, 0, false, true, true, true},      // 15
    {0x15, 6, C::LA, 2, 1, 8, 0, 2, 5, false, true, true, true},      // 16
    {0x25, 6, C::LA, 1, 2, 8, 0, 2, 0, false, true, true, true},      // 17
    {0x09, 4, C::RGB, 1, 1, 5, 0, 5, 0, false, true, true, false},    // 18
};

// Partition tables, one string of 16 subset digits per PAT, raster order.
const char* const k2Subset[30] = {
    "0011001100110011", "0001000100010001", "1000100010001000", "0001001100110111",
    "1111111011101100", "0011011101111111", "1110110010000000", "1111111011001000",
    "0000000000010011", "1100100000000000", "0000000101111111", "1111111111101000",
    "1110100000000000", "1111111100000000", "0000111111111111", "1111111111110000",
    "1000111011111111", "1111111101110001", "0111001100010000", "0011000100000000",
    "0000100011001110", "1111111101110011", "1000110011001110", "0011000100010000",
    "1111011101110011", "0110011001100110", "1111000000001111", "1010101010101010",
    "1111000011110000", "1001001101101100"};
const char* const kMode7[19] = {
    "0000111100000000", "0010001000100010", "1100110010000000", "0000000100110011",
    "1111111100001111", "0100010001000100", "0001001111111111", "0111001100110011",
    "1100000000111100", "0111011100000000", "0000000011101110", "1100000000001100",
    "0111001100000000", "0000000111111111", "1111111111110110", "1100110011001000",
    "1111111110001000", "0011011011001000", "1111011100000000"};
const char* const kMode3[11] = {"0000000011221122", "1111111100002222", "1111000000002222",
                                "1111222200000000", "1120112011201120", "0112011201120112",
                                "0211021102110211", "2000200021112111", "2012201220122012",
                                "1111000022221111", "0022001100110022"};

const char* pattern(int mode, int pat) {
  switch (mode) {
  case 3:
    return kMode3[pat];
  case 7:
    return kMode7[pat];
  default:
    return k2Subset[pat];
  }
}

// ASTC colour unquantisation (ASTC spec "Color endpoint unquantization"):
// A replicates the lowest bit to 9 bits, B scatters the other bits, C is
// the range's scale; T = D * C + B; T ^= A; result (A & 0x80) | (T >> 2).
uint8_t astcUnquant(int tq, int ebits, int index) {
  const int d = index >> ebits, bits = index & ((1 << ebits) - 1);
  auto bit = [&](int i) { return (bits >> i) & 1; };
  const int a = bit(0) ? 0x1FF : 0;
  int b = 0, c = 0;
  if (tq == 3) {
    switch (ebits) {
    case 2: // b000b0bb0
      b = bit(1) * 0x116;
      c = 93;
      break;
    case 4: { // dcb000dcb
      const int x = bits >> 1;
      b = x << 6 | x;
      c = 22;
      break;
    }
    case 6: { // fedcb000f
      const int x = bits >> 1;
      b = x << 4 | x >> 4;
      c = 5;
      break;
    }
    }
  } else {
    switch (ebits) {
    case 3: { // cb0000cbc
      const int x = bits >> 1;
      b = x << 7 | x << 1 | x >> 1;
      c = 26;
      break;
    }
    case 5: { // edcb0000e
      const int x = bits >> 1;
      b = x << 5 | x >> 3;
      c = 6;
      break;
    }
    }
  }
  int t = (d * c + b) ^ a;
  return uint8_t((a & 0x80) | (t >> 2));
}

struct Unquant {
  uint8_t v[kModeCount][256];
  Unquant() {
    for (int m = 0; m < kModeCount; ++m) {
      const ModeInfo& mi = kModes[m];
      if (m == kSolidMode) continue;
      for (int i = 0; i < endpointLevels(m); ++i) {
        if (mi.tq) {
          v[m][i] = astcUnquant(mi.tq, mi.ebits, i);
        } else { // bit replication from the MSB to 8 bits
          int x = i << (8 - mi.ebits);
          for (int s = mi.ebits; s < 8; s += mi.ebits) x |= x >> s;
          v[m][i] = uint8_t(x);
        }
      }
    }
  }
};

} // namespace

const ModeInfo& modeInfo(int mode) {
  return kModes[mode];
}

int modeFromBits(uint32_t low7) {
  for (int m = 0; m < kModeCount; ++m)
    if ((low7 & ((1u << kModes[m].codeBits) - 1)) == kModes[m].code) return m;
  return -1;
}

int channelsOf(Cem cem) {
  return cem == Cem::RGB ? 3 : cem == Cem::RGBA ? 4 : 2;
}

int valuesPerSubset(int mode) {
  return 2 * channelsOf(kModes[mode].cem);
}

int endpointLevels(int mode) {
  const ModeInfo& mi = kModes[mode];
  return (mi.tq ? mi.tq : 1) << mi.ebits;
}

uint8_t unquantEndpoint(int mode, int index) {
  static const Unquant table;
  return table.v[mode][index];
}

uint8_t unquantWeight(int wbits, int index) {
  static const uint8_t w2[4] = {0, 21, 43, 64};
  static const uint8_t w3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
  static const uint8_t w4[16] = {0, 4, 8, 12, 17, 21, 25, 29, 35, 39, 43, 47, 52, 56, 60, 64};
  switch (wbits) {
  case 2:
    return w2[index];
  case 3:
    return w3[index];
  case 4:
    return w4[index];
  default: { // 1 and 5 bits: replicate to 6 bits, then +1 above 32
    int v = wbits == 1 ? index * 63 : index << 1 | index >> 4;
    return uint8_t(v > 32 ? v + 1 : v);
  }
  }
}

int patternCount(int mode) {
  switch (mode) {
  case 3:
    return 11;
  case 7:
    return 19;
  case 2:
  case 4:
  case 9:
  case 16:
    return 30;
  default:
    return 0;
  }
}

int subsetOf(int mode, int pat, int texel) {
  return patternCount(mode) ? pattern(mode, pat)[texel] - '0' : 0;
}

int anchorOf(int mode, int pat, int subset) {
  for (int i = 0; i < 16; ++i)
    if (subsetOf(mode, pat, i) == subset) return i;
  return 0;
}

} // namespace strata::image::uastc
