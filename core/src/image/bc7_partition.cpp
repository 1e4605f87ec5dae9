// Partition estimates (bc7_partition.h) from each subset's moments alone:
// with n texels, covariance S and its largest eigenvalue L (a power step
// from the block's principal axis), the texels lie trace(S) - L off their principal line, and
// rounding their spread along it to K levels costs about L / (K - 1)^2 (a
// uniform spread of variance L / n over steps of range / (K - 1), range^2
// about 12 L / n). The partition tables are ARB_texture_compression_bptc's
// Table.P2 / Table.P3 (bptc_tables.h).
#include "image/bc7_partition.h"
#include "image/bptc_tables.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace strata::image::bc7 {
namespace {

// The texels of subset 1 (sel 0) and subset 2 (sel 1) of partition p, one
// bit each, for the two-subset (shape 0) and three-subset (shape 1) tables.
struct SubsetMasks {
  uint16_t m[2][2][64];
  SubsetMasks() {
    for (int p = 0; p < 64; ++p) {
      m[0][0][p] = uint16_t(bc::kPartition2[p]), m[0][1][p] = 0;
      m[1][0][p] = m[1][1][p] = 0;
      for (int i = 0; i < 16; ++i) {
        const int s3 = int(bc::kPartition3[p] >> (2 * i) & 3);
        if (s3) m[1][s3 - 1][p] |= uint16_t(1u << i);
      }
    }
  }
};

const SubsetMasks& subsetMasks() {
  static const SubsetMasks t;
  return t;
}

// Moments of a set of texels, one row per moment: count, the sum of each
// channel, the sum of the products of each pair (a <= b).
template <int C> constexpr int kMoments = 1 + C + C*(C + 1) / 2;

// The estimates of the 64 partitions for two level counts (factors
// fa, fb = 1 / (K - 1)^2), added to ea[p] and eb[p], for the subsets whose
// moments are m[k][p]. The principal axis is one power step from the block's
// (`axis`, unit length): close enough to rank partitions. Every operation is
// per partition, in arrays over the partitions, which the compiler vectorises.
template <int C>
void estimateSubsets(const float (*m)[64], const float axis[C], float fa, float fb, float* ea,
                     float* eb) {
  // All 64 partitions (a fixed count) and the channel loops unrolled (GCC and
  // clang read this pragma): the form vectorised at -O2 as well.
  for (int p = 0; p < 64; ++p) {
    // No selects (a float select keeps GCC from vectorising): an empty subset
    // has all moments 0 and comes out 0 with the tiny count added.
    const float n = m[0][p] + 1e-6f, inv = 1 / n;
    float mean[C], cov[C][C], trace = 0;
#pragma GCC unroll 4
    for (int a = 0; a < C; ++a) mean[a] = m[1 + a][p] * inv;
#pragma GCC unroll 4
    for (int a = 0; a < C; ++a)
#pragma GCC unroll 4
      for (int b = a; b < C; ++b) {
        // Row of pair (a, b) in the packed moments.
        const int k = 1 + C + a * C - a * (a - 1) / 2 + (b - a);
        cov[a][b] = cov[b][a] = m[k][p] - n * mean[a] * mean[b];
      }
#pragma GCC unroll 4
    for (int a = 0; a < C; ++a) trace += cov[a][a];
    // Rayleigh quotient of v = S axis: v.S v / v.v, with S v ~ lambda v.
    float v[C], vv = 0, vsv = 0;
#pragma GCC unroll 4
    for (int a = 0; a < C; ++a) {
      v[a] = 0;
#pragma GCC unroll 4
      for (int b = 0; b < C; ++b) v[a] += cov[a][b] * axis[b];
      vv += v[a] * v[a];
    }
#pragma GCC unroll 4
    for (int a = 0; a < C; ++a) {
      float sv = 0;
#pragma GCC unroll 4
      for (int b = 0; b < C; ++b) sv += cov[a][b] * v[b];
      vsv += v[a] * sv;
    }
    // The Rayleigh quotient of a covariance lies in [0, trace]; no clamp needed.
    const float lambda = vsv / (vv + 1e-12f);
    ea[p] += (trace - lambda) + lambda * fa;
    eb[p] += (trace - lambda) + lambda * fb;
  }
}

template <int C>
void estimateAll(const int texels[16][4], int subsets, int count, int levelsA, float* estA,
                 int levelsB, float* estB) {
  constexpr int K = kMoments<C>;
  // Integer moments of the texels less the block's (rounded) mean, one row
  // per moment: sums of them are exact, in any order.
  int mean[C] = {};
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < C; ++c) mean[c] += texels[i][c];
  for (int c = 0; c < C; ++c) mean[c] = (mean[c] + 8) / 16;
  int32_t rows[K][16];
  for (int i = 0; i < 16; ++i) {
    int x[C];
    for (int c = 0; c < C; ++c) x[c] = texels[i][c] - mean[c];
    rows[0][i] = 1;
    int k = 1 + C;
    for (int a = 0; a < C; ++a) {
      rows[1 + a][i] = x[a];
      for (int b = a; b < C; ++b) rows[k++][i] = x[a] * x[b];
    }
  }
  float total[K] = {};
  for (int k = 0; k < K; ++k) {
    int32_t t = 0;
    for (int i = 0; i < 16; ++i) t += rows[k][i];
    total[k] = float(t);
  }
  // The block's principal axis by power iteration on its covariance.
  float axis[C];
  {
    float cov[C][C];
    int k = 1 + C;
    for (int a = 0; a < C; ++a)
      for (int b = a; b < C; ++b, ++k) cov[a][b] = cov[b][a] = total[k];
    int widest = 0;
    for (int c = 1; c < C; ++c)
      if (cov[c][c] > cov[widest][widest]) widest = c;
    for (int c = 0; c < C; ++c) axis[c] = cov[widest][c];
    for (int it = 0; it < 4; ++it) {
      float next[C] = {}, mx = 0;
      for (int a = 0; a < C; ++a) {
        for (int b = 0; b < C; ++b) next[a] += cov[a][b] * axis[b];
        mx = std::max(mx, std::fabs(next[a]));
      }
      if (mx <= 0) break;
      for (int a = 0; a < C; ++a) axis[a] = next[a] / mx;
    }
    float len = 0;
    for (int c = 0; c < C; ++c) len += axis[c] * axis[c];
    len = std::sqrt(len);
    for (int c = 0; c < C; ++c) axis[c] = len > 0 ? axis[c] / len : 1 / std::sqrt(float(C));
  }
  // Each subset's moments per partition: subsets 1 (and 2) summed from their
  // texels, four at a time (the sums of every subset of each group of four
  // texels made first, each from one with a texel fewer), subset 0 what
  // remains.
  int32_t nibble[4][16][K];
  for (int g = 0; g < 4; ++g) {
    for (int k = 0; k < K; ++k) nibble[g][0][k] = 0;
    for (int v = 1; v < 16; ++v) {
      const int low = v & 1 ? 0 : v & 2 ? 1 : v & 4 ? 2 : 3;
      for (int k = 0; k < K; ++k)
        nibble[g][v][k] = nibble[g][v & (v - 1)][k] + rows[k][4 * g + low];
    }
  }
  auto sumOf = [&](uint16_t mask, int32_t out[K]) {
    for (int k = 0; k < K; ++k)
      out[k] = nibble[0][mask & 15][k] + nibble[1][mask >> 4 & 15][k] +
               nibble[2][mask >> 8 & 15][k] + nibble[3][mask >> 12][k];
  };
  const SubsetMasks& masks = subsetMasks();
  const int shape = subsets == 2 ? 0 : 1;
  float part[3][K][64];
  for (int p = 0; p < 64; ++p) {
    int32_t a[K], b[K] = {};
    sumOf(masks.m[shape][0][p], a);
    if (subsets == 3) sumOf(masks.m[shape][1][p], b);
    for (int k = 0; k < K; ++k) {
      part[1][k][p] = float(a[k]), part[2][k][p] = float(b[k]);
      part[0][k][p] = total[k] - float(a[k]) - float(b[k]);
    }
  }
  const float fa = 1.0f / float((levelsA - 1) * (levelsA - 1));
  const float fb = levelsB ? 1.0f / float((levelsB - 1) * (levelsB - 1)) : 0.0f;
  float ea[64] = {}, eb[64] = {};
  for (int s = 0; s < subsets; ++s) estimateSubsets<C>(part[s], axis, fa, fb, ea, eb);
  std::copy(ea, ea + count, estA);
  if (estB) std::copy(eb, eb + count, estB);
}

} // namespace

