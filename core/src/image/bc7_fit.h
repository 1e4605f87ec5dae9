#pragma once
// Endpoints and indices for one subset of a BC7 block (or one of the two
// channel groups of modes 4 and 5): the texels' principal line, endpoints
// quantised with their p-bits, each texel's index chosen with the decoder's
// exact palette, least-squares refits, and a final step search over the
// stored endpoint values.
#include <cstdint>

namespace strata::image::bc7 {

// How a subset's endpoints are stored (ARB_texture_compression_bptc Table.M).
struct EndpointFormat {
  int channels;   // 1, 3 or 4 of the texel columns handed in
  int bits[4];    // stored bits per channel, without the p-bit
  int pbits;      // 0: none; 1: one per endpoint; 2: one shared by both endpoints
  int forcedPbit; // -1: searched; 0 or 1: fixed (an opaque block's mode 6 keeps alpha 255)
  int indexBits;  // 2, 3 or 4
};

// Search effort: least-squares rounds, whether every p-bit combination is
// scored, rounds of the final +-1 step search, whether refits from index
// sets with their extremes moved one level in or out are tried, and whether
// each refit's stored values are searched channel by channel for its indices
// (kChannelSearchBest: with the best candidate's p-bits; kChannelSearchAll:
// with every p-bit combination scored).
enum { kChannelSearchOff = 0, kChannelSearchBest = 1, kChannelSearchAll = 2 };
struct FitEffort {
  int refits;
  bool allPbits;
  int stepPasses;
  bool indexVariants = false;
  int channelSearch = kChannelSearchOff;
};

struct SubsetFit {
  int q[2][4];       // stored endpoint values (the p-bit apart)
  int p[2];          // p-bits (0 when the format has none)
  uint8_t index[16]; // index of each texel of the subset (others untouched)
  uint32_t err;      // squared error over the channels and texels fitted
};

// Fits the texels of `mask` (bit i: texel i) in columns 0..channels-1 of
// `texels` (values 0-255). An empty mask fits with error 0.
SubsetFit fitSubset(const int texels[16][4], uint16_t mask, const EndpointFormat& format,
                    const FitEffort& effort);

// The 8-bit value of a stored endpoint of `bits` bits (p-bit included)
// (ARB: the top bits replicated below).
inline int expandBits(int v, int bits) {
  v <<= 8 - bits;
  return v | v >> bits;
}

// ARB interpolation: ((64 - w) e0 + w e1 + 32) >> 6.
inline int interpolate(int e0, int e1, int w) {
  return ((64 - w) * e0 + w * e1 + 32) >> 6;
}

} // namespace strata::image::bc7
