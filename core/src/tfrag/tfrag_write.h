#pragma once
// Encoding the file model back into a tfrags block (the VIF encoder).
#include "tfrag/tfrag_model.h"

#include <vector>

namespace strata::tfrag {

// Fills the VU header of `t` from its arrays: the tier counts (positions and
// extra vertex infos) and a VU memory map in which an empty array takes the
// next array's address, as the game's does (tfrag-rc2.md "Parent indices").
// Layout (quadwords): VU header 0 (5), matrix (4), ad-gifs, positions of the
// three tiers (stride 2), vertex infos of the three tiers, the two parent and
// two second index arrays, indices, strips.
void assignVuLayout(Tfrag& t);

// Writes the block in the writer order of tfrag-layout.md "VIF sequences";
// every offset, size and count in the tfrag headers (data, *_ofs, *_size,
// texture_count, rgba_size, msphere_count, vert_count, tri_count) is computed
// from the arrays, the other header fields are written as they are. Throws
// strata::Error when something does not fit its field (vert_count and
// tri_count are u8, offsets u16, an UNPACK holds at most 256 elements).
std::vector<uint8_t> writeTfragsBlock(const TfragsBlock& block);

} // namespace strata::tfrag
