#pragma once
// Writes texture dictionaries (.ytd) in both editions: `strata ytd build` and
// `convert`, test fixtures and the files in samples/. The layout is Strata's
// own (root, arrays, records, names, page info in the system segment; pixel
// data in the graphics segment), following the field tables of
// ytd-enhanced.md and ytd-layout.md, every block inside one page
// (ytd_pages.h).
#include "strata/scene.h"
#include "ytd/ytd_model.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace strata::ytd {

// A texture as the writer takes it: its record (the writer fills in the
// pointers and stores the named fields) and its pixel bytes.
struct TextureToWrite {
  TextureRecord record;
  std::vector<uint8_t> data;
  // The dictionary's hash for it; empty: the hash of record.name. A source's
  // hash is kept where it is not the stored name's (real files hash the bare
  // name of "pack:/name.dds", ytd_name_hash.h).
  std::optional<uint32_t> hash;
};

// The Enhanced record flags (+0x10) Strata writes for a texture named `name`
// when no source record gives them: 0x00260208 ("typical", ytd-layout.md),
// 0x00260228 for script_rt_* render targets (CodeWalker's EnsureGen9).
uint32_t gen9FlagsFor(const std::string& name);

// A record for `img` with the defaults public writers use (ytd-layout.md:
// flags 0x00260208, tile mode 255; CodeWalker's EnsureGen9 for the rest).
// Enhanced: 2D arrays have dimension 1 and depth = layers; cubes are written
// as dimension 3 and volumes as 2 (the spec's reading), each with the view
// block that names it (0x82 cube, 0xA3 3D), so either reading can tell.
// Legacy: 2D with one slice only. Throws strata::Error when the edition
// cannot store the image (format, shape) or the data size is wrong.
TextureToWrite makeTexture(const Image& img, Edition edition);

struct YtdWriteOptions {
  // Legacy: store only the legacy size formula's length of each texture's
  // data (sum of stride*height >> 2 per mip), back to back, as legacy files
  // cut tiny BC mips short (ytd-layout.md).
  bool legacyFormulaData = false;
  // The 0x40-byte dictionary object of a source, to keep its unknown fields
  // (pointers and counts are written anew); empty: Strata's defaults.
  std::vector<uint8_t> dictionaryRaw;
};

// Sorts the textures by name hash, lays them out and compresses the resource
// (version 5 Enhanced, 13 legacy). Throws strata::Error for two names with
// the same hash, more than kMaxDictionaryTextures textures, a record of the
// other edition, or a layout beyond the page limits.
std::vector<uint8_t> writeYtd(std::vector<TextureToWrite> textures, Edition edition,
                              const YtdWriteOptions& options = {});

// makeTexture for each image, then writeYtd.
std::vector<uint8_t> writeYtd(const std::vector<Image>& images, Edition edition,
                              const YtdWriteOptions& options = {});

} // namespace strata::ytd
