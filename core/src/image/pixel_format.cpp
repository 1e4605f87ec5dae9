// The pixel-format table (DXGI_FORMAT numbering, Microsoft "DXGI_FORMAT
// enumeration") and the subresource layout of strata::Image (scene.h: per
// slice all mips largest first, as in DDS).
#include "strata/error.h"
#include "strata/image.h"

#include <algorithm>

namespace strata::image {

namespace {
constexpr ColorSpace L = ColorSpace::Linear, S = ColorSpace::SRGB;

// Limits that keep every size computation far from overflow; real textures
// (D3D11: 16384, D3D12: 16384 2D / 2048 3D and array) sit well inside.
constexpr uint32_t kMaxExtent = 65536;
constexpr uint32_t kMaxSlices = 65536;

// {UNORM, UNORM_SRGB} pairs of the table.
constexpr uint32_t kSrgbTwins[][2] = {
    {dxgi::RGBA8, dxgi::RGBA8_SRGB}, {dxgi::BC1, dxgi::BC1_SRGB},     {dxgi::BC2, dxgi::BC2_SRGB},
    {dxgi::BC3, dxgi::BC3_SRGB},     {dxgi::BGRA8, dxgi::BGRA8_SRGB}, {dxgi::BC7, dxgi::BC7_SRGB},
};

// The other member of `code`'s pair, looked up in column `from`.
uint32_t twin(uint32_t code, int from) {
  for (const auto& pair : kSrgbTwins)
    if (pair[from] == code) return pair[1 - from];
  return code;
}
} // namespace

const std::vector<PixelFormat>& pixelFormats() {
  static const std::vector<PixelFormat> table = {
      {dxgi::RGBA16F, "R16G16B16A16_FLOAT", 1, 8, L, false},
      {dxgi::RGBA8, "R8G8B8A8_UNORM", 1, 4, L, false},
      {dxgi::RGBA8_SRGB, "R8G8B8A8_UNORM_SRGB", 1, 4, S, false},
      {dxgi::R16, "R16_UNORM", 1, 2, L, false},
      {dxgi::R8, "R8_UNORM", 1, 1, L, false},
      {dxgi::A8, "A8_UNORM", 1, 1, L, false},
      {dxgi::BC1, "BC1_UNORM", 4, 8, L, true},
      {dxgi::BC1_SRGB, "BC1_UNORM_SRGB", 4, 8, S, true},
      {dxgi::BC2, "BC2_UNORM", 4, 16, L, true},
      {dxgi::BC2_SRGB, "BC2_UNORM_SRGB", 4, 16, S, true},
      {dxgi::BC3, "BC3_UNORM", 4, 16, L, true},
      {dxgi::BC3_SRGB, "BC3_UNORM_SRGB", 4, 16, S, true},
      {dxgi::BC4, "BC4_UNORM", 4, 8, L, true},
      {dxgi::BC4_SNORM, "BC4_SNORM", 4, 8, L, true},
      {dxgi::BC5, "BC5_UNORM", 4, 16, L, true},
      {dxgi::BC5_SNORM, "BC5_SNORM", 4, 16, L, true},
      {dxgi::B5G6R5, "B5G6R5_UNORM", 1, 2, L, false},
      {dxgi::B5G5R5A1, "B5G5R5A1_UNORM", 1, 2, L, false},
      {dxgi::BGRA8, "B8G8R8A8_UNORM", 1, 4, L, false},
      {dxgi::BGRX8, "B8G8R8X8_UNORM", 1, 4, L, false},
      {dxgi::BGRA8_SRGB, "B8G8R8A8_UNORM_SRGB", 1, 4, S, false},
      {dxgi::BC6H_UF16, "BC6H_UF16", 4, 16, L, true},
      {dxgi::BC6H_SF16, "BC6H_SF16", 4, 16, L, true},
      {dxgi::BC7, "BC7_UNORM", 4, 16, L, true},
      {dxgi::BC7_SRGB, "BC7_UNORM_SRGB", 4, 16, S, true},
  };
  return table;
}

const PixelFormat* pixelFormat(uint32_t code) {
  for (const PixelFormat& f : pixelFormats())
    if (f.dxgi == code) return &f;
  return nullptr;
}

std::string formatName(uint32_t code) {
  const PixelFormat* f = pixelFormat(code);
  return f ? f->name : "DXGI format " + std::to_string(code);
}

uint32_t srgbTwin(uint32_t code) {
  return twin(code, 0);
}

uint32_t unormTwin(uint32_t code) {
  return twin(code, 1);
}

uint64_t mipByteSize(uint32_t code, uint32_t width, uint32_t height, uint32_t depth) {
  const PixelFormat* f = pixelFormat(code);
  if (!f) throw Unsupported("", Error::kNoOffset, "DXGI format " + std::to_string(code));
  uint64_t w = width ? width : 1, h = height ? height : 1, d = depth ? depth : 1;
  if (f->blockDim == 4) {
    w = (w + 3) / 4;
    h = (h + 3) / 4;
  }
  return w * h * d * f->bytesPerBlock;
}

uint32_t sliceCount(const Image& img) {
  return img.arraySize * (img.cube ? 6 : 1);
}

void checkImage(const Image& img) {
  auto fail = [&](const std::string& what) { throw Error(img.name, Error::kNoOffset, what); };
  if (!pixelFormat(img.dxgiFormat))
    throw Unsupported(img.name, Error::kNoOffset,
                      "DXGI format " + std::to_string(img.dxgiFormat) + " is not in the table");
  if (!img.width || !img.height || !img.depth || img.width > kMaxExtent ||
      img.height > kMaxExtent || img.depth > kMaxExtent)
    fail("image size " + std::to_string(img.width) + "x" + std::to_string(img.height) + "x" +
         std::to_string(img.depth) + " out of range (1.." + std::to_string(kMaxExtent) + ")");
  uint32_t largest = std::max({img.width, img.height, img.depth});
  uint32_t fullChain = 1;
  while (largest >> fullChain) ++fullChain;
  if (!img.mipLevels || img.mipLevels > fullChain)
    fail(std::to_string(img.mipLevels) + " mip levels for a " + std::to_string(largest) +
         "-texel image (1.." + std::to_string(fullChain) + ")");
  if (!img.arraySize || img.arraySize > kMaxSlices)
    fail("array size " + std::to_string(img.arraySize) + " out of range");
  if (img.cube && (img.width != img.height || img.depth != 1))
    fail("a cube map needs square faces and depth 1");
  if (img.depth > 1 && (img.arraySize != 1 || img.cube))
    fail("a volume texture cannot be an array or a cube map");
  uint64_t want = imageByteSize(img);
  if (img.data.size() != want)
    fail("image data holds " + std::to_string(img.data.size()) + " bytes, its layout needs " +
         std::to_string(want));
}

uint64_t imageByteSize(const Image& img) {
  uint64_t perSlice = 0;
  for (uint32_t m = 0; m < img.mipLevels; ++m)
    perSlice += mipByteSize(img.dxgiFormat, mipExtent(img.width, m), mipExtent(img.height, m),
                            mipExtent(img.depth, m));
  return perSlice * sliceCount(img);
}

uint64_t subresourceOffset(const Image& img, uint32_t layer, uint32_t mip) {
  if (mip >= img.mipLevels || layer >= sliceCount(img))
    throw Error(img.name, Error::kNoOffset,
                "subresource (slice " + std::to_string(layer) + ", mip " + std::to_string(mip) +
                    ") out of range: " + std::to_string(sliceCount(img)) + " slices, " +
                    std::to_string(img.mipLevels) + " mips");
  uint64_t perSlice = 0, before = 0;
  for (uint32_t m = 0; m < img.mipLevels; ++m) {
    uint64_t s = mipByteSize(img.dxgiFormat, mipExtent(img.width, m), mipExtent(img.height, m),
                             mipExtent(img.depth, m));
    if (m < mip) before += s;
    perSlice += s;
  }
  return perSlice * layer + before;
}

} // namespace strata::image
