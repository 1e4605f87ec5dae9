#pragma once
// Decoding a tfrags block into the file model (tfrag-layout.md).
#include "tfrag/tfrag_model.h"

#include <string>

namespace strata::tfrag {

// The 16-byte block header and the table of 0x40-byte tfrag headers.
// `base` is the block's absolute offset in `file`, for messages.
TfragsBlock readBlockHeaders(const uint8_t* data, size_t size, const std::string& file,
                             uint64_t base);

// Decodes every list of tfrag `index` (whose header is in `block`). Throws
// strata::Error when a list cannot be walked, an UNPACK is not the one the
// order requires, or a decoded count disagrees with the header (vert_count,
// tri_count, texture_count, the VU header's tier counts): the walk
// desynchronised, and no partial tfrag is returned.
Tfrag decodeTfrag(const uint8_t* data, size_t size, const std::string& file, uint64_t base,
                  const TfragsBlock& block, size_t index);

// Headers and every tfrag; throws on the first bad tfrag.
TfragsBlock readTfragsBlock(const uint8_t* data, size_t size, const std::string& file,
                            uint64_t base);

} // namespace strata::tfrag
