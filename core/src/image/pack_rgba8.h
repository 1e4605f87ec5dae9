#pragma once
// RGBA8 pixels to the uncompressed formats of the pixel-format table: the
// inverse of decodeRGBA8 for each (what it reads back is the nearest texel
// the format holds), for writers that store a texture in the format it had.
#include <cstdint>
#include <vector>

namespace strata::image {

// True for the formats packRGBA8 writes: RGBA8 (UNORM, sRGB), BGRA8 (UNORM,
// sRGB), BGRX8, B5G6R5, B5G5R5A1, A8, R8, R16 and RGBA16F.
bool packable(uint32_t dxgi);

// width x height RGBA8 pixels (row 0 at the top) in `dxgi`'s layout, as
// decodeRGBA8 reads them: A8 keeps alpha, R8 and R16 red (decodeRGBA8
// replicates it to grey), BGRX8 and B5G6R5 drop alpha, B5G5R5A1 keeps alpha
// >= 128 as its bit. sRGB rows store the values as they are. Throws
// strata::Unsupported for a format packable() refuses.
std::vector<uint8_t> packRGBA8(const uint8_t* rgba, uint32_t width, uint32_t height, uint32_t dxgi);

} // namespace strata::image
