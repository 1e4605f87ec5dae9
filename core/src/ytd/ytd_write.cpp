#include "ytd/ytd_write.h"

#include "common/bytes.h"
#include "strata/error.h"
#include "strata/image.h"
#include "strata/text.h"
#include "ytd/ytd_formats.h"
#include "ytd/ytd_layout.h"
#include "ytd/ytd_name_hash.h"
#include "ytd/ytd_pages.h"
#include "ytd/ytd_pointers.h"
#include "ytd/ytd_rsc7.h"

#include <algorithm>

namespace strata::ytd {

namespace {

constexpr uint32_t kTileAuto = 255;         // ytd-layout.md
constexpr uint32_t kGen9Flags = 0x00260208; // ytd-layout.md: "(0x00260208 typical)"
// CodeWalker's EnsureGen9 gives textures named script_rt_* (render targets a
// script draws into) 0x00260228 instead.
constexpr uint32_t kGen9RenderTargetFlags = 0x00260228;
constexpr uint32_t kUsageDefault = 1; // low 5 bits of the usage word

// The order of the system segment's blocks given to layoutPages: the root
// (first: the pointer 0x50000000 names it), the hash and pointer arrays, each
// record, each name, and last the page info.
struct SystemBlocks {
  static constexpr size_t root = 0, hashes = 1, pointers = 2;
  size_t n;
  explicit SystemBlocks(size_t textures) : n(textures) {}
  size_t record(size_t i) const { return 3 + i; }
  size_t name(size_t i) const { return 3 + n + i; }
};

// The system pages for `sizes` and, after them, a page info listing every
// page of both segments: its size depends on the count it lists.
PageLayout layoutSystem(std::vector<uint64_t> sizes, uint32_t gfxPages) {
  uint32_t sysPages = 1;
  sizes.push_back(pageInfoSize(sysPages + gfxPages));
  for (;;) {
    PageLayout L = layoutPages(sizes, true, "system segment");
    if (L.pageCount() <= sysPages) return L;
    sysPages = L.pageCount();
    sizes.back() = pageInfoSize(sysPages + gfxPages);
  }
}

// The dictionary object as Strata writes it when no source gives one:
// VFT 0 (never validated, ydr-embedded.md §3), CodeWalker's FileUnknown 1,
// +0x10 u64 0 and +0x18 u64 1 as in the public legacy files.
std::vector<uint8_t> defaultDictionaryRoot() {
  std::vector<uint8_t> root(size_t(kDictionarySize), 0);
  storeLE<uint32_t>(root, 0x04, 1);
  storeLE<uint64_t>(root, 0x18, 1);
  return root;
}

} // namespace

uint32_t gen9FlagsFor(const std::string& name) {
  return lowerAscii(name.substr(0, 10)) == "script_rt_" ? kGen9RenderTargetFlags : kGen9Flags;
}

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
    t.flags = gen9FlagsFor(img.name);
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
    const uint64_t stride = legacyStride(img.dxgiFormat, img.width);
    if (stride > 0xFFFF)
      throw Error(img.name, Error::kNoOffset,
                  "a " + std::to_string(img.width) + "-wide " + pf->name +
                      " top mip has a stride of " + std::to_string(stride) +
                      " bytes; the legacy record stores it in a u16 (ytd-layout.md)");
    t.stride = uint16_t(stride);
  }
  return {t, img.data, std::nullopt};
}

