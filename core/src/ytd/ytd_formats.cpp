#include "ytd/ytd_formats.h"

#include "common/fourcc.h"
#include "strata/image.h"

#include <cstdio>

namespace strata::ytd {

namespace {

// Every SGA code the two specs name; each equals its DXGI number.
constexpr uint8_t kListedSga[] = {
    0x0A,       // R16G16B16A16_FLOAT (ytd-layout.md)
    0x1C, 0x1D, // R8G8B8A8 UNORM / sRGB
    0x38,       // R16_UNORM
    0x3D,       // R8_UNORM (ytd-layout.md)
    0x41,       // A8_UNORM (ytd-layout.md)
    0x47, 0x48, // BC1 UNORM / sRGB
    0x4A, 0x4B, // BC2
    0x4D, 0x4E, // BC3
    0x50, 0x51, // BC4 UNORM / SNORM
    0x53, 0x54, // BC5 UNORM / SNORM
    0x55, 0x56, // B5G6R5, B5G5R5A1 (ytd-layout.md)
    0x57, 0x5B, // B8G8R8A8 UNORM / sRGB
    0x5F, 0x60, // BC6H UF16 / SF16
    0x62, 0x63, // BC7 UNORM / sRGB
};

struct LegacyFormat {
  uint32_t d3d;
  uint32_t dxgi;
  const char* name;
};

// ytd-layout.md, "Legacy texture": D3DFMT numbers and FourCCs.
const LegacyFormat kLegacy[] = {
    {21, 87, "A8R8G8B8"},                     // B8G8R8A8_UNORM: bytes B, G, R, A
    {22, 88, "X8R8G8B8"},                     // B8G8R8X8_UNORM
    {25, 86, "A1R5G5B5"},                     // B5G5R5A1_UNORM
    {28, 65, "A8"},                           // A8_UNORM
    {32, 28, "A8B8G8R8"},                     // R8G8B8A8_UNORM: bytes R, G, B, A
    {50, 61, "L8"},                           // R8_UNORM (luminance stored in red)
    {fourCC('D', 'X', 'T', '1'), 71, "DXT1"}, // BC1_UNORM
    {fourCC('D', 'X', 'T', '3'), 74, "DXT3"}, // BC2_UNORM
    {fourCC('D', 'X', 'T', '5'), 77, "DXT5"}, // BC3_UNORM
    {fourCC('A', 'T', 'I', '1'), 80, "ATI1"}, // BC4_UNORM
    {fourCC('A', 'T', 'I', '2'), 83, "ATI2"}, // BC5_UNORM
    {fourCC('B', 'C', '7', ' '), 98, "BC7"},  // BC7_UNORM
};

} // namespace

uint32_t sgaToDxgi(uint8_t sga) {
  for (uint8_t c : kListedSga)
    if (c == sga) return sga;
  return 0;
}

uint8_t dxgiToSga(uint32_t dxgi) {
  return dxgi < 256 ? uint8_t(sgaToDxgi(uint8_t(dxgi))) : 0;
}

uint32_t d3dToDxgi(uint32_t d3d) {
  for (const auto& f : kLegacy)
    if (f.d3d == d3d) return f.dxgi;
  return 0;
}

uint32_t dxgiToD3d(uint32_t dxgi) {
  for (const auto& f : kLegacy)
    if (f.dxgi == dxgi) return f.d3d;
  return 0;
}

std::string d3dFormatName(uint32_t d3d) {
  for (const auto& f : kLegacy)
    if (f.d3d == d3d) return f.name;
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", d3d);
  return buf;
}

std::string dxgiName(uint32_t dxgi) {
  const image::PixelFormat* pf = dxgi ? image::pixelFormat(dxgi) : nullptr;
  return pf ? pf->name : "unknown";
}

} // namespace strata::ytd
