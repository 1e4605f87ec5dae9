// ETC1 and EAC hints (DFS uastc.txt "Transcoding to ETC formats"; ETC1
// intensity tables and the EAC alpha modifier tables from DFS etc2.txt).
#include "image/uastc_hints.h"
#include "image/uastc_block.h"
#include "image/uastc_tables.h"

#include <algorithm>
#include <cmath>

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

// Best modifier error of the texels of one subblock for each table, with the
// clamp to [0, 255] left out: per texel d = sum(base - p)^2 and s = sum(base - p)
// give sum(base + m - p)^2 = d + 2 m s + 3 m^2.
int bestTable(const int base[3], const uint8_t* decoded, const bool* inSub, int64_t& err) {
  int d[16], sdiff[16], n = 0;
  for (int i = 0; i < 16; ++i) {
    if (!inSub[i]) continue;
    d[n] = sdiff[n] = 0;
    for (int c = 0; c < 3; ++c) {
      const int x = base[c] - decoded[4 * i + c];
      d[n] += x * x, sdiff[n] += x;
    }
    ++n;
  }
  int best = 0;
  err = INT64_MAX;
  for (int t = 0; t < 8; ++t) {
    int64_t e = 0;
    for (int k = 0; k < n; ++k) {
      int b = 1 << 30;
      for (int m : {-kEtc1Table[t][1], -kEtc1Table[t][0], kEtc1Table[t][0], kEtc1Table[t][1]})
        b = std::min(b, d[k] + 2 * m * sdiff[k] + 3 * m * m);
      e += b;
    }
    if (e < err) err = e, best = t;
  }
  return best;
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

} // namespace

// The transcoder averages each subblock of the decoded texels, quantises to
// 5 bits (differential, delta clamped to [-4, 3]) or 4 bits (individual) and
// picks texel modifiers itself; the hints choose flip, mode and tables. ETCBI
// stays 0, which the transcoder treats as no bias (specs/uastc-ktx2.md §1).
void setEtc1Hints(Block& b, const uint8_t decoded[64]) {
  int64_t bestErr = INT64_MAX;
  for (int flip = 0; flip < 2; ++flip) {
    // flip 0: subblocks are the left and right 2x4 halves; flip 1: top and bottom.
    bool second[16], first[16];
    for (int i = 0; i < 16; ++i)
      second[i] = flip ? (i >> 2) >= 2 : (i & 3) >= 2, first[i] = !second[i];
    int sum[2][3] = {};
    for (int i = 0; i < 16; ++i)
      for (int c = 0; c < 3; ++c) sum[second[i]][c] += decoded[4 * i + c];
    // Differential (5 bits) when the second colour is within [-4, 3] of the
    // first, individual (4 bits) otherwise.
    int q5[2][3], base[2][3];
    bool diff = true;
    for (int s = 0; s < 2; ++s)
      for (int c = 0; c < 3; ++c) q5[s][c] = (sum[s][c] * 31 + 1020) / (8 * 255);
    for (int c = 0; c < 3; ++c) diff &= q5[1][c] - q5[0][c] >= -4 && q5[1][c] - q5[0][c] <= 3;
    for (int s = 0; s < 2; ++s)
      for (int c = 0; c < 3; ++c) {
        const int q4 = (sum[s][c] * 15 + 1020) / (8 * 255);
        base[s][c] = diff ? (q5[s][c] << 3 | q5[s][c] >> 2) : (q4 << 4 | q4);
      }
    int64_t e0, e1;
    const int t0 = bestTable(base[0], decoded, first, e0);
    const int t1 = bestTable(base[1], decoded, second, e1);
    if (e0 + e1 < bestErr) {
      bestErr = e0 + e1;
      b.etc1f = uint8_t(flip), b.etc1d = uint8_t(diff);
      b.etci0 = uint8_t(t0), b.etci1 = uint8_t(t1);
    }
  }
  b.etcbi = 0;
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
