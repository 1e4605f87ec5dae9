#include "ytd/ytd_encode.h"

#include "image/pack_rgba8.h"
#include "strata/error.h"
#include "strata/image.h"
#include "strata/text.h"

#include <algorithm>

namespace strata::ytd {

namespace {

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

bool isBc5(uint32_t dxgi) {
  return dxgi == image::dxgi::BC5 || dxgi == image::dxgi::BC5_SNORM;
}

// One level of `dxgi` from RGBA8 pixels.
std::vector<uint8_t> encodeLevel(const uint8_t* px, uint32_t w, uint32_t h, uint32_t dxgi,
                                 image::BcQuality quality) {
  image::BcEncodeOptions o;
  o.quality = quality;
  if (image::bcEncodable(dxgi)) return image::encodeBC(px, w, h, dxgi, o);
  return image::packRGBA8(px, w, h, dxgi);
}

} // namespace

bool isNormalMapName(const std::string& name) {
  const std::string n = lowerAscii(name);
  return endsWith(n, "_n") || endsWith(n, "_normal");
}

uint32_t fullChain(uint32_t width, uint32_t height) {
  uint32_t m = std::max(width, height), n = 1;
  while (m > 1) m >>= 1, ++n;
  return n;
}

bool encodable(uint32_t dxgi) {
  return image::bcEncodable(dxgi) || image::packable(dxgi);
}

std::vector<uint8_t> encodeTextureData(const Rgba8& img, uint32_t dxgi, uint32_t mips,
                                       const std::string& name, image::BcQuality quality) {
  const image::PixelFormat* pf = image::pixelFormat(dxgi);
  if (!pf || !encodable(dxgi))
    throw Unsupported(name, Error::kNoOffset,
                      "Strata has no encoder for " + image::formatName(dxgi) +
                          " (BC1-BC5, BC7 and uncompressed formats only): --format picks another");
  if (mips == 0 || mips > fullChain(img.width, img.height))
    throw Error(name, Error::kNoOffset,
                std::to_string(mips) + " mip levels for " + std::to_string(img.width) + "x" +
                    std::to_string(img.height) + " (a chain has 1 to " +
                    std::to_string(fullChain(img.width, img.height)) + ")");
  std::vector<uint8_t> data = encodeLevel(img.px.data(), img.width, img.height, dxgi, quality);
  if (mips == 1) return data;
  image::MipOptions mo;
  mo.srgb = pf->colorSpace == ColorSpace::SRGB;
  mo.normalMap = isBc5(dxgi) || isNormalMapName(name);
  const auto levels = image::mipChainRGBA8(img.px.data(), img.width, img.height, mo);
  for (uint32_t m = 1; m < mips; ++m) {
    const std::vector<uint8_t> level =
        encodeLevel(levels[m - 1].data(), image::mipExtent(img.width, m),
                    image::mipExtent(img.height, m), dxgi, quality);
    data.insert(data.end(), level.begin(), level.end());
  }
  return data;
}

std::vector<uint8_t> encodeLevels(const std::vector<Rgba8>& levels, uint32_t dxgi,
                                  const std::string& name, image::BcQuality quality) {
  if (!encodable(dxgi))
    throw Unsupported(name, Error::kNoOffset,
                      "Strata has no encoder for DXGI format " + std::to_string(dxgi));
  std::vector<uint8_t> data;
  for (const Rgba8& l : levels) {
    const std::vector<uint8_t> b = encodeLevel(l.px.data(), l.width, l.height, dxgi, quality);
    data.insert(data.end(), b.begin(), b.end());
  }
  return data;
}

uint32_t formatOfName(const std::string& name) {
  if (name == "auto") return 0;
  if (name == "bc1") return image::dxgi::BC1;
  if (name == "bc3") return image::dxgi::BC3;
  if (name == "bc5") return image::dxgi::BC5;
  if (name == "bc7") return image::dxgi::BC7;
  if (name == "rgba8") return image::dxgi::RGBA8;
  throw Error("--format", Error::kNoOffset,
              "unknown texture format '" + name + "' (auto, bc1, bc3, bc5, bc7, rgba8)");
}

FormatChoice chooseFormat(const std::string& name, const Rgba8& img, Edition edition) {
  if (isNormalMapName(name)) return {image::dxgi::BC5, "normal map (name ends in _n/_normal)"};
  bool opaque = true;
  for (size_t i = 3; i < img.px.size() && opaque; i += 4) opaque = img.px[i] == 255;
  if (opaque) return {image::dxgi::BC1, "opaque"};
  if (edition == Edition::Legacy) return {image::dxgi::BC3, "alpha"};
  return {image::dxgi::BC7, "alpha"};
}

} // namespace strata::ytd
