#pragma once
// Pixel bytes of a texture record, and the strata::Image they make.
#include "strata/formats.h"
#include "strata/scene.h"
#include "ytd/texture_layout.h"
#include "ytd/texture_record.h"

#include <vector>

namespace strata::ytd {

class ResourceMemory;

// Reads rec.data: the computed chain of `layout` when it can be converted.
// Throws strata::Error when the stored extent lies outside its segment
// (Enhanced: blockCount x blockSize; legacy: the legacy size formula).
// `nextData` is the lowest data pointer of another texture above this one in
// the same segment (0: none): legacy data may not run into it. Legacy tiny
// mips stored short of whole blocks are completed by repeating the last whole
// block, with a warning in `findings`.
void readTextureData(const ResourceMemory& mem, TextureRecord& rec, TextureLayout& layout,
                     uint64_t nextData, std::vector<Finding>& findings);

// The image of a convertible texture (layout.unsupported empty, data read).
Image toImage(const TextureRecord& rec, const TextureLayout& layout);

} // namespace strata::ytd
