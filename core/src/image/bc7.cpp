// BC7 block decoder (ARB_texture_compression_bptc "BPTC Compressed Texture
// Image Format", Table.M; Khronos Data Format Specification 1.3 §20.1;
// Microsoft "BC7 Format" and "BC7 Format Mode Reference").
#include "image/bc7_modes.h"
#include "image/bc_blocks.h"
#include "image/bits128.h"
#include "image/bptc_tables.h"

#include <cstring>

namespace strata::image::bc {
namespace {

const uint8_t* weightsFor(unsigned bits) {
  return bits == 2 ? kWeights2 : bits == 3 ? kWeights3 : kWeights4;
}

// A `bits`-bit value placed in the top of a byte, its top bits replicated below.
unsigned expandTo8(unsigned v, unsigned bits) {
  if (bits >= 8) return v;
  v <<= 8 - bits;
  return v | v >> bits;
}

// An endpoint's R, G, B, A in 16-bit lanes.
uint64_t lanes(const unsigned c[4]) {
  return uint64_t(c[0]) | uint64_t(c[1]) << 16 | uint64_t(c[2]) << 32 | uint64_t(c[3]) << 48;
}

// Lanes holding bytes (bits 0-7 of each) back to a texel, R first in memory.
uint32_t packLanes(uint64_t v) {
  v |= v >> 8; // R G at bits 0-15, B A at bits 32-47
  return uint32_t((v & 0xFFFF) | (v >> 16 & 0xFFFF0000u));
}

// ARB "Rotation": 1, 2, 3 swap alpha with red, green, blue after decoding.
uint32_t rotate(uint32_t texel, unsigned rotation) {
  const unsigned shift = 8 * (rotation - 1);
  const uint32_t alpha = texel >> 24, other = texel >> shift & 0xFF;
  texel &= ~(0xFFu << shift) & 0x00FFFFFFu;
  return texel | alpha << shift | other << 24;
}

// One mode's decoder: with the mode's field widths constant, the compiler
// unrolls the endpoint and index loops and folds the branches on them.
template <unsigned Mode> void decodeMode(const uint8_t* block, uint8_t* rgba, size_t pitch) {
  constexpr Bc7Mode m = kBc7Modes[Mode];
  Bits128 bits(block);
  bits.pos = Mode + 1;
  unsigned partition = bits.read(m.pb);
  unsigned rotation = bits.read(m.rb);
  unsigned indexSelection = bits.read(m.isb);

  // Endpoints: for each channel, subset, endpoint (ARB: "stored first by
  // endpoint, then by subset, then by color"), alpha after colour.
  const unsigned ne = 2u * m.ns;
  unsigned ep[6][4];
  for (unsigned c = 0; c < 3; ++c)
    for (unsigned e = 0; e < ne; ++e) ep[e][c] = bits.read(m.cb);
  for (unsigned e = 0; e < ne; ++e) ep[e][3] = m.ab ? bits.read(m.ab) : 255;

  // P-bits sit below the stored bits of every channel that has bits.
  unsigned cbits = m.cb, abits = m.ab;
  if (m.epb || m.spb) {
    unsigned p[6];
    if (m.epb)
      for (unsigned e = 0; e < ne; ++e) p[e] = bits.read(1);
    else
      for (unsigned s = 0; s < m.ns; ++s) p[2 * s] = p[2 * s + 1] = bits.read(1);
    for (unsigned e = 0; e < ne; ++e) {
      for (unsigned c = 0; c < 3; ++c) ep[e][c] = ep[e][c] << 1 | p[e];
      if (m.ab) ep[e][3] = ep[e][3] << 1 | p[e];
    }
    ++cbits;
    if (m.ab) ++abits;
  }
  for (unsigned e = 0; e < ne; ++e) {
    for (unsigned c = 0; c < 3; ++c) ep[e][c] = expandTo8(ep[e][c], cbits);
    if (m.ab) ep[e][3] = expandTo8(ep[e][3], abits);
  }

  // Endpoints as four 16-bit lanes (R, G, B, A from bit 0): with
  // (64 - w) * e0 + w * e1 + 32 at most 64 * 255 + 32, the interpolation of
  // all four channels is two multiplies by the texel's weight, no lane
  // carrying into the next.
  uint64_t e0[3], e1[3];
  for (unsigned s = 0; s < m.ns; ++s) {
    e0[s] = lanes(ep[2 * s]);
    e1[s] = lanes(ep[2 * s + 1]);
  }

  // Indices, each widened to the mode's width (widenAnchor).
  unsigned anchor1 = 0, anchor2 = 0;
  if (m.ns == 2) anchor1 = kAnchor2[partition];
  if (m.ns == 3) anchor1 = kAnchor3a[partition], anchor2 = kAnchor3b[partition];
  uint64_t idx1 = widenAnchor(bits.peek64(bits.pos), m.ib, 0);
  if (m.ns == 2) idx1 = widenAnchor(idx1, m.ib, anchor1);
  if (m.ns == 3) {
    // Lower texel first: each insertion moves the fields above it.
    idx1 = widenAnchor(idx1, m.ib, anchor1 < anchor2 ? anchor1 : anchor2);
    idx1 = widenAnchor(idx1, m.ib, anchor1 < anchor2 ? anchor2 : anchor1);
  }
  bits.pos += 16 * m.ib - m.ns;
  const uint64_t idx2 = m.ib2 ? widenAnchor(bits.peek64(bits.pos), m.ib2, 0) : 0;

  // Colour from the secondary index when the selection bit is set; alpha from
  // the secondary index when there is one and the bit is clear.
  const bool colourFromSecond = m.ib2 && indexSelection;
  const unsigned cbitsIdx = colourFromSecond ? m.ib2 : m.ib;
  const unsigned abitsIdx = m.ib2 && !indexSelection ? m.ib2 : m.ib;
  const uint64_t idxC = colourFromSecond ? idx2 : idx1;
  const uint64_t idxA = m.ib2 && !indexSelection ? idx2 : idx1;
  const uint8_t* wc = weightsFor(cbitsIdx);
  const uint8_t* wa = weightsFor(abitsIdx);
  constexpr uint64_t kRound = 0x0020002000200020u;
  constexpr uint64_t kRgb = 0x0000FFFFFFFFFFFFu;
  for (unsigned i = 0; i < 16; ++i) {
    const unsigned s = m.ns == 1   ? 0
                       : m.ns == 2 ? (kPartition2[partition] >> i & 1)
                                   : (kPartition3[partition] >> (2 * i) & 3);
    const uint64_t w = wc[idxC >> (cbitsIdx * i) & ((1u << cbitsIdx) - 1)];
    uint64_t v;
    if (!m.ib2) {
      v = e0[s] * (64 - w) + e1[s] * w + kRound;
    } else {
      // Separate alpha weights (modes 4, 5): colour lanes and alpha lane apart.
      const uint64_t wA = wa[idxA >> (abitsIdx * i) & ((1u << abitsIdx) - 1)];
      v = (e0[s] & kRgb) * (64 - w) + (e1[s] & kRgb) * w + kRound;
      v += ((e0[s] >> 48) * (64 - wA) + (e1[s] >> 48) * wA) << 48;
    }
    uint32_t texel = packLanes(v >> 6 & 0x00FF00FF00FF00FFu);
    if (m.rb && rotation) texel = rotate(texel, rotation);
    std::memcpy(rgba + (i / 4) * pitch + 4 * (i % 4), &texel, 4);
  }
}

} // namespace

void decodeBC7(const uint8_t* block, uint8_t* rgba, size_t pitch) {
  // The mode is the number of zero bits below the first one bit; a zero first
  // byte is the reserved mode 8, which D3D decodes as transparent black.
  unsigned mode = 0;
  while (mode < 8 && !(block[0] >> mode & 1)) ++mode;
  switch (mode) {
  case 0:
    return decodeMode<0>(block, rgba, pitch);
  case 1:
    return decodeMode<1>(block, rgba, pitch);
  case 2:
    return decodeMode<2>(block, rgba, pitch);
  case 3:
    return decodeMode<3>(block, rgba, pitch);
  case 4:
    return decodeMode<4>(block, rgba, pitch);
  case 5:
    return decodeMode<5>(block, rgba, pitch);
  case 6:
    return decodeMode<6>(block, rgba, pitch);
  case 7:
    return decodeMode<7>(block, rgba, pitch);
  default:
    for (int r = 0; r < 4; ++r) std::memset(rgba + size_t(r) * pitch, 0, 16);
  }
}

} // namespace strata::image::bc
