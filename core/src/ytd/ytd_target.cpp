#include "ytd/ytd_target.h"

#include "strata/error.h"
#include "strata/image.h"
#include "ytd/ytd_formats.h"
#include "ytd/ytd_pages.h"
#include "ytd/ytd_rsc7.h"
#include "ytd/ytd_write.h"

#include <algorithm>

namespace strata::ytd {

namespace dx = image::dxgi;

namespace {

std::string size(uint32_t w, uint32_t h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

// The UNORM member of a format's sRGB / SNORM family.
uint32_t family(uint32_t dxgi) {
  return dxgi == dx::BC5_SNORM ? dx::BC5 : image::unormTwin(dxgi);
}

// --format's family in the variant the texture had: its own code when the
// family is its own, the sRGB twin of an sRGB texture, else the family.
uint32_t formatFor(uint32_t wanted, uint32_t had) {
  if (family(had) == wanted) return had;
  const image::PixelFormat* pf = image::pixelFormat(had);
  return pf && pf->colorSpace == ColorSpace::SRGB ? image::srgbTwin(wanted) : wanted;
}

// A full chain stays a full chain of the new size; a shorter one keeps its
// count where the new size has room for it.
uint32_t mipsFor(const TextureRecord& rec, uint32_t w, uint32_t h, const YtdWriteChoices& choices,
                 const std::string& label) {
  const uint32_t full = fullChain(w, h);
  if (choices.mips) {
    if (choices.mips > full)
      throw Error(label, Error::kNoOffset,
                  "--mips " + std::to_string(choices.mips) + ": a " + size(w, h) +
                      " image has a chain of " + std::to_string(full) + " levels");
    return choices.mips;
  }
  if (rec.mips >= fullChain(rec.width, rec.height)) return full;
  return std::min<uint32_t>(rec.mips, full);
}

// The image's blocks as they are when they are already what the texture
// needs (a DDS or KTX2 of the format, size and at least the mip count).
bool takeBlocksAsTheyAre(const LoadedImage& img, uint32_t dxgi, uint32_t mips) {
  const Image& i = img.image;
  return img.blocks && i.dxgiFormat == dxgi && !i.cube && i.arraySize == 1 && i.depth == 1 &&
         i.mipLevels >= mips;
}

std::vector<uint8_t> firstLevels(const Image& i, uint32_t mips) {
  Image cut = i;
  cut.mipLevels = mips;
  return {i.data.begin(), i.data.begin() + ptrdiff_t(image::imageByteSize(cut))};
}

// The record fields the size, format and mip count decide.
void setRecordFields(TextureRecord& rec, uint32_t dxgi, uint32_t w, uint32_t h, uint32_t mips,
                     uint64_t dataBytes) {
  rec.width = uint16_t(w);
  rec.height = uint16_t(h);
  rec.mips = uint8_t(mips);
  if (rec.edition == Edition::Enhanced) {
    rec.sgaFormat = dxgiToSga(dxgi);
    rec.blockSize = image::pixelFormat(dxgi)->bytesPerBlock;
    rec.blockCount = uint32_t(dataBytes / rec.blockSize);
  } else {
    rec.d3dFormat = dxgiToD3d(dxgi);
    rec.stride = uint16_t(legacyStride(dxgi, w));
  }
}

std::string shapeText(const TextureLayout& L) {
  if (L.shape == Shape::Cube) return "a cube map";
  if (L.shape == Shape::Volume) return "a volume of depth " + std::to_string(L.depth);
  return std::to_string(L.layers) + " array layers";
}

// A cube, volume or array texture takes only a DDS / KTX2 of the same shape,
// format, size and mip count, whose blocks are used as they are.
TextureWrite layeredReplacement(const TextureRecord& rec, const TextureLayout& L,
                                const LoadedImage& img, const YtdWriteChoices& choices) {
  const Image& i = img.image;
  const bool same = img.blocks && i.dxgiFormat == L.dxgi && i.width == L.width &&
                    i.height == L.height && i.mipLevels == L.mips &&
                    i.cube == (L.shape == Shape::Cube) &&
                    i.depth == (L.shape == Shape::Volume ? L.depth : 1) && i.arraySize == L.layers;
  if (!same || !choices.format.empty() || choices.mips)
    throw Error(img.label, Error::kNoOffset,
                textureLabel(rec.name) + " is " + shapeText(L) +
                    ": it is replaced only by a DDS or KTX2 of the same shape holding " +
                    image::formatName(L.dxgi) + " " + size(L.width, L.height) + " with " +
                    std::to_string(L.mips) + " mips (no --format or --mips)");
  TextureWrite out;
  out.record = rec;
  out.data = i.data;
  out.report = {escapeUtf8(rec.name),
                "replaced",
                image::formatName(L.dxgi),
                L.width,
                L.height,
                L.mips,
                img.label,
                "blocks from the file as they are"};
  return out;
}

} // namespace

void checkRecordLimits(const std::string& label, Edition edition, uint32_t dxgi, uint32_t width,
                       uint32_t height, uint32_t mips) {
  const std::string fmt = image::formatName(dxgi);
  if (width > 0xFFFF || height > 0xFFFF)
    throw Error(label, Error::kNoOffset,
                size(width, height) +
                    " is too large for a texture record: its sides are u16 fields (at most "
                    "65535)");
  if (mips > 0xFF)
    throw Error(label, Error::kNoOffset, std::to_string(mips) + " mips do not fit the u8 field");
  if (edition == Edition::Legacy) {
    if (!dxgiToD3d(dxgi))
      throw Error(label, Error::kNoOffset,
                  fmt + " has no legacy D3D format code (ytd-layout.md, \"Legacy texture\")");
    if (legacyStride(dxgi, width) > 0xFFFF)
      throw Error(label, Error::kNoOffset,
                  "a " + std::to_string(width) + "-wide " + fmt + " texture has a stride of " +
                      std::to_string(legacyStride(dxgi, width)) +
                      " bytes; the legacy record stores it in a u16 (ytd-layout.md)");
  } else if (!dxgiToSga(dxgi)) {
    throw Error(label, Error::kNoOffset, fmt + " has no SGA format code the specs list");
  }
  // The data is one block of the graphics segment: it must fit one page, and
  // the resource what Strata reads back.
  const uint64_t bytes = chainBytes(dxgi, width, height, 1, mips, false);
  if (bytes > std::min(kLargestPage, kMaxResourceBytes))
    throw Error(label, Error::kNoOffset,
                "a " + size(width, height) + " " + fmt + " texture with " + std::to_string(mips) +
                    " mips holds " + std::to_string(bytes) + " bytes: more than " +
                    (bytes > kLargestPage
                         ? "the largest page a resource describes (" +
                               std::to_string(kLargestPage) + " bytes, ytd-layout.md size(flags))"
                         : "a resource Strata writes (and reads) may hold (" +
                               std::to_string(kMaxResourceBytes) + " bytes)"));
}

TextureWrite replacementFor(const TextureRecord& rec, const TextureLayout& L,
                            const LoadedImage& img, const YtdWriteChoices& choices,
                            bool inDrawable) {
  if (!L.unsupported.empty())
    throw Error(img.label, Error::kNoOffset,
                textureLabel(rec.name) + " cannot be rewritten: " + L.unsupported);
  if (L.shape != Shape::Texture2D || L.layers > 1) return layeredReplacement(rec, L, img, choices);
  const uint32_t w = img.image.width, h = img.image.height;
  uint32_t dxgi = L.dxgi;
  std::string why = "kept " + image::formatName(L.dxgi);
  if (choices.format == "auto") {
    const FormatChoice c = chooseFormat(img.name, rgbaOf(img), rec.edition);
    dxgi = formatFor(c.dxgi, L.dxgi);
    why = "auto: " + c.why;
  } else if (!choices.format.empty()) {
    dxgi = formatFor(formatOfName(choices.format), L.dxgi);
    why = "--format " + choices.format;
  }
  const uint32_t mips = mipsFor(rec, w, h, choices, img.label);
  checkRecordLimits(img.label, rec.edition, dxgi, w, h, mips);
  if (inDrawable && (w != rec.width || h != rec.height || dxgi != L.dxgi || mips != rec.mips))
    throw Error(img.label, Error::kNoOffset,
                textureLabel(rec.name) + " of a drawable is " + image::formatName(L.dxgi) + " " +
                    size(rec.width, rec.height) + " with " + std::to_string(rec.mips) +
                    " mips; this image would make it " + image::formatName(dxgi) + " " +
                    size(w, h) + " with " + std::to_string(mips) +
                    " mips: a drawable's embedded textures are rewritten in place only when size, "
                    "format and mip count stay (its other blocks sit around the data)");
  TextureWrite out;
  out.record = rec;
  if (takeBlocksAsTheyAre(img, dxgi, mips)) {
    out.data = firstLevels(img.image, mips);
    why += "; blocks from the file as they are";
  } else {
    out.data = encodeTextureData(rgbaOf(img), dxgi, mips, img.label, choices.quality);
  }
  setRecordFields(out.record, dxgi, w, h, mips, out.data.size());
  out.report = {
      escapeUtf8(rec.name), "replaced", image::formatName(dxgi), w, h, mips, img.label, why};
  return out;
}

TextureWrite newTexture(const LoadedImage& img, Edition edition, const YtdWriteChoices& choices) {
  const Rgba8 px = rgbaOf(img);
  uint32_t dxgi = 0;
  std::string why;
  if (choices.format.empty() || choices.format == "auto") {
    const FormatChoice c = chooseFormat(img.name, px, edition);
    dxgi = c.dxgi;
    why = "auto: " + c.why;
  } else {
    dxgi = formatOfName(choices.format);
    why = "--format " + choices.format;
  }
  const uint32_t full = fullChain(px.width, px.height);
  if (choices.mips > full)
    throw Error(img.label, Error::kNoOffset,
                "--mips " + std::to_string(choices.mips) + ": a " + size(px.width, px.height) +
                    " image has a chain of " + std::to_string(full) + " levels");
  const uint32_t mips = choices.mips ? choices.mips : full;
  checkRecordLimits(img.label, edition, dxgi, px.width, px.height, mips);
  Image encoded;
  encoded.name = img.name;
  encoded.dxgiFormat = dxgi;
  encoded.width = px.width;
  encoded.height = px.height;
  encoded.mipLevels = mips;
  encoded.data = takeBlocksAsTheyAre(img, dxgi, mips)
                     ? firstLevels(img.image, mips)
                     : encodeTextureData(px, dxgi, mips, img.label, choices.quality);
  TextureToWrite t = makeTexture(encoded, edition);
  TextureWrite out;
  out.record = std::move(t.record);
  out.data = std::move(t.data);
  out.report = {img.name,  "built", image::formatName(dxgi), px.width, px.height, mips,
                img.label, why};
  return out;
}

} // namespace strata::ytd
