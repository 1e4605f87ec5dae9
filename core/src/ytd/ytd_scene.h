#pragma once
// The adapter from texture dictionaries to the neutral scene: the texture
// gallery of design.md ("one unit quad per texture, in name-hash order,
// material named after the texture"). Both run intactTextures first
// (ytd_check.h): a container with an error is refused unless
// options.partial, which leaves out each broken texture and names it in
// leftOut.
#include "strata/formats.h"
#include "strata/scene.h"
#include "ytd/ytd_read.h"

namespace strata::ytd {

// Every convertible texture as a strata::Image, in name-hash order, named by
// its escaped stored name (strata/text.h); leftOut also names each texture
// that cannot be converted, and why.
TextureSet containerTextures(const TextureContainer& c, const LoadOptions& options);

// One node and unit quad per texture that is not broken (convertible or not)
// in name-hash order, laid out on a grid in the source's Z-up frame: each quad
// stands upright in the XZ plane facing -Y (glTF: the XY plane facing +Z,
// towards the default camera). With options.textures off the materials carry
// no texture. Names are the escaped stored names.
Scene galleryScene(const TextureContainer& c, const LoadOptions& options);

} // namespace strata::ytd
