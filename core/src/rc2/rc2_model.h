#pragma once
// File model of a Ratchet & Clank 2 LEVEL<n>.WAD (rc2-level-wad.md sections 1,
// 2 and 4): the level header, the data extent header and the chunk headers.
// All integers little-endian; a sector is 0x800 bytes.
#include <array>
#include <cstdint>

namespace strata::rc2 {

constexpr uint64_t kSector = 0x800;
constexpr int32_t kHeaderSize = 0x60;         // section 1: retail and prerelease discs
constexpr int32_t kHeaderSize68 = 0x68;       // section 1: the variant Wrench also reads
constexpr uint64_t kDataHeaderSize = 0x58;    // section 2: eleven ByteRanges
constexpr uint64_t kCoreHeaderMinSize = 0xBC; // section 7: core_index holds at least this

// {s32 offset; s32 size} in sectors, relative to the start of the file; empty when size <= 0.
struct SectorRange {
  int32_t offset = 0, size = 0;
  bool empty() const { return size <= 0; }
  int64_t byteOffset() const { return int64_t(offset) * int64_t(kSector); }
  int64_t byteSize() const { return int64_t(size) * int64_t(kSector); }
};

// {s32 offset; s32 size} in bytes; empty when size <= 0 (writers put {-1, 0}).
struct ByteRange {
  int32_t offset = -1, size = 0;
  bool empty() const { return size <= 0; }
};

// Section 1. `headerSize` 0x60, or 0x68 for the variant (gameplayPal only there).
struct LevelHeader {
  int32_t headerSize = kHeaderSize;
  int32_t sector = 0; // 0 in the file; the disc's table of contents holds the LBA
  int32_t id = 0;     // the level id: never derived from the file's number
  int32_t reverb = 0;
  SectorRange data, soundBank, gameplay, gameplayPal, occlusion;
  std::array<SectorRange, 3> chunks{}, chunkBanks{};
};

// Section 2: byte ranges relative to the start of the data extent.
struct DataHeader {
  ByteRange overlay, coreIndex, gsRam, hudHeader;
  std::array<ByteRange, 5> hudBanks{};
  ByteRange coreData, transitionTextures;
};

// Section 4: at the start of each non-empty chunk range; byte offsets relative
// to the chunk range, each to a WAD stream (<= 0: absent).
struct ChunkHeader {
  int32_t tfrags = 0, collision = 0;
};

} // namespace strata::rc2
