#pragma once
// What a .ytd, .ydr, .ydd or .yft yields for Strata: the file model (the
// decompressed resource and every texture dictionary in it) and, beside it,
// what reading found: each texture's layout, pixel data and findings. The
// readers for the four file types differ only in how they find the
// dictionaries.
#include "strata/formats.h"
#include "ytd/ytd_layout.h"
#include "ytd/ytd_model.h"
#include "ytd/ytd_rsc7.h"

#include <string>
#include <vector>

namespace strata::ytd {

class ResourceMemory;

// What Strata reads of one entry beyond its record: derived, not stored.
struct TextureReading {
  TextureLayout layout;          // what the record means as an image
  std::vector<uint8_t> data;     // its pixel bytes as read (ytd_pixels.h for how many)
  std::vector<Finding> findings; // this texture's problems and notes
};

// What Strata reads of one dictionary beyond the stored object.
struct DictionaryReading {
  std::string via; // how the reader reached it ("resource root", a drawable path)
  std::vector<TextureReading> textures; // one per entry, in the same order
  std::vector<Finding> findings;        // dictionary-level problems
};

struct TextureContainer {
  std::string file;
  std::string kind; // "ytd", "ydr", "ydd", "yft"
  Edition edition = Edition::Legacy;
  // The file model.
  Resource resource;
  std::vector<TextureDictionary> dictionaries;
  // Beside it: one reading per dictionary, in the same order.
  std::vector<DictionaryReading> readings;
  std::vector<Finding> findings; // container-level

  // The reading of `d` or of `e`, which must be one of this container's.
  const DictionaryReading& reading(const TextureDictionary& d) const;
  const TextureReading& texture(const TextureEntry& e) const;
};

// Reads the record at `ptr` (fields, name, view block), not its pixel data.
// `at` is where the pointer to it was found (for errors).
TextureRecord readGen9Record(const ResourceMemory& mem, uint64_t ptr, uint64_t at);
TextureRecord readLegacyRecord(const ResourceMemory& mem, uint64_t ptr, uint64_t at);
inline TextureRecord readRecord(const ResourceMemory& mem, Edition e, uint64_t ptr, uint64_t at) {
  return e == Edition::Enhanced ? readGen9Record(mem, ptr, at) : readLegacyRecord(mem, ptr, at);
}

// Reads the dictionary at `ptr` and its texture records (not their pixel
// data; see ytd_pixels.h): min(hash count, texture count) entries, each with
// its reading (a null entry's note, an unreadable record's error) in
// `reading.textures`. Throws strata::Error when the object or its arrays lie
// outside their segment. Counts, order and hashes are checked by
// checkContainer (ytd_check.h). `at` is where the pointer to the dictionary
// was found.
TextureDictionary readDictionary(const ResourceMemory& mem, uint64_t ptr, Edition edition,
                                 uint64_t at, DictionaryReading& reading);

// Edition of a .ytd by its version (ytd-enhanced.md / ytd-layout.md: 5
// Enhanced, 13 legacy). Throws strata::Unsupported for any other version.
Edition ytdEdition(uint32_t version, const std::string& file);

// Reads a standalone texture dictionary (the resource root at 0x50000000).
TextureContainer readYtd(const std::vector<uint8_t>& bytes, const std::string& file);

// After the dictionaries are read: layouts, pixel data and the per-texture
// findings (name hash, census invariant, dimension decision, unsupported).
void finishTextures(const ResourceMemory& mem, TextureContainer& c);

// Every texture entry with a record, in ascending name-hash order across the
// dictionaries (stable for equal hashes).
std::vector<const TextureEntry*> sortedEntries(const TextureContainer& c);

} // namespace strata::ytd