void estimatePartitions(const int texels[16][4], int channels, int subsets, int count, int levelsA,
                        float* estA, int levelsB, float* estB) {
  if (!estB) levelsB = 0;
  if (channels == 4)
    estimateAll<4>(texels, subsets, count, levelsA, estA, levelsB, estB);
  else
    estimateAll<3>(texels, subsets, count, levelsA, estA, levelsB, estB);
}

void estimateRotations(const int texels[16][4], float est[3][4]) {
  // Mode 4: colour 5 bits, alpha 6, indices 2 / 3 (3 / 2 with the selection
  // bit); mode 5: colour 7, alpha 8, both 2 (ARB Table.M).
  const int colourLevels[3] = {4, 8, 4}, scalarLevels[3] = {8, 4, 4};
  const int colourBits[3] = {5, 5, 7}, scalarBits[3] = {6, 6, 8};
  for (int r = 0; r < 4; ++r) {
    const int moved = r ? r - 1 : 3;
    float x[16][3], s[16], mean[3] = {}, smean = 0;
    for (int i = 0; i < 16; ++i) {
      for (int c = 0; c < 3; ++c) x[i][c] = float(c == moved ? texels[i][3] : texels[i][c]);
      s[i] = float(texels[i][moved]);
      for (int c = 0; c < 3; ++c) mean[c] += x[i][c] / 16;
      smean += s[i] / 16;
    }
    float cov[3][3] = {}, svar = 0;
    for (int i = 0; i < 16; ++i) {
      for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b) cov[a][b] += (x[i][a] - mean[a]) * (x[i][b] - mean[b]);
      svar += (s[i] - smean) * (s[i] - smean);
    }
    const float trace = cov[0][0] + cov[1][1] + cov[2][2];
    int widest = 0;
    for (int c = 1; c < 3; ++c)
      if (cov[c][c] > cov[widest][widest]) widest = c;
    float v[3] = {cov[widest][0], cov[widest][1], cov[widest][2]};
    // Power iteration, scaled each step (unscaled, three steps overflow float).
    for (int it = 0; it < 3; ++it) {
      float next[3] = {}, top = 0;
      for (int a = 0; a < 3; ++a) {
        for (int b = 0; b < 3; ++b) next[a] += cov[a][b] * v[b];
        top = std::max(top, std::fabs(next[a]));
      }
      for (int a = 0; a < 3; ++a) v[a] = top > 0 ? next[a] / top : 0.0f;
    }
    float vv = 0, vsv = 0;
    for (int a = 0; a < 3; ++a) {
      float sv = 0;
      for (int b = 0; b < 3; ++b) sv += cov[a][b] * v[b];
      vv += v[a] * v[a], vsv += v[a] * sv;
    }
    const float lambda = vv > 0 ? std::min(vsv / vv, trace) : 0.0f;
    for (int k = 0; k < 3; ++k) {
      const float kc = float(colourLevels[k] - 1), ks = float(scalarLevels[k] - 1);
      // Endpoint rounding: a uniform error of step^2 / 12 per channel and texel.
      const float cs = 255.0f / float((1 << colourBits[k]) - 1);
      const float ss = 255.0f / float((1 << scalarBits[k]) - 1);
      est[k][r] = (trace - lambda) + lambda / (kc * kc) + svar / (ks * ks) +
                  16.0f * (3 * cs * cs + ss * ss) / 12.0f;
    }
  }
}

int bestPartitions(const float* est, int count, int want, int* out) {
  want = std::min(want, count);
  int order[64];
  std::iota(order, order + count, 0);
  std::partial_sort(order, order + want, order + count,
                    [&](int a, int b) { return est[a] < est[b] || (est[a] == est[b] && a < b); });
  std::copy(order, order + want, out);
  return want;
}

} // namespace strata::image::bc7
