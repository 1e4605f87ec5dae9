// One plane of one subset: PCA line through the texels, endpoints quantised to
// the mode's levels (DFS uastc.txt "Unquantizing endpoints"), each texel's
// weight chosen by the exact decode (DFS "Decoding pixel values"), then
// least-squares endpoint refits. The anchor texel's weight MSB is cleared by
// swapping the endpoints and inverting the weights, which is exact because
// the weight tables are symmetric (specs/uastc-ktx2.md §1 "A block is valid").
#include "image/uastc_fit.h"
#include "image/uastc_block.h"
#include "image/uastc_tables.h"

#include <algorithm>
#include <cmath>

namespace strata::image::uastc {
namespace {

// Per mode: the endpoint levels sorted by value, and the nearest level index
// for every 8-bit value.
struct Levels {
  uint8_t nearest[kModeCount][256];
  uint8_t byRank[kModeCount][256], rank[kModeCount][256];
  int count[kModeCount];
  Levels() {
    for (int m = 0; m < kModeCount; ++m) {
      if (m == kSolidMode) continue;
      const int n = count[m] = endpointLevels(m);
      for (int i = 0; i < n; ++i) byRank[m][i] = uint8_t(i);
      std::sort(byRank[m], byRank[m] + n,
                [&](int a, int b) { return unquantEndpoint(m, a) < unquantEndpoint(m, b); });
      for (int i = 0; i < n; ++i) rank[m][byRank[m][i]] = uint8_t(i);
      for (int v = 0; v < 256; ++v) {
        int best = 0, bestD = 1 << 30;
        for (int i = 0; i < n; ++i) {
          const int d = std::abs(int(unquantEndpoint(m, i)) - v);
          if (d < bestD) bestD = d, best = i;
        }
        nearest[m][v] = uint8_t(best);
      }
    }
  }
};

const Levels& levels() {
  static const Levels l;
  return l;
}

uint8_t quantize(int mode, double v) {
  const int i = int(std::lround(std::clamp(v, 0.0, 255.0)));
  return levels().nearest[mode][i];
}

// Chooses every texel's weight for the endpoints in b; returns the error.
int64_t assignWeights(const FitRequest& r, Block& b) {
  const ModeInfo& mi = modeInfo(r.mode);
  const int nw = 1 << mi.wbits;
  int lo[4], hi[4];
  for (int k = 0; k < r.channelCount; ++k) {
    const int c = r.channels[k];
    lo[k] = unquantEndpoint(r.mode, b.ep[r.subset][2 * c]);
    hi[k] = unquantEndpoint(r.mode, b.ep[r.subset][2 * c + 1]);
  }
  int64_t total = 0;
  for (int i = 0; i < 16; ++i) {
    if (!(r.texels >> i & 1)) continue;
    int best = 0, bestErr = 1 << 30;
    for (int w = 0; w < nw; ++w) {
      const int w6 = unquantWeight(mi.wbits, w);
      int e = 0;
      for (int k = 0; k < r.channelCount; ++k) {
        const int d = interpolate(lo[k], hi[k], w6) - r.px->v[i][r.channels[k]];
        e += d * d;
      }
      if (e < bestErr) bestErr = e, best = w;
    }
    b.w[r.plane][i] = uint8_t(best);
    total += bestErr;
  }
  return total;
}

void setEndpoints(const FitRequest& r, Block& b, const double* lo, const double* hi) {
  for (int k = 0; k < r.channelCount; ++k) {
    const int c = r.channels[k];
    b.ep[r.subset][2 * c] = quantize(r.mode, lo[k]);
    b.ep[r.subset][2 * c + 1] = quantize(r.mode, hi[k]);
  }
}

// Endpoints minimising the squared error for the current weights, per channel.
bool leastSquares(const FitRequest& r, const Block& b, double* lo, double* hi) {
  const ModeInfo& mi = modeInfo(r.mode);
  double a = 0, bb = 0, c = 0, d1[4] = {}, d2[4] = {};
  for (int i = 0; i < 16; ++i) {
    if (!(r.texels >> i & 1)) continue;
    const double t = unquantWeight(mi.wbits, b.w[r.plane][i]) / 64.0, s = 1 - t;
    a += s * s, bb += s * t, c += t * t;
    for (int k = 0; k < r.channelCount; ++k) {
      d1[k] += s * r.px->v[i][r.channels[k]];
      d2[k] += t * r.px->v[i][r.channels[k]];
    }
  }
  const double det = a * c - bb * bb;
  if (std::fabs(det) < 1e-9) return false;
  for (int k = 0; k < r.channelCount; ++k) {
    lo[k] = (c * d1[k] - bb * d2[k]) / det;
    hi[k] = (a * d2[k] - bb * d1[k]) / det;
  }
  return true;
}

// Mean and principal axis of the texels over `n` channels (`iterations` steps
// of power iteration).
void principalAxis(const Texels& px, uint16_t texels, const int* ch, int n, int iterations,
                   double* mean, double* axis, double* cov) {
  int count = 0;
  std::fill(mean, mean + n, 0.0);
  for (int i = 0; i < 16; ++i)
    if (texels >> i & 1) {
      ++count;
      for (int k = 0; k < n; ++k) mean[k] += px.v[i][ch[k]];
    }
  for (int k = 0; k < n; ++k) mean[k] /= std::max(count, 1);
  std::fill(cov, cov + 16, 0.0);
  for (int i = 0; i < 16; ++i)
    if (texels >> i & 1)
      for (int j = 0; j < n; ++j)
        for (int k = 0; k < n; ++k)
          cov[4 * j + k] += (px.v[i][ch[j]] - mean[j]) * (px.v[i][ch[k]] - mean[k]);
  // Start from the channel with the widest spread.
  int widest = 0;
  for (int k = 1; k < n; ++k)
    if (cov[5 * k] > cov[5 * widest]) widest = k;
  std::fill(axis, axis + n, 0.0);
  axis[widest] = 1;
  for (int it = 0; it < iterations; ++it) {
    double next[4] = {}, len = 0;
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < n; ++k) next[j] += cov[4 * j + k] * axis[k];
      len += next[j] * next[j];
    }
    len = std::sqrt(len);
    if (len < 1e-12) break;
    for (int j = 0; j < n; ++j) axis[j] = next[j] / len;
  }
}

