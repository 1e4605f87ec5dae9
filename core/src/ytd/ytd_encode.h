#pragma once
// Pixels to a texture's stored data: the formats `strata ytd` writes, the
// mip chains it regenerates, and the choice `--format auto` makes.
#include "strata/image.h"
#include "ytd/ytd_model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::ytd {

// An image as the writers take it: RGBA8, row 0 at the top.
struct Rgba8 {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> px; // width * height * 4
};

// True when the name says normal map (ends in "_n" or "_normal", any case):
// its mips are renormalised and `auto` picks BC5.
bool isNormalMapName(const std::string& name);

// Mip levels of a full chain down to 1x1 for width x height.
uint32_t fullChain(uint32_t width, uint32_t height);

// True for the formats encodeTextureData writes: BC1-BC5 and BC7 (UNORM and
// sRGB / SNORM twins) and the uncompressed formats of image/pack_rgba8.h.
bool encodable(uint32_t dxgi);

// The data of a 2D texture of `dxgi` with `mips` levels (largest first, the
// levels below the first made by the box filter of image::mipChainRGBA8: in
// linear light for sRGB formats, renormalised for normal maps). Throws
// strata::Unsupported (naming `name`) for a format encodable() refuses.
std::vector<uint8_t> encodeTextureData(const Rgba8& img, uint32_t dxgi, uint32_t mips,
                                       const std::string& name, image::BcQuality quality);

// The data of `dxgi` made from each level as given, largest first (a
// conversion keeps the levels it has). Throws as encodeTextureData does.
std::vector<uint8_t> encodeLevels(const std::vector<Rgba8>& levels, uint32_t dxgi,
                                  const std::string& name, image::BcQuality quality);

// What `--format` names: "auto" (0: choose with chooseFormat), "bc1", "bc3",
// "bc5", "bc7", "rgba8". Throws strata::Error for anything else.
uint32_t formatOfName(const std::string& name);

// `auto`: BC5 for a normal-map name, else BC1 when every texel is opaque,
// else BC3 (legacy) or BC7 (Enhanced); `why` says which rule chose it.
struct FormatChoice {
  uint32_t dxgi = 0;
  std::string why;
};
FormatChoice chooseFormat(const std::string& name, const Rgba8& img, Edition edition);

} // namespace strata::ytd
