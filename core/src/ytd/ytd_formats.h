#pragma once
// Stored texture format codes -> DXGI numbering (the image core's).
#include <cstdint>
#include <string>

namespace strata::ytd {

// Gen9 (v5) SGA buffer format -> DXGI, or 0 when the code is not one the specs
// list. The listed codes coincide with DXGI (ytd-enhanced.md "Storage and
// formats" and ytd-layout.md "Formats = DXGI"); beyond them SGA numbering
// departs from DXGI (CodeWalker's enum has 0x15 = B10G10R10A2, DXGI 21 is
// R32_FLOAT_X8X24_TYPELESS), so unlisted codes are not guessed.
uint32_t sgaToDxgi(uint8_t sga);

// Legacy (v13) D3DFMT or FourCC -> DXGI, or 0 when unknown
// (ytd-layout.md, "Legacy texture").
uint32_t d3dToDxgi(uint32_t d3dFormat);

// DXGI -> the code each edition stores (inverse of the above; 0 when the
// edition cannot store it).
uint8_t dxgiToSga(uint32_t dxgi);
uint32_t dxgiToD3d(uint32_t dxgi);

// "DXT5", "A8R8G8B8", "0x4D" ...: how the file names the format, for info.
std::string d3dFormatName(uint32_t d3dFormat);

// The DXGI row name ("BC1_UNORM"), or "unknown" for 0 or a code the image
// core does not list.
std::string dxgiName(uint32_t dxgi);

} // namespace strata::ytd
