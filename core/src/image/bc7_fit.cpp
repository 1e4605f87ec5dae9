// One BC7 subset's endpoints (ARB_texture_compression_bptc: endpoints of
// cb / ab stored bits, a p-bit below them where the mode has one, expanded by
// replicating their top bits; texels interpolated with the 2-, 3- or 4-bit
// weight tables). Distances are computed in float over all 16 texel slots at
// once (exact for 8-bit values), a layout the compiler vectorises.
#include "image/bc7_fit.h"
#include "image/bptc_tables.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>

namespace strata::image::bc7 {
namespace {

const uint8_t* weightsOf(int indexBits) {
  return indexBits == 2 ? bc::kWeights2 : indexBits == 3 ? bc::kWeights3 : bc::kWeights4;
}

// The stored value whose 8-bit expansion is nearest each 8-bit value, for
// `bits` stored bits and no p-bit (row 0), p-bit 0 (row 1) or p-bit 1 (row 2).
struct NearestTables {
  uint8_t q[9][3][256];
  NearestTables() {
    for (int b = 1; b <= 8; ++b)
      for (int row = 0; row < 3; ++row) {
        if (row > 0 && b == 8) continue;
        for (int v = 0; v < 256; ++v) {
          int best = 0, bestD = 1 << 30;
          for (int s = 0; s < (1 << b); ++s) {
            const int e = row == 0 ? expandBits(s, b) : expandBits(s << 1 | (row - 1), b + 1);
            const int d = std::abs(e - v);
            if (d < bestD) bestD = d, best = s;
          }
          q[b][row][v] = uint8_t(best);
        }
      }
  }
};

const NearestTables& nearestTables() {
  static const NearestTables t;
  return t;
}

// The 8-bit value of stored value q with p-bit p (-1: the format has none).
int decodedValue(int q, int bits, int p) {
  return p < 0 ? expandBits(q, bits) : expandBits(q << 1 | p, bits + 1);
}

// The subset's texels, channel-major, padded to 16 slots with zeros.
template <int C> struct Points {
  float x[C][16];
  uint8_t texel[16];
  int n = 0;
};

template <int C> Points<C> gather(const int texels[16][4], uint16_t mask) {
  Points<C> pts;
  std::memset(pts.x, 0, sizeof pts.x);
  for (int i = 0; i < 16; ++i)
    if (mask >> i & 1) {
      for (int c = 0; c < C; ++c) pts.x[c][pts.n] = float(texels[i][c]);
      pts.texel[pts.n++] = uint8_t(i);
    }
  return pts;
}

// Squared distance of point i from palette entry q, written out per channel count.
template <int C> inline float distance(const Points<C>& pts, int i, const float* q) {
  const float d0 = pts.x[0][i] - q[0];
  float d = d0 * d0;
  if constexpr (C >= 3) {
    const float d1 = pts.x[1][i] - q[1], d2 = pts.x[2][i] - q[2];
    d += d1 * d1 + d2 * d2;
  }
  if constexpr (C == 4) {
    const float d3 = pts.x[3][i] - q[3];
    d += d3 * d3;
  }
  return d;
}

// Squared error of the points with their nearest palette entries; each
// point's index goes to idx[point].
template <int C, int K>
uint32_t evaluate(const Points<C>& pts, const int e0[4], const int e1[4], const uint8_t* w,
                  uint8_t idx[16]) {
  float pal[K][C];
  for (int k = 0; k < K; ++k)
    for (int c = 0; c < C; ++c) pal[k][c] = float(interpolate(e0[c], e1[c], w[k]));
  // The index is picked with an integer mask, the distance with a select:
  // the form GCC if-converts and vectorises (a float select of the index
  // stays a branch).
  float best[16];
  int32_t pick[16];
  for (int i = 0; i < 16; ++i) best[i] = distance<C>(pts, i, pal[0]), pick[i] = 0;
  for (int k = 1; k < K; ++k)
    for (int i = 0; i < 16; ++i) {
      const float d = distance<C>(pts, i, pal[k]);
      const int32_t closer = -int32_t(d < best[i]);
      pick[i] = (pick[i] & ~closer) | (k & closer);
      best[i] = d < best[i] ? d : best[i];
    }
  float err = 0;
  for (int i = 0; i < pts.n; ++i) err += best[i];
  for (int i = 0; i < 16; ++i) idx[i] = uint8_t(pick[i]);
  return uint32_t(err);
}

// Least-squares endpoints for the points' indices: minimises
// sum ((1 - t) lo + t hi - x)^2 per channel, t the index's weight / 64.
template <int C>
bool refit(const Points<C>& pts, const uint8_t idx[16], const uint8_t* w, float lo[4],
           float hi[4]) {
  float aa = 0, bb = 0, ab = 0, ax[C] = {}, bx[C] = {};
  for (int i = 0; i < pts.n; ++i) {
    const float t = float(w[idx[i]]) / 64.0f, s = 1 - t;
    aa += s * s, bb += t * t, ab += s * t;
    for (int c = 0; c < C; ++c) ax[c] += s * pts.x[c][i], bx[c] += t * pts.x[c][i];
  }
  const float det = aa * bb - ab * ab;
  if (det < 1e-6f) return false;
  for (int c = 0; c < C; ++c) {
    lo[c] = std::clamp((bb * ax[c] - ab * bx[c]) / det, 0.0f, 255.0f);
    hi[c] = std::clamp((aa * bx[c] - ab * ax[c]) / det, 0.0f, 255.0f);
  }
  return true;
}

// Mean and principal axis of the points; the extremes of their projections
// on it give the first endpoints.
template <int C> void extremes(const Points<C>& pts, float lo[4], float hi[4]) {
  float mean[C] = {};
  for (int c = 0; c < C; ++c) {
    for (int i = 0; i < pts.n; ++i) mean[c] += pts.x[c][i];
    mean[c] /= float(pts.n);
  }
  float axis[C];
  if (C == 1) {
    axis[0] = 1;
  } else {
    float cov[C][C] = {};
    for (int i = 0; i < pts.n; ++i)
      for (int a = 0; a < C; ++a)
        for (int b = a; b < C; ++b) cov[a][b] += (pts.x[a][i] - mean[a]) * (pts.x[b][i] - mean[b]);
    for (int a = 0; a < C; ++a)
      for (int b = 0; b < a; ++b) cov[a][b] = cov[b][a];
    int widest = 0;
    for (int c = 1; c < C; ++c)
      if (cov[c][c] > cov[widest][widest]) widest = c;
    for (int c = 0; c < C; ++c) axis[c] = cov[widest][c];
    for (int it = 0; it < 6; ++it) {
      float next[C] = {}, m = 0;
      for (int a = 0; a < C; ++a) {
        for (int b = 0; b < C; ++b) next[a] += cov[a][b] * axis[b];
        m = std::max(m, std::fabs(next[a]));
      }
      if (m <= 0) break;
      for (int a = 0; a < C; ++a) axis[a] = next[a] / m;
    }
    float len = 0;
    for (int c = 0; c < C; ++c) len += axis[c] * axis[c];
    if (len <= 0)
      for (int c = 0; c < C; ++c) axis[c] = 1, len = float(C);
    len = std::sqrt(len);
    for (int c = 0; c < C; ++c) axis[c] /= len;
  }
  float tmin = 0, tmax = 0;
  for (int i = 0; i < pts.n; ++i) {
    float t = 0;
    for (int c = 0; c < C; ++c) t += (pts.x[c][i] - mean[c]) * axis[c];
    tmin = std::min(tmin, t), tmax = std::max(tmax, t);
  }
  for (int c = 0; c < C; ++c) {
    lo[c] = std::clamp(mean[c] + tmin * axis[c], 0.0f, 255.0f);
    hi[c] = std::clamp(mean[c] + tmax * axis[c], 0.0f, 255.0f);
  }
}

template <int C, int K> class Fitter {
public:
  Fitter(const int texels[16][4], uint16_t mask, const EndpointFormat& f, const FitEffort& e)
      : pts_(gather<C>(texels, mask)), f_(f), e_(e), w_(weightsOf(f.indexBits)) {
    best_.err = ~0u;
  }

  SubsetFit run() {
    if (pts_.n == 0) {
      SubsetFit none{};
      return none;
    }
    float lo[4], hi[4];
    extremes(pts_, lo, hi);
    for (int it = 0; it <= e_.refits; ++it) {
      const uint32_t before = best_.err;
      uint8_t fitted[16]; // the indices lo, hi were fitted to (none the first time)
      std::memcpy(fitted, idx_, 16);
      quantizeAndScore(lo, hi);
      if (it > 0 && e_.channelSearch) searchChannels(fitted, lo, hi);
      if (best_.err == 0 || (it > 0 && best_.err == before)) break;
      if (!refit(pts_, idx_, w_, lo, hi)) break;
    }
    if (e_.indexVariants) indexVariants();
    stepSearch();
    return result();
  }

private:
  Points<C> pts_;
  const EndpointFormat& f_;
  const FitEffort& e_;
  const uint8_t* w_;
  SubsetFit best_;
  uint8_t idx_[16] = {}; // the best candidate's index per point

  // Stored values for one endpoint with p-bit p (-1: none); its squared
  // distance from the float endpoint.
  float quantize(const float v[4], int p, int q[4]) const {
    const NearestTables& t = nearestTables();
    float d = 0;
    for (int c = 0; c < C; ++c) {
      const int i = int(v[c] + 0.5f); // v is in [0, 255]: lround without the libm call
      q[c] = t.q[f_.bits[c]][p + 1][i];
      const float e = float(decodedValue(q[c], f_.bits[c], p)) - v[c];
      d += e * e;
    }
    return d;
  }

  void score(const int q0[4], const int q1[4], int p0, int p1) {
    int e0[4], e1[4];
    for (int c = 0; c < C; ++c)
      e0[c] = decodedValue(q0[c], f_.bits[c], p0), e1[c] = decodedValue(q1[c], f_.bits[c], p1);
    uint8_t idx[16];
    const uint32_t err = evaluate<C, K>(pts_, e0, e1, w_, idx);
    if (err >= best_.err) return;
    best_.err = err;
    std::memcpy(best_.q[0], q0, sizeof best_.q[0]);
    std::memcpy(best_.q[1], q1, sizeof best_.q[1]);
    best_.p[0] = std::max(p0, 0), best_.p[1] = std::max(p1, 0);
    std::memcpy(idx_, idx, 16);
  }

  void quantizeAndScore(const float lo[4], const float hi[4]) {
    int q0[4], q1[4];
    if (f_.pbits == 0) {
      quantize(lo, -1, q0), quantize(hi, -1, q1);
      return score(q0, q1, -1, -1);
    }
    if (f_.forcedPbit >= 0) {
      quantize(lo, f_.forcedPbit, q0), quantize(hi, f_.forcedPbit, q1);
      return score(q0, q1, f_.forcedPbit, f_.forcedPbit);
    }
    int lq[2][4], hq[2][4];
    float ld[2], hd[2];
    for (int p = 0; p < 2; ++p) ld[p] = quantize(lo, p, lq[p]), hd[p] = quantize(hi, p, hq[p]);
    if (f_.pbits == 2) {
      if (e_.allPbits) {
        score(lq[0], hq[0], 0, 0);
        return score(lq[1], hq[1], 1, 1);
      }
      const int p = ld[1] + hd[1] < ld[0] + hd[0] ? 1 : 0;
      return score(lq[p], hq[p], p, p);
    }
    if (e_.allPbits) {
      for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 2; ++b) score(lq[a], hq[b], a, b);
      return;
    }
    const int a = ld[1] < ld[0] ? 1 : 0, b = hd[1] < hd[0] ? 1 : 0;
    score(lq[a], hq[b], a, b);
  }

