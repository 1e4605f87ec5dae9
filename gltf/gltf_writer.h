#pragma once
// Scene -> glTF 2.0 (.glb or .gltf with embedded buffers), validator-clean,
// written by stages (stages.h). Converts the scene's Z-up source coordinates
// to glTF's Y-up: (x, y, z) -> (x, z, -y) (design.md "Axes").
#include "strata/scene.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::gltf {

enum class TextureMode { Png, Ktx2, None };

// A file the glTF refers to by a relative URI, written beside it.
struct SideFile {
  std::string name;
  std::vector<uint8_t> bytes;
};

struct WriteOptions {
  bool binary = true;
  TextureMode textures = TextureMode::Png;
  // GLB with KTX2: true puts the KTX2 images in GltfOutput::beside, named
  // <ktx2Stem>.<image index>.ktx2 and referenced by URI; false embeds them in
  // bufferViews with mimeType "image/ktx2".
  bool ktx2Beside = false;
  std::string ktx2Stem;
};

struct GltfOutput {
  std::vector<uint8_t> bytes;   // the .glb or .gltf
  std::vector<SideFile> beside; // WriteOptions::ktx2Beside: files the GLB refers to
};

GltfOutput writeGltf(const Scene& scene, const WriteOptions& options);

// Chooses .glb or .gltf from the extension and writes atomically. A GLB with
// KTX2 textures gets its KTX2 images as files beside it (images.cpp);
// returns their paths. Nothing is left behind when any write fails.
std::vector<std::string> writeGltfFile(const Scene& scene, const std::string& path,
                                       WriteOptions options);

} // namespace strata::gltf
