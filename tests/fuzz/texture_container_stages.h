#pragma once
// What the .ytd and drawable harnesses do with a texture container they read:
// `info`, `validate`, the gallery scene written as a GLB (tinygltf serialises
// the names) and `textures` (every texture decoded).
#include "ytd/texture_container.h"

namespace strata::fuzz {

void exerciseContainer(const ytd::TextureContainer& container);

} // namespace strata::fuzz
