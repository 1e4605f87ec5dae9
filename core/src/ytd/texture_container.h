#pragma once
// What a .ytd, .ydr, .ydd or .yft yields for Strata: the decompressed
// resource and every texture dictionary in it, with each texture's layout,
// pixel data and findings. The readers for the four file types differ only in
// how they find the dictionaries.
#include "strata/formats.h"
#include "ytd/dictionary.h"
#include "ytd/rsc7.h"

#include <string>
#include <vector>

namespace strata::ytd {

class ResourceMemory;

struct TextureContainer {
  std::string file;
  std::string kind; // "ytd", "ydr", "ydd", "yft"
  Edition edition = Edition::Legacy;
  Resource resource;
  std::vector<TextureDictionary> dictionaries;
  std::vector<Finding> findings; // container-level
};

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
