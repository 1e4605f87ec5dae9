#pragma once
// Transcoding hints of a UASTC block (DFS uastc.txt "Transcoding to ETC
// formats"): ETC1 flip / differential / table / bias hints for interpolated blocks,
// the whole ETC1 block of a solid (mode 8) block, and the ETC2 EAC alpha table
// and multiplier of alpha modes. BC1 hints stay 0 (the transcoder then runs
// its own BC1 encode; specs/uastc-ktx2.md §1 "Hints").
#include <cstdint>

namespace strata::image::uastc {

struct Block;

// `decoded` is the block's own RGBA decode (what the transcoder averages).
// searchBias: try all 32 ETCBI values (quality >= 1) instead of the neutral one.
void setEtc1Hints(Block& b, const uint8_t decoded[64], bool searchBias);
void setSolidEtc1(Block& b);
void setEacHints(Block& b, const uint8_t decoded[64]);

} // namespace strata::image::uastc
