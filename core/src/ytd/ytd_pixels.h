#pragma once
// Pixel bytes of a texture record, and the strata::Image they make.
#include "strata/formats.h"
#include "strata/scene.h"
#include "ytd/ytd_layout.h"
#include "ytd/ytd_model.h"

#include <vector>

namespace strata::ytd {

class ResourceMemory;

// Reads the pixel bytes of `rec` into `data`: the computed chain of `layout`
// when it can be converted.
// Throws strata::Error when the stored extent lies outside its segment
// (Enhanced: blockCount x blockSize; legacy: the legacy size formula).
// Legacy data does not run past layout.space (into the next texture's data):
// tiny mips stored short of whole blocks there (ytd-layout.md: "tiny BC mips
// stored truncated!") are completed by repeating the last whole block, with a
// note in `findings`. A legacy BC5 chain its space cannot hold is not read.
void readTextureData(const ResourceMemory& mem, const TextureRecord& rec, TextureLayout& layout,
                     std::vector<uint8_t>& data, std::vector<Finding>& findings);

// The image of a convertible texture (layout.unsupported empty, data read).
Image toImage(const TextureRecord& rec, const TextureLayout& layout,
              const std::vector<uint8_t>& data);

} // namespace strata::ytd
