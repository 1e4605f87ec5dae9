#pragma once
// The image core (design.md: core/src/image/): pixel formats in DXGI numbering,
// mip/slice layout, decoders to RGBA8 / RGBA32F, and the image containers.
#include "strata/scene.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::image {

// One row of the pixel-format table (DXGI numbering, with its UNORM / SRGB /
// SNORM variants as separate rows).
struct PixelFormat {
  uint32_t dxgi;
  const char* name;       // "BC1_UNORM_SRGB"
  uint32_t blockDim;      // 4 for BC formats, 1 otherwise
  uint32_t bytesPerBlock; // bytes per 4x4 block, or per pixel when blockDim == 1
  ColorSpace colorSpace;
  bool compressed;
};

// nullptr when the format is not in the table.
const PixelFormat* pixelFormat(uint32_t dxgi);

// Bytes of one mip of one slice: max(1, ceil(w/4)) x max(1, ceil(h/4)) blocks
// for BC formats, w x h pixels otherwise, times depth.
uint64_t mipByteSize(uint32_t dxgi, uint32_t width, uint32_t height, uint32_t depth = 1);

// Byte offset of (layer, mip) in Image::data, and the size of all subresources.
uint64_t subresourceOffset(const Image& img, uint32_t layer, uint32_t mip);
uint64_t imageByteSize(const Image& img);

// Decodes one subresource to tightly packed RGBA8 (row 0 at the top). Decoding
// never converts colour spaces: sRGB texels come out as stored.
// Throws strata::Unsupported for a format it cannot decode.
std::vector<uint8_t> decodeRGBA8(const Image& img, uint32_t mip = 0, uint32_t layer = 0);

// PNG encoding of RGBA8 pixels through OpenImageIO.
std::vector<uint8_t> encodePNG(const uint8_t* rgba, uint32_t width, uint32_t height);

// JPEG or PNG bytes (through OpenImageIO) to an RGBA8 image with one mip.
// `file` names the source in errors.
Image decodeEncoded(const std::vector<uint8_t>& bytes, const std::string& file);

} // namespace strata::image
