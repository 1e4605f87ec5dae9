#pragma once
// Decoders for one 4x4 block of each BC format. Texels come out row-major
// (texel i = row i / 4, column i % 4), the order every BC format stores its
// indices in. Specifications: Khronos Data Format Specification 1.3, ch. 19
// ("S3TC" BC1-BC3, "RGTC" BC4/BC5) and ch. 20 ("BPTC" BC6H/BC7);
// ARB_texture_compression_bptc; Microsoft "Block Compression (Direct3D 10)",
// "BC6H Format", "BC7 Format".
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace strata::image::bc {

// RGBA8 out, row r of the block at rgba + r * pitch: 64 bytes for the packed
// block of the default pitch, or straight into an image whose rows are
// `pitch` bytes apart. BC1 honours the 3-colour + transparent-black mode
// (colour0 <= colour1); BC2 and BC3 always use the 4-colour mode.
void decodeBC1(const uint8_t* block, uint8_t* rgba, size_t pitch = 16);
void decodeBC2(const uint8_t* block, uint8_t* rgba, size_t pitch = 16);
void decodeBC3(const uint8_t* block, uint8_t* rgba, size_t pitch = 16);

// BC4 as grey RGBA8 (R = G = B, A 255) and BC5 as R, G, 0, 255, laid out
// as decodeBC1's; the channels as decodeBC4Channel decodes them.
void decodeBC4(const uint8_t* block, bool snorm, uint8_t* rgba, size_t pitch = 16);
void decodeBC5(const uint8_t* block, bool snorm, uint8_t* rgba, size_t pitch = 16);

// One BC4 channel (8 bytes) to 16 bytes: texel (row r, column c) at
// out[r * pitch + c * stride] (pitch 0: 4 * stride, a packed block).
// UNORM: palette rounding as OpenImageIO 2.4 / bcdec ((6a + b + 1) / 7 ...).
// SNORM: value v in [-1, 1] (-128 reads as -127) to round((v + 1) / 2 * 255).
void decodeBC4Channel(const uint8_t* block, bool snorm, uint8_t* out, int stride, size_t pitch = 0);
// The same channel as exact floats: UNORM in [0, 1], SNORM in [-1, 1].
void decodeBC4ChannelF(const uint8_t* block, bool snorm, float* out, int stride);

// BC6H: 16 texels x (r, g, b) half-float bit patterns. Reserved modes give 0.
void decodeBC6H(const uint8_t* block, bool isSigned, uint16_t* rgbHalf);

// BC7: RGBA8 laid out as decodeBC1's. The reserved mode 8 (first byte 0)
// gives transparent black, as D3D specifies.
void decodeBC7(const uint8_t* block, uint8_t* rgba, size_t pitch = 16);

// n-bit UNORM to 8-bit UNORM with round-to-nearest (D3D UNORM conversion).
constexpr uint32_t unorm5To8(uint32_t v) {
  return (v * 255 + 15) / 31;
}
constexpr uint32_t unorm6To8(uint32_t v) {
  return (v * 255 + 31) / 63;
}

// IEEE 754 binary16 -> binary32 (exact; subnormals, infinities, NaN kept).
inline float halfToFloat(uint16_t h) {
  // The exponent rebiased (15 -> 127) and the mantissa moved up 13 bits;
  // exponent 31 (infinity / NaN) becomes 255 with the mantissa kept. A
  // subnormal m * 2^-24 is made exactly as the float (1 + m / 2^10) * 2^-14
  // minus 2^-14. Masks, not branches: loops over texels vectorize.
  const uint32_t magnitude = uint32_t(h & 0x7FFF) << 13;
  const uint32_t exp = magnitude & 0x0F800000u;
  const uint32_t special = 0u - uint32_t(exp == 0x0F800000u);
  const uint32_t zero = 0u - uint32_t(exp == 0);
  const uint32_t normal = magnitude + (112u << 23) + (special & (112u << 23));
  const uint32_t subBits = magnitude + (113u << 23);
  float sub;
  std::memcpy(&sub, &subBits, 4);
  sub -= 6.103515625e-05f; // 2^-14
  uint32_t subnormal;
  std::memcpy(&subnormal, &sub, 4);
  const uint32_t bits = (normal & ~zero) | (subnormal & zero) | uint32_t(h & 0x8000) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

} // namespace strata::image::bc
