#pragma once
// The file model of a texture dictionary resource: the records, entries and
// dictionaries as stored, nothing derived. What Strata works out from them (a
// texture's layout, its pixel bytes, the findings of reading it) lives beside
// the model, in TextureContainer (ytd_read.h).
//
// One texture record as stored: the Gen9 record of Enhanced (v5) resources or
// the legacy record of v13 resources. The raw bytes are kept whole so every
// field the specs call Unknown survives a read/write round trip; the named
// fields below are decoded from them (and written back into them by the writer).
#include "strata/text.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::ytd {

enum class Edition { Legacy, Enhanced };

constexpr uint64_t kGen9RecordSize = 0x80;   // ydr-embedded.md §3 (BlockLength_Gen9)
constexpr uint64_t kLegacyRecordSize = 0x90; // ydr-embedded.md §3 (BlockLength)
constexpr uint64_t kGen9ViewOffset = 0x58;   // ytd-layout.md: "0x30 u64 view ptr (= tex+0x58)"
constexpr uint64_t kGen9ViewSize = 0x20;     // ytd-layout.md: "0x58: 32-byte SRV"
// The Gen9 record's view pointer (ytd-layout.md: "0x30 u64 view ptr") and the
// dimension the view block names (u16 at view +0x10: "0x41 2D, 0x61 2DArray,
// 0x82 Cube, 0xA3 3D").
constexpr uint64_t kGen9ViewField = 0x30, kViewDimensionField = 0x10;
constexpr uint16_t kViewTexture2D = 0x41, kViewArray = 0x61, kViewCube = 0x82, kViewVolume = 0xA3;
// Where a record holds its data pointer (ytd-enhanced.md texture table: 0x38;
// ytd-layout.md "Legacy texture": 0x70).
constexpr uint64_t kGen9DataField = 0x38, kLegacyDataField = 0x70;

struct TextureRecord {
  Edition edition = Edition::Enhanced;
  uint64_t address = 0;     // the pointer the dictionary holds
  std::vector<uint8_t> raw; // kGen9RecordSize or kLegacyRecordSize bytes

  std::string name;
  uint64_t namePtr = 0, dataPtr = 0;
  uint16_t width = 0, height = 0, depth = 0;
  uint8_t mips = 0;
  uint32_t usage = 0; // usage word; its low 5 bits are the usage (ytd-layout.md)

  // Enhanced only (ytd-enhanced.md, texture table).
  uint32_t blockCount = 0, blockSize = 0, flags = 0;
  uint8_t dimension = 0; // raw byte: 1 2D; 2 and 3 are disputed (see ytd_layout.h)
  uint8_t sgaFormat = 0;
  uint8_t tileMode = 0;
  uint64_t viewPtr = 0;
  std::vector<uint8_t> view; // the 32-byte view block, empty when viewPtr is null
  int viewDimension = -1;    // u16 at view +0x10 (0x41 2D, 0x61 2DArray, 0x82 cube, 0xA3 3D)

  // Legacy only (ytd-layout.md, "Legacy texture").
  uint16_t stride = 0;
  uint32_t d3dFormat = 0;
};

constexpr uint64_t kDictionarySize = 0x40;
// ytd-layout.md, "Dictionary": +0x08 the page-info pointer (0 when embedded).
constexpr uint64_t kDictPageInfo = 0x08;
// ytd-enhanced.md, dictionary table.
constexpr uint64_t kDictHashesPtr = 0x20, kDictHashCount = 0x28, kDictHashCapacity = 0x2A;
constexpr uint64_t kDictTexturesPtr = 0x30, kDictTextureCount = 0x38, kDictTextureCapacity = 0x3A;
// The counts are u16: the most textures a dictionary can hold.
constexpr size_t kMaxDictionaryTextures = 0xFFFF;

// One entry of a dictionary's parallel arrays and the record it points at.
struct TextureEntry {
  uint32_t hash = 0;
  uint64_t pointer = 0; // 0: a null entry (allowed, ytd-enhanced.md)
  TextureRecord record; // empty raw bytes when the record could not be read
};

// The texture dictionary (ytd-enhanced.md, dictionary table; ytd-layout.md,
// "Dictionary (0x40, both versions)"): sorted name hashes and a parallel array
// of texture pointers. Standalone .ytd roots and dictionaries embedded in
// drawables share it (ydr-embedded.md §3).
struct TextureDictionary {
  uint64_t address = 0;
  std::vector<uint8_t> raw; // the 0x40-byte object, unknown fields kept
  uint64_t hashesPtr = 0, texturesPtr = 0;
  uint16_t hashCount = 0, hashCapacity = 0, textureCount = 0, textureCapacity = 0;
  std::vector<TextureEntry> entries; // in stored (ascending hash) order
};

// A non-null entry whose record was read.
inline bool recordRead(const TextureEntry& e) {
  return e.pointer && !e.record.raw.empty();
}

// "texture 'name'" for messages: the stored name is bytes, escaped to text
// the one way (strata/text.h).
inline std::string textureLabel(const std::string& name) {
  return "texture '" + escapeUtf8(name) + "'";
}

// Writes the named fields (and the pointers) back into `raw`.
void storeGen9Fields(TextureRecord& rec);
void storeLegacyFields(TextureRecord& rec);

} // namespace strata::ytd
