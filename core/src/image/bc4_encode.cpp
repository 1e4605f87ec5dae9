// BC4 channel encoder (Khronos Data Format Specification 1.3 §19.4: two
// endpoints and 3-bit indices; e0 > e1 gives 8 interpolated values, e0 <= e1
// gives 6 plus 0 and 255, or -1 and 1 for SNORM). Both palettes are searched:
// least-squares endpoints from the indices, then every endpoint pair within a
// radius of the best, each scored with the decoder's own palette rounding
// (bc1_5.cpp), in the 8-bit values the decoder gives back.
#include "image/bc_encode.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace strata::image::bc {
namespace {

// Endpoints in the stored domain: 0-255 (UNORM) or -127-127 (SNORM; -128
// decodes as -127, so it is never needed).
struct Channel {
  bool snorm;
  int lowest() const { return snorm ? -127 : 0; }
  int highest() const { return snorm ? 127 : 255; }
  // Stored endpoint for an 8-bit decoded value (unrounded).
  float endpointFor(float v) const { return snorm ? v * 254.0f / 255.0f - 127.0f : v; }
  // The decoder's 8-bit value of num / den endpoint units (bc1_5.cpp bc4Snorm).
  int decoded(int num, int den) const {
    if (!snorm) return num / den;
    return ((num + 127 * den) * 255 + 127 * den) / (254 * den);
  }
  // The 8 palette values of endpoints e0, e1 (KDFS §19.4).
  void palette(int e0, int e1, int out[8]) const {
    out[0] = decoded(e0, 1), out[1] = decoded(e1, 1);
    if (e0 > e1) {
      // UNORM rounds (n + 1) / 7 as the decoder does; SNORM's rounding is in decoded().
      for (int k = 2; k < 8; ++k) {
        const int n = (8 - k) * e0 + (k - 1) * e1;
        out[k] = snorm ? decoded(n, 7) : (n + 1) / 7;
      }
    } else {
      for (int k = 2; k < 6; ++k) {
        const int n = (6 - k) * e0 + (k - 1) * e1;
        out[k] = snorm ? decoded(n, 5) : (n + 1) / 5;
      }
      out[6] = 0, out[7] = 255;
    }
  }
};

// Squared error of the values with their nearest palette entries; the
// 3-bit indices (texel i at bit 3i) go to `indices` when it is set.
int evaluate(const Channel& ch, const int x[16], int e0, int e1, uint64_t* indices) {
  int pal[8];
  ch.palette(e0, e1, pal);
  int best[16], pick[16];
  for (int i = 0; i < 16; ++i) best[i] = (x[i] - pal[0]) * (x[i] - pal[0]), pick[i] = 0;
  for (int k = 1; k < 8; ++k)
    for (int i = 0; i < 16; ++i) {
      const int d = (x[i] - pal[k]) * (x[i] - pal[k]);
      const bool closer = d < best[i];
      best[i] = closer ? d : best[i];
      pick[i] = closer ? k : pick[i];
    }
  int err = 0;
  for (int i = 0; i < 16; ++i) err += best[i];
  if (indices) {
    uint64_t idx = 0;
    for (int i = 0; i < 16; ++i) idx |= uint64_t(pick[i]) << (3 * i);
    *indices = idx;
  }
  return err;
}

struct Pair {
  int e0 = 0, e1 = 0;
  int err = 1 << 30;
};

// The endpoint pair (e0 > e1 for 8 values, e0 <= e1 for 6) is valid for the palette.
bool validFor(bool eight, int e0, int e1) {
  return eight ? e0 > e1 : e0 <= e1;
}

void consider(const Channel& ch, const int x[16], bool eight, int e0, int e1, Pair& best) {
  e0 = std::clamp(e0, ch.lowest(), ch.highest());
  e1 = std::clamp(e1, ch.lowest(), ch.highest());
  if (!validFor(eight, e0, e1)) return;
  const int err = evaluate(ch, x, e0, e1, nullptr);
  if (err < best.err) best = {e0, e1, err};
}

// Least-squares endpoints for the indices of `p`: each value is
// (1 - t) v0 + t v1 with t the index's weight; the 6-value palette's 0 and
// 255 entries depend on neither endpoint and are left out.
bool refit(const Channel& ch, const int x[16], bool eight, const Pair& p, Pair& out) {
  uint64_t idx;
  evaluate(ch, x, p.e0, p.e1, &idx);
  float aa = 0, bb = 0, ab = 0, ax = 0, bx = 0;
  for (int i = 0; i < 16; ++i) {
    const int k = int(idx >> (3 * i) & 7);
    if (!eight && k >= 6) continue;
    const float t = k == 0 ? 0.0f : k == 1 ? 1.0f : float(k - 1) / (eight ? 7.0f : 5.0f);
    aa += (1 - t) * (1 - t), bb += t * t, ab += (1 - t) * t;
    ax += (1 - t) * float(x[i]), bx += t * float(x[i]);
  }
  const float det = aa * bb - ab * ab;
  if (det < 1e-4f) return false;
  const float v0 = (bb * ax - ab * bx) / det, v1 = (aa * bx - ab * ax) / det;
  out.e0 = int(std::lround(ch.endpointFor(v0)));
  out.e1 = int(std::lround(ch.endpointFor(v1)));
  return true;
}

// The best pair of one palette, starting from the range [lo, hi] of the
// values it should span.
Pair searchMode(const Channel& ch, const int x[16], bool eight, int lo, int hi, int quality) {
  // 8 values: e0 is the upper end; 6 values: e0 the lower.
  if (eight && lo == hi) hi < ch.highest() ? ++hi : --lo;
  Pair best;
  consider(ch, x, eight, eight ? hi : lo, eight ? lo : hi, best);
  if (best.err == 0) return best;
  for (int it = 0; it < 2; ++it) {
    Pair r;
    if (!refit(ch, x, eight, best, r)) break;
    const int before = best.err;
    consider(ch, x, eight, r.e0, r.e1, best);
    if (best.err == before) break;
  }
  // Every pair within `radius` of the best, again from the new best while it moves.
  const int radius = quality <= 0 ? 1 : quality == 1 ? 2 : 4;
  for (int round = 0; round < 4 && best.err > 0; ++round) {
    const Pair centre = best;
    for (int d0 = -radius; d0 <= radius; ++d0)
      for (int d1 = -radius; d1 <= radius; ++d1)
        if (d0 || d1) consider(ch, x, eight, centre.e0 + d0, centre.e1 + d1, best);
    if (best.e0 == centre.e0 && best.e1 == centre.e1) break;
  }
  return best;
}

} // namespace

