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

struct TextureEntry {
  uint32_t hash = 0;
  uint64_t pointer = 0; // 0: a null entry (allowed, ytd-enhanced.md)
  TextureRecord record;
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

// Reads the dictionary at `ptr` and its texture records (not their pixel
// data; see texture_data.h). Throws strata::Error for pointers outside their
// segment and counts past the end; hash and order problems become findings.
// `at` is where the pointer to the dictionary was found.
TextureDictionary readDictionary(const ResourceMemory& mem, uint64_t ptr, Edition edition,
                                 uint64_t at);

} // namespace strata::ytd
