#pragma once
// The extracted level directory Strata reads (tfrag-layout.md "Input that
// Strata reads"): core_index.bin (level core header + texture table),
// core_data.bin (tfrags block, texels) and an optional gs_ram.bin.
#include "tfrag/tfrag_model.h"
#include "tfrag/tfrag_texture.h"

#include <string>
#include <vector>

namespace strata::tfrag {

constexpr const char* kCoreIndex = "core_index.bin";
constexpr const char* kCoreData = "core_data.bin";
constexpr const char* kGsRam = "gs_ram.bin";
// Also accepted in place of core_data.bin (rc2-level-wad.md section 2, "Extracted
// files"): the compressed stream, and the whole data extent.
constexpr const char* kCoreDataWad = "core_data.wad";
constexpr const char* kDataExtent = "data.bin";
constexpr size_t kCoreHeaderSize = 0x90; // through the sizes at 0x88 and 0x8c

// The level core header fields Strata uses; `raw` keeps all 0x90 bytes.
struct LevelCoreHeader {
  int32_t tfragsOffset = 0;      // 0x08, into core_data
  int32_t occlusionOffset = 0;   // 0x0c
  int32_t skyOffset = 0;         // 0x10
  int32_t collisionOffset = 0;   // 0x14
  int32_t textureCount = 0;      // 0x30 ArrayRange.count
  int32_t textureOffset = 0;     // 0x34 ArrayRange.offset, into core_index
  int32_t texturesBase = 0;      // 0x60, into core_data
  uint32_t compressedSize = 0;   // 0x88, of core_data
  uint32_t decompressedSize = 0; // 0x8c, of core_data
  std::vector<uint8_t> raw;
};

struct Level {
  std::string dir;
  std::string coreIndexPath, coreDataPath, gsRamPath;
  std::vector<uint8_t> coreIndex, coreData, gsRam;
  bool hasGsRam = false;
  LevelCoreHeader header;
  std::vector<TextureEntry> textures;
  uint64_t tfragsSize = 0; // bytes of the tfrags block in core_data
  bool bareBlock = false;  // a bare tfrags block file: no texture table, no GS RAM
};

// True for a directory holding core_index.bin, core_data.bin, core_data.wad or
// data.bin, or a path to a core_index.bin. The format has no magic: the names an extractor writes
// are its signature, and readLevel names whatever is then missing, empty or out of range, so a
// broken level is an error rather than "nothing recognised".
bool looksLikeLevel(const std::string& path);

// The directory a level path names (the path itself or core_index.bin's parent).
std::string levelDirOf(const std::string& path);

// Reads the files, the header and the texture table. Throws strata::Error
// naming the file (a missing or empty core_index.bin or core_data.bin too) and
// offset for anything out of range. gs_ram.bin is optional (hasGsRam). Without
// core_data.bin, core_data.wad is decompressed to the size core header 0x8C
// declares (its stored size checked against 0x88); without core_index.bin,
// data.bin is read as the level's data extent.
Level readLevel(const std::string& path);

// A level's three files already in memory, read as readLevel reads a
// directory `dir` holding them (gs_ram.bin too): no file is touched.
struct LevelFiles;
Level levelOfFiles(const LevelFiles& files, const std::string& dir);

// The core header, the tfrags block's bounds and the texture table of a level
// whose coreIndex and coreData are filled (and their paths, for messages).
// Throws strata::Error like readLevel.
void parseLevelTables(Level& l);

// A bare tfrags block file (checkLevel's `bareBlock`; no handler: it has no
// magic to detect): the whole file is the block, there is no texture table
// and no GS RAM.
Level readBareBlock(const std::string& path);
// The same for a block already in memory, named `path`.
Level bareBlockOf(std::vector<uint8_t> block, const std::string& path);

// Parses a level core header (at least 0x90 bytes).
LevelCoreHeader readCoreHeader(const std::vector<uint8_t>& coreIndex, const std::string& file);

// Tfrags block size: the smallest of the occlusion, sky and collision offsets
// above the tfrags offset, else up to the end of core_data.
uint64_t tfragsBlockSize(const LevelCoreHeader& h, uint64_t coreDataSize);

// What the level writer puts into a directory.
struct LevelFiles {
  std::vector<uint8_t> coreIndex, coreData, gsRam;
};

// Lays out a level: the tfrags block at core_data offset 0, empty occlusion,
// sky and collision ranges after it, the texels at textures_base; the texture
// table in core_index after the header; palettes and mips 2-3 in GS RAM.
LevelFiles buildLevelFiles(const std::vector<uint8_t>& tfragsBlock,
                           const std::vector<IndexedTexture>& textures);

// Writes the three files into `dir` (created if missing), each atomically.
void writeLevelDir(const std::string& dir, const LevelFiles& files, bool withGsRam = true);

} // namespace strata::tfrag
