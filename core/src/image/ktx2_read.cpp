// KTX 2.0 reader for the files the writer makes (every VkFormat of
// ktx2_formats.h, no supercompression or Zstandard): KTX File Format
// Specification 2.0 §3.2 header, §3.3 index, §3.9 level index.
#include "common/bytes.h"
#include "image/decode_limits.h"
#include "image/ktx2_formats.h"
#include "strata/error.h"
#include "strata/image.h"

#include <zstd.h>

#include <algorithm>
#include <cstring>

namespace strata::image {
namespace {

// The largest side the header may declare: the image core's limit (pixel_format.cpp).
constexpr uint32_t kMaxSide = 65536;

// A level under scheme 2 is one Zstandard frame (KTX2 §3.12.2). Its header may
// declare the content size, which must be the level's; whether or not it
// does, the frame's length bounds what it can inflate to (decode_limits.h).
void checkZstdLevel(const std::vector<uint8_t>& bytes, uint64_t offset, uint64_t length,
                    uint64_t size, uint32_t m, uint32_t width, uint32_t height,
                    const std::string& file) {
  const uint8_t* src = bytes.data() + offset;
  const unsigned long long declared = ZSTD_getFrameContentSize(src, size_t(length));
  const std::string level = "KTX2 level " + std::to_string(m);
  if (declared == ZSTD_CONTENTSIZE_ERROR)
    throw Error(file, offset, "expected a Zstandard frame for " + level);
  if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != size)
    throw Error(file, offset,
                "expected " + level + "'s Zstandard frame to declare " + std::to_string(size) +
                    " bytes, found " + std::to_string(declared));
  DeclaredImage d;
  d.what = level;
  d.width = width;
  d.height = height;
  d.maxSide = kMaxSide;
  d.leastBytes = (size + kZstdBlockMaxOutput - 1) / kZstdBlockMaxOutput * kZstdBlockHeaderBytes;
  d.payloadBytes = length;
  d.rule = "a Zstandard block has a " + std::to_string(kZstdBlockHeaderBytes) +
           "-byte header and inflates to at most " + std::to_string(kZstdBlockMaxOutput) + " bytes";
  checkDeclaredSize(d, file, offset);
}

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
  if (!width || width > kMaxSide || height > kMaxSide || depth > kMaxSide || layers > kMaxSide)
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

  // Every level is checked (its index entry, its place in the file, and for
  // Zstandard the frame's declared content size against the bytes it holds)
  // before anything is allocated, so a small file cannot claim gigabytes.
  const uint32_t slices = sliceCount(img);
  struct Level {
    uint64_t offset, length, size;
  };
  std::vector<Level> levels(img.mipLevels);
  for (uint32_t m = 0; m < img.mipLevels; ++m) {
    const size_t entry = 80 + 24 * size_t(m);
    r.seek(entry, "level index");
    Level& l = levels[m];
    l.offset = r.u64("level byteOffset");
    l.length = r.u64("level byteLength");
    const uint64_t raw = r.u64("level uncompressedByteLength");
    l.size = mipByteSize(img.dxgiFormat, mipExtent(img.width, m), mipExtent(img.height, m),
                         mipExtent(img.depth, m)) *
             slices;
    if (raw != l.size || (scheme == 0 && l.length != l.size))
      r.failAt(entry + 8, "expected level " + std::to_string(m) + " to hold " +
                              std::to_string(l.size) + " bytes, found byteLength " +
                              std::to_string(l.length) + ", uncompressedByteLength " +
                              std::to_string(raw));
    if (l.offset > bytes.size() || l.length > bytes.size() - l.offset)
      r.failAt(entry, "expected level " + std::to_string(m) + " (" + std::to_string(l.length) +
                          " bytes at " + std::to_string(l.offset) + ") inside the " +
                          std::to_string(bytes.size()) + "-byte file");
    if (scheme == kSupercompressionZstd)
      checkZstdLevel(bytes, l.offset, l.length, l.size, m, mipExtent(img.width, m),
                     mipExtent(img.height, m), file);
  }
  std::vector<uint8_t> data(size_t(imageByteSize(img)));
  std::vector<uint8_t> level;
  for (uint32_t m = 0; m < img.mipLevels; ++m) {
    const Level& l = levels[m];
    const uint8_t* src = bytes.data() + l.offset;
    if (scheme == kSupercompressionZstd) {
      level.resize(size_t(l.size));
      size_t n = ZSTD_decompress(level.data(), level.size(), src, size_t(l.length));
      if (ZSTD_isError(n) || n != l.size)
        throw Error(file, l.offset,
                    "expected a Zstandard frame inflating to " + std::to_string(l.size) +
                        " bytes (level " + std::to_string(m) +
                        "): " + (ZSTD_isError(n) ? ZSTD_getErrorName(n) : "wrong size"));
      src = level.data();
    }
    const uint64_t per = l.size / slices;
    for (uint32_t s = 0; s < slices; ++s)
      std::memcpy(data.data() + subresourceOffset(img, s, m), src + per * s, size_t(per));
  }
  img.data = std::move(data);
  return uastc ? decodeUastcImage(img) : img;
}

} // namespace strata::image
