#pragma once
// The PNG fast path's filter reversal (ISO/IEC 15948 §9.2), in a file of its
// own: it is arithmetic on the inflated bytes, which the fuzz build leaves
// untraced (core/CMakeLists.txt), while the chunk parsing around it stays
// traced.
#include <cstddef>
#include <cstdint>

namespace strata::image {

// The rows of `raw` (each a filter byte and n = width * bpp bytes, a row of
// zeros in front of them, one byte to spare after the last) reversed in place
// and written to `rgba` as RGBA8; bpp is 3 (RGB) or 4 (RGBA). False for a
// filter type past 4.
bool unfilterRows(size_t bpp, uint8_t* raw, size_t n, uint32_t width, uint32_t height,
                  uint8_t* rgba);

} // namespace strata::image
