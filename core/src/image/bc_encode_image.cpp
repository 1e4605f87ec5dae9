// Whole images to BC blocks: rows of 4x4 blocks spread over the shared thread
// budget (strata/parallel.h), each block handed to its format's encoder
// (bc_encode.h); and a texture with its mip chain (encodeBCImage).
#include "image/bc_encode.h"
#include "strata/error.h"
#include "strata/image.h"
#include "strata/parallel.h"

#include <algorithm>

namespace strata::image {
namespace {

// The encoder of one block of `dxgi` (bytes per block from the format table).
void encodeBlock(uint32_t code, const uint8_t px[64], const BcEncodeOptions& o, uint8_t* out) {
  const int q = int(o.quality);
  switch (code) {
  case dxgi::BC1:
  case dxgi::BC1_SRGB:
    return bc::encodeBC1Block(px, q, o.alphaThreshold, o.ignoreAlpha, out);
  case dxgi::BC2:
  case dxgi::BC2_SRGB:
    return bc::encodeBC2Block(px, q, out);
  case dxgi::BC3:
  case dxgi::BC3_SRGB:
    return bc::encodeBC3Block(px, q, out);
  case dxgi::BC4:
  case dxgi::BC4_SNORM:
    return bc::encodeBC4Block(px, code == dxgi::BC4_SNORM, q, out);
  case dxgi::BC5:
  case dxgi::BC5_SNORM:
    return bc::encodeBC5Block(px, code == dxgi::BC5_SNORM, q, out);
  default:
    return bc::encodeBC7Block(px, q, o.ignoreAlpha, out);
  }
}

} // namespace

bool bcEncodable(uint32_t code) {
  switch (code) {
  case dxgi::BC1:
  case dxgi::BC1_SRGB:
  case dxgi::BC2:
  case dxgi::BC2_SRGB:
  case dxgi::BC3:
  case dxgi::BC3_SRGB:
  case dxgi::BC4:
  case dxgi::BC4_SNORM:
  case dxgi::BC5:
  case dxgi::BC5_SNORM:
  case dxgi::BC7:
  case dxgi::BC7_SRGB:
    return true;
  default:
    return false;
  }
}

std::vector<uint8_t> encodeBC(const uint8_t* rgba, uint32_t width, uint32_t height, uint32_t code,
                              const BcEncodeOptions& options) {
  if (!bcEncodable(code))
    throw Unsupported("", Error::kNoOffset,
                      "BC encode: no encoder for " + formatName(code) + " (BC1-BC5 and BC7 only)");
  if (width == 0 || height == 0)
    throw Error("", Error::kNoOffset,
                "BC encode: the image is empty (" + std::to_string(width) + "x" +
                    std::to_string(height) + ")");
  if (int(options.quality) < 0 || int(options.quality) > 2)
    throw Error("", Error::kNoOffset,
                "BC encode: quality " + std::to_string(int(options.quality)) +
                    " is not 0 (fast), 1 (default) or 2 (best)");
  const uint32_t bw = (width + 3) / 4, bh = (height + 3) / 4;
  const size_t blockBytes = pixelFormat(code)->bytesPerBlock;
  std::vector<uint8_t> out(size_t(bw) * bh * blockBytes);
  parallelFor(bh, [&](size_t by) {
    uint8_t px[64];
    for (uint32_t bx = 0; bx < bw; ++bx) {
      // Texels past the edge repeat the last column / row.
      for (uint32_t y = 0; y < 4; ++y) {
        const size_t sy = std::min<size_t>(by * 4 + y, height - 1);
        for (uint32_t x = 0; x < 4; ++x) {
          const size_t sx = std::min<size_t>(bx * 4 + x, width - 1);
          std::copy_n(rgba + 4 * (sy * width + sx), 4, px + 4 * (4 * y + x));
        }
      }
      encodeBlock(code, px, options, out.data() + (by * bw + bx) * blockBytes);
    }
  });
  return out;
}

Image encodeBCImage(const uint8_t* rgba, uint32_t width, uint32_t height, const std::string& name,
                    const BcImageOptions& options) {
  Image img;
  img.name = name;
  img.dxgiFormat = options.dxgi;
  img.width = width, img.height = height;
  img.data = encodeBC(rgba, width, height, options.dxgi, options.encode);
  img.colorSpace = pixelFormat(options.dxgi)->colorSpace;
  if (options.mips) {
    const std::vector<std::vector<uint8_t>> levels =
        mipChainRGBA8(rgba, width, height, options.mip);
    for (size_t m = 0; m < levels.size(); ++m) {
      const std::vector<uint8_t> blocks =
          encodeBC(levels[m].data(), mipExtent(width, uint32_t(m + 1)),
                   mipExtent(height, uint32_t(m + 1)), options.dxgi, options.encode);
      img.data.insert(img.data.end(), blocks.begin(), blocks.end());
    }
    img.mipLevels = uint32_t(levels.size() + 1);
  }
  return img;
}

Image reencodeBC(const Image& src, const BcImageOptions& options) {
  checkImage(src);
  const bool volume = src.depth > 1;
  if (volume && options.mips)
    throw Unsupported(src.name, Error::kNoOffset,
                      "mip chains are made for 2D textures, arrays and cube maps; this is a "
                      "volume (depth " +
                          std::to_string(src.depth) + "): encode it without mips");
  Image out = src;
  out.dxgiFormat = options.dxgi;
  out.colorSpace = pixelFormat(options.dxgi)->colorSpace;
  out.data.clear();
  out.png.clear();
  const uint32_t layers = sliceCount(src);
  for (uint32_t layer = 0; layer < layers; ++layer) {
    if (options.mips) {
      const std::vector<uint8_t> base = decodeRGBA8(src, 0, layer);
      const Image one = encodeBCImage(base.data(), src.width, src.height, src.name, options);
      out.mipLevels = one.mipLevels;
      out.data.insert(out.data.end(), one.data.begin(), one.data.end());
      continue;
    }
    for (uint32_t m = 0; m < src.mipLevels; ++m) {
      const uint32_t w = mipExtent(src.width, m), h = mipExtent(src.height, m);
      const uint32_t slices = volume ? mipExtent(src.depth, m) : 1;
      const std::vector<uint8_t> px = decodeRGBA8(src, m, layer);
      for (uint32_t z = 0; z < slices; ++z) {
        const std::vector<uint8_t> blocks =
            encodeBC(px.data() + size_t(z) * w * h * 4, w, h, options.dxgi, options.encode);
        out.data.insert(out.data.end(), blocks.begin(), blocks.end());
      }
    }
  }
  return out;
}

} // namespace strata::image