  // The points grouped by index, for a channel's error over fixed indices:
  // the used indices' weights, how many points each has and, per channel,
  // the sum of their values.
  struct IndexGroups {
    int count = 0;
    int w[K], n[K], sum[C][K];
  };

  IndexGroups groupByIndex(const uint8_t idx[16]) const {
    int n[K] = {}, sum[C][K] = {};
    for (int i = 0; i < pts_.n; ++i) {
      ++n[idx[i]];
      for (int c = 0; c < C; ++c) sum[c][idx[i]] += int(pts_.x[c][i]);
    }
    IndexGroups g;
    for (int k = 0; k < K; ++k)
      if (n[k]) {
        g.w[g.count] = w_[k], g.n[g.count] = n[k];
        for (int c = 0; c < C; ++c) g.sum[c][g.count] = sum[c][k];
        ++g.count;
      }
    return g;
  }

  // Channel c's squared error with endpoint values ea, eb, less the sum of
  // the points' squared values (the same for every pair): sum over the used
  // indices of n v^2 - 2 v sum, v the decoder's interpolant (exact integers).
  static int channelError(const IndexGroups& g, int c, int ea, int eb) {
    int err = 0;
    for (int k = 0; k < g.count; ++k) {
      const int v = interpolate(ea, eb, g.w[k]);
      err += v * (g.n[k] * v - 2 * g.sum[c][k]);
    }
    return err;
  }

