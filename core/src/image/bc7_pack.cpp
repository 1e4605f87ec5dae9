// BC7 block packing (ARB_texture_compression_bptc, "BPTC Compressed Texture
// Image Format" and Table.M; Microsoft "BC7 Format Mode Reference").
#include "image/bc7_pack.h"
#include "image/bc7_modes.h"
#include "image/bptc_tables.h"

#include <algorithm>
#include <cstring>

namespace strata::image::bc7 {
using bc::Bc7Mode;
using bc::kBc7Modes;
namespace {

// LSB-first writer over 16 bytes (bit 0 = LSB of byte 0).
struct BitWriter {
  uint8_t* out;
  unsigned pos = 0;
  void put(uint32_t v, unsigned n) {
    for (unsigned i = 0; i < n; ++i, ++pos)
      if (v >> i & 1) out[pos / 8] |= uint8_t(1u << (pos % 8));
  }
};

// Texel of each subset whose index is stored one bit short (top bit 0).
int anchorOf(int subsets, int partition, int subset) {
  if (subset == 0) return 0;
  if (subsets == 2) return bc::kAnchor2[partition];
  return subset == 1 ? bc::kAnchor3a[partition] : bc::kAnchor3b[partition];
}

// Swaps endpoints 0 and 1 of `subset` in channels [first, last) (their
// p-bits with them) and inverts the indices of the subset's texels.
void flip(Block& b, const Bc7Mode& m, int subset, int first, int last, uint8_t* idx, int bits) {
  for (int c = first; c < last; ++c) std::swap(b.q[subset][0][c], b.q[subset][1][c]);
  if (m.epb) std::swap(b.p[subset][0], b.p[subset][1]);
  for (int i = 0; i < 16; ++i)
    if (subsetOf(b.mode, b.partition, i) == subset) idx[i] = uint8_t((1 << bits) - 1 - idx[i]);
}

} // namespace

int subsetOf(int mode, int partition, int texel) {
  const int ns = kBc7Modes[mode].ns;
  if (ns == 1) return 0;
  if (ns == 2) return bc::kPartition2[partition] >> texel & 1;
  return int(bc::kPartition3[partition] >> (2 * texel) & 3);
}

void pack(Block b, uint8_t out[16]) {
  const Bc7Mode& m = kBc7Modes[b.mode];
  const int ib = m.ib, ib2 = m.ib2;
  if (!ib2) {
    for (int s = 0; s < m.ns; ++s)
      if (b.index[anchorOf(m.ns, b.partition, s)] >> (ib - 1)) flip(b, m, s, 0, 4, b.index, ib);
  } else {
    // Modes 4 and 5: the primary indices serve colour unless the index
    // selection bit gives them to alpha; both sets anchor at texel 0.
    const bool colourPrimary = b.indexSelection == 0;
    if (b.index[0] >> (ib - 1))
      flip(b, m, 0, colourPrimary ? 0 : 3, colourPrimary ? 3 : 4, b.index, ib);
    if (b.index2[0] >> (ib2 - 1))
      flip(b, m, 0, colourPrimary ? 3 : 0, colourPrimary ? 4 : 3, b.index2, ib2);
  }
  std::memset(out, 0, 16);
  BitWriter w{out};
  w.put(1u << b.mode, unsigned(b.mode + 1));
  w.put(uint32_t(b.partition), m.pb);
  w.put(uint32_t(b.rotation), m.rb);
  w.put(uint32_t(b.indexSelection), m.isb);
  for (int c = 0; c < 3; ++c)
    for (int s = 0; s < m.ns; ++s)
      for (int e = 0; e < 2; ++e) w.put(uint32_t(b.q[s][e][c]), m.cb);
  if (m.ab)
    for (int s = 0; s < m.ns; ++s)
      for (int e = 0; e < 2; ++e) w.put(uint32_t(b.q[s][e][3]), m.ab);
  if (m.epb)
    for (int s = 0; s < m.ns; ++s)
      for (int e = 0; e < 2; ++e) w.put(uint32_t(b.p[s][e]), 1);
  if (m.spb)
    for (int s = 0; s < m.ns; ++s) w.put(uint32_t(b.p[s][0]), 1);
  for (int i = 0; i < 16; ++i) {
    bool anchor = i == 0;
    for (int s = 1; s < m.ns; ++s) anchor |= i == anchorOf(m.ns, b.partition, s);
    w.put(b.index[i], anchor ? ib - 1u : unsigned(ib));
  }
  if (ib2)
    for (int i = 0; i < 16; ++i) w.put(b.index2[i], i == 0 ? ib2 - 1u : unsigned(ib2));
}

} // namespace strata::image::bc7
