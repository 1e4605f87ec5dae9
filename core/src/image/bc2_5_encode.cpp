// BC2, BC3, BC4 and BC5 blocks from their parts (KDFS 1.3 §19.2-19.5): the
// colour half of bc1_encode.cpp and the BC4 channels of bc4_encode.cpp.
#include "image/bc_encode.h"

namespace strata::image::bc {
namespace {

void channel(const uint8_t rgba[64], int c, uint8_t out[16]) {
  for (int i = 0; i < 16; ++i) out[i] = rgba[4 * i + c];
}

} // namespace

void encodeBC2Block(const uint8_t rgba[64], int quality, uint8_t out[16]) {
  // Explicit 4-bit alpha, texel i in bits 4i..4i+3 (KDFS §19.2): the nearest
  // of the 16 levels a4 * 17.
  for (int k = 0; k < 8; ++k) {
    const int lo = (rgba[4 * (2 * k) + 3] + 8) / 17, hi = (rgba[4 * (2 * k + 1) + 3] + 8) / 17;
    out[k] = uint8_t(lo | hi << 4);
  }
  encodeColourBlock(rgba, quality, out + 8);
}

void encodeBC3Block(const uint8_t rgba[64], int quality, uint8_t out[16]) {
  uint8_t alpha[16];
  channel(rgba, 3, alpha);
  encodeBC4Channel(alpha, false, quality, out);
  encodeColourBlock(rgba, quality, out + 8);
}

void encodeBC4Block(const uint8_t rgba[64], bool snorm, int quality, uint8_t out[8]) {
  uint8_t red[16];
  channel(rgba, 0, red);
  encodeBC4Channel(red, snorm, quality, out);
}

void encodeBC5Block(const uint8_t rgba[64], bool snorm, int quality, uint8_t out[16]) {
  uint8_t v[16];
  channel(rgba, 0, v);
  encodeBC4Channel(v, snorm, quality, out);
  channel(rgba, 1, v);
  encodeBC4Channel(v, snorm, quality, out + 8);
}

} // namespace strata::image::bc