  // For indices held fixed the error is a sum over channels, so each
  // channel's stored pair is picked on its own from the three values nearest
  // each least-squares endpoint (3 x 3 pairs, exact interpolation), with the
  // best candidate's p-bits or every combination (FitEffort::channelSearch).
  // Of every combination only the one with the least error for these indices
  // is scored (its indices chosen again).
  void searchChannels(const uint8_t idx[16], const float lo[4], const float hi[4]) {
    const IndexGroups g = groupByIndex(idx);
    const int none = f_.pbits == 0, forced = f_.forcedPbit >= 0;
    long pickErr = LONG_MAX;
    int pick0[4], pick1[4], pickP0 = -1, pickP1 = -1;
    for (int p0 = 0; p0 < 2; ++p0)
      for (int p1 = 0; p1 < 2; ++p1) {
        if (none && (p0 || p1)) continue;
        if (forced && (p0 != f_.forcedPbit || p1 != f_.forcedPbit)) continue;
        if (f_.pbits == 2 && p0 != p1) continue;
        const bool every = e_.allPbits && e_.channelSearch == kChannelSearchAll;
        if (!none && !forced && !every && (p0 != best_.p[0] || p1 != best_.p[1])) continue;
        const int b0 = none ? -1 : p0, b1 = none ? -1 : p1;
        int q0[4], q1[4];
        quantize(lo, b0, q0), quantize(hi, b1, q1);
        long total = 0;
        for (int c = 0; c < C; ++c) {
          const int top = (1 << f_.bits[c]) - 1;
          int bestErr = INT_MAX, bestA = q0[c], bestB = q1[c];
          for (int a = std::max(0, q0[c] - 1); a <= std::min(top, q0[c] + 1); ++a)
            for (int b = std::max(0, q1[c] - 1); b <= std::min(top, q1[c] + 1); ++b) {
              const int err = channelError(g, c, decodedValue(a, f_.bits[c], b0),
                                           decodedValue(b, f_.bits[c], b1));
              if (err < bestErr) bestErr = err, bestA = a, bestB = b;
            }
          q0[c] = bestA, q1[c] = bestB;
          total += bestErr;
        }
        if (total < pickErr) {
          pickErr = total, pickP0 = b0, pickP1 = b1;
          std::memcpy(pick0, q0, sizeof q0), std::memcpy(pick1, q1, sizeof q1);
        }
      }
    if (pickErr < LONG_MAX) score(pick0, pick1, pickP0, pickP1);
  }

