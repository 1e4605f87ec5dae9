// `strata ytd convert` (strata/ytd_edit.h): every texture of a .ytd in a
// record of the other edition.
#include "strata/error.h"
#include "strata/image.h"
#include "strata/text.h"
#include "strata/ytd_edit.h"
#include "ytd/ytd_check.h"
#include "ytd/ytd_encode.h"
#include "ytd/ytd_formats.h"
#include "ytd/ytd_pixels.h"
#include "ytd/ytd_selfcheck.h"
#include "ytd/ytd_write.h"

#include <algorithm>

namespace strata {

using namespace ytd;

namespace {

namespace dx = image::dxgi;

// The format a texture is stored in by the other edition, and whether its
// blocks stay as they are.
struct Conversion {
  uint32_t dxgi = 0;
  bool keepBlocks = true;
  std::string why; // empty: the same format in both editions
};

Conversion conversionTo(uint32_t dxgi, Edition to) {
  const std::string from = image::pixelFormat(dxgi)->name;
  if (to == Edition::Enhanced) {
    if (dxgiToSga(dxgi)) return {dxgi, true, ""};
    // Legacy X8R8G8B8: Enhanced lists B8G8R8A8 only (ytd-enhanced.md).
    return {dx::BGRA8, false, "re-encoded: " + from + " has no SGA code; B8G8R8A8 with alpha 255"};
  }
  if (dxgiToD3d(dxgi)) return {dxgi, true, ""};
  const uint32_t twin = image::unormTwin(dxgi);
  if (twin != dxgi)
    return {twin, true,
            "blocks kept, sRGB tag dropped: the legacy formats carry none (ytd-layout.md)"};
  switch (dxgi) {
  case dx::R16:
    return {dx::R8, false, "re-encoded: R16_UNORM has no legacy format; L8 keeps 8 of its 16 bits"};
  case dx::BC4_SNORM:
    return {dx::BC4, false, "re-encoded: legacy ATI1 is unsigned; values mapped as (v + 1) / 2"};
  case dx::BC5_SNORM:
    return {dx::BC5, false, "re-encoded: legacy ATI2 is unsigned; values mapped as (v + 1) / 2"};
  case dx::B5G6R5:
    return {dx::BGRA8, false, "re-encoded: B5G6R5 has no legacy format; A8R8G8B8, exact"};
  default: // BC6H and RGBA16F: high dynamic range
    return {dx::BGRA8, false,
            "re-encoded: " + from + " has no legacy format; A8R8G8B8, values clamped to [0, 1]"};
  }
}

// Every level of the texture's one slice decoded to RGBA8.
std::vector<Rgba8> levelsOf(const Image& img) {
  std::vector<Rgba8> out;
  for (uint32_t m = 0; m < img.mipLevels; ++m)
    out.push_back({image::mipExtent(img.width, m), image::mipExtent(img.height, m),
                   image::decodeRGBA8(img, m, 0)});
  return out;
}

TextureToWrite converted(const TextureEntry& e, const TextureReading& t, Edition to,
                         image::BcQuality quality, YtdTextureReport& report) {
  const TextureRecord& rec = e.record;
  const std::string label = textureLabel(rec.name);
  if (!t.layout.unsupported.empty())
    throw Error(label, Error::kNoOffset, "cannot be converted: " + t.layout.unsupported);
  Image img = toImage(rec, t.layout, t.data);
  const Conversion conv = conversionTo(img.dxgiFormat, to);
  if (to == Edition::Legacy && (img.cube || img.arraySize > 1 || img.depth > 1))
    throw Error(label, Error::kNoOffset,
                std::string("is a ") +
                    (img.cube        ? "cube map"
                     : img.depth > 1 ? "volume"
                                     : "2D array") +
                    "; legacy records hold one 2D slice (ytd-layout.md), so it has no legacy form");
  if (!conv.keepBlocks) img.data = encodeLevels(levelsOf(img), conv.dxgi, label, quality);
  img.dxgiFormat = conv.dxgi;
  img.name = rec.name; // the stored bytes, not their text
  TextureToWrite w = makeTexture(img, to);
  w.record.usage = rec.usage; // the usage word whole: usage and flags bits
  w.hash = e.hash;
  report = {escapeUtf8(rec.name),
            conv.keepBlocks ? "converted" : "re-encoded",
            image::pixelFormat(conv.dxgi)->name,
            img.width,
            img.height,
            img.mipLevels,
            "",
            conv.why.empty() ? "blocks kept" : conv.why};
  return w;
}

} // namespace

std::vector<uint8_t> convertYtd(const std::vector<uint8_t>& input, const std::string& inputName,
                                YtdEdition edition, const YtdWriteChoices& choices,
                                YtdReport& report) {
  const TextureContainer c = readYtd(input, inputName);
  const Edition to = edition == YtdEdition::Enhanced ? Edition::Enhanced : Edition::Legacy;
  report = YtdReport();
  report.kind = "ytd";
  report.edition = ytdEditionName(edition);
  report.inputWarnings = warningsOf(c);
  if (c.edition == to) {
    report.identical = true;
    report.notes.push_back(std::string("already the ") + ytdEditionName(edition) +
                           " edition: the output is the input, byte for byte");
    return input;
  }
  const IntactTextures intact = intactTextures(c, false); // an error refuses the file
  std::vector<TextureToWrite> textures;
  for (const TextureEntry* e : intact.entries) {
    YtdTextureReport r;
    textures.push_back(converted(*e, c.texture(*e), to, choices.quality, r));
    report.textures.push_back(r);
    if (choices.progress) choices.progress(textures.size(), intact.entries.size());
  }
  YtdWriteOptions o;
  o.dictionaryRaw = c.dictionaries.at(0).raw;
  std::fill_n(o.dictionaryRaw.begin(), 4, uint8_t(0)); // the VFT: never validated, 0 written
  std::vector<uint8_t> out = writeYtd(std::move(textures), to, o);
  checkWritten(out, inputName, &c, {});
  return out;
}

} // namespace strata
