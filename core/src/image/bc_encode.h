#pragma once
// Encoders for one 4x4 block of each BC format: the counterparts of the
// decoders in bc_blocks.h, which define the palettes every encoder aims at
// (each candidate is scored with the decoder's own rounding). Texels go in as
// RGBA8, row-major (texel i = row i / 4, column i % 4), 64 bytes.
//
// `quality` is the speed / quality trade-off of strata::image::BcQuality:
// 0 fast, 1 the default, 2 the slowest searches.
#include <cstdint>

namespace strata::image::bc {

// BC1 (8 bytes). Texels whose alpha is below `alphaThreshold` become
// transparent (index 3 of the 3-colour mode); 0 treats every texel as opaque.
// The 3-colour mode is also used for opaque blocks where it is closer. With
// `blackEntry` (alpha never read) every texel is colour and index 3's black
// serves dark texels where that is closer.
void encodeBC1Block(const uint8_t rgba[64], int quality, uint8_t alphaThreshold, bool blackEntry,
                    uint8_t out[8]);

// The colour half of BC2 / BC3 (8 bytes): always the 4-colour palette, alpha ignored.
void encodeColourBlock(const uint8_t rgba[64], int quality, uint8_t out[8]);

// One BC4 channel (8 bytes) for 16 values in 0-255: the channel's UNORM
// values, or with `snorm` the 8-bit values decodeBC4Channel gives back for
// SNORM data (round((v + 1) / 2 * 255)). Tries the 8-value and the 6-value
// palette (which holds 0 and 255 exactly).
void encodeBC4Channel(const uint8_t values[16], bool snorm, int quality, uint8_t out[8]);

// Whole blocks: BC2 and BC3 (16 bytes: alpha, then colour), BC4 (8 bytes,
// the red channel), BC5 (16 bytes: red, then green).
void encodeBC2Block(const uint8_t rgba[64], int quality, uint8_t out[16]);
void encodeBC3Block(const uint8_t rgba[64], int quality, uint8_t out[16]);
void encodeBC4Block(const uint8_t rgba[64], bool snorm, int quality, uint8_t out[8]);
void encodeBC5Block(const uint8_t rgba[64], bool snorm, int quality, uint8_t out[16]);

// BC7 (16 bytes): every mode, partition, p-bit and rotation the quality level
// searches; the closest in RGBA squared error wins. An opaque block always
// decodes to alpha 255, unless `ignoreAlpha` (alpha never read: every block
// is encoded as opaque colour and mode 6 may store alpha as 254).
void encodeBC7Block(const uint8_t rgba[64], int quality, bool ignoreAlpha, uint8_t out[16]);

} // namespace strata::image::bc
