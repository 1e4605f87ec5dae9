// ETC1 and EAC hints (DFS uastc.txt "Transcoding to ETC formats"; ETC1
// intensity tables and the EAC alpha modifier tables from DFS etc2.txt).
#include "image/uastc_hints.h"
#include "image/uastc_block.h"
#include "image/uastc_tables.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace strata::image::uastc {
namespace {

// DFS etc2.txt "intensity modifier sets for individual and differential modes": {small, large}.
constexpr int kEtc1Table[8][2] = {{2, 8},   {5, 17},  {9, 29},   {13, 42},
                                  {18, 60}, {24, 80}, {33, 106}, {47, 183}};
// DFS etc2.txt "Intensity modifier sets for RGBA ETC2 alpha component".
constexpr int kEacTable[16][8] = {
    {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12}, {-2, -5, -8, -13, 1, 4, 7, 12},
    {-2, -4, -6, -13, 1, 3, 5, 12}, {-3, -6, -8, -12, 2, 5, 7, 11},  {-3, -7, -9, -11, 2, 6, 8, 10},
    {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10},  {-2, -6, -8, -10, 1, 5, 7, 9},
    {-2, -5, -8, -10, 1, 4, 7, 9},  {-2, -4, -8, -10, 1, 3, 7, 9},   {-2, -5, -7, -10, 1, 4, 6, 9},
    {-3, -4, -7, -10, 2, 3, 6, 9},  {-1, -2, -3, -10, 0, 1, 2, 9},   {-4, -6, -8, -9, 3, 5, 7, 8},
    {-3, -5, -7, -9, 2, 4, 6, 8}};
// DFS uastc.txt "ETC2/EAC alpha transcoding": where the base codeword sits in
// [min, max] for each table index, as numerator / denominator.
constexpr int kEacCentre[16][2] = {{15, 29}, {13, 25}, {13, 25}, {13, 25}, {12, 23}, {11, 21},
                                   {11, 21}, {11, 21}, {10, 19}, {10, 19}, {10, 19}, {10, 19},
                                   {10, 19}, {10, 19}, {9, 17},  {9, 17}};

int clamp255(int v) {
  return std::clamp(v, 0, 255);
}

// One subblock's texels against a base colour, for the error of a table with
// the best modifier per texel and the clamp to [0, 255] left out:
// sum(base + m - p)^2 = d + 2 m s + 3 m^2, d = sum(base - p)^2, s = sum(base - p).
struct SubblockFit {
  int d[8], s[8], n = 0;
  SubblockFit(const int base[3], const uint8_t* decoded, const bool* inSub) {
    for (int i = 0; i < 16; ++i) {
      if (!inSub[i]) continue;
      d[n] = s[n] = 0;
      for (int c = 0; c < 3; ++c) {
        const int x = base[c] - decoded[4 * i + c];
        d[n] += x * x, s[n] += x;
      }
      ++n;
    }
  }
  int64_t error(int t) const {
    const int a = kEtc1Table[t][0], b = kEtc1Table[t][1];
    int64_t err = 0;
    for (int k = 0; k < n; ++k) {
      // The sign of the modifier follows s: -s pulls towards the texel.
      const int sign = s[k] > 0 ? -1 : 1;
      err +=
          std::min(d[k] + 2 * sign * a * s[k] + 3 * a * a, d[k] + 2 * sign * b * s[k] + 3 * b * b);
    }
    return err;
  }
  int best(int64_t& err) const {
    int t = 0;
    err = INT64_MAX;
    for (int k = 0; k < 8; ++k) {
      const int64_t e = error(k);
      if (e < err) err = e, t = k;
    }
    return t;
  }
};

// DFS uastc.txt "Applying ETCBI": the transcoder's bias of one subblock's
// quantised colour (limit 31 differential, 15 individual).
void applyBias(int color[3], int subblock, int limit, int bias) {
  for (int c = 0; c < 3; ++c) {
    int delta;
    switch (bias) {
    case 2:
      delta = subblock ? 0 : c == 0 ? -1 : 0;
      break;
    case 5:
      delta = subblock ? 0 : c == 1 ? -1 : 0;
      break;
    case 6:
      delta = subblock ? 0 : c == 2 ? -1 : 0;
      break;
    case 7:
      delta = subblock ? 0 : c == 0 ? 1 : 0;
      break;
    case 11:
      delta = subblock ? 0 : c == 1 ? 1 : 0;
      break;
    case 15:
      delta = subblock ? 0 : c == 2 ? 1 : 0;
      break;
    case 18:
      delta = subblock ? (c == 0 ? -1 : 0) : 0;
      break;
    case 19:
      delta = subblock ? (c == 1 ? -1 : 0) : 0;
      break;
    case 20:
      delta = subblock ? (c == 2 ? -1 : 0) : 0;
      break;
    case 21:
      delta = subblock ? (c == 0 ? 1 : 0) : 0;
      break;
    case 24:
      delta = subblock ? (c == 1 ? 1 : 0) : 0;
      break;
    case 8:
      delta = subblock ? (c == 2 ? 1 : 0) : 0;
      break;
    case 10:
      delta = -2;
      break;
    case 27:
      delta = subblock ? 0 : -1;
      break;
    case 28:
      delta = subblock ? -1 : 1;
      break;
    case 29:
      delta = subblock ? 1 : 0;
      break;
    case 30:
      delta = subblock ? -1 : 0;
      break;
    case 31:
      delta = subblock ? 0 : 1;
      break;
    default: {
      static const int divs[3] = {1, 3, 9};
      delta = bias / divs[c] % 3 - 1;
    }
    }
    int v = color[c];
    if (v == 0) {
      v = delta == -2 ? 3 : delta + 1;
    } else if (v == limit) {
      v += delta - 1;
    } else {
      v += delta;
      if (v < 0 || v > limit) v = v - delta - delta;
    }
    color[c] = v;
  }
}

// DFS "Applying ETCBI": 13 = 1 + 3 + 9 is a delta of 0 on every channel.
constexpr int kNeutralBias = 13;

// The two subblock base colours (8-bit) the transcoder derives from the
// quantised averages q[2][3] for `bias` (kNoBias: none applied).
constexpr int kNoBias = -1;
void baseColors(const int q[2][3], bool diff, int bias, int base[2][3]) {
  int v[2][3];
  std::copy(&q[0][0], &q[0][0] + 6, &v[0][0]);
  if (bias != kNoBias)
    for (int s = 0; s < 2; ++s) applyBias(v[s], s, diff ? 31 : 15, bias);
  for (int c = 0; c < 3; ++c) {
    if (diff) v[1][c] = v[0][c] + std::clamp(v[1][c] - v[0][c], -4, 3);
    for (int s = 0; s < 2; ++s)
      base[s][c] = diff ? (v[s][c] << 3 | v[s][c] >> 2) : (v[s][c] << 4 | v[s][c]);
  }
}

// The 5-bit value nearest to giving `target` once expanded and offset by m
// (or 4-bit when !diff); returns its absolute error.
int nearestSolid(int target, int m, bool diff, uint8_t& q) {
  const int top = diff ? 31 : 15;
  const int guess = std::clamp(int(std::lround((target - m) * top / 255.0)), 0, top);
  int bestErr = 1 << 30;
  for (int v = std::max(0, guess - 1); v <= std::min(top, guess + 1); ++v) {
    const int e8 = diff ? (v << 3 | v >> 2) : (v << 4 | v);
    const int e = std::abs(clamp255(e8 + m) - target);
    if (e < bestErr) bestErr = e, q = uint8_t(v);
  }
  return bestErr;
}

// One flip's ETC1 choice: the quantised subblock colours, differential or
// individual mode, the tables and their error.
struct Flip {
  bool inSub[2][16];
  int q[2][3];
  bool diff = true;
  int tables[2];
  int64_t err = 0;
};

// The bias for a flip, chosen with its unbiased tables, then the tables again
// for that bias; returns the error. Many biases leave a subblock's colour as it
// is, so each subblock remembers its colours' errors (at most one per bias).
int64_t searchEtc1Bias(Flip& f, const uint8_t decoded[64], int& bias) {
  std::pair<int, int64_t> seen[2][32];
  int seenCount[2] = {};
  auto subError = [&](int s, const int color[3]) {
    const int key = color[0] << 16 | color[1] << 8 | color[2];
    for (int i = 0; i < seenCount[s]; ++i)
      if (seen[s][i].first == key) return seen[s][i].second;
    const int64_t e = SubblockFit(color, decoded, f.inSub[s]).error(f.tables[s]);
    seen[s][seenCount[s]++] = {key, e};
    return e;
  };
  int base[2][3];
  int64_t biasErr = INT64_MAX;
  for (int k = 0; k < 32; ++k) {
    baseColors(f.q, f.diff, k, base);
    const int64_t e = subError(0, base[0]) + subError(1, base[1]);
    if (e < biasErr) biasErr = e, bias = k;
  }
  baseColors(f.q, f.diff, bias, base);
  int64_t total = 0;
  for (int s = 0; s < 2; ++s) {
    int64_t e;
    f.tables[s] = SubblockFit(base[s], decoded, f.inSub[s]).best(e);
    total += e;
  }
  return total;
}

} // namespace

