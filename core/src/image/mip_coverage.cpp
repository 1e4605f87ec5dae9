// Alpha coverage by threshold choice: with the texels counted per alpha value,
// the number passing at each threshold t is known at once; the t whose count
// is nearest the wanted one is picked, and the scale s = (cutoff - 0.5) /
// (t - 0.5) moves exactly the texels of alpha >= t to at least `cutoff` after
// rounding (t s >= cutoff - 0.5 > (t - 1) s).
#include "image/mip_coverage.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace strata::image {

double alphaCoverage(const uint8_t* rgba, size_t pixels, uint8_t cutoff) {
  if (pixels == 0) return 0;
  size_t passing = 0;
  for (size_t i = 0; i < pixels; ++i) passing += rgba[4 * i + 3] >= cutoff;
  return double(passing) / double(pixels);
}

void keepAlphaCoverage(uint8_t* rgba, size_t pixels, uint8_t cutoff, double coverage) {
  if (pixels == 0 || cutoff == 0) return;
  size_t atLeast[257] = {}; // atLeast[t]: texels with alpha >= t
  for (size_t i = 0; i < pixels; ++i) ++atLeast[rgba[4 * i + 3]];
  for (int t = 254; t >= 0; --t) atLeast[t] += atLeast[t + 1];
  const double wanted = coverage * double(pixels);
  // Ties go to the threshold nearest the cutoff: the smallest change of alpha.
  int best = cutoff;
  for (int t = 1; t <= 255; ++t) {
    const double d = std::fabs(double(atLeast[t]) - wanted),
                 bestD = std::fabs(double(atLeast[best]) - wanted);
    if (d < bestD || (d == bestD && std::abs(t - cutoff) < std::abs(best - cutoff))) best = t;
  }
  if (best == cutoff) return;
  const double scale = (cutoff - 0.5) / (best - 0.5);
  for (size_t i = 0; i < pixels; ++i) {
    uint8_t& a = rgba[4 * i + 3];
    a = uint8_t(std::min(255L, std::lround(a * scale)));
  }
}

} // namespace strata::image
