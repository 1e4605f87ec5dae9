#pragma once
// Which BC7 partitions are worth a full fit: each partition of a 2- or
// 3-subset shape is scored by an estimate of the error a mode leaves, and
// the lowest few are fitted in full (bc7_encode.cpp).
#include <cstdint>

namespace strata::image::bc7 {

// For partitions 0..count-1 of the shape with `subsets` subsets, the
// estimated error of fitting columns 0..channels-1 of `texels` with
// `levelsA` (into estA) and `levelsB` (into estB; may be null) evenly
// spaced index levels: per subset, the texels' squared distance from their
// principal line plus that of their positions along it from the nearest
// level between the extremes.
void estimatePartitions(const int texels[16][4], int channels, int subsets, int count, int levelsA,
                        float* estA, int levelsB, float* estB);

// The estimated error of modes 4 and 5 for each rotation r (0-3) and index
// selection: est[variant][r] with variant 0 mode 4, 1 mode 4 with the index
// selection bit, 2 mode 5. Colour (alpha in place of the rotated channel) is
// scored as a line with its index levels, the rotated channel with its own,
// plus the rounding of the mode's endpoint bits.
void estimateRotations(const int texels[16][4], float est[3][4]);

// The `want` partitions (of `count`) with the lowest estimates, lowest
// first, into `out`; returns how many that is.
int bestPartitions(const float* est, int count, int want, int* out);

} // namespace strata::image::bc7
