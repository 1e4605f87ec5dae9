// The glTF outputs: .glb, .gltf, and .glb with its geometry compressed
// (EXT_meshopt_compression, a fallback buffer beside it).
#include "compress.h"
#include "outputs.h"

#include "strata/error.h"
#include "strata/fileio.h"

namespace strata {

namespace {

OutputWritten writeGltf(const Scene& scene, const std::string& path, const OutputOptions& options) {
  gltf::WriteOptions wo;
  wo.textures = options.textures;
  OutputWritten out;
  out.files = gltf::writeGltfFile(scene, path, wo);
  if (!out.files.empty())
    out.notes.push_back(std::to_string(out.files.size()) + " KTX2 images written beside it (" +
                        pathOf(out.files.front()).filename().string() +
                        " ...), referenced by URI; the PNG sources stay inside the GLB");
  out.files.insert(out.files.begin(), path);
  return out;
}

OutputWritten writeCompressed(const Scene& scene, const std::string& path,
                              const OutputOptions& options) {
  gltf::WriteOptions wo;
  wo.textures = options.textures;
  OutputWritten out;
  if (gltf::writeCompressedGlb(scene, path, wo).kept)
    out.notes.push_back("--compress did not make it smaller; written uncompressed");
  const std::string fallback = gltf::fallbackName(pathOf(path).stem().string());
  out.files = {path, (pathOf(path).parent_path() / pathOf(fallback)).string()};
  return out;
}

// Meshes made as the views are written, images written as the PNG they
// came as; any input with a scene.
const OutputTakes kGltfTakes = {{}, false, true, true, false};

} // namespace

extern const OutputWriter kGlbOutput, kGltfOutput, kCompressedGlbOutput;
const OutputWriter kGlbOutput = {"glb", {".glb"}, kGltfTakes, writeGltf};
const OutputWriter kGltfOutput = {"gltf", {".gltf"}, kGltfTakes, writeGltf};
const OutputWriter kCompressedGlbOutput = {"glb-compressed", {".glb"}, kGltfTakes, writeCompressed};

} // namespace strata
