#pragma once
// Partition and anchor tables shared by BC6H and BC7, from
// ARB_texture_compression_bptc (Table.P2, Table.P3, Table.A2, Table.A3a,
// Table.A3b), which the Khronos Data Format Specification repeats in §20.
// P2 rows are 16-bit masks (bit i = subset of texel i, row-major); P3 rows
// hold 2 bits per texel. BC6H uses the first 32 rows of P2 and A2.
#include <cstdint>

namespace strata::image::bc {

extern const uint16_t kPartition2[64];
extern const uint32_t kPartition3[64];
extern const uint8_t kAnchor2[64];  // texel of subset 1's anchor, 2 subsets
extern const uint8_t kAnchor3a[64]; // texel of subset 1's anchor, 3 subsets
extern const uint8_t kAnchor3b[64]; // texel of subset 2's anchor, 3 subsets

// Interpolation weights for 2-, 3- and 4-bit indices (ARB spec, out of 64).
extern const uint8_t kWeights2[4];
extern const uint8_t kWeights3[8];
extern const uint8_t kWeights4[16];

} // namespace strata::image::bc