void encodeBC4Channel(const uint8_t values[16], bool snorm, int quality, uint8_t out[8]) {
  const Channel ch{snorm};
  int x[16];
  for (int i = 0; i < 16; ++i) x[i] = values[i];
  const int mn = *std::min_element(x, x + 16), mx = *std::max_element(x, x + 16);
  auto endpoint = [&](int v) { return int(std::lround(ch.endpointFor(float(v)))); };
  // 6 values: the range of the values the 0 and 255 entries do not hold.
  int lo6 = 255, hi6 = 0;
  for (int v : x)
    if (v != 0 && v != 255) lo6 = std::min(lo6, v), hi6 = std::max(hi6, v);
  if (lo6 > hi6) lo6 = hi6 = mn;
  // The 6-value palette pays where its 0 and 255 entries can serve (values
  // near either end) or for one value (exact at once); elsewhere its six
  // levels lose to eight (tried anyway at the best quality).
  Pair best;
  if (mn == mx || mn < 32 || mx > 223 || quality >= 2)
    best = searchMode(ch, x, false, endpoint(lo6), endpoint(hi6), quality);
  if (best.err > 0) {
    const Pair p8 = searchMode(ch, x, true, endpoint(mn), endpoint(mx), quality);
    if (p8.err < best.err) best = p8;
  }
  uint64_t idx;
  evaluate(ch, x, best.e0, best.e1, &idx);
  out[0] = uint8_t(best.e0), out[1] = uint8_t(best.e1);
  for (int k = 0; k < 6; ++k) out[2 + k] = uint8_t(idx >> (8 * k));
}

} // namespace strata::image::bc
