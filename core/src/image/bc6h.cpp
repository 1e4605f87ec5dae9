// BC6H block decoder (ARB_texture_compression_bptc, Table.MF and Table.F;
// Microsoft "BC6H Format": sign extension, transform inversion, unquantize,
// finish_unquantize; Khronos Data Format Specification 1.3 §20.2).
#include "image/bc_blocks.h"
#include "image/bits128.h"
#include "image/bptc_tables.h"

#include <cstring>
#include <utility>

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
  uint8_t from;  // first bit in the block
  uint8_t var;   // channel * 4 + endpoint
  uint8_t low;   // lowest destination bit
  uint8_t count; // bits
  bool reversed;
};

// A mode's layout, parsed at compile time: every segment's position and
// destination is a constant in its mode's decoder (decodeMode).
struct Layout {
  Segment seg[32] = {};
  unsigned n = 0;
};

constexpr unsigned parseNumber(const char*& p) {
  unsigned v = 0;
  while (*p >= '0' && *p <= '9') v = v * 10 + unsigned(*p++ - '0');
  return v;
}

// The fields start after the mode bits: 2 for codes 0 and 1, else 5.
constexpr Layout parseLayout(const Bc6Mode& m) {
  Layout out;
  unsigned from = m.code < 2 ? 2 : 5;
  for (const char* p = m.layout; *p;) {
    const unsigned channel = *p == 'r' ? 0 : *p == 'g' ? 1 : 2;
    ++p;
    const unsigned endpoint = parseNumber(p);
    ++p; // '['
    const unsigned a = parseNumber(p);
    unsigned b = a;
    if (*p == ':') ++p, b = parseNumber(p);
    ++p; // ']'
    if (*p == ',') ++p;
    Segment& s = out.seg[out.n++];
    s.from = uint8_t(from);
    s.var = uint8_t(channel * 4 + endpoint);
    s.low = uint8_t(a < b ? a : b);
    s.count = uint8_t((a < b ? b - a : a - b) + 1);
    s.reversed = a < b;
    from += s.count;
  }
  return out;
}

// The layouts fill exactly the bits before the partition (two regions, bit
// 77) or the indices (one region, bit 65): a check on the transcription.
constexpr bool layoutsFill() {
  for (const Bc6Mode& m : kModes) {
    const Layout l = parseLayout(m);
    const Segment& last = l.seg[l.n - 1];
    if (unsigned(last.from + last.count) != (m.twoRegions ? 77u : 65u)) return false;
  }
  return true;
}
static_assert(layoutsFill(),
              "a BC6H layout does not end where its mode's partition or indices start");

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

// Microsoft's finish_unquantize, branch-free: unsigned scales by 31/64;
// signed scales the magnitude by 31/32 and keeps the sign bit apart.
template <bool Signed> uint16_t finishUnquantize(int v) {
  if (!Signed) return uint16_t((v * 31) >> 6);
  const int magnitude = v < 0 ? -v : v;
  return uint16_t((v < 0 ? 0x8000 : 0) | ((magnitude * 31) >> 5));
}

// The 16 texels of a block whose endpoints are unquantized (e: channel * 4 +
// endpoint; two regions use endpoints 0-1 and 2-3). Indices: 4 bits from
// bit 65 for one region, 3 bits from bit 82 for two (ARB Table.MF).
template <bool Signed, bool Two>
void interpolate(const Bits128& bits, const int e[12], uint16_t* rgbHalf) {
  constexpr unsigned kBits = Two ? 3 : 4;
  const unsigned partition = Two ? bits.peek(77, 5) : 0;
  const uint32_t regions = Two ? kPartition2[partition] : 0;
  uint64_t idx = Two ? bits.hi >> 18 : bits.hi >> 1;
  idx = widenAnchor(idx, kBits, 0);
  if (Two) idx = widenAnchor(idx, kBits, kAnchor2[partition]);
  const uint8_t* weights = Two ? kWeights3 : kWeights4;
  // a * (64 - w) + b * w + 32 as base + step * w, per region and channel.
  int base[2][3], step[2][3];
  for (unsigned r = 0; r < (Two ? 2u : 1u); ++r)
    for (unsigned c = 0; c < 3; ++c) {
      const int a = e[4 * c + 2 * r], b = e[4 * c + 2 * r + 1];
      base[r][c] = a * 64 + 32, step[r][c] = b - a;
    }
  for (unsigned i = 0; i < 16; ++i, idx >>= kBits, rgbHalf += 3) {
    const int w = weights[idx & ((1u << kBits) - 1)];
    const unsigned r = Two ? regions >> i & 1 : 0;
    for (unsigned c = 0; c < 3; ++c)
      rgbHalf[c] = finishUnquantize<Signed>((base[r][c] + step[r][c] * w) >> 6);
  }
}