std::vector<uint8_t> writeYtd(std::vector<TextureToWrite> textures, Edition edition,
                              const YtdWriteOptions& options) {
  const bool enhanced = edition == Edition::Enhanced;
  for (auto& t : textures)
    if (t.record.edition != edition)
      throw Error(t.record.name, Error::kNoOffset, "texture record of the other edition");
  if (textures.size() > kMaxDictionaryTextures)
    throw Error("texture dictionary", Error::kNoOffset,
                std::to_string(textures.size()) +
                    " textures: a dictionary counts them in u16 fields (ytd-enhanced.md, "
                    "dictionary table), at most " +
                    std::to_string(kMaxDictionaryTextures));
  for (auto& t : textures)
    if (!t.hash) t.hash = nameHash(t.record.name);
  std::sort(textures.begin(), textures.end(),
            [](const TextureToWrite& a, const TextureToWrite& b) { return *a.hash < *b.hash; });
  for (size_t i = 1; i < textures.size(); ++i)
    if (*textures[i].hash == *textures[i - 1].hash)
      throw Error(textures[i].record.name, Error::kNoOffset,
                  "name hash " + hex32(*textures[i].hash) + " is also the hash of '" +
                      textures[i - 1].record.name + "'");
  const size_t n = textures.size();
  const uint64_t recordSize = enhanced ? kGen9RecordSize : kLegacyRecordSize;
  const bool formulaData = options.legacyFormulaData && !enhanced;

  // Graphics segment: each texture's data a block of its own.
  std::vector<uint64_t> gfxSizes;
  for (const TextureToWrite& tw : textures) {
    const TextureRecord& t = tw.record;
    uint64_t len = tw.data.size();
    if (formulaData) {
      uint64_t formula = 0, mip = uint64_t(t.stride) * t.height;
      for (uint32_t m = 0; m < t.mips; ++m, mip /= 4) formula += mip;
      len = std::min<uint64_t>(formula, len);
    }
    gfxSizes.push_back(len);
  }
  // Formula-length data back to back, as the legacy files that cut tiny
  // mips short store it.
  const PageLayout gfxPages =
      layoutPages(gfxSizes, false, "graphics segment", formulaData ? 1 : kBlockAlignment);

  // System segment: root, hashes, pointers, records, names, page info.
  SystemBlocks blocks(n);
  std::vector<uint64_t> sysSizes = {kDictionarySize, 4 * n, 8 * n};
  for (size_t i = 0; i < n; ++i) sysSizes.push_back(recordSize);
  for (auto& t : textures) sysSizes.push_back(t.record.name.size() + 1);
  const PageLayout sysPages = layoutSystem(sysSizes, gfxPages.pageCount());
  const uint32_t version = enhanced ? 5 : 13;
  std::vector<uint8_t> sys(size_t(sysPages.bytes), 0), gfx(size_t(gfxPages.bytes), 0);
  for (size_t i = 0; i < n; ++i)
    std::copy_n(textures[i].data.begin(), gfxSizes[i],
                gfx.begin() + ptrdiff_t(gfxPages.offsets[i]));

  const uint64_t hashesAt = sysPages.offsets[blocks.hashes],
                 pointersAt = sysPages.offsets[blocks.pointers];
  const uint64_t pageInfoAt = sysPages.offsets.back();
  std::vector<uint8_t> root = options.dictionaryRaw.size() == kDictionarySize
                                  ? options.dictionaryRaw
                                  : defaultDictionaryRoot();
  storeLE<uint64_t>(root, kDictPageInfo, kSystemBase + pageInfoAt);
  storeLE<uint64_t>(root, kDictHashesPtr, n ? kSystemBase + hashesAt : 0);
  storeLE<uint16_t>(root, kDictHashCount, uint16_t(n));
  storeLE<uint16_t>(root, kDictHashCapacity, uint16_t(n));
  storeLE<uint64_t>(root, kDictTexturesPtr, n ? kSystemBase + pointersAt : 0);
  storeLE<uint16_t>(root, kDictTextureCount, uint16_t(n));
  storeLE<uint16_t>(root, kDictTextureCapacity, uint16_t(n));
  std::copy(root.begin(), root.end(), sys.begin() + ptrdiff_t(sysPages.offsets[blocks.root]));
  for (size_t i = 0; i < n; ++i) {
    TextureRecord& t = textures[i].record;
    const uint64_t recordAt = sysPages.offsets[blocks.record(i)];
    const uint64_t nameAt = sysPages.offsets[blocks.name(i)];
    storeLE<uint32_t>(sys, size_t(hashesAt + 4 * i), *textures[i].hash);
    storeLE<uint64_t>(sys, size_t(pointersAt + 8 * i), kSystemBase + recordAt);
    t.address = kSystemBase + recordAt;
    t.namePtr = kSystemBase + nameAt;
    t.dataPtr = gfxSizes[i] ? kGraphicsBase + gfxPages.offsets[i] : 0;
    if (enhanced) {
      t.viewPtr = t.view.empty() ? 0 : t.address + kGen9ViewOffset;
      storeGen9Fields(t);
      if (!t.view.empty())
        std::copy(t.view.begin(), t.view.end(), t.raw.begin() + ptrdiff_t(kGen9ViewOffset));
    } else {
      storeLegacyFields(t);
    }
    std::copy(t.raw.begin(), t.raw.end(), sys.begin() + ptrdiff_t(recordAt));
    std::copy(t.name.begin(), t.name.end(), sys.begin() + ptrdiff_t(nameAt));
  }
  writePageInfo(sys, pageInfoAt, sysPages.pageCount(), gfxPages.pageCount());
  return writeResource(version, sysPages.flags(version >> 4), gfxPages.flags(version & 0xF), sys,
                       gfx);
}

std::vector<uint8_t> writeYtd(const std::vector<Image>& images, Edition edition,
                              const YtdWriteOptions& options) {
  std::vector<TextureToWrite> textures;
  for (auto& img : images) textures.push_back(makeTexture(img, edition));
  return writeYtd(std::move(textures), edition, options);
}

} // namespace strata::ytd
