#pragma once
// What the .ytd and drawable harnesses do with a texture container they read:
// `info`, `validate`, the gallery scene written as a GLB (tinygltf serialises
// the names) and `textures` (every texture decoded).
#include "ytd/ytd_read.h"

namespace strata::fuzz {

void exerciseContainer(const ytd::TextureContainer& container);

// `read` of the fuzzed bytes (named `name`) and, when they read, the above.
void readAndExercise(const uint8_t* data, size_t size,
                     ytd::TextureContainer (*read)(const std::vector<uint8_t>&, const std::string&),
                     const char* name);

} // namespace strata::fuzz
