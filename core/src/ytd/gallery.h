#pragma once
// The adapter from texture dictionaries to the neutral scene: the texture
// gallery of design.md ("one unit quad per texture, in name-hash order,
// material named after the texture").
#include "strata/formats.h"
#include "strata/scene.h"
#include "ytd/texture_container.h"

namespace strata::ytd {

// Every convertible texture as a strata::Image, in name-hash order.
std::vector<Image> containerImages(const TextureContainer& c);

// One node and unit quad per texture (convertible or not) in name-hash order,
// laid out on a grid in the source's Z-up frame: each quad stands upright in
// the XZ plane facing -Y (glTF: the XY plane facing +Z, towards the default
// camera). With options.textures off the materials carry no texture.
Scene galleryScene(const TextureContainer& c, const LoadOptions& options);

} // namespace strata::ytd
