#include "ytd/ytd_pixels.h"

#include "strata/image.h"
#include "strata/text.h"
#include "ytd/ytd_pointers.h"

#include <algorithm>

namespace strata::ytd {

void readTextureData(const ResourceMemory& mem, const TextureRecord& rec, TextureLayout& L,
                     std::vector<uint8_t>& data, std::vector<Finding>& findings) {
  const bool enhanced = rec.edition == Edition::Enhanced;
  const uint64_t field =
      mem.flatOffset(rec.address) + (enhanced ? kGen9DataField : kLegacyDataField);
  if (rec.dataPtr == 0) {
    if (L.unsupported.empty()) L.unsupported = "no pixel data (null data pointer)";
    return;
  }
  const std::string what = "pixel data of " + textureLabel(rec.name);
  if (enhanced) {
    // The stored extent must lie in its segment whatever the format.
    mem.resolve(rec.dataPtr, L.storedBytes,
                what + " (blockCount x blockSize = " + std::to_string(L.storedBytes) + " bytes)",
                field);
    if (!L.unsupported.empty()) return;
    if (L.computedBytes > mem.bytesAvailable(rec.dataPtr)) {
      L.unsupported = "the computed chain of " + std::to_string(L.computedBytes) +
                      " bytes runs past the end of its segment";
      return;
    }
    data = mem.reader(rec.dataPtr, L.computedBytes, what, field)
               .bytes(size_t(L.computedBytes), "pixel data");
    return;
  }

  // Legacy: CodeWalker reads the legacy formula's length; the full chain may
  // be longer (tiny BC mips, ytd-layout.md) or shorter (non-power-of-two
  // uncompressed mips round down).
  const uint64_t full = L.computedBytes;
  const uint64_t required =
      L.unsupported.empty() ? std::min(full, L.legacyFormulaBytes) : L.legacyFormulaBytes;
  mem.resolve(rec.dataPtr, required, what + " (" + std::to_string(required) + " bytes)", field);
  if (!L.unsupported.empty()) return;
  uint64_t present = std::min(full, std::max(L.space.bytes, required));
  if (L.strideRule == StrideRule::Bc5SpaceTooSmall) {
    // Seen in real files the game loads: the chain runs on into the next
    // texture's data, and the game reads it so. Read the same bytes; only the
    // end of the segment stops it.
    mem.resolve(rec.dataPtr, full,
                what + " (the full BC5 chain, " + std::to_string(full) + " bytes)", field);
    present = full;
  }
  data = mem.reader(rec.dataPtr, present, what, field).bytes(size_t(present), "pixel data");
  if (present == full) return;

  // Complete the short tail by repeating the last whole block (tiny mips of a
  // few texels; any plausible colour will do, and the source has none).
  const image::PixelFormat* pf = image::pixelFormat(L.dxgi);
  const size_t block = pf ? pf->bytesPerBlock : 1;
  data.resize(size_t(full), 0);
  if (present >= block)
    for (size_t i = size_t(present); i < data.size(); ++i) data[i] = data[i - block];
  uint32_t firstShort = 0;
  uint64_t offset = 0;
  for (uint32_t m = 0; m < L.mips; ++m) {
    offset += image::mipByteSize(L.dxgi, std::max(1u, L.width >> m), std::max(1u, L.height >> m));
    if (offset > present) {
      firstShort = m;
      break;
    }
  }
  findings.push_back({Severity::Info, mem.flatOffset(rec.dataPtr) + present,
                      textureLabel(rec.name) + ": mips " + std::to_string(firstShort) + ".." +
                          std::to_string(L.mips - 1) + " stored short (" + std::to_string(present) +
                          " of " + std::to_string(full) + " bytes, legacy size formula " +
                          std::to_string(L.legacyFormulaBytes) +
                          "); completed by repeating the last whole block"});
}

Image toImage(const TextureRecord& rec, const TextureLayout& L, const std::vector<uint8_t>& data) {
  Image img;
  img.name = escapeUtf8(rec.name);
  img.dxgiFormat = L.dxgi;
  img.width = L.width;
  img.height = L.height;
  img.depth = L.shape == Shape::Volume ? L.depth : 1;
  img.mipLevels = L.mips;
  img.arraySize = L.layers;
  img.cube = L.shape == Shape::Cube;
  const image::PixelFormat* pf = image::pixelFormat(L.dxgi);
  img.colorSpace = pf ? pf->colorSpace : ColorSpace::Linear;
  img.data = data;
  return img;
}

} // namespace strata::ytd
