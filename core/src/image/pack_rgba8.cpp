#include "image/pack_rgba8.h"

#include "strata/error.h"
#include "strata/image.h"

#include <cmath>
#include <cstring>

namespace strata::image {

namespace {

// round(v * max / 255): the n-bit value decodeRGBA8's widening reads back
// nearest to v.
uint32_t narrow(uint32_t v, uint32_t max) {
  return (v * max + 127) / 255;
}

// IEEE 754 binary16 of v / 255 (in [0, 1]: normal or zero, rounded to
// nearest even), for RGBA16F.
uint16_t unitHalf(uint8_t v) {
  if (v == 0) return 0;
  const float f = float(v) / 255.0f;
  int exp = 0;
  const float m = std::frexp(f, &exp); // f = m * 2^exp, m in [0.5, 1)
  // binary16: 1.mantissa(10 bits) * 2^(e - 15); f = (2m) * 2^(exp - 1).
  const float scaled = (2.0f * m - 1.0f) * 1024.0f;
  uint32_t mant = uint32_t(std::nearbyint(scaled));
  int e = exp - 1 + 15;
  if (mant == 1024) mant = 0, ++e;
  return uint16_t(uint32_t(e) << 10 | mant);
}

void store16(uint8_t* p, uint32_t v) {
  p[0] = uint8_t(v), p[1] = uint8_t(v >> 8);
}

} // namespace

bool packable(uint32_t dxgi) {
  switch (dxgi) {
  case dxgi::RGBA8:
  case dxgi::RGBA8_SRGB:
  case dxgi::BGRA8:
  case dxgi::BGRA8_SRGB:
  case dxgi::BGRX8:
  case dxgi::B5G6R5:
  case dxgi::B5G5R5A1:
  case dxgi::A8:
  case dxgi::R8:
  case dxgi::R16:
  case dxgi::RGBA16F:
    return true;
  default:
    return false;
  }
}

std::vector<uint8_t> packRGBA8(const uint8_t* rgba, uint32_t width, uint32_t height,
                               uint32_t code) {
  const PixelFormat* f = pixelFormat(code);
  if (!f || !packable(code))
    throw Unsupported("", Error::kNoOffset, "packing RGBA8 pixels as " + formatName(code));
  const size_t pixels = size_t(width) * height;
  std::vector<uint8_t> out(pixels * f->bytesPerBlock);
  uint8_t* o = out.data();
  const uint8_t* p = rgba;
  switch (code) {
  case dxgi::RGBA8:
  case dxgi::RGBA8_SRGB:
    if (pixels) std::memcpy(o, p, pixels * 4);
    break;
  case dxgi::BGRA8:
  case dxgi::BGRA8_SRGB:
  case dxgi::BGRX8:
    for (size_t i = 0; i < pixels; ++i, p += 4, o += 4)
      o[0] = p[2], o[1] = p[1], o[2] = p[0], o[3] = code == dxgi::BGRX8 ? 255 : p[3];
    break;
  case dxgi::B5G6R5: // blue in bits 0-4, green 5-10, red 11-15
    for (size_t i = 0; i < pixels; ++i, p += 4, o += 2)
      store16(o, narrow(p[0], 31) << 11 | narrow(p[1], 63) << 5 | narrow(p[2], 31));
    break;
  case dxgi::B5G5R5A1: // blue 0-4, green 5-9, red 10-14, alpha bit 15
    for (size_t i = 0; i < pixels; ++i, p += 4, o += 2)
      store16(o, (p[3] >= 128 ? 0x8000u : 0u) | narrow(p[0], 31) << 10 | narrow(p[1], 31) << 5 |
                     narrow(p[2], 31));
    break;
  case dxgi::A8:
    for (size_t i = 0; i < pixels; ++i) o[i] = p[4 * i + 3];
    break;
  case dxgi::R8:
    for (size_t i = 0; i < pixels; ++i) o[i] = p[4 * i];
    break;
  case dxgi::R16:
    for (size_t i = 0; i < pixels; ++i) store16(o + 2 * i, uint32_t(p[4 * i]) * 257);
    break;
  case dxgi::RGBA16F:
    for (size_t i = 0; i < pixels * 4; ++i) store16(o + 2 * i, unitHalf(p[i]));
    break;
  }
  return out;
}

} // namespace strata::image