uint32_t reverseBits(uint32_t v, unsigned n) {
  uint32_t r = 0;
  for (unsigned k = 0; k < n; ++k) r = r << 1 | (v >> k & 1);
  return r;
}

template <unsigned M, size_t... K>
void extract(const Bits128& bits, int e[12], std::index_sequence<K...>) {
  constexpr Layout l = parseLayout(kModes[M]);
  ((e[l.seg[K].var] |=
    int((l.seg[K].reversed ? reverseBits(bits.peek(l.seg[K].from, l.seg[K].count), l.seg[K].count)
                           : bits.peek(l.seg[K].from, l.seg[K].count))
        << l.seg[K].low)),
   ...);
}

// Row M of kModes: its fields read at constant positions into constant
// endpoint slots, then sign extension, the transform's inversion and
// unquantization (Microsoft "BC6H Format"), all with the mode's widths known.
template <unsigned M, bool Signed> void decodeMode(const Bits128& bits, uint16_t* rgbHalf) {
  constexpr Bc6Mode m = kModes[M];
  constexpr unsigned endpoints = m.twoRegions ? 4 : 2;
  int e[12] = {}; // channel * 4 + endpoint
  extract<M>(bits, e, std::make_index_sequence<parseLayout(kModes[M]).n>{});
  for (unsigned c = 0; c < 3; ++c) {
    int* ch = e + 4 * c;
    if (Signed) ch[0] = signExtend(ch[0], m.epb);
    if (m.transformed || Signed)
      for (unsigned i = 1; i < endpoints; ++i) ch[i] = signExtend(ch[i], m.delta[c]);
    if (m.transformed)
      for (unsigned i = 1; i < endpoints; ++i) {
        ch[i] = (ch[i] + ch[0]) & ((1 << m.epb) - 1);
        if (Signed) ch[i] = signExtend(ch[i], m.epb);
      }
    for (unsigned i = 0; i < endpoints; ++i) ch[i] = unquantize(ch[i], m.epb, Signed);
  }
  interpolate<Signed, m.twoRegions>(bits, e, rgbHalf);
}

using ModeDecoder = void (*)(const Bits128&, uint16_t*);

// Reserved mode: every colour channel 0 (Microsoft "BC6H Format").
void reservedMode(const Bits128&, uint16_t* rgbHalf) {
  std::memset(rgbHalf, 0, 16 * 3 * sizeof(uint16_t));
}

// Mode code (2 low bits when below 2, else 5 low bits) -> decoder; codes
// 19, 23, 27 and 31 are reserved.
template <bool Signed, size_t... M> struct Dispatch {
  ModeDecoder byCode[32];
  constexpr Dispatch() : byCode() {
    for (ModeDecoder& d : byCode) d = reservedMode;
    ((byCode[kModes[M].code] = decodeMode<M, Signed>), ...);
  }
};
template <bool Signed, size_t... M>
constexpr Dispatch<Signed, M...> dispatch(std::index_sequence<M...>) {
  return Dispatch<Signed, M...>();
}
constexpr auto kUnsigned = dispatch<false>(std::make_index_sequence<14>{});
constexpr auto kSigned = dispatch<true>(std::make_index_sequence<14>{});

} // namespace

void decodeBC6H(const uint8_t* block, bool isSigned, uint16_t* rgbHalf) {
  unsigned code = block[0] & 3;
  if (code >= 2) code = block[0] & 31;
  const Bits128 bits(block);
  (isSigned ? kSigned.byCode : kUnsigned.byCode)[code](bits, rgbHalf);
}

} // namespace strata::image::bc
