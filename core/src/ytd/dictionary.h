#pragma once
// The texture dictionary (ytd-enhanced.md, dictionary table; ytd-layout.md,
// "Dictionary (0x40, both versions)"): sorted name hashes and a parallel array
// of texture pointers. Standalone .ytd roots and dictionaries embedded in
// drawables share it (ydr-embedded.md §3).
#include "strata/formats.h"
#include "ytd/texture_layout.h"
#include "ytd/texture_record.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::ytd {

class ResourceMemory;

constexpr uint64_t kDictionarySize = 0x40;
// ytd-enhanced.md, dictionary table.
constexpr uint64_t kDictHashesPtr = 0x20, kDictHashCount = 0x28, kDictHashCapacity = 0x2A;
constexpr uint64_t kDictTexturesPtr = 0x30, kDictTextureCount = 0x38, kDictTextureCapacity = 0x3A;

struct TextureEntry {
  uint32_t hash = 0;
  uint64_t pointer = 0; // 0: a null entry (allowed, ytd-enhanced.md)
  TextureRecord record; // empty raw bytes when the record could not be read
  TextureLayout layout;
  std::vector<Finding> findings; // this texture's problems and notes
};

struct TextureDictionary {
  uint64_t address = 0;
  std::string via;          // how the reader reached it ("resource root", a drawable path)
  std::vector<uint8_t> raw; // the 0x40-byte object, unknown fields kept
  uint64_t hashesPtr = 0, texturesPtr = 0;
  uint16_t hashCount = 0, hashCapacity = 0, textureCount = 0, textureCapacity = 0;
  std::vector<TextureEntry> entries; // in stored (ascending hash) order
  std::vector<Finding> findings;     // dictionary-level problems
};

// A non-null entry whose record was read.
inline bool recordRead(const TextureEntry& e) {
  return e.pointer && !e.record.raw.empty();
}

// Reads the dictionary at `ptr` and its texture records (not their pixel
// data; see texture_data.h): min(hash count, texture count) entries. Throws
// strata::Error when the object or its arrays lie outside their segment; a
// record that cannot be read is an error finding of its entry. Counts, order
// and hashes are checked by checkContainer (container_check.h).
// `at` is where the pointer to the dictionary was found.
TextureDictionary readDictionary(const ResourceMemory& mem, uint64_t ptr, Edition edition,
                                 uint64_t at);

} // namespace strata::ytd
