// KTX2 files of UASTC blocks for glTF's KHR_texture_basisu (specs/uastc-ktx2.md
// §2): vkFormat 0, typeSize 1, a base level with sides that are multiples of 4,
// the full mip chain (or one level), levels 16-byte aligned for scheme 0 and
// packed for Zstandard, and the 44-byte DFD of colour model 166 (KHR_DF_MODEL_UASTC).
#include "common/bytes.h"
#include "image/ktx2_container.h"
#include "image/uastc_block.h"
#include "image/uastc_tables.h"
#include "strata/error.h"
#include "strata/image.h"

namespace strata::image {
namespace {

// KDFS: colour model UASTC 166; channel types RGB 0 and RGBA 3 (§2 "DFD rules");
// primaries BT709 1 / UNSPECIFIED 0, transfer SRGB 2 / LINEAR 1.
constexpr uint32_t kModelUastc = 166, kChannelRGB = 0, kChannelRGBA = 3;
constexpr uint32_t kPrimariesBT709 = 1, kPrimariesUnspecified = 0;
constexpr uint32_t kTransferLinear = 1, kTransferSrgb = 2;

std::vector<uint8_t> uastcDfd(bool srgb, bool alpha) {
  ByteWriter w;
  w.u32(44);           // dfdTotalSize
  w.u32(0);            // vendorId 0 (Khronos), descriptorType 0 (basic)
  w.u32(2 | 40 << 16); // versionNumber 2, descriptorBlockSize 40
  w.u32(kModelUastc | (srgb ? kPrimariesBT709 : kPrimariesUnspecified) << 8 |
        (srgb ? kTransferSrgb : kTransferLinear) << 16); // flags 0: not premultiplied
  w.u32(3 | 3 << 8);                                     // texelBlockDimension 4x4 (value - 1)
  w.u32(16);                                             // bytesPlane0 16, even with zstd
  w.u32(0);                                              // bytesPlane4..7
  w.u32(0 | 127u << 16 | (alpha ? kChannelRGBA : kChannelRGB) << 24); // 128 bits, one sample
  w.u32(0);                                                           // samplePosition
  w.u32(0);                                                           // sampleLower
  w.u32(0xFFFFFFFFu);                                                 // sampleUpper
  return std::move(w.buf);
}

// Whether a block needs the RGBA channel type: an alpha mode, or a solid
// block that is not opaque.
bool usesAlpha(const uint8_t* block) {
  uastc::Block b;
  if (!uastc::unpack(block, b)) return false;
  if (b.mode == uastc::kSolidMode) return b.solid[3] != 255;
  return uastc::modeInfo(b.mode).etc2;
}

} // namespace

void uastcBaseSize(uint32_t width, uint32_t height, uint32_t& outWidth, uint32_t& outHeight) {
  outWidth = (width + 3) / 4 * 4;
  outHeight = (height + 3) / 4 * 4;
}

std::vector<uint8_t> writeKTX2Uastc(const Image& img, const UastcOptions& options) {
  if (img.width == 0 || img.height == 0)
    throw Error(img.name, Error::kNoOffset,
                "UASTC KTX2: expected an image of at least 1x1 texels, found " +
                    std::to_string(img.width) + "x" + std::to_string(img.height));
  checkImage(img);
  // A 2D texture: the first face / layer / depth slice, as the PNG source holds.
  std::vector<uint8_t> base = decodeRGBA8(img, 0, 0);
  base.resize(size_t(img.width) * img.height * 4);
  uint32_t w, h;
  uastcBaseSize(img.width, img.height, w, h);
  if (w != img.width || h != img.height)
    base = resizeRGBA8(base.data(), img.width, img.height, w, h, options.srgb);

  std::vector<std::vector<uint8_t>> pixels;
  if (options.mipmaps) pixels = mipChainRGBA8(base.data(), w, h, options.srgb);
  pixels.insert(pixels.begin(), std::move(base));

  Ktx2Container c;
  c.name = img.name;
  c.width = w, c.height = h;
  c.zstd = options.zstd, c.zstdLevel = options.zstdLevel;
  c.alignment = 16; // lcm(16-byte blocks, 4)
  bool alpha = false;
  for (size_t m = 0; m < pixels.size(); ++m) {
    std::vector<uint8_t> blocks = encodeUastc(pixels[m].data(), mipExtent(w, uint32_t(m)),
                                              mipExtent(h, uint32_t(m)), options);
    for (size_t i = 0; i < blocks.size() && !alpha; i += 16) alpha = usesAlpha(&blocks[i]);
    c.levels.push_back(std::move(blocks));
  }
  c.dfd = uastcDfd(options.srgb, alpha);
  return assembleKtx2(c);
}

} // namespace strata::image