// The transcoder averages each subblock of the decoded texels, quantises to
// 5 bits (differential, delta clamped to [-4, 3]) or 4 bits (individual),
// applies the ETCBI bias where the mode has that field, and picks texel
// modifiers itself; the hints choose flip, mode, tables and bias. Bias 0 is
// not "none": the DFS formula makes it -1 on every channel (measured: bias 0
// cost 2.8 dB of ETC1 PSNR on the bench set against bias 13, which is 0 on
// every channel). With searchBias the bias is searched for each flip that is
// not clearly worse without bias; otherwise it is 13 (0 everywhere).
void setEtc1Hints(Block& b, const uint8_t decoded[64], bool searchBias) {
  // flip 0: subblocks are the left and right 2x4 halves; flip 1: top and bottom.
  Flip flips[2];
  for (int flip = 0; flip < 2; ++flip) {
    Flip& f = flips[flip];
    for (int i = 0; i < 16; ++i) {
      f.inSub[1][i] = flip ? (i >> 2) >= 2 : (i & 3) >= 2;
      f.inSub[0][i] = !f.inSub[1][i];
    }
    int sum[2][3] = {};
    for (int i = 0; i < 16; ++i)
      for (int c = 0; c < 3; ++c) sum[f.inSub[1][i]][c] += decoded[4 * i + c];
    // Differential when the 5-bit colours are within [-4, 3] of each other.
    int q5[2][3];
    for (int s = 0; s < 2; ++s)
      for (int c = 0; c < 3; ++c) q5[s][c] = (sum[s][c] * 31 + 1020) / (8 * 255);
    for (int c = 0; c < 3; ++c) f.diff &= q5[1][c] - q5[0][c] >= -4 && q5[1][c] - q5[0][c] <= 3;
    for (int s = 0; s < 2; ++s)
      for (int c = 0; c < 3; ++c)
        f.q[s][c] = f.diff ? q5[s][c] : (sum[s][c] * 15 + 1020) / (8 * 255);
    int base[2][3];
    baseColors(f.q, f.diff, kNoBias, base);
    for (int s = 0; s < 2; ++s) {
      int64_t e;
      f.tables[s] = SubblockFit(base[s], decoded, f.inSub[s]).best(e);
      f.err += e;
    }
  }
  const int better = flips[1].err < flips[0].err ? 1 : 0;
  int bias[2] = {kNeutralBias, kNeutralBias};
  if (modeInfo(b.mode).etcbi && searchBias) {
    // Both flips unless one is clearly worse without bias.
    const bool both = flips[1 - better].err * 2 < flips[better].err * 3;
    for (int flip = 0; flip < 2; ++flip)
      if (flip == better || both)
        flips[flip].err = searchEtc1Bias(flips[flip], decoded, bias[flip]);
  }
  const int chosen = flips[1].err < flips[0].err ? 1 : 0;
  const Flip& f = flips[chosen];
  b.etc1f = uint8_t(chosen), b.etc1d = uint8_t(f.diff), b.etcbi = uint8_t(bias[chosen]);
  b.etci0 = uint8_t(f.tables[0]), b.etci1 = uint8_t(f.tables[1]);
}

