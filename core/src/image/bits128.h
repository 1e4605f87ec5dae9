#pragma once
// LSB-first reader over a 128-bit block (BC6H / BC7 store their fields from
// bit 0 of byte 0 upwards: ARB_texture_compression_bptc, "BPTC").
#include <cstdint>

namespace strata::image::bc {

struct Bits128 {
  uint64_t lo, hi;
  unsigned pos = 0;

  explicit Bits128(const uint8_t* b) : lo(0), hi(0) {
    for (int i = 7; i >= 0; --i) lo = lo << 8 | b[i];
    for (int i = 15; i >= 8; --i) hi = hi << 8 | b[i];
  }
  // The n bits (n <= 32) at `at`, without moving.
  uint32_t peek(unsigned at, unsigned n) const {
    return uint32_t(peek64(at) & ((uint64_t(1) << n) - 1));
  }
  // The 64 bits from `at` up (zeros above bit 127). (hi << 1) << (63 - at)
  // is hi << (64 - at) without the undefined shift by 64 when at is 0: both
  // arms are shifts a compiler selects between without a branch.
  uint64_t peek64(unsigned at) const {
    return at >= 64 ? hi >> (at & 63) : lo >> at | (hi << 1) << (63 - at);
  }
  uint32_t read(unsigned n) {
    uint32_t v = peek(pos, n);
    pos += n;
    return v;
  }
};

// BPTC indices (BC6H, BC7): texel i's index is `bits` wide, except that the
// anchors' (texel 0 and each further subset's anchor texel) are stored one
// bit shorter, their top bit being 0. With that zero put back above texel
// `anchor` -- the texels below it already widened -- the fields above move up
// one bit; once for every anchor, lowest first, texel i's index is the field
// at bit bits * i.
inline uint64_t widenAnchor(uint64_t v, unsigned bits, unsigned anchor) {
  const unsigned at = bits * anchor + bits - 1;
  return (v & ((uint64_t(1) << at) - 1)) | (v >> at) << (at + 1);
}

} // namespace strata::image::bc
