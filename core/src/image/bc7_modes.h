#pragma once
// The BC7 mode table (ARB_texture_compression_bptc Table.M), shared by the
// decoder (bc7.cpp) and the encoder (bc7_*.cpp).
#include <cstdint>

namespace strata::image::bc {

// Subsets, partition bits, rotation bits, index-selection bits, colour bits,
// alpha bits, per-endpoint P-bits, shared P-bits, index bits, secondary
// index bits.
struct Bc7Mode {
  uint8_t ns, pb, rb, isb, cb, ab, epb, spb, ib, ib2;
};

inline constexpr Bc7Mode kBc7Modes[8] = {
    {3, 4, 0, 0, 4, 0, 1, 0, 3, 0}, {2, 6, 0, 0, 6, 0, 0, 1, 3, 0}, {3, 6, 0, 0, 5, 0, 0, 0, 2, 0},
    {2, 6, 0, 0, 7, 0, 1, 0, 2, 0}, {1, 0, 2, 1, 5, 6, 0, 0, 2, 3}, {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
    {1, 0, 0, 0, 7, 7, 1, 0, 4, 0}, {2, 6, 0, 0, 5, 5, 1, 0, 2, 0},
};

} // namespace strata::image::bc
