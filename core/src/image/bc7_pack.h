#pragma once
// A BC7 block as its fields, and their 128-bit layout (ARB_texture_compression_bptc,
// "BPTC Compressed Texture Image Format": mode, partition, rotation, index
// selection, endpoints by channel then subset then endpoint, p-bits, indices).
#include <cstdint>

namespace strata::image::bc7 {

struct Block {
  int mode = 6;
  int partition = 0;
  int rotation = 0;       // modes 4 and 5
  int indexSelection = 0; // mode 4
  // Stored endpoint values without their p-bits: [subset][endpoint][R, G, B, A].
  int q[3][2][4] = {};
  int p[3][2] = {}; // p-bits; a shared p-bit is set on both endpoints
  // The index of every texel: the mode's primary indices (Table.M "index
  // bits") and, for modes 4 and 5, the secondary ones.
  uint8_t index[16] = {}, index2[16] = {};
};

// The subset of texel i under the mode's partition.
int subsetOf(int mode, int partition, int texel);

// The 16 bytes of the block. Where an anchor texel's index has its top bit
// set, that subset's (or channel group's) endpoints are swapped and its
// indices inverted first, which decodes to the same texels.
void pack(Block b, uint8_t out[16]);

} // namespace strata::image::bc7
