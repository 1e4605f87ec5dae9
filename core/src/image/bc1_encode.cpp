// BC1-BC3 colour encoder (Khronos Data Format Specification 1.3 §19.1-19.3:
// two RGB565 endpoints, 2-bit indices; BC1's 3-colour mode when colour0 <=
// colour1, with index 3 transparent black). Per block: a total-ordering
// cluster fit (the texels sorted along their principal axis, every split of
// that order into runs of equal index, each split's least-squares endpoints
// scored in closed form), the best splits quantised to RGB565 and scored with
// the decoder's own palette, refitted from their indices, then a hill climb
// over the six endpoint components. A block of one colour takes its endpoints
// from tables of the pairs whose interpolant lands nearest that colour.
#include "image/bc_blocks.h"
#include "image/bc_encode.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace strata::image::bc {
namespace {

// Up to 16 texels as ints, one array per channel (loops over them vectorise);
// weight 0 marks a transparent texel (BC1: index 3, no colour). `fit` marks
// the texels the endpoints are fitted to (the opaque ones, less the dark ones
// left to the black entry).
struct Texels {
  int r[16], g[16], b[16];
  int w[16];
  int fit[16];
  int opaque = 0, fitted = 0;
};

// The palettes: 4 colours, 3 colours (index 3 transparent black, for
// transparent texels only), or 3 colours with index 3 black for any texel
// (where the texture's alpha is never read).
enum class Mode { Four, Three, ThreeBlack };

// Endpoints as RGB565 components: q[endpoint][channel], channel 0 and 2 in
// 0-31, channel 1 in 0-63.
struct Endpoints {
  int q[2][3];
};

constexpr int kMax[3] = {31, 63, 31};

int expandChannel(int c, int v) {
  return int(c == 1 ? unorm6To8(uint32_t(v)) : unorm5To8(uint32_t(v)));
}

// The 5- or 6-bit value whose expansion is nearest each 8-bit value, and the
// single-colour tables: for each 8-bit value, the endpoint pair whose
// 4-colour third ((2 e0 + e1 + 1) / 3) or 3-colour half ((e0 + e1 + 1) / 2)
// lands nearest it (KDFS §19.1 palette rounding, as bc1_5.cpp decodes).
struct Tables {
  uint8_t nearest[3][256];
  uint8_t third[3][256][2], half[3][256][2];
  Tables() {
    for (int c = 0; c < 3; ++c) {
      for (int v = 0; v < 256; ++v) {
        int best = 1 << 30;
        for (int q = 0; q <= kMax[c]; ++q) {
          const int d = std::abs(expandChannel(c, q) - v);
          if (d < best) best = d, nearest[c][v] = uint8_t(q);
        }
      }
      int bestThird[256], bestHalf[256];
      std::fill(bestThird, bestThird + 256, 1 << 30);
      std::fill(bestHalf, bestHalf + 256, 1 << 30);
      for (int a = 0; a <= kMax[c]; ++a)
        for (int b = 0; b <= kMax[c]; ++b) {
          const int ea = expandChannel(c, a), eb = expandChannel(c, b);
          // Closer pairs first on ties: they keep the other entries near too.
          const int spread = std::abs(ea - eb);
          const int t = (2 * ea + eb + 1) / 3, h = (ea + eb + 1) / 2;
          for (int v = 0; v < 256; ++v) {
            const int dt = std::abs(t - v) * 1024 + spread, dh = std::abs(h - v) * 1024 + spread;
            if (dt < bestThird[v])
              bestThird[v] = dt, third[c][v][0] = uint8_t(a), third[c][v][1] = uint8_t(b);
            if (dh < bestHalf[v])
              bestHalf[v] = dh, half[c][v][0] = uint8_t(a), half[c][v][1] = uint8_t(b);
          }
        }
    }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

int quantize(int c, float v) {
  const int i = int(std::lround(std::clamp(v, 0.0f, 255.0f)));
  return tables().nearest[c][i];
}

// The decoder's palette for the endpoints (3 entries in the 3-colour mode:
// index 3 is transparent black, chosen for an opaque texel only in ThreeBlack).
struct Palette {
  int r[4], g[4], b[4];
  int entries;
};

Palette paletteOf(const Endpoints& ep, Mode mode) {
  const bool three = mode != Mode::Four;
  Palette p;
  int* ch[3] = {p.r, p.g, p.b};
  for (int c = 0; c < 3; ++c) {
    const int e0 = expandChannel(c, ep.q[0][c]), e1 = expandChannel(c, ep.q[1][c]);
    ch[c][0] = e0, ch[c][1] = e1;
    ch[c][2] = three ? (e0 + e1 + 1) / 2 : (2 * e0 + e1 + 1) / 3;
    ch[c][3] = three ? 0 : (e0 + 2 * e1 + 1) / 3;
  }
  p.entries = mode == Mode::Three ? 3 : 4;
  return p;
}

// Squared RGB error of the block with its best index per texel; the indices
// (2 bits per texel, transparent texels 3) go to `indices` when it is set.
uint32_t evaluate(const Texels& t, const Endpoints& ep, Mode mode, uint32_t* indices) {
  const Palette p = paletteOf(ep, mode);
  int best[16], pick[16];
  for (int i = 0; i < 16; ++i) {
    const int dr = t.r[i] - p.r[0], dg = t.g[i] - p.g[0], db = t.b[i] - p.b[0];
    best[i] = dr * dr + dg * dg + db * db;
    pick[i] = 0;
  }
  for (int k = 1; k < p.entries; ++k)
    for (int i = 0; i < 16; ++i) {
      const int dr = t.r[i] - p.r[k], dg = t.g[i] - p.g[k], db = t.b[i] - p.b[k];
      const int d = dr * dr + dg * dg + db * db;
      const bool closer = d < best[i];
      best[i] = closer ? d : best[i];
      pick[i] = closer ? k : pick[i];
    }
  uint32_t err = 0;
  for (int i = 0; i < 16; ++i) err += uint32_t(best[i] * t.w[i]);
  if (indices) {
    uint32_t idx = 0;
    for (int i = 0; i < 16; ++i) idx |= uint32_t(t.w[i] ? pick[i] : 3) << (2 * i);
    *indices = idx;
  }
  return err;
}

// Weight of endpoint 1 for each index (KDFS §19.1); the 3-colour mode's
// index 3 (black) takes no part in a fit.
constexpr float kWeight4[4] = {0.0f, 1.0f, 1.0f / 3, 2.0f / 3};
constexpr float kWeight3[4] = {0.0f, 1.0f, 0.5f, 0.0f};

struct FloatEndpoints {
  float a[3], b[3];
};

// Least-squares endpoints for the texels' indices: minimises
// sum ((1 - w) a + w b - x)^2 per channel. False when every texel has the
// same weight (no unique solution).
bool refit(const Texels& t, uint32_t indices, Mode mode, FloatEndpoints& out) {
  const bool three = mode != Mode::Four;
  const float* wt = three ? kWeight3 : kWeight4;
  float aa = 0, bb = 0, ab = 0, ax[3] = {0, 0, 0}, bx[3] = {0, 0, 0};
  for (int i = 0; i < 16; ++i) {
    if (!t.fit[i] || (three && (indices >> (2 * i) & 3) == 3)) continue;
    const float w = wt[indices >> (2 * i) & 3], v = 1 - w;
    aa += v * v, bb += w * w, ab += v * w;
    const float x[3] = {float(t.r[i]), float(t.g[i]), float(t.b[i])};
    for (int c = 0; c < 3; ++c) ax[c] += v * x[c], bx[c] += w * x[c];
  }
  const float det = aa * bb - ab * ab;
  if (det < 1e-4f) return false;
  for (int c = 0; c < 3; ++c) {
    out.a[c] = (bb * ax[c] - ab * bx[c]) / det;
    out.b[c] = (aa * bx[c] - ab * ax[c]) / det;
  }
  return true;
}

Endpoints quantized(const FloatEndpoints& f) {
  Endpoints e;
  for (int c = 0; c < 3; ++c) e.q[0][c] = quantize(c, f.a[c]), e.q[1][c] = quantize(c, f.b[c]);
  return e;
}

// Principal axis of the fitted texels (power iteration on their covariance).
void principalAxis(const Texels& t, float axis[3]) {
  float mean[3] = {0, 0, 0};
  for (int i = 0; i < 16; ++i)
    if (t.fit[i]) mean[0] += float(t.r[i]), mean[1] += float(t.g[i]), mean[2] += float(t.b[i]);
  for (float& m : mean) m /= float(t.fitted);
  float cov[6] = {0, 0, 0, 0, 0, 0}; // rr rg rb gg gb bb
  for (int i = 0; i < 16; ++i) {
    if (!t.fit[i]) continue;
    const float r = float(t.r[i]) - mean[0], g = float(t.g[i]) - mean[1],
                b = float(t.b[i]) - mean[2];
    cov[0] += r * r, cov[1] += r * g, cov[2] += r * b, cov[3] += g * g, cov[4] += g * b,
        cov[5] += b * b;
  }
  // Start from the covariance row of the widest channel.
  const int widest = cov[0] >= cov[3] && cov[0] >= cov[5] ? 0 : cov[3] >= cov[5] ? 1 : 2;
  float v[3] = {widest == 0   ? cov[0]
                : widest == 1 ? cov[1]
                              : cov[2],
                widest == 0   ? cov[1]
                : widest == 1 ? cov[3]
                              : cov[4],
                widest == 0   ? cov[2]
                : widest == 1 ? cov[4]
                              : cov[5]};
  for (int it = 0; it < 8; ++it) {
    const float x = cov[0] * v[0] + cov[1] * v[1] + cov[2] * v[2];
    const float y = cov[1] * v[0] + cov[3] * v[1] + cov[4] * v[2];
    const float z = cov[2] * v[0] + cov[4] * v[1] + cov[5] * v[2];
    const float m = std::max({std::fabs(x), std::fabs(y), std::fabs(z)});
    if (m <= 0) break;
    v[0] = x / m, v[1] = y / m, v[2] = z / m;
  }
  if (v[0] == 0 && v[1] == 0 && v[2] == 0) v[0] = v[1] = v[2] = 1;
  std::copy(v, v + 3, axis);
}

// The total-ordering cluster fit: the opaque texels sorted along the axis,
// every split of that order into `runs` consecutive runs (indices of weight
// 0, 1/3, 2/3, 1, or 0, 1/2, 1) scored by the error of its least-squares
// endpoints, sum x^2 - sum_c (B ax^2 - 2 C ax bx + A bx^2) / (A B - C^2) with
// A = sum (1-w)^2, B = sum w^2, C = sum (1-w) w, ax = sum (1-w) x,
// bx = sum w x. Writes the `want` best splits' endpoints, best first.
int clusterFit(const Texels& t, Mode mode, int want, FloatEndpoints* out) {
  const bool three = mode != Mode::Four;
  float axis[3];
  principalAxis(t, axis);
  int order[16], texels = 0;
  float key[16];
  for (int i = 0; i < 16; ++i)
    if (t.fit[i])
      key[i] = axis[0] * float(t.r[i]) + axis[1] * float(t.g[i]) + axis[2] * float(t.b[i]),
      order[texels++] = i;
  std::sort(order, order + texels, [&](int a, int b) { return key[a] < key[b]; });
  // Texels of one colour go together (a split between them cannot help):
  // n distinct colours in order, each with its texels, and prefix sums of
  // their counts and channels. Flat and few-coloured blocks get few splits.
  uint16_t members[16];
  float cnt[17], pre[3][17];
  int n = 0;
  cnt[0] = pre[0][0] = pre[1][0] = pre[2][0] = 0;
  for (int k = 0; k < texels; ++k) {
    const int i = order[k];
    const bool same = k > 0 && t.r[i] == t.r[order[k - 1]] && t.g[i] == t.g[order[k - 1]] &&
                      t.b[i] == t.b[order[k - 1]];
    if (!same) {
      members[n] = 0, ++n;
      cnt[n] = cnt[n - 1], pre[0][n] = pre[0][n - 1], pre[1][n] = pre[1][n - 1],
      pre[2][n] = pre[2][n - 1];
    }
    members[n - 1] |= uint16_t(1u << i);
    cnt[n] += 1, pre[0][n] += float(t.r[i]), pre[1][n] += float(t.g[i]), pre[2][n] += float(t.b[i]);
  }
  struct Split {
    float gain;
    int i, j, k;
  };
  Split top[16];
  int kept = 0;
  want = std::min(want, 16);
  auto offer = [&](float gain, int i, int j, int k) {
    if (kept == want && gain <= top[kept - 1].gain) return;
    int at = kept < want ? kept++ : kept - 1;
    while (at > 0 && top[at - 1].gain < gain) top[at] = top[at - 1], --at;
    top[at] = {gain, i, j, k};
  };
  float gains[17];
  if (three) {
    // Runs [0, i) weight 0, [i, j) 1/2, [j, n) 1 (of the distinct colours).
    for (int i = 0; i <= n; ++i)
      for (int j = i; j <= n; ++j) {
        const float n0 = cnt[i], n1 = cnt[j] - cnt[i], n2 = cnt[n] - cnt[j];
        const float A = n0 + 0.25f * n1, B = n2 + 0.25f * n1, C = 0.25f * n1;
        const float det = A * B - C * C;
        if (det < 1e-3f) continue;
        float g = 0;
        for (int c = 0; c < 3; ++c) {
          const float x0 = pre[c][i], x1 = pre[c][j] - pre[c][i], x2 = pre[c][n] - pre[c][j];
          const float ax = x0 + 0.5f * x1, bx = x2 + 0.5f * x1;
          g += B * ax * ax - 2 * C * ax * bx + A * bx * bx;
        }
        offer(g / det, i, j, 0);
      }
  } else {
    // Runs [0, i) weight 0, [i, j) 1/3, [j, k) 2/3, [k, n) 1; the k loop is
    // written for the compiler to vectorise.
    for (int i = 0; i <= n; ++i)
      for (int j = i; j <= n; ++j) {
        const float n0 = cnt[i], n1 = cnt[j] - cnt[i];
        float x0[3], x1[3];
        for (int c = 0; c < 3; ++c) x0[c] = pre[c][i], x1[c] = pre[c][j] - pre[c][i];
        for (int k = j; k <= n; ++k) {
          const float n2 = cnt[k] - cnt[j], n3 = cnt[n] - cnt[k];
          const float A = n0 + (4.0f / 9) * n1 + (1.0f / 9) * n2;
          const float B = n3 + (4.0f / 9) * n2 + (1.0f / 9) * n1;
          const float C = (2.0f / 9) * (n1 + n2);
          float g = 0;
          for (int c = 0; c < 3; ++c) {
            const float x2 = pre[c][k] - pre[c][j], x3 = pre[c][n] - pre[c][k];
            const float ax = x0[c] + (2.0f / 3) * x1[c] + (1.0f / 3) * x2;
            const float bx = x3 + (2.0f / 3) * x2 + (1.0f / 3) * x1[c];
            g += B * ax * ax - 2 * C * ax * bx + A * bx * bx;
          }
          // A split with every texel at one weight has det = g = 0: its gain
          // stays 0 (no select here, so the loop vectorises).
          gains[k] = g / (A * B - C * C + 1e-3f);
        }
        for (int k = j; k <= n; ++k)
          if (gains[k] > 0) offer(gains[k], i, j, k);
      }
  }
  // Endpoints of the splits kept.
  for (int s = 0; s < kept; ++s) {
    uint32_t indices = 0;
    for (int p = 0; p < n; ++p) {
      const int run = p < top[s].i ? 0 : p < top[s].j ? 1 : (three || p < top[s].k) ? 2 : 3;
      // Run r of the 4-colour order is index 0, 2, 3, 1; of the 3-colour order 0, 2, 1.
      const int index = three ? (run == 0   ? 0
                                 : run == 1 ? 2
                                            : 1)
                              : (run == 0   ? 0
                                 : run == 1 ? 2
                                 : run == 2 ? 3
                                            : 1);
      for (int i = 0; i < 16; ++i)
        if (members[p] >> i & 1) indices |= uint32_t(index) << (2 * i);
    }
    if (!refit(t, indices, mode, out[s])) return s;
  }
  return kept;
}

struct Fit {
  Endpoints ep;
  uint32_t err = ~0u;
};

void consider(const Texels& t, Mode mode, const Endpoints& ep, Fit& best) {
  const uint32_t e = evaluate(t, ep, mode, nullptr);
  if (e < best.err) best.err = e, best.ep = ep;
}

// Moves each endpoint component one step up or down while that lowers the
// error, for at most `passes` rounds over the six components.
void hillClimb(const Texels& t, Mode mode, int passes, Fit& best) {
  for (int pass = 0; pass < passes; ++pass) {
    bool moved = false;
    for (int e = 0; e < 2; ++e)
      for (int c = 0; c < 3; ++c)
        for (int d = -1; d <= 1; d += 2) {
          Endpoints ep = best.ep;
          const int v = ep.q[e][c] + d;
          if (v < 0 || v > kMax[c]) continue;
          ep.q[e][c] = v;
          const uint32_t err = evaluate(t, ep, mode, nullptr);
          if (err < best.err) best.err = err, best.ep = ep, moved = true;
        }
    if (!moved || best.err == 0) break;
  }
}

// The fitted texels are all one colour.
bool oneColour(const Texels& t) {
  int first = 0;
  while (!t.fit[first]) ++first;
  for (int i = 0; i < 16; ++i)
    if (t.fit[i] && (t.r[i] != t.r[first] || t.g[i] != t.g[first] || t.b[i] != t.b[first]))
      return false;
  return true;
}

// The best endpoints of one mode for a block with at least one fitted texel.
Fit fitMode(const Texels& t, Mode mode, int quality) {
  const bool three = mode != Mode::Four;
  Fit best;
  if (oneColour(t)) {
    int first = 0;
    while (!t.fit[first]) ++first;
    const int v[3] = {t.r[first], t.g[first], t.b[first]};
    const Tables& tb = tables();
    Endpoints ep;
    for (int c = 0; c < 3; ++c) ep.q[0][c] = ep.q[1][c] = tb.nearest[c][v[c]];
    consider(t, mode, ep, best);
    for (int c = 0; c < 3; ++c) {
      ep.q[0][c] = three ? tb.half[c][v[c]][0] : tb.third[c][v[c]][0];
      ep.q[1][c] = three ? tb.half[c][v[c]][1] : tb.third[c][v[c]][1];
    }
    consider(t, mode, ep, best);
    return best;
  }
  const int want = quality <= 0 ? 2 : quality == 1 ? 6 : 16;
  FloatEndpoints fits[16];
  const int n = clusterFit(t, mode, want, fits);
  for (int s = 0; s < n; ++s) {
    Fit f;
    consider(t, mode, quantized(fits[s]), f);
    // Refit from the indices the quantised endpoints actually chose.
    for (int it = 0; it < (quality >= 2 ? 3 : 1); ++it) {
      uint32_t indices;
      evaluate(t, f.ep, mode, &indices);
      FloatEndpoints r;
      if (!refit(t, indices, mode, r)) break;
      const uint32_t before = f.err;
      consider(t, mode, quantized(r), f);
      if (f.err == before) break;
    }
    if (f.err < best.err) best = f;
  }
  if (best.err == ~0u) {
    // No split had a unique least-squares solution: the texels' extremes.
    FloatEndpoints f{};
    int lo = -1, hi = -1;
    float axis[3], key[16];
    principalAxis(t, axis);
    for (int i = 0; i < 16; ++i) {
      key[i] = axis[0] * float(t.r[i]) + axis[1] * float(t.g[i]) + axis[2] * float(t.b[i]);
      if (!t.fit[i]) continue;
      if (lo < 0 || key[i] < key[lo]) lo = i;
      if (hi < 0 || key[i] > key[hi]) hi = i;
    }
    f.a[0] = float(t.r[lo]), f.a[1] = float(t.g[lo]), f.a[2] = float(t.b[lo]);
    f.b[0] = float(t.r[hi]), f.b[1] = float(t.g[hi]), f.b[2] = float(t.b[hi]);
    consider(t, mode, quantized(f), best);
  }
  if (best.err > 0) hillClimb(t, mode, quality <= 0 ? 1 : quality == 1 ? 3 : 8, best);
  return best;
}

Texels texelsOf(const uint8_t rgba[64], uint8_t alphaThreshold) {
  Texels t;
  for (int i = 0; i < 16; ++i) {
    t.r[i] = rgba[4 * i], t.g[i] = rgba[4 * i + 1], t.b[i] = rgba[4 * i + 2];
    t.w[i] = t.fit[i] = rgba[4 * i + 3] >= alphaThreshold ? 1 : 0;
    t.opaque += t.w[i];
  }
  t.fitted = t.opaque;
  return t;
}

// A texel this dark is left to the black entry in the ThreeBlack fit (rgbcx's
// 3-colour black mode does alike); the evaluation still picks its nearest entry.
constexpr int kDark = 24;

// Writes colour0, colour1 and the indices, ordering the endpoints for the
// mode: colour0 > colour1 selects 4 colours, colour0 <= colour1 3 colours.
void pack(const Endpoints& ep, uint32_t indices, Mode mode, uint8_t out[8]) {
  const bool three = mode != Mode::Four;
  uint32_t c0 = uint32_t(ep.q[0][0] << 11 | ep.q[0][1] << 5 | ep.q[0][2]);
  uint32_t c1 = uint32_t(ep.q[1][0] << 11 | ep.q[1][1] << 5 | ep.q[1][2]);
  if (!three && c0 < c1) {
    std::swap(c0, c1);
    indices ^= 0x55555555u; // 0 <-> 1, 2 <-> 3
  } else if (!three && c0 == c1) {
    indices = 0; // one colour: every entry but the 3-colour mode's index 3 is it
  } else if (three && c0 > c1) {
    std::swap(c0, c1);
    // 0 <-> 1; 2 (the midpoint) and 3 (transparent black) stay.
    indices ^= ~(indices >> 1) & 0x55555555u;
  }
  out[0] = uint8_t(c0), out[1] = uint8_t(c0 >> 8), out[2] = uint8_t(c1), out[3] = uint8_t(c1 >> 8);
  for (int k = 0; k < 4; ++k) out[4 + k] = uint8_t(indices >> (8 * k));
}

void encodeColour(const Texels& t, int quality, bool allowThree, bool blackEntry, uint8_t out[8]) {
  if (t.opaque == 0) {
    // Every texel transparent: colour0 = colour1 (3-colour mode), all index 3.
    std::memset(out, 0, 4);
    std::memset(out + 4, 0xFF, 4);
    return;
  }
  const bool transparent = t.opaque < 16;
  Fit best;
  Mode mode = transparent ? Mode::Three : Mode::Four;
  if (!transparent) best = fitMode(t, Mode::Four, quality);
  // The 3-colour mode where the block needs it, or (from quality 1, and
  // always for one colour, whose tables make it cheap) where it may be closer.
  if (allowThree && (transparent || (best.err > 0 && (quality >= 1 || oneColour(t))))) {
    const Fit f3 = fitMode(t, Mode::Three, quality);
    if (f3.err < best.err) best = f3, mode = Mode::Three;
  }
  // Black for dark texels, the other three entries fitted to the rest.
  if (blackEntry && !transparent && best.err > 0) {
    Texels rest = t;
    rest.fitted = 0;
    for (int i = 0; i < 16; ++i) {
      rest.fit[i] = std::max({t.r[i], t.g[i], t.b[i]}) > kDark;
      rest.fitted += rest.fit[i];
    }
    if (rest.fitted > 0 && rest.fitted < 16) {
      const Fit fb = fitMode(rest, Mode::ThreeBlack, quality);
      if (fb.err < best.err) best = fb, mode = Mode::ThreeBlack;
    }
  }
  uint32_t indices;
  evaluate(t, best.ep, mode, &indices);
  pack(best.ep, indices, mode, out);
}

} // namespace

void encodeBC1Block(const uint8_t rgba[64], int quality, uint8_t alphaThreshold, bool blackEntry,
                    uint8_t out[8]) {
  // The black entry is for textures whose alpha nothing reads: every texel is colour.
  encodeColour(texelsOf(rgba, blackEntry ? 0 : alphaThreshold), quality, true, blackEntry, out);
}

void encodeColourBlock(const uint8_t rgba[64], int quality, uint8_t out[8]) {
  encodeColour(texelsOf(rgba, 0), quality, false, false, out);
}

} // namespace strata::image::bc
