#pragma once
// The Paeth predictor (PNG specification, ISO/IEC 15948 §9.4), shared by the
// writer's filter and the fast reader's reversal of it.
#include <cstdint>
#include <cstdlib>

namespace strata::image {

// The byte of the pixel before the one above is c; Paeth picks whichever of a
// (left), b (up), c lies nearest to a + b - c, ties in that order. In 16-bit
// lanes and selects, so the writer's filter loop vectorizes.
inline uint8_t paeth(int16_t a, int16_t b, int16_t c) {
  const int16_t pa = int16_t(std::abs(b - c)), pb = int16_t(std::abs(a - c)),
                pc = int16_t(std::abs(a + b - 2 * c));
  const int16_t bc = pb <= pc ? b : c;
  return uint8_t(pa <= pb && pa <= pc ? a : bc);
}

} // namespace strata::image