  // The best indices with the texels at the lowest and / or highest index
  // moved one level inwards, or those next to them moved out, refitted: the
  // least-squares endpoints of index sets the nearest-entry choice does not
  // reach from the current endpoints.
  void indexVariants() {
    int lowest = K - 1, highest = 0;
    for (int i = 0; i < pts_.n; ++i)
      lowest = std::min<int>(lowest, idx_[i]), highest = std::max<int>(highest, idx_[i]);
    if (highest - lowest < 2) return;
    uint8_t start[16];
    std::memcpy(start, idx_, 16);
    for (int v = 0; v < 4 && best_.err > 0; ++v) {
      uint8_t idx[16];
      std::memcpy(idx, start, 16);
      for (int i = 0; i < pts_.n; ++i) {
        int k = idx[i];
        if (v == 0 && k == lowest) k = lowest + 1;
        if (v == 1 && k == highest) k = highest - 1;
        if (v == 2 && (k == lowest || k == highest)) k += k == lowest ? 1 : -1;
        if (v == 3 && (k == lowest + 1 || k == highest - 1)) k += k == lowest + 1 ? -1 : 1;
        idx[i] = uint8_t(k);
      }
      float lo[4], hi[4];
      if (!refit(pts_, idx, w_, lo, hi)) continue;
      quantizeAndScore(lo, hi);
      if (e_.channelSearch) searchChannels(idx, lo, hi);
    }
  }

