// KTX 2.0 reader for the files the writer makes (every VkFormat of
// ktx2_formats.h, no supercompression or Zstandard): KTX File Format
// Specification 2.0 §3.2 header, §3.3 index, §3.9 level index.
#include "common/bytes.h"
#include "image/ktx2_formats.h"
#include "strata/error.h"
#include "strata/image.h"

#include <zstd.h>

#include <algorithm>
#include <cstring>

namespace strata::image {
namespace {
// A supercompressed file may claim any size; decompress at most this much.
constexpr uint64_t kMaxInflated = uint64_t(1) << 31;

// A basic DFD block of colour model 166 (KHR_DF_MODEL_UASTC) inside the file.
bool isUastc(const std::vector<uint8_t>& bytes, uint32_t dfdOffset, uint32_t dfdLength) {
  return dfdLength >= 16 && uint64_t(dfdOffset) + dfdLength <= bytes.size() &&
         bytes[dfdOffset + 12] == 166;
}

// The UASTC blocks (held under BC7's layout) as RGBA8, every slice and mip.
Image decodeUastcImage(const Image& blocks) {
  if (blocks.depth > 1) throw Unsupported(blocks.name, Error::kNoOffset, "a 3D UASTC texture");
  Image out = blocks;
  out.dxgiFormat = blocks.colorSpace == ColorSpace::SRGB ? dxgi::RGBA8_SRGB : dxgi::RGBA8;
  out.data.assign(size_t(imageByteSize(out)), 0);
  for (uint32_t s = 0; s < sliceCount(blocks); ++s)
    for (uint32_t m = 0; m < blocks.mipLevels; ++m) {
      const uint64_t at = subresourceOffset(blocks, s, m);
      const std::vector<uint8_t> px =
          decodeUastc(blocks.data.data() + at, size_t(blocks.data.size() - at),
                      mipExtent(blocks.width, m), mipExtent(blocks.height, m));
      std::copy(px.begin(), px.end(), out.data.begin() + subresourceOffset(out, s, m));
    }
  return out;
}
} // namespace

Image readKTX2(const std::vector<uint8_t>& bytes, const std::string& file) {
  ByteReader r(bytes, file);
  uint8_t id[12];
  r.bytes(id, 12, "the KTX 2.0 file identifier");
  if (std::memcmp(id, kKtx2Identifier, 12) != 0)
    r.failAt(0, "expected the KTX 2.0 identifier AB 4B 54 58 20 32 30 BB 0D 0A 1A 0A");
  const uint32_t vkFormat = r.u32("vkFormat");
  const size_t typeSizeAt = r.tell();
  const uint32_t typeSize = r.u32("typeSize");
  const size_t sizeAt = r.tell();
  const uint32_t width = r.u32("pixelWidth"), height = r.u32("pixelHeight"),
                 depth = r.u32("pixelDepth"), layers = r.u32("layerCount");
  const size_t facesAt = r.tell();
  const uint32_t faces = r.u32("faceCount");
  const size_t levelsAt = r.tell();
  const uint32_t levelCount = r.u32("levelCount");
  const size_t schemeAt = r.tell();
  const uint32_t scheme = r.u32("supercompressionScheme");
  const size_t dfdAt = r.tell();
  const uint32_t dfdOffset = r.u32("dfdByteOffset"), dfdLength = r.u32("dfdByteLength");
  r.u32("kvdByteOffset"), r.u32("kvdByteLength");
  r.u64("sgdByteOffset"), r.u64("sgdByteLength");

  Image img;
  img.name = file;
  const VkRow* row = nullptr;
  for (const VkRow& v : vkRows())
    if (v.vkUnorm == vkFormat || (v.vkSrgb && v.vkSrgb == vkFormat)) row = &v;
  // UASTC (vkFormat 0, DFD colour model 166): 16-byte 4x4 blocks like BC7, so
  // the level layout is BC7's; decoded to RGBA8 once read.
  const bool uastc = vkFormat == 0 && isUastc(bytes, dfdOffset, dfdLength);
  const VkRow uastcRow{dxgi::BC7, dxgi::BC7_SRGB, 0, 0};
  if (uastc) row = &uastcRow;
  if (!row)
    throw Unsupported(file, 12,
                      "vkFormat " + std::to_string(vkFormat) +
                          (vkFormat == 0 ? " (Basis Universal or undefined)" : "") +
                          " is not one Strata reads");
  const bool srgb = uastc ? bytes[dfdOffset + 14] == 2 /* KHR_DF_TRANSFER_SRGB */
                          : row->vkSrgb == vkFormat;
  img.dxgiFormat = srgb ? row->dxgiSrgb : row->dxgiUnorm;
  img.colorSpace = srgb ? ColorSpace::SRGB : ColorSpace::Linear;
  if (typeSize != ktx2TypeSize(vkFormat))
    r.failAt(typeSizeAt, "expected typeSize " + std::to_string(ktx2TypeSize(vkFormat)) +
                             " for vkFormat " + std::to_string(vkFormat) + ", found " +
                             std::to_string(typeSize));
  if (!width || width > 65536 || height > 65536 || depth > 65536 || layers > 65536)
    r.failAt(sizeAt, "expected pixelWidth 1..65536 and height, depth, layers 0..65536, found " +
                         std::to_string(width) + "x" + std::to_string(height) + "x" +
                         std::to_string(depth) + ", " + std::to_string(layers) + " layers");
  img.width = width;
  img.height = height ? height : 1;
  img.depth = depth ? depth : 1;
  img.arraySize = layers ? layers : 1;
  if (faces != 1 && faces != 6)
    r.failAt(facesAt, "expected faceCount 1 or 6, found " + std::to_string(faces));
  img.cube = faces == 6;
  if (img.cube && (width != height || depth > 1))
    r.failAt(facesAt, "expected square cube faces of depth 0");
  if (depth > 1 && layers > 1) r.failAt(sizeAt, "expected a 3D texture or an array, not both");
  img.mipLevels = levelCount ? levelCount : 1;
  uint32_t largest = std::max({img.width, img.height, img.depth}), chain = 1;
  while (largest >> chain) ++chain;
  if (img.mipLevels > chain)
    r.failAt(levelsAt, "expected at most " + std::to_string(chain) + " levels, found " +
                           std::to_string(img.mipLevels));
  if (scheme != 0 && scheme != kSupercompressionZstd)
    throw Unsupported(file, schemeAt,
                      "supercompressionScheme " + std::to_string(scheme) +
                          " (Strata reads 0: none and 2: Zstandard)");
  if (uint64_t(dfdOffset) + dfdLength > bytes.size() || dfdLength < 28)
    r.failAt(dfdAt, "expected the data format descriptor (" + std::to_string(dfdLength) +
                        " bytes at " + std::to_string(dfdOffset) + ") inside the file");
  {
    ByteReader d(bytes.data() + dfdOffset, dfdLength, file, dfdOffset);
    if (d.u32("dfdTotalSize") != dfdLength) d.failAt(0, "expected dfdTotalSize = dfdByteLength");
  }

  const uint64_t total = imageByteSize(img);
  if (scheme == kSupercompressionZstd && total > kMaxInflated)
    r.failAt(sizeAt, "a supercompressed image of " + std::to_string(total) +
                         " bytes is larger than Strata inflates (2 GiB)");
  const uint32_t slices = sliceCount(img);
  std::vector<uint8_t> data;
  std::vector<uint8_t> level;
  for (uint32_t m = 0; m < img.mipLevels; ++m) {
    const size_t entry = 80 + 24 * size_t(m);
    r.seek(entry, "level index");
    const uint64_t offset = r.u64("level byteOffset"), length = r.u64("level byteLength"),
                   raw = r.u64("level uncompressedByteLength");
    const uint64_t want = mipByteSize(img.dxgiFormat, mipExtent(img.width, m),
                                      mipExtent(img.height, m), mipExtent(img.depth, m)) *
                          slices;
    if (raw != want || (scheme == 0 && length != want))
      r.failAt(entry + 8, "expected level " + std::to_string(m) + " to hold " +
                              std::to_string(want) + " bytes, found byteLength " +
                              std::to_string(length) + ", uncompressedByteLength " +
                              std::to_string(raw));
    if (offset > bytes.size() || length > bytes.size() - offset)
      r.failAt(entry, "expected level " + std::to_string(m) + " (" + std::to_string(length) +
                          " bytes at " + std::to_string(offset) + ") inside the " +
                          std::to_string(bytes.size()) + "-byte file");
    if (data.empty()) data.resize(size_t(total));
    const uint8_t* src = bytes.data() + offset;
    if (scheme == kSupercompressionZstd) {
      level.resize(size_t(want));
      size_t n = ZSTD_decompress(level.data(), level.size(), src, size_t(length));
      if (ZSTD_isError(n) || n != want)
        throw Error(file, offset,
                    "expected a Zstandard frame inflating to " + std::to_string(want) +
                        " bytes (level " + std::to_string(m) +
                        "): " + (ZSTD_isError(n) ? ZSTD_getErrorName(n) : "wrong size"));
      src = level.data();
    }
    const uint64_t per = want / slices;
    for (uint32_t s = 0; s < slices; ++s)
      std::memcpy(data.data() + subresourceOffset(img, s, m), src + per * s, size_t(per));
  }
  img.data = std::move(data);
  return uastc ? decodeUastcImage(img) : img;
}

} // namespace strata::image