// Mode 8: the ETC1 block is copied as it is: one colour (5 bits differential
// or 4 bits individual), one table and one selector for all texels; ETC1S 0..3
// mean -large, -small, +small, +large.
void setSolidEtc1(Block& b) {
  int bestErr = 1 << 30;
  for (int diff = 1; diff >= 0; --diff) {
    for (int t = 0; t < 8; ++t)
      for (int s = 0; s < 4; ++s) {
        const int m = s < 2 ? -kEtc1Table[t][1 - s] : kEtc1Table[t][s - 2];
        int err = 0;
        uint8_t q[3];
        for (int c = 0; c < 3; ++c) {
          const int e = nearestSolid(b.solid[c], m, diff, q[c]);
          err += e * e;
        }
        if (err < bestErr) {
          bestErr = err;
          b.etc1d = uint8_t(diff), b.etc1i = uint8_t(t), b.etc1s = uint8_t(s);
          std::copy(q, q + 3, b.etc1rgb.begin());
        }
      }
  }
}

// The transcoder puts the base codeword at min + (max - min) * centre(table)
// and picks texel indices itself; the hints choose table and multiplier
// (never 0). A block of one alpha value takes table 13, multiplier 1.
void setEacHints(Block& b, const uint8_t decoded[64]) {
  int lo = 255, hi = 0;
  for (int i = 0; i < 16; ++i)
    lo = std::min<int>(lo, decoded[4 * i + 3]), hi = std::max<int>(hi, decoded[4 * i + 3]);
  b.etc2t = 13, b.etc2m = 1;
  if (lo == hi) return;
  int64_t bestErr = INT64_MAX;
  for (int t = 0; t < 16; ++t) {
    const int base = int(std::lround(lo + (hi - lo) * double(kEacCentre[t][0]) / kEacCentre[t][1]));
    const int span = kEacTable[t][7] - kEacTable[t][3];
    const int guess = (hi - lo + span / 2) / span;
    for (int m = std::max(1, guess - 1); m <= std::min(15, guess + 1); ++m) {
      int64_t err = 0;
      for (int i = 0; i < 16; ++i) {
        int best = 1 << 30;
        for (int k = 0; k < 8; ++k) {
          const int d = clamp255(base + kEacTable[t][k] * m) - decoded[4 * i + 3];
          best = std::min(best, d * d);
        }
        err += best;
      }
      if (err < bestErr) bestErr = err, b.etc2t = uint8_t(t), b.etc2m = uint8_t(m);
    }
  }
}

} // namespace strata::image::uastc
