#pragma once
// --compress: a GLB's geometry through EXT_meshopt_compression (meshoptimizer),
// positions quantized (KHR_mesh_quantization) where the error stays within
// kMaxQuantizationError, the uncompressed data kept in a fallback buffer
// written beside the GLB (docs/performance.md "Compressed geometry"). A stage
// of the write (compress.cpp): the document is compressed as it is made.
#include "gltf_writer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::gltf {

// The largest distance, in world units, that quantizing a mesh's positions
// (base and morphed) may move a vertex; a mesh that would move one further
// keeps float positions. 16-bit steps over the mesh's largest side: meshes
// up to about 650 units across quantize.
constexpr double kMaxQuantizationError = 0.005;

struct CompressStats {
  size_t quantizedMeshes = 0, floatMeshes = 0;
  double maxError = 0; // the largest vertex movement quantization made
  // The compressed GLB came out no smaller (a few small meshes, whose
  // extension JSON outweighs the savings): the GLB is written uncompressed.
  bool kept = false;
};

struct CompressedGlb {
  std::vector<uint8_t> glb; // references `fallback` by its name
  SideFile fallback;        // the uncompressed geometry, for viewers without the extension
  CompressStats stats;
};

// The fallback buffer of <stem>.glb, beside it: <stem>.fallback.bin.
std::string fallbackName(const std::string& stem);

// The scene's GLB (writeGltf's, TextureMode Png or None) with its geometry
// compressed. Each primitive's triangles and vertices are first reordered for
// locality (meshoptimizer's vertex cache and fetch order); the geometry is
// the same. Meshes may be made on demand.
CompressedGlb compressedGlb(const Scene& scene, const WriteOptions& options,
                            const std::string& fallbackName);

// compressedGlb, then both files written atomically: PATH.glb and
// fallbackName(<stem>) beside it. Only .glb.
CompressStats writeCompressedGlb(const Scene& scene, const std::string& path,
                                 const WriteOptions& options);

} // namespace strata::gltf
