#pragma once
// What a texture becomes when an image replaces it (or is added): its
// record (every field the image does not decide kept from the source record)
// and its data, and the line of the report that says so.
#include "strata/ytd_edit.h"
#include "ytd/ytd_images.h"
#include "ytd/ytd_layout.h"
#include "ytd/ytd_model.h"

#include <vector>

namespace strata::ytd {

struct TextureWrite {
  TextureRecord record;
  std::vector<uint8_t> data; // every mip, largest first (the full chain)
  YtdTextureReport report;
};

// The replacement of the texture `rec` (read as `layout`) by `img`: the
// texture keeps its format (the sRGB or UNORM twin of --format's family when
// --format says otherwise), its mip count (a full chain stays a full chain of
// the new size), its flags, usage word and every unknown field; the image
// decides the size. `inDrawable`: the size, format and mip count must stay
// (the drawable's other blocks sit around the data). Throws strata::Error
// naming the image and why it cannot be written.
TextureWrite replacementFor(const TextureRecord& rec, const TextureLayout& layout,
                            const LoadedImage& img, const YtdWriteChoices& choices,
                            bool inDrawable);

// A new texture of `edition` from `img` (build, or an image added to a
// dictionary): format by --format ("" and "auto" choose, ytd_encode.h), a full
// chain unless choices.mips, Strata's default record fields (ytd_write.h
// makeTexture).
TextureWrite newTexture(const LoadedImage& img, Edition edition, const YtdWriteChoices& choices);

// The record limits of a 2D texture of `dxgi` and this size in `edition`
// (u16 sides, u8 mips, the legacy u16 stride): throws strata::Error naming
// `label` when it exceeds them or the edition has no code for the format.
void checkRecordLimits(const std::string& label, Edition edition, uint32_t dxgi, uint32_t width,
                       uint32_t height, uint32_t mips);

} // namespace strata::ytd
