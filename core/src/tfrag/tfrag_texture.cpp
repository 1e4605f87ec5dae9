#include "tfrag/tfrag_texture.h"

#include "common/bytes.h"
#include "strata/error.h"

#include <algorithm>

namespace strata::tfrag {

uint32_t mipLevels(const TextureEntry& e) {
  return e.type <= 0 ? 1u : uint32_t(e.type);
}

Image decodeTexture(const TextureEntry& e, size_t index, const std::vector<uint8_t>& coreData,
                    uint64_t texturesBase, const std::vector<uint8_t>& gsRam,
                    const std::string& coreDataFile, const std::string& gsRamFile) {
  std::string who = "texture " + std::to_string(index);
  uint32_t levels = mipLevels(e);
  if (e.width <= 0 || e.height <= 0 || e.width > 4096 || e.height > 4096)
    throw Error(coreDataFile, Error::kNoOffset,
                who + ": size " + std::to_string(e.width) + "x" + std::to_string(e.height) +
                    " is not a texture size (1..4096)");
  if (levels > kMaxMips)
    throw Error(coreDataFile, Error::kNoOffset,
                who + ": type (mip count) " + std::to_string(e.type) +
                    ", expected 1..4 (mips 0-3)");
  if (e.dataOffset < 0)
    throw Error(coreDataFile, Error::kNoOffset,
                who + ": negative data offset " + std::to_string(e.dataOffset));
  if (texturesBase > coreData.size())
    throw Error(coreDataFile, texturesBase,
                who + ": textures_base " + std::to_string(texturesBase) +
                    " lies past the end of the file (" + std::to_string(coreData.size()) +
                    " bytes)");
  uint64_t palAt = uint64_t(uint16_t(e.palette)) * 0x100;
  if (!fitsWithin(palAt, 1024, gsRam.size()))
    throw Error(gsRamFile, palAt,
                who + ": its 1024-byte palette (" + std::to_string(uint16_t(e.palette)) +
                    " x 0x100) runs past the end of GS RAM (" + std::to_string(gsRam.size()) +
                    " bytes)");
  const uint8_t* pal = gsRam.data() + palAt;

  Image img;
  img.name = "tfrag_texture_" + std::to_string(index);
  img.dxgiFormat = 28;
  img.width = uint32_t(e.width);
  img.height = uint32_t(e.height);
  img.mipLevels = levels;
  // Every mip's indices are checked before the texels are made, so the image
  // is allocated once, at its size.
  const uint8_t* mipIndices[kMaxMips];
  uint64_t mipTexels[kMaxMips];
  uint64_t texels = 0;
  // Cannot wrap: texturesBase is at most the file size, dataOffset a non-negative s32.
  uint64_t at = texturesBase + uint64_t(e.dataOffset);
  for (uint32_t m = 0; m < levels; ++m) {
    uint32_t w = std::max(1u, img.width >> m), h = std::max(1u, img.height >> m);
    uint64_t n = uint64_t(w) * h;
    const std::vector<uint8_t>* buf = &coreData;
    const std::string* file = &coreDataFile;
    uint64_t src = at;
    if (m == 1) {
      src = at + uint64_t(img.width) * img.height; // mip 1 follows mip 0
    } else if (m >= 2) {
      int16_t block = m == 2 ? e.mipmap : e.pad;
      src = uint64_t(uint16_t(block)) * 0x100;
      buf = &gsRam;
      file = &gsRamFile;
    }
    if (!fitsWithin(src, n, buf->size()))
      throw Error(*file, src,
                  who + ": mip " + std::to_string(m) + " (" + std::to_string(w) + "x" +
                      std::to_string(h) + " indices) runs past the end of the file (" +
                      std::to_string(buf->size()) + " bytes)");
    mipIndices[m] = buf->data() + src;
    mipTexels[m] = n;
    texels += n;
  }
  img.data.resize(4 * texels);
  uint8_t* out = img.data.data();
  for (uint32_t m = 0; m < levels; ++m)
    for (uint64_t i = 0; i < mipTexels[m]; ++i, out += 4) {
      const uint8_t* c = pal + 4 * csm1Swizzle(mipIndices[m][i]);
      out[0] = c[0];
      out[1] = c[1];
      out[2] = c[2];
      out[3] = expandAlpha(c[3]);
    }
  return img;
}

std::vector<uint8_t> storedClut(const IndexedTexture& t) {
  std::vector<uint8_t> out(1024);
  for (size_t p = 0; p < 256; ++p)
    for (size_t k = 0; k < 4; ++k) out[4 * p + k] = t.palette[csm1Swizzle(uint8_t(p))][k];
  return out;
}

} // namespace strata::tfrag
