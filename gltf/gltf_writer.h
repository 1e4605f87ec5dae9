#pragma once
// Scene -> glTF 2.0 (.glb or .gltf with embedded buffers) through tinygltf.
// Converts the scene's Z-up source coordinates to glTF's Y-up:
// (x, y, z) -> (x, z, -y) (design.md "Axes").
#include "strata/scene.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::gltf {

enum class TextureMode { Png, Ktx2, None };

struct WriteOptions {
  bool binary = true;
  TextureMode textures = TextureMode::Png;
};

std::vector<uint8_t> writeGltf(const Scene& scene, const WriteOptions& options);

// Chooses .glb or .gltf from the extension and writes atomically.
void writeGltfFile(const Scene& scene, const std::string& path, WriteOptions options);

// The axis rule, exposed for tests and the reader of edited glTF.
inline Vec3 toGltfAxes(const Vec3& p) {
  return {p[0], p[2], -p[1]};
}
inline Vec3 fromGltfAxes(const Vec3& p) {
  return {p[0], -p[2], p[1]};
}

} // namespace strata::gltf
