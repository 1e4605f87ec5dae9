#pragma once
// Edit seeds built field by field, so the fuzzers start from the structures
// that exercise the readers' counts and strides. glTF (2.0 §3.6): interleaved
// views with a stride, every component type (normalized bytes and shorts,
// unsigned byte, short and int indices), sparse accessors over a view and
// without one, strips and fans, a node matrix; as .gltf and as GLB. OBJ:
// v/vt/vn faces, negative (relative) indices, polygons to triangulate.
#include "strata/scene.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace strata::fuzz {

// Seeds that edit the first chunk of `base` (the export harness's base
// terrain as a scene), each named with its extension.
std::vector<std::pair<std::string, std::vector<uint8_t>>> structuredGltfSeeds(const Scene& base);

// OBJ text editing the same chunk (Y up, as DCC tools export it).
std::vector<std::pair<std::string, std::vector<uint8_t>>> structuredObjSeeds(const Scene& base);

} // namespace strata::fuzz
