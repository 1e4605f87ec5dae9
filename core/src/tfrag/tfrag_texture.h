#pragma once
// Tfrag textures: 8-bit palette indices with a 256-entry CLUT in GS RAM
// (tfrag-layout.md "Textures", tfrag-rc2.md "Texels").
#include "strata/scene.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace strata::tfrag {

// 16-byte texture table entry: s32 data_offset; s16 width, height, type,
// palette, mipmap, pad.
struct TextureEntry {
  int32_t dataOffset = 0; // pixels at core_data[textures_base + data_offset]
  int16_t width = 0, height = 0;
  int16_t type = 1;    // mip level count (Strata reads 0 as 1; at most 4: mips 0-3)
  int16_t palette = 0; // CLUT at gs_ram[palette * 0x100]
  int16_t mipmap = -1; // mip 2 at gs_ram[mipmap * 0x100]
  int16_t pad = -1;    // mip 3 at gs_ram[pad * 0x100]
};

constexpr size_t kMaxMips = 4;

// A bare tfrags block has no texture table: its ad-gifs' texture indices size
// the material list, and this bounds them against a corrupt index (Strata's
// limit, not the format's).
constexpr size_t kBareBlockTextures = 4096;

// CSM1 CLUT order: within each 32-entry group the two middle 8-entry blocks
// are swapped, i.e. bits 3 and 4 of the index trade places. An involution.
constexpr uint8_t csm1Swizzle(uint8_t i) {
  return uint8_t((i & 0xE7) | (i & 0x08) << 1 | (i & 0x10) >> 1);
}

// GS alpha runs 0..0x80 (0x80 opaque); above it clamps.
constexpr uint8_t expandAlpha(uint8_t a) {
  return a < 0x80 ? uint8_t(2 * a) : uint8_t(255);
}

// Mip levels an entry describes: type, with 0 read as 1.
uint32_t mipLevels(const TextureEntry& e);

// Decodes entry `index` to an RGBA8 image (DXGI 28) holding every mip. Mips 0
// and 1 are in core_data (mip 1 straight after mip 0), mips 2 and 3 in GS RAM.
// Throws strata::Error naming the file and offset when pixels or the palette
// lie outside their buffer, or the entry's size is not a positive square power
// of two's halvable size.
Image decodeTexture(const TextureEntry& e, size_t index, const std::vector<uint8_t>& coreData,
                    uint64_t texturesBase, const std::vector<uint8_t>& gsRam,
                    const std::string& coreDataFile, const std::string& gsRamFile);

// The reverse, for the writer: an indexed texture and its logical palette
// (entry i is the colour of index i, alpha in GS units 0..0x80).
struct IndexedTexture {
  uint32_t size = 0;                      // square
  std::vector<std::vector<uint8_t>> mips; // 1..4 levels of indices
  std::array<std::array<uint8_t, 4>, 256> palette{};
};

// The CLUT as stored in GS RAM (CSM1 order), 1024 bytes.
std::vector<uint8_t> storedClut(const IndexedTexture& t);

} // namespace strata::tfrag
