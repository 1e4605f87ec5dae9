#pragma once
// Alpha-test coverage kept down a mip chain: a cut-out texture drawn with an
// alpha test at `cutoff` should cover the same share of its area at every
// level, where plain averaging makes distant foliage and fences thin out.
#include <cstddef>
#include <cstdint>

namespace strata::image {

// The fraction of the RGBA8 texels whose alpha is at least `cutoff`.
double alphaCoverage(const uint8_t* rgba, size_t pixels, uint8_t cutoff);

// Scales the texels' alpha (rounded, clamped to 255) by the factor that
// brings their coverage at `cutoff` nearest `coverage`; the texels of one
// alpha all pass or all fail, so a small level gets as near as its counts allow.
void keepAlphaCoverage(uint8_t* rgba, size_t pixels, uint8_t cutoff, double coverage);

} // namespace strata::image
