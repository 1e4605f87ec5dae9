#pragma once
// Writes texture dictionaries (.ytd) in both editions: for test fixtures and
// the files in samples/. The layout is Strata's own (root, arrays, records,
// names, page info in the system segment; pixel data in the graphics segment),
// following the field tables of ytd-enhanced.md and ytd-layout.md.
#include "strata/scene.h"
#include "ytd/ytd_model.h"

#include <cstdint>
#include <vector>

namespace strata::ytd {

// A texture as the writer takes it: its record (the writer fills in the
// pointers and stores the named fields) and its pixel bytes.
struct TextureToWrite {
  TextureRecord record;
  std::vector<uint8_t> data;
};

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
};

// Sorts the textures by name hash, lays them out and compresses the resource
// (version 5 Enhanced, 13 legacy). Throws strata::Error for two names with
// the same hash or a record of the other edition.
std::vector<uint8_t> writeYtd(std::vector<TextureToWrite> textures, Edition edition,
                              const YtdWriteOptions& options = {});

// makeTexture for each image, then writeYtd.
std::vector<uint8_t> writeYtd(const std::vector<Image>& images, Edition edition,
                              const YtdWriteOptions& options = {});

} // namespace strata::ytd
