// KTX 2.0 writer (Khronos "KTX File Format Specification" 2.0: §3 file
// structure, §3.9 level index, §3.10 DFD, §3.11 key/value data, §3.12
// supercompression scheme 2 = Zstandard) with the Data Format Descriptor from
// the Khronos Data Format Specification 1.3 (§5 basic descriptor block, §19-20
// the BC colour models) as the KTX2 spec's vk2dfd mapping writes it.
#include "common/bytes.h"
#include "image/ktx2_container.h"
#include "image/ktx2_formats.h"
#include "strata/error.h"
#include "strata/image.h"

#include <cstring>

namespace strata::image {
namespace {

// KDFS §5.6 colour models, §5.7 primaries, §5.8 transfer functions, §5.15 channel flags.
constexpr uint8_t MODEL_RGBSDA = 1, MODEL_BC1A = 128, MODEL_BC2 = 129, MODEL_BC3 = 130,
                  MODEL_BC4 = 131, MODEL_BC5 = 132, MODEL_BC6H = 133, MODEL_BC7 = 134;
constexpr uint8_t PRIMARIES_BT709 = 1, TRANSFER_LINEAR = 1, TRANSFER_SRGB = 2;
constexpr uint8_t CH_R = 0, CH_G = 1, CH_B = 2, CH_A = 15;
constexpr uint8_t F_LINEAR = 0x10, F_SIGNED = 0x40, F_FLOAT = 0x80;
constexpr uint32_t kFloatOne = 0x3F800000, kFloatMinusOne = 0xBF800000;

struct Sample {
  uint16_t bitOffset;
  uint8_t bitLength; // bits, written as bits - 1
  uint8_t channel;   // channel id | flags
  uint32_t lower, upper;
};

struct Dfd {
  uint8_t model = MODEL_RGBSDA;
  uint8_t transfer = TRANSFER_LINEAR;
  uint8_t blockDim = 1;
  uint8_t bytesPlane0 = 0;
  std::vector<Sample> samples;
};

uint32_t unsignedMax(unsigned bits) {
  return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
}

// The descriptor vk2dfd gives each VkFormat (KTX2 spec §3.10.2: "the DFD must
// match the vkFormat"). sRGB marks the alpha sample linear (KDFS §5.15).
Dfd dfdFor(uint32_t vkFormat) {
  Dfd d;
  auto unorm = [](uint16_t off, uint8_t bits, uint8_t ch) {
    return Sample{off, bits, ch, 0, unsignedMax(bits)};
  };
  const bool srgb = vkFormat == vk::R8G8B8A8_SRGB || vkFormat == vk::B8G8R8A8_SRGB ||
                    vkFormat == vk::BC1_RGBA_SRGB || vkFormat == vk::BC2_SRGB ||
                    vkFormat == vk::BC3_SRGB || vkFormat == vk::BC7_SRGB;
  if (srgb) d.transfer = TRANSFER_SRGB;
  const uint8_t alpha = srgb ? CH_A | F_LINEAR : CH_A;
  switch (vkFormat) {
  case vk::R8G8B8A8_UNORM:
  case vk::R8G8B8A8_SRGB:
    d.bytesPlane0 = 4;
    d.samples = {unorm(0, 8, CH_R), unorm(8, 8, CH_G), unorm(16, 8, CH_B), unorm(24, 8, alpha)};
    break;
  case vk::B8G8R8A8_UNORM:
  case vk::B8G8R8A8_SRGB:
    d.bytesPlane0 = 4;
    d.samples = {unorm(0, 8, CH_B), unorm(8, 8, CH_G), unorm(16, 8, CH_R), unorm(24, 8, alpha)};
    break;
  case vk::R8_UNORM:
    d.bytesPlane0 = 1;
    d.samples = {unorm(0, 8, CH_R)};
    break;
  case vk::R16_UNORM:
    d.bytesPlane0 = 2;
    d.samples = {unorm(0, 16, CH_R)};
    break;
  case vk::R5G6B5_UNORM_PACK16:
    d.bytesPlane0 = 2;
    d.samples = {unorm(0, 5, CH_B), unorm(5, 6, CH_G), unorm(11, 5, CH_R)};
    break;
  case vk::A1R5G5B5_UNORM_PACK16:
    d.bytesPlane0 = 2;
    d.samples = {unorm(0, 5, CH_B), unorm(5, 5, CH_G), unorm(10, 5, CH_R), unorm(15, 1, CH_A)};
    break;
  case vk::R16G16B16A16_SFLOAT: {
    d.bytesPlane0 = 8;
    const uint8_t f = F_FLOAT | F_SIGNED;
    for (uint8_t i = 0; i < 4; ++i)
      d.samples.push_back(
          {uint16_t(16 * i), 16, uint8_t((i == 3 ? CH_A : i) | f), kFloatMinusOne, kFloatOne});
    break;
  }
  default: {
    // Block formats: one 4x4 block, one sample per 64-bit half (KDFS §5.6 BC models).
    d.blockDim = 4;
    const uint32_t all = 0xFFFFFFFFu, sMax = 0x7FFFFFFFu, sMin = 0x80000000u;
    switch (vkFormat) {
    case vk::BC1_RGBA_UNORM:
    case vk::BC1_RGBA_SRGB:
      d.model = MODEL_BC1A, d.bytesPlane0 = 8;
      d.samples = {{0, 64, 1 /* BC1A_ALPHAPRESENT */, 0, all}};
      break;
    case vk::BC2_UNORM:
    case vk::BC2_SRGB:
    case vk::BC3_UNORM:
    case vk::BC3_SRGB:
      d.model = vkFormat <= vk::BC2_SRGB ? MODEL_BC2 : MODEL_BC3, d.bytesPlane0 = 16;
      d.samples = {{0, 64, alpha, 0, all}, {64, 64, 0 /* COLOR */, 0, all}};
      break;
    case vk::BC4_UNORM:
      d.model = MODEL_BC4, d.bytesPlane0 = 8, d.samples = {{0, 64, 0, 0, all}};
      break;
    case vk::BC4_SNORM:
      d.model = MODEL_BC4, d.bytesPlane0 = 8, d.samples = {{0, 64, F_SIGNED, sMin, sMax}};
      break;
    case vk::BC5_UNORM:
      d.model = MODEL_BC5, d.bytesPlane0 = 16;
      d.samples = {{0, 64, CH_R, 0, all}, {64, 64, CH_G, 0, all}};
      break;
    case vk::BC5_SNORM:
      d.model = MODEL_BC5, d.bytesPlane0 = 16;
      d.samples = {{0, 64, CH_R | F_SIGNED, sMin, sMax}, {64, 64, CH_G | F_SIGNED, sMin, sMax}};
      break;
    case vk::BC6H_UFLOAT:
      d.model = MODEL_BC6H, d.bytesPlane0 = 16;
      d.samples = {{0, 128, F_FLOAT, 0, kFloatOne}};
      break;
    case vk::BC6H_SFLOAT:
      d.model = MODEL_BC6H, d.bytesPlane0 = 16;
      d.samples = {{0, 128, F_FLOAT | F_SIGNED, kFloatMinusOne, kFloatOne}};
      break;
    case vk::BC7_UNORM:
    case vk::BC7_SRGB:
      d.model = MODEL_BC7, d.bytesPlane0 = 16;
      d.samples = {{0, 128, 0, 0, all}};
      break;
    }
  }
  }
  return d;
}

std::vector<uint8_t> encodeDfd(const Dfd& d) {
  ByteWriter w;
  const uint32_t blockSize = 24 + 16 * uint32_t(d.samples.size());
  w.u32(4 + blockSize);       // dfdTotalSize
  w.u32(0);                   // vendorId 0 (Khronos), descriptorType 0 (basic)
  w.u32(2 | blockSize << 16); // versionNumber 2 (KDFS 1.3), descriptorBlockSize
  w.u32(uint32_t(d.model) | uint32_t(PRIMARIES_BT709) << 8 | uint32_t(d.transfer) << 16);
  const uint32_t dim = d.blockDim - 1u;
  w.u32(dim | dim << 8); // texelBlockDimension0..3 (value - 1)
  w.u32(d.bytesPlane0);  // bytesPlane0..3
  w.u32(0);              // bytesPlane4..7
  for (const Sample& s : d.samples) {
    w.u32(uint32_t(s.bitOffset) | uint32_t(s.bitLength - 1) << 16 | uint32_t(s.channel) << 24);
    w.u32(0); // samplePosition0..3
    w.u32(s.lower);
    w.u32(s.upper);
  }
  return std::move(w.buf);
}

Image asRGBA8(const Image& img) {
  Image out = img;
  out.dxgiFormat = img.colorSpace == ColorSpace::SRGB ? dxgi::RGBA8_SRGB : dxgi::RGBA8;
  out.data.clear();
  for (uint32_t s = 0; s < sliceCount(img); ++s)
    for (uint32_t m = 0; m < img.mipLevels; ++m) {
      std::vector<uint8_t> px = decodeRGBA8(img, m, s);
      out.data.insert(out.data.end(), px.begin(), px.end());
    }
  return out;
}

} // namespace

uint32_t vkFormatFor(const Image& img) {
  for (const VkRow& r : vkRows()) {
    if (img.dxgiFormat != r.dxgiUnorm && img.dxgiFormat != r.dxgiSrgb) continue;
    return r.vkSrgb && img.colorSpace == ColorSpace::SRGB ? r.vkSrgb : r.vkUnorm;
  }
  return 0;
}

std::vector<uint8_t> writeKTX2(const Image& source, const Ktx2WriteOptions& options) {
  checkImage(source);
  const Image converted = options.forceRGBA8 || !vkFormatFor(source) ? asRGBA8(source) : Image();
  const Image& img = converted.data.empty() ? source : converted;
  const uint32_t vkFormat = vkFormatFor(img);
  const PixelFormat& pf = *pixelFormat(img.dxgiFormat);
  const uint32_t slices = sliceCount(img);

  // Level payloads: every slice (layer-major, faces inside) of one mip.
  Ktx2Container c;
  c.name = img.name;
  c.vkFormat = vkFormat;
  c.typeSize = ktx2TypeSize(vkFormat);
  c.width = img.width;
  c.height = img.height;
  c.depth = img.depth > 1 ? img.depth : 0;          // pixelDepth 0: not a 3D texture
  c.layers = img.arraySize > 1 ? img.arraySize : 0; // layerCount 0: not an array
  c.faces = img.cube ? 6 : 1;
  c.dfd = encodeDfd(dfdFor(vkFormat));
  c.zstd = options.zstd;
  c.zstdLevel = options.zstdLevel;
  // Each level at a multiple of lcm(texel block size, 4) (§3.9.7 mip padding).
  c.alignment = pf.bytesPerBlock % 4 == 0 ? pf.bytesPerBlock : 4;
  for (uint32_t m = 0; m < img.mipLevels; ++m) {
    const uint64_t size = mipByteSize(img.dxgiFormat, mipExtent(img.width, m),
                                      mipExtent(img.height, m), mipExtent(img.depth, m));
    std::vector<uint8_t> raw;
    raw.reserve(size_t(size) * slices);
    for (uint32_t s = 0; s < slices; ++s) {
      const uint8_t* p = img.data.data() + subresourceOffset(img, s, m);
      raw.insert(raw.end(), p, p + size);
    }
    c.levels.push_back(std::move(raw));
  }
  return assembleKtx2(c);
}

} // namespace strata::image
