#pragma once
// UASTC 4x4 block format constants (Khronos Data Format Specification 1.4,
// "Universal ASTC Compressed Texture Images", uastc.txt; notes in
// specs/uastc-ktx2.md §1). Everything here is data from that chapter or is
// computed from formulas it names.
#include <cstdint>

namespace strata::image::uastc {

constexpr int kModeCount = 19; // modes 0..18; 19 is reserved (decodes to magenta)
constexpr int kSolidMode = 8;

// Colour endpoint mode of a block: which endpoint values it stores.
enum class Cem : uint8_t { RGB, RGBA, LA };

// One mode's layout (DFS "Mode Index", "Block configuration bits",
// "num_ebits", "num_wbits", "Endpoint encoding").
struct ModeInfo {
  uint8_t code, codeBits; // prefix code, stored from bit 0
  Cem cem;
  uint8_t subsets, planes;
  uint8_t ebits;   // num_ebits: plain endpoint bits per value
  uint8_t tq;      // 0, or 3 (trits, ET fields) or 5 (quints, EQ fields)
  uint8_t wbits;   // num_wbits
  uint8_t patBits; // PAT field: 0, 4 (mode 3) or 5 (modes 2, 4, 7, 9, 16)
  bool csel;       // CSEL field (modes 6, 11, 13)
  bool bc1h1;      // BC1H1 present (modes 0-7, 9, 13-18)
  bool etcbi;      // ETCBI present (modes 0-9, 13-18)
  bool etc2;       // ETC2T + ETC2M present (modes 9-17): the alpha modes
};

// Layout of mode 0..18 (mode 8, the solid colour mode, only uses code/codeBits).
const ModeInfo& modeInfo(int mode);

// The mode whose prefix code starts the block (its low 7 bits), or -1 for the
// reserved mode 19 and codes that match no mode.
int modeFromBits(uint32_t low7);

// Endpoint values a block of `mode` stores per subset: 6 (RGB), 8 (RGBA), 4 (LA).
int valuesPerSubset(int mode);
int channelsOf(Cem cem); // 3, 4, 2

// Quantised endpoint levels: (tq ? tq : 1) << ebits.
int endpointLevels(int mode);
// The 8-bit value of quantised endpoint (tq << ebits) | bits: ASTC's colour
// unquantisation for trit/quint ranges (DFS "Unquantizing endpoints"), bit
// replication for plain-bit ranges.
uint8_t unquantEndpoint(int mode, int index);

// 6-bit interpolation weight of a `wbits`-bit weight index (DFS "Unquantizing weights").
uint8_t unquantWeight(int wbits, int index);

// Partition patterns (DFS "Two subsets", "Three subsets"): the subset of texel
// i (raster order) in pattern `pat`; patternCount is 0 for 1-subset modes.
int patternCount(int mode);
int subsetOf(int mode, int pat, int texel);
// The anchor texel of `subset`: its first texel in raster order (the DFS anchor tables).
int anchorOf(int mode, int pat, int subset);

} // namespace strata::image::uastc
