// BC6H block decoder (ARB_texture_compression_bptc, Table.MF and Table.F;
// Microsoft "BC6H Format": sign extension, transform inversion, unquantize,
// finish_unquantize; Khronos Data Format Specification 1.3 §20.2).
#include "image/bc_blocks.h"
#include "image/bits128.h"
#include "image/bptc_tables.h"

#include <cstring>
#include <vector>

namespace strata::image::bc {
namespace {

// One row of ARB Table.MF with its Table.F bit layout. Layout strings list
// the fields from bit 0 up after the mode bits; v[a:b] with a >= b takes
// a-b+1 bits into bits b..a, with a < b the bits arrive reversed.
struct Bc6Mode {
  uint8_t code;
  bool transformed;
  bool twoRegions;  // 5 partition bits at 77..81, 3-bit indices from bit 82
  uint8_t epb;      // endpoint bits
  uint8_t delta[3]; // bits of the other endpoints, r g b
  const char* layout;
};

constexpr Bc6Mode kModes[14] = {
    {0,
     true,
     true,
     10,
     {5, 5, 5},
     "g2[4],b2[4],b3[4],r0[9:0],g0[9:0],b0[9:0],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],"
     "b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {1,
     true,
     true,
     7,
     {6, 6, 6},
     "g2[5],g3[4],g3[5],r0[6:0],b3[0],b3[1],b2[4],g0[6:0],b2[5],b3[2],g2[4],b0[6:0],b3[3],"
     "b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]"},
    {2,
     true,
     true,
     11,
     {5, 4, 4},
     "r0[9:0],g0[9:0],b0[9:0],r1[4:0],r0[10],g2[3:0],g1[3:0],g0[10],b3[0],g3[3:0],b1[3:0],"
     "b0[10],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {6,
     true,
     true,
     11,
     {4, 5, 4},
     "r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],g3[4],g2[3:0],g1[4:0],g0[10],g3[3:0],b1[3:0],"
     "b0[10],b3[1],b2[3:0],r2[3:0],b3[0],b3[2],r3[3:0],g2[4],b3[3]"},
    {10,
     true,
     true,
     11,
     {4, 4, 5},
     "r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],b2[4],g2[3:0],g1[3:0],g0[10],b3[0],g3[3:0],"
     "b1[4:0],b0[10],b2[3:0],r2[3:0],b3[1],b3[2],r3[3:0],b3[4],b3[3]"},
    {14,
     true,
     true,
     9,
     {5, 5, 5},
     "r0[8:0],b2[4],g0[8:0],g2[4],b0[8:0],b3[4],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],"
     "b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {18,
     true,
     true,
     8,
     {6, 5, 5},
     "r0[7:0],g3[4],b2[4],g0[7:0],b3[2],g2[4],b0[7:0],b3[3],b3[4],r1[5:0],g2[3:0],g1[4:0],"
     "b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[5:0],r3[5:0]"},
    {22,
     true,
     true,
     8,
     {5, 6, 5},
     "r0[7:0],b3[0],b2[4],g0[7:0],g2[5],g2[4],b0[7:0],g3[5],b3[4],r1[4:0],g3[4],g2[3:0],"
     "g1[5:0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {26,
     true,
     true,
     8,
     {5, 5, 6},
     "r0[7:0],b3[1],b2[4],g0[7:0],b2[5],g2[4],b0[7:0],b3[5],b3[4],r1[4:0],g3[4],g2[3:0],"
     "g1[4:0],b3[0],g3[3:0],b1[5:0],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {30,
     false,
     true,
     6,
     {6, 6, 6},
     "r0[5:0],g3[4],b3[0],b3[1],b2[4],g0[5:0],g2[5],b2[5],b3[2],g2[4],b0[5:0],g3[5],b3[3],"
     "b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]"},
    {3, false, false, 10, {10, 10, 10}, "r0[9:0],g0[9:0],b0[9:0],r1[9:0],g1[9:0],b1[9:0]"},
    {7,
     true,
     false,
     11,
     {9, 9, 9},
     "r0[9:0],g0[9:0],b0[9:0],r1[8:0],r0[10],g1[8:0],g0[10],b1[8:0],b0[10]"},
    {11,
     true,
     false,
     12,
     {8, 8, 8},
     "r0[9:0],g0[9:0],b0[9:0],r1[7:0],r0[10:11],g1[7:0],g0[10:11],b1[7:0],b0[10:11]"},
    {15,
     true,
     false,
     16,
     {4, 4, 4},
     "r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10:15],g1[3:0],g0[10:15],b1[3:0],b0[10:15]"},
};

struct Segment {
  uint8_t var;   // channel * 4 + endpoint
  uint8_t low;   // lowest destination bit
  uint8_t count; // bits
  bool reversed;
};

struct ParsedMode {
  const Bc6Mode* mode = nullptr;
  std::vector<Segment> segments;
};

unsigned parseNumber(const char*& p) {
  unsigned v = 0;
  while (*p >= '0' && *p <= '9') v = v * 10 + unsigned(*p++ - '0');
  return v;
}

std::vector<Segment> parseLayout(const char* p) {
  std::vector<Segment> out;
  while (*p) {
    unsigned channel = *p == 'r' ? 0 : *p == 'g' ? 1 : 2;
    ++p;
    unsigned endpoint = parseNumber(p);
    ++p; // '['
    unsigned a = parseNumber(p), b = a;
    if (*p == ':') ++p, b = parseNumber(p);
    ++p; // ']'
    if (*p == ',') ++p;
    Segment s;
    s.var = uint8_t(channel * 4 + endpoint);
    s.low = uint8_t(a < b ? a : b);
    s.count = uint8_t((a < b ? b - a : a - b) + 1);
    s.reversed = a < b;
    out.push_back(s);
  }
  return out;
}

// Mode code (2 low bits when below 2, else 5 low bits) -> parsed layout;
// codes 19, 23, 27 and 31 are reserved and stay empty.
struct ModeTable {
  ParsedMode byCode[32];
  ModeTable() {
    for (const Bc6Mode& m : kModes) {
      byCode[m.code].mode = &m;
      byCode[m.code].segments = parseLayout(m.layout);
    }
  }
};

const ModeTable& modeTable() {
  static const ModeTable table;
  return table;
}

int signExtend(int v, unsigned bits) {
  unsigned shift = 32 - bits;
  return int(uint32_t(v) << shift) >> shift;
}

int unquantize(int comp, unsigned bits, bool isSigned) {
  if (!isSigned) {
    if (bits >= 15) return comp;
    if (comp == 0) return 0;
    if (comp == (1 << bits) - 1) return 0xFFFF;
    return ((comp << 16) + 0x8000) >> bits;
  }
  if (bits >= 16) return comp;
  bool negative = comp < 0;
  if (negative) comp = -comp;
  int unq;
  if (comp == 0)
    unq = 0;
  else if (comp >= (1 << (bits - 1)) - 1)
    unq = 0x7FFF;
  else
    unq = ((comp << 15) + 0x4000) >> (bits - 1);
  return negative ? -unq : unq;
}

uint16_t finishUnquantize(int v, bool isSigned) {
  if (!isSigned) return uint16_t((v * 31) >> 6);           // scale by 31/64
  if (v < 0) return uint16_t(0x8000 | (((-v) * 31) >> 5)); // 31/32, sign bit apart
  return uint16_t((v * 31) >> 5);
}

} // namespace

void decodeBC6H(const uint8_t* block, bool isSigned, uint16_t* rgbHalf) {
  unsigned code = block[0] & 3;
  if (code >= 2) code = block[0] & 31;
  const ParsedMode& pm = modeTable().byCode[code];
  if (!pm.mode) {
    // Reserved mode: every colour channel 0 (Microsoft "BC6H Format").
    std::memset(rgbHalf, 0, 16 * 3 * sizeof(uint16_t));
    return;
  }
  const Bc6Mode& m = *pm.mode;
  Bits128 bits(block);
  bits.pos = code < 2 ? 2 : 5;
  int e[12] = {}; // channel * 4 + endpoint
  for (const Segment& s : pm.segments) {
    uint32_t v = bits.read(s.count);
    if (s.reversed) {
      uint32_t r = 0;
      for (unsigned k = 0; k < s.count; ++k) r = r << 1 | (v >> k & 1);
      v = r;
    }
    e[s.var] |= int(v << s.low);
  }

  const unsigned endpoints = m.twoRegions ? 4 : 2;
  for (unsigned c = 0; c < 3; ++c) {
    int* ch = e + 4 * c;
    if (isSigned) ch[0] = signExtend(ch[0], m.epb);
    if (m.transformed || isSigned)
      for (unsigned i = 1; i < endpoints; ++i) ch[i] = signExtend(ch[i], m.delta[c]);
    if (m.transformed)
      for (unsigned i = 1; i < endpoints; ++i) {
        ch[i] = (ch[i] + ch[0]) & ((1 << m.epb) - 1);
        if (isSigned) ch[i] = signExtend(ch[i], m.epb);
      }
    for (unsigned i = 0; i < endpoints; ++i) ch[i] = unquantize(ch[i], m.epb, isSigned);
  }

  unsigned partition = m.twoRegions ? bits.peek(77, 5) : 0;
  unsigned anchor = m.twoRegions ? kAnchor2[partition] : 0;
  unsigned indexBits = m.twoRegions ? 3 : 4;
  const uint8_t* weights = m.twoRegions ? kWeights3 : kWeights4;
  bits.pos = m.twoRegions ? 82 : 65;
  for (unsigned i = 0; i < 16; ++i) {
    unsigned idx = bits.read(indexBits - (i == 0 || (m.twoRegions && i == anchor) ? 1 : 0));
    unsigned region = m.twoRegions ? (kPartition2[partition] >> i & 1) : 0;
    int w = weights[idx];
    for (unsigned c = 0; c < 3; ++c) {
      int a = e[4 * c + 2 * region], b = e[4 * c + 2 * region + 1];
      rgbHalf[3 * i + c] = finishUnquantize((a * (64 - w) + b * w + 32) >> 6, isSigned);
    }
  }
}

} // namespace strata::image::bc
