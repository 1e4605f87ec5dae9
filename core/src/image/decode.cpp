#include "strata/error.h"
#include "strata/image.h"

namespace strata::image {

std::vector<uint8_t> decodeRGBA8(const Image& img, uint32_t mip, uint32_t layer) {
  if (img.dxgiFormat != 28 && img.dxgiFormat != 29)
    throw Unsupported(img.name, Error::kNoOffset,
                      "decoding DXGI format " + std::to_string(img.dxgiFormat) + " to RGBA8");
  if (mip != 0 || layer != 0 || img.data.size() < size_t(img.width) * img.height * 4)
    throw Unsupported(img.name, Error::kNoOffset, "subresource out of range");
  return std::vector<uint8_t>(img.data.begin(),
                              img.data.begin() + size_t(img.width) * img.height * 4);
}

} // namespace strata::image