void fixAnchor(const FitRequest& r, Block& b) {
  const ModeInfo& mi = modeInfo(r.mode);
  if (!(b.w[r.plane][r.anchor] >> (mi.wbits - 1))) return;
  for (int k = 0; k < r.channelCount; ++k) {
    const int c = r.channels[k];
    std::swap(b.ep[r.subset][2 * c], b.ep[r.subset][2 * c + 1]);
  }
  const int top = (1 << mi.wbits) - 1;
  for (int i = 0; i < 16; ++i)
    if (r.texels >> i & 1) b.w[r.plane][i] = uint8_t(top - b.w[r.plane][i]);
}

} // namespace

int64_t fitPlane(const FitRequest& r, Block& b) {
  const int n = r.channelCount;
  double mean[4], axis[4], cov[16];
  principalAxis(*r.px, r.texels, r.channels, n, 8, mean, axis, cov);
  double tmin = 0, tmax = 0;
  for (int i = 0; i < 16; ++i) {
    if (!(r.texels >> i & 1)) continue;
    double t = 0;
    for (int k = 0; k < n; ++k) t += (r.px->v[i][r.channels[k]] - mean[k]) * axis[k];
    tmin = std::min(tmin, t), tmax = std::max(tmax, t);
  }
  double lo[4], hi[4];
  for (int k = 0; k < n; ++k) lo[k] = mean[k] + tmin * axis[k], hi[k] = mean[k] + tmax * axis[k];
  setEndpoints(r, b, lo, hi);
  int64_t err = assignWeights(r, b);
  Block trial = b;
  for (int it = 0; it < r.refinements && err > 0; ++it) {
    if (!leastSquares(r, trial, lo, hi)) break;
    setEndpoints(r, trial, lo, hi);
    const int64_t e = assignWeights(r, trial);
    if (e >= err) break;
    err = e, b = trial;
  }
  if (r.tweak && err > 0) {
    const Levels& L = levels();
    for (int k = 0; k < n; ++k)
      for (int end = 0; end < 2; ++end)
        for (int step : {-1, 1}) {
          trial = b;
          uint8_t& q = trial.ep[r.subset][2 * r.channels[k] + end];
          const int rk = L.rank[r.mode][q] + step;
          if (rk < 0 || rk >= L.count[r.mode]) continue;
          q = L.byRank[r.mode][rk];
          const int64_t e = assignWeights(r, trial);
          if (e < err) err = e, b = trial;
        }
  }
  fixAnchor(r, b);
  return err;
}

double lineResidual(const Texels& px, uint16_t texels, int channelCount) {
  const int ch[4] = {0, 1, 2, 3};
  double mean[4], axis[4], cov[16];
  // Ranking patterns needs only a rough axis.
  principalAxis(px, texels, ch, channelCount, 3, mean, axis, cov);
  double total = 0, along = 0;
  for (int j = 0; j < channelCount; ++j) {
    total += cov[5 * j];
    for (int k = 0; k < channelCount; ++k) along += axis[j] * cov[4 * j + k] * axis[k];
  }
  return total - along;
}

} // namespace strata::image::uastc