  // Each stored endpoint value one step up or down, and each p-bit flipped
  // (a step of one in every channel of its endpoint), while that lowers the
  // error.
  void stepSearch() {
    for (int pass = 0; pass < e_.stepPasses && best_.err > 0; ++pass) {
      const uint32_t before = best_.err;
      if (f_.pbits && f_.forcedPbit < 0)
        for (int e = 0; e < (f_.pbits == 2 ? 1 : 2); ++e) {
          const int p0 = best_.p[0] ^ (e == 0 || f_.pbits == 2);
          const int p1 = best_.p[1] ^ (e == 1 || f_.pbits == 2);
          int q0[4], q1[4]; // copies: score() may overwrite best_
          std::memcpy(q0, best_.q[0], sizeof q0);
          std::memcpy(q1, best_.q[1], sizeof q1);
          score(q0, q1, p0, p1);
        }
      const int pbit0 = f_.pbits ? best_.p[0] : -1, pbit1 = f_.pbits ? best_.p[1] : -1;
      for (int e = 0; e < 2; ++e)
        for (int c = 0; c < C; ++c)
          for (int d = -1; d <= 1; d += 2) {
            int q0[4], q1[4];
            std::memcpy(q0, best_.q[0], sizeof q0);
            std::memcpy(q1, best_.q[1], sizeof q1);
            int& v = e == 0 ? q0[c] : q1[c];
            v += d;
            if (v < 0 || v >= (1 << f_.bits[c])) continue;
            score(q0, q1, pbit0, pbit1);
          }
      if (best_.err == before) break;
    }
  }

  SubsetFit result() const {
    SubsetFit r = best_;
    std::memset(r.index, 0, 16);
    for (int i = 0; i < pts_.n; ++i) r.index[pts_.texel[i]] = idx_[i];
    for (int c = C; c < 4; ++c) r.q[0][c] = r.q[1][c] = 0;
    return r;
  }
};

template <int C>
SubsetFit fitChannels(const int texels[16][4], uint16_t mask, const EndpointFormat& f,
                      const FitEffort& e) {
  switch (f.indexBits) {
  case 2:
    return Fitter<C, 4>(texels, mask, f, e).run();
  case 3:
    return Fitter<C, 8>(texels, mask, f, e).run();
  default:
    return Fitter<C, 16>(texels, mask, f, e).run();
  }
}

} // namespace

SubsetFit fitSubset(const int texels[16][4], uint16_t mask, const EndpointFormat& format,
                    const FitEffort& effort) {
  switch (format.channels) {
  case 1:
    return fitChannels<1>(texels, mask, format, effort);
  case 3:
    return fitChannels<3>(texels, mask, format, effort);
  default:
    return fitChannels<4>(texels, mask, format, effort);
  }
}

} // namespace strata::image::bc7
