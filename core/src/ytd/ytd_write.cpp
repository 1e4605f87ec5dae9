#include "ytd/ytd_write.h"

#include "common/bytes.h"
#include "strata/error.h"
#include "strata/image.h"
#include "ytd/ytd_formats.h"
#include "ytd/ytd_name_hash.h"
#include "ytd/ytd_pointers.h"
#include "ytd/ytd_rsc7.h"

#include <algorithm>

namespace strata::ytd {

namespace {

constexpr uint32_t kTileAuto = 255;         // ytd-layout.md
constexpr uint32_t kGen9Flags = 0x00260208; // ytd-layout.md: "(0x00260208 typical)"
constexpr uint16_t kViewTexture2D = 0x41, kViewArray = 0x61, kViewCube = 0x82, kViewVolume = 0xA3;
constexpr uint32_t kUsageDefault = 1; // low 5 bits of the usage word

void align(ByteWriter& w, size_t a) {
  while (w.tell() % a) w.u8(0);
}

} // namespace

TextureToWrite makeTexture(const Image& img, Edition edition) {
  const image::PixelFormat* pf = image::pixelFormat(img.dxgiFormat);
  if (!pf)
    throw Error(img.name, Error::kNoOffset,
                "DXGI format " + std::to_string(img.dxgiFormat) + " is not in the image table");
  if (img.width == 0 || img.height == 0 || img.width > 0xFFFF || img.height > 0xFFFF ||
      img.mipLevels == 0 || img.mipLevels > 0xFF)
    throw Error(img.name, Error::kNoOffset, "image size out of range for a texture record");
  if (img.data.size() != image::imageByteSize(img))
    throw Error(img.name, Error::kNoOffset,
                "image data holds " + std::to_string(img.data.size()) + " bytes, expected " +
                    std::to_string(image::imageByteSize(img)));
  TextureRecord t;
  t.edition = edition;
  t.name = img.name;
  t.width = uint16_t(img.width);
  t.height = uint16_t(img.height);
  t.mips = uint8_t(img.mipLevels);
  t.usage = kUsageDefault;
  if (edition == Edition::Enhanced) {
    t.raw.assign(size_t(kGen9RecordSize), 0);
    storeLE<uint32_t>(t.raw, 0x04, 1); // CodeWalker Unknown_4h = 1
    t.raw[0x23] = 0x28;                // CodeWalker EnsureGen9: G9_Unknown_23h = 0x28
    storeLE<uint16_t>(t.raw, 0x26, 1); // usage count (ytd-layout.md)
    storeLE<uint32_t>(t.raw, 0x44, 2); // CodeWalker: "2 (or 0 for shader param)"
    t.sgaFormat = dxgiToSga(img.dxgiFormat);
    if (!t.sgaFormat)
      throw Error(img.name, Error::kNoOffset,
                  std::string("format ") + pf->name + " has no SGA code the specs list");
    t.flags = kGen9Flags;
    t.tileMode = uint8_t(kTileAuto);
    uint16_t view = kViewTexture2D;
    if (img.cube) {
      t.dimension = 3; // the spec's reading: 3 = cube
      t.depth = uint16_t(6 * img.arraySize);
      view = kViewCube;
    } else if (img.depth > 1) {
      t.dimension = 2; // the spec's reading: 2 = 3D
      t.depth = uint16_t(img.depth);
      view = kViewVolume;
    } else {
      t.dimension = 1;
      t.depth = uint16_t(img.arraySize);
      view = img.arraySize > 1 ? kViewArray : kViewTexture2D;
    }
    t.blockSize = pf->bytesPerBlock;
    t.blockCount = uint32_t(img.data.size() / pf->bytesPerBlock);
    // The 32-byte view block (ytd-layout.md, "0x58: 32-byte SRV"); CodeWalker
    // fills +0x12 and +0x14 with all ones.
    t.view.assign(size_t(kGen9ViewSize), 0);
    storeLE<uint16_t>(t.view, 0x12, 0xFFFF);
    storeLE<uint32_t>(t.view, 0x14, 0xFFFFFFFF);
    t.viewDimension = view;
  } else {
    t.raw.assign(size_t(kLegacyRecordSize), 0);
    storeLE<uint32_t>(t.raw, 0x04, 1); // CodeWalker Unknown_4h = 1
    storeLE<uint16_t>(t.raw, 0x30, 1); // CodeWalker Unknown_30h = 1
    t.d3dFormat = dxgiToD3d(img.dxgiFormat);
    if (!t.d3dFormat)
      throw Error(img.name, Error::kNoOffset,
                  std::string("format ") + pf->name + " has no legacy D3D format");
    if (img.cube || img.depth > 1 || img.arraySize > 1)
      throw Error(img.name, Error::kNoOffset, "legacy records hold one 2D slice only");
    t.depth = 1;
    const uint64_t blocksWide = (img.width + pf->blockDim - 1) / pf->blockDim;
    const uint64_t pitch = blocksWide * pf->bytesPerBlock;
    t.stride =
        uint16_t(pf->blockDim == 1 ? pitch : pitch / 4); // ytd-layout.md: BC: block-row bytes/4
  }
  return {t, img.data};
}

std::vector<uint8_t> writeYtd(std::vector<TextureToWrite> textures, Edition edition,
                              const YtdWriteOptions& options) {
  const bool enhanced = edition == Edition::Enhanced;
  for (auto& t : textures)
    if (t.record.edition != edition)
      throw Error(t.record.name, Error::kNoOffset, "texture record of the other edition");
  std::sort(textures.begin(), textures.end(), [](const TextureToWrite& a, const TextureToWrite& b) {
    return nameHash(a.record.name) < nameHash(b.record.name);
  });
  for (size_t i = 1; i < textures.size(); ++i)
    if (nameHash(textures[i].record.name) == nameHash(textures[i - 1].record.name))
      throw Error(textures[i].record.name, Error::kNoOffset,
                  "name hash " + hex32(nameHash(textures[i].record.name)) +
                      " is also the hash of '" + textures[i - 1].record.name + "'");
  const size_t n = textures.size();
  const uint64_t recordSize = enhanced ? kGen9RecordSize : kLegacyRecordSize;

  // Graphics segment: each texture's data.
  ByteWriter gfx;
  for (auto& [t, data] : textures) {
    if (!(options.legacyFormulaData && !enhanced)) align(gfx, 16);
    t.dataPtr = data.empty() ? 0 : kGraphicsBase + gfx.tell();
    size_t len = data.size();
    if (options.legacyFormulaData && !enhanced) {
      uint64_t formula = 0, mip = uint64_t(t.stride) * t.height;
      for (uint32_t m = 0; m < t.mips; ++m, mip /= 4) formula += mip;
      len = size_t(std::min<uint64_t>(formula, len));
    }
    gfx.bytes(data.data(), len);
  }

  // System segment: root, hashes, pointers, records, names, page info.
  const size_t hashesAt = kDictionarySize;
  const size_t pointersAt = (hashesAt + 4 * n + 15) / 16 * 16;
  const size_t recordsAt = (pointersAt + 8 * n + 15) / 16 * 16;
  size_t namesAt = recordsAt + n * recordSize;
  std::vector<size_t> nameOffsets;
  size_t cursor = namesAt;
  for (auto& t : textures) {
    nameOffsets.push_back(cursor);
    cursor += t.record.name.size() + 1;
  }
  const size_t pageInfoAt = (cursor + 15) / 16 * 16;
  const uint32_t gfxPages = (pageFlagsFor(gfx.tell(), 0) >> 17) & 0x7F;
  // The page info lists 8 bytes per page; its own size can change the count.
  uint32_t sysPages = 1;
  for (int i = 0; i < 4; ++i)
    sysPages = (pageFlagsFor(pageInfoAt + 16 + 8 * (sysPages + gfxPages), 0) >> 17) & 0x7F;

  ByteWriter sys;
  // Dictionary root (ytd-layout.md, "Dictionary (0x40, both versions)").
  sys.u32(0);                        // VFT: never validated (ydr-embedded.md §3)
  sys.u32(1);                        // CodeWalker FileUnknown = 1
  sys.u64(kSystemBase + pageInfoAt); // page-info pointer
  sys.u64(0);
  sys.u64(1); // as in the public legacy files
  sys.u64(n ? kSystemBase + hashesAt : 0);
  sys.u16(uint16_t(n));
  sys.u16(uint16_t(n));
  sys.u32(0);
  sys.u64(n ? kSystemBase + pointersAt : 0);
  sys.u16(uint16_t(n));
  sys.u16(uint16_t(n));
  sys.u32(0);
  for (auto& t : textures) sys.u32(nameHash(t.record.name));
  align(sys, 16);
  for (size_t i = 0; i < n; ++i) sys.u64(kSystemBase + recordsAt + i * recordSize);
  align(sys, 16);
  for (size_t i = 0; i < n; ++i) {
    TextureRecord& t = textures[i].record;
    t.address = kSystemBase + recordsAt + i * recordSize;
    t.namePtr = kSystemBase + nameOffsets[i];
    if (enhanced) {
      t.viewPtr = t.view.empty() ? 0 : t.address + kGen9ViewOffset;
      storeGen9Fields(t);
      if (!t.view.empty())
        std::copy(t.view.begin(), t.view.end(), t.raw.begin() + ptrdiff_t(kGen9ViewOffset));
    } else {
      storeLegacyFields(t);
    }
    sys.bytes(t.raw);
  }
  for (auto& t : textures) sys.bytes(t.record.name.c_str(), t.record.name.size() + 1);
  align(sys, 16);
  // Page info: 8 bytes, a system and a graphics page count, 6 bytes, then 8
  // bytes per page (as in the public legacy files).
  sys.u64(0);
  sys.u8(uint8_t(sysPages));
  sys.u8(uint8_t(gfxPages));
  sys.u16(0);
  sys.u32(0);
  sys.zeros(8 * (sysPages + gfxPages));
  return writeResource(enhanced ? 5 : 13, sys.buf, gfx.buf);
}

std::vector<uint8_t> writeYtd(const std::vector<Image>& images, Edition edition,
                              const YtdWriteOptions& options) {
  std::vector<TextureToWrite> textures;
  for (auto& img : images) textures.push_back(makeTexture(img, edition));
  return writeYtd(std::move(textures), edition, options);
}

} // namespace strata::ytd
