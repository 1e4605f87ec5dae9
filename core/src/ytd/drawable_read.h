#pragma once
// Texture dictionaries embedded in drawables (.ydr, .ydd, .yft), found along
// the pointer paths of ydr-embedded.md §2 and read with the .ytd code.
#include "ytd/ytd_read.h"

#include <string>
#include <vector>

namespace strata::ytd {

enum class DrawableKind { Ydr, Ydd, Yft };

// ydr-embedded.md §1: legacy 165 (.ydr/.ydd) and 162 (.yft); Enhanced 159
// (.ydr/.ydd, CodeWalker also 154) and 171 (.yft).
bool isDrawableVersion(uint32_t version);
Edition drawableEdition(uint32_t version);

// The kind by extension; .ydr and .ydd share their versions (§1). Without a
// known extension the version picks .yft, and the root object picks between
// .ydr and .ydd. Throws strata::Unsupported when the version does not fit.
DrawableKind drawableKind(const std::string& path, uint32_t version);

// Reads every dictionary the drawable embeds, de-duplicated by pointer. A
// drawable that embeds none yields a container without dictionaries.
TextureContainer readDrawable(const std::vector<uint8_t>& bytes, const std::string& file);

} // namespace strata::ytd
