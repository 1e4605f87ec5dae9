#pragma once
// A UASTC block as its fields (DFS uastc.txt "Bitstream format"), packing to
// and from the 128-bit layout, and decoding to RGBA8 texels.
#include <array>
#include <cstdint>

namespace strata::image::uastc {

struct Block {
  int mode = 0;
  // Mode 8 (solid colour): RGBA and the ETC1 block the transcoder copies.
  std::array<uint8_t, 4> solid{};
  uint8_t etc1i = 0, etc1s = 0;
  std::array<uint8_t, 3> etc1rgb{}; // 5 bits; 4 (top bit 0) when etc1d is 0
  // Hints (DFS "Block configuration bits"); etc1d is shared with mode 8.
  uint8_t bc1h0 = 0, bc1h1 = 0, etc1f = 0, etc1d = 0, etci0 = 0, etci1 = 0, etcbi = 0;
  uint8_t etc2t = 13, etc2m = 1; // EAC alpha table and multiplier (alpha modes)
  uint8_t pat = 0, csel = 0;
  // Quantised endpoint indices per subset in stored order: RL RH GL GH BL BH
  // [AL AH], or LL LH AL AH for the LA modes.
  std::array<std::array<uint8_t, 8>, 3> ep{};
  // Weight indices per plane, texel i = 4y + x.
  std::array<std::array<uint8_t, 16>, 2> w{};
};

using Bytes16 = std::array<uint8_t, 16>;

// The 128-bit block (bit 0 = LSB of byte 0). Fields must be in range; the
// anchor weights' MSBs must already be 0.
Bytes16 pack(const Block& b);

// Parses a block; false for the reserved mode, an unknown code or a PAT out of
// range (the DFS says these decode to magenta).
bool unpack(const uint8_t* bytes, Block& b);

// RGBA8 texels (raster order) with linear 16-bit endpoint expansion (what
// basisu's RGBA32 transcode does; DFS "One subset, single plane").
void decode(const Block& b, uint8_t rgba[64]);
void decodeBytes(const uint8_t* bytes, uint8_t rgba[64]);

// ((L16 * (64 - w) + H16 * w + 32) >> 6) >> 8 with L16 = l << 8 | l.
inline uint8_t interpolate(int l, int h, int w6) {
  const int l16 = l << 8 | l, h16 = h << 8 | h;
  return uint8_t(((l16 * (64 - w6) + h16 * w6 + 32) >> 6) >> 8);
}

// Encodes 16 RGBA8 texels (uastc_encode.cpp): the best mode's block with its
// transcoding hints. Quality as UastcOptions::quality.
Block encodeBlock(const uint8_t px[64], int quality);

} // namespace strata::image::uastc
