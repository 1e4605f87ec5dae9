// UASTC block packing (DFS uastc.txt "Bitstream format", "Block configuration
// bits", "Endpoint encoding", "Weight encoding"; specs/uastc-ktx2.md §1):
// mode, hints, PAT, CSEL, packed trits/quints, endpoint bits, weights, all
// LSB-first from bit 0 of byte 0. Trits and quints are plain base-3 / base-5
// numbers (ET = t0 + 3 t1 + 9 t2 + 27 t3 + 81 t4, EQ = q0 + 5 q1 + 25 q2),
// not ASTC's bit-interleaved integer sequence.
#include "image/uastc_block.h"
#include "image/uastc_tables.h"

namespace strata::image::uastc {
namespace {

struct BitWriter {
  Bytes16 out{};
  unsigned pos = 0;
  void put(uint32_t v, unsigned n) {
    for (unsigned i = 0; i < n; ++i, ++pos)
      if (v >> i & 1) out[pos >> 3] |= uint8_t(1u << (pos & 7));
  }
};

struct BitReader {
  const uint8_t* in;
  unsigned pos = 0;
  uint32_t get(unsigned n) {
    uint32_t v = 0;
    for (unsigned i = 0; i < n; ++i, ++pos) v |= uint32_t(in[pos >> 3] >> (pos & 7) & 1) << i;
    return v;
  }
};

// Bits of the ET / EQ field holding `count` values (a full group is 5 trits
// in 8 bits or 3 quints in 7 bits; DFS "Endpoint encoding", spec notes §1).
unsigned groupBits(int tq, int count) {
  static const unsigned trit[6] = {0, 2, 4, 5, 7, 8};
  static const unsigned quint[4] = {0, 3, 5, 7};
  return tq == 3 ? trit[count] : quint[count];
}

// Visits the config fields in stored order with f(value&, bits).
template <class B, class F> void configFields(B& b, const ModeInfo& mi, F&& f) {
  f(b.bc1h0, 1);
  if (mi.bc1h1) f(b.bc1h1, 1);
  f(b.etc1f, 1);
  f(b.etc1d, 1);
  f(b.etci0, 3);
  f(b.etci1, 3);
  if (mi.etcbi) f(b.etcbi, 5);
  if (mi.etc2) {
    f(b.etc2t, 4);
    f(b.etc2m, 4);
  }
  if (mi.patBits) f(b.pat, mi.patBits);
  if (mi.csel) f(b.csel, 2);
}

template <class B, class F> void solidFields(B& b, F&& f) {
  for (auto& c : b.solid) f(c, 8);
  f(b.etc1d, 1);
  f(b.etc1i, 3);
  f(b.etc1s, 2);
  for (auto& c : b.etc1rgb) f(c, 5);
}

// Weight texels in stored order: texel i of plane 0, then of plane 1; anchors
// (and texel 0 in both planes of dual-plane modes) drop their MSB.
template <class F> void weightFields(const ModeInfo& mi, int mode, int pat, F&& f) {
  for (int i = 0; i < 16; ++i)
    for (int p = 0; p < mi.planes; ++p) {
      bool anchor = false;
      for (int s = 0; s < mi.subsets; ++s) anchor |= anchorOf(mode, pat, s) == i;
      f(p, i, anchor ? mi.wbits - 1u : unsigned(mi.wbits));
    }
}

} // namespace

Bytes16 pack(const Block& b) {
  BitWriter w;
  const ModeInfo& mi = modeInfo(b.mode);
  w.put(mi.code, mi.codeBits);
  auto put = [&](uint8_t v, unsigned n) { w.put(v, n); };
  if (b.mode == kSolidMode) {
    solidFields(b, put);
    return w.out;
  }
  configFields(b, mi, put);
  const int per = valuesPerSubset(b.mode), n = per * mi.subsets;
  auto value = [&](int k) { return int(b.ep[k / per][k % per]); };
  if (mi.tq) {
    const int group = mi.tq == 3 ? 5 : 3;
    for (int k0 = 0; k0 < n; k0 += group) {
      uint32_t packed = 0, scale = 1;
      const int count = n - k0 < group ? n - k0 : group;
      for (int k = k0; k < k0 + count; ++k, scale *= mi.tq)
        packed += (value(k) >> mi.ebits) * scale;
      w.put(packed, groupBits(mi.tq, count));
    }
  }
  for (int k = 0; k < n; ++k) w.put(value(k) & ((1u << mi.ebits) - 1), mi.ebits);
  weightFields(mi, b.mode, b.pat, [&](int p, int i, unsigned bits) { w.put(b.w[p][i], bits); });
  return w.out;
}

bool unpack(const uint8_t* bytes, Block& b) {
  b = Block();
  BitReader r{bytes};
  const int mode = modeFromBits(bytes[0] & 0x7F);
  if (mode < 0) return false;
  b.mode = mode;
  const ModeInfo& mi = modeInfo(mode);
  r.get(mi.codeBits);
  auto get = [&](uint8_t& v, unsigned n) { v = uint8_t(r.get(n)); };
  if (mode == kSolidMode) {
    solidFields(b, get);
    return true;
  }
  configFields(b, mi, get);
  if (mi.patBits && b.pat >= patternCount(mode)) return false;
  const int per = valuesPerSubset(mode), n = per * mi.subsets;
  int tq[24] = {};
  if (mi.tq) {
    const int group = mi.tq == 3 ? 5 : 3;
    for (int k0 = 0; k0 < n; k0 += group) {
      const int count = n - k0 < group ? n - k0 : group;
      uint32_t packed = r.get(groupBits(mi.tq, count));
      for (int k = k0; k < k0 + count; ++k, packed /= mi.tq) tq[k] = int(packed % mi.tq);
    }
  }
  for (int k = 0; k < n; ++k) b.ep[k / per][k % per] = uint8_t(tq[k] << mi.ebits | r.get(mi.ebits));
  weightFields(mi, mode, b.pat,
               [&](int p, int i, unsigned bits) { b.w[p][i] = uint8_t(r.get(bits)); });
  return true;
}

} // namespace strata::image::uastc
