// File: which glTF an output path asks for, the files written beside it,
// and atomic writes (a failed write leaves nothing behind).
#include "compress.h"
#include "container.h"
#include "stages.h"

#include "strata/error.h"
#include "strata/fileio.h"

#include <filesystem>

namespace strata::gltf {

bool binaryOutput(const std::string& path) {
  const std::string ext = lowerExtension(path);
  if (ext == ".gltf") return false;
  if (ext == ".glb") return true;
  throw Error(path, Error::kNoOffset, "output must end in .glb or .gltf");
}

std::vector<std::string> writeBeside(const std::string& path, const std::vector<SideFile>& files,
                                     const std::function<void()>& write) {
  const std::filesystem::path dir = pathOf(path).parent_path();
  std::vector<std::string> written;
  try {
    for (const SideFile& f : files) {
      written.push_back((dir / pathOf(f.name)).string());
      writeFileAtomic(written.back(), f.bytes);
    }
    write();
  } catch (...) {
    std::error_code ec;
    for (const std::string& w : written) std::filesystem::remove(pathOf(w), ec);
    throw;
  }
  return written;
}

std::vector<std::string> writeGltfFile(const Scene& scene, const std::string& path,
                                       WriteOptions options) {
  options.binary = binaryOutput(path);
  if (!options.binary) {
    const GltfOutput out = writeGltf(scene, options);
    return writeBeside(path, out.beside, [&] { writeFileAtomic(path, out.bytes); });
  }
  if (options.textures == TextureMode::Ktx2) {
    options.ktx2Beside = true;
    options.ktx2Stem = pathOf(path).stem().string();
  }
  // A GLB streams to the file from the scene (streamGlb): memory holds the
  // scene and a few batches of the buffer, never the buffer or the file.
  std::vector<SideFile> beside;
  Document doc = glbDocument(scene, options, beside);
  DocumentJson json = itemsJson(doc, -1);
  letGoOfItems(doc);
  auto head = [&] { return glbHead(json, doc.bufferSize); };
  auto letGo = [&] { json = DocumentJson(); };
  return writeBeside(path, beside, [&] {
    // The binary chunk alone, a lower bound of the file, is known before
    // the JSON is written.
    writeFileAtomic(
        path, [&](std::ostream& os) { streamGlb(doc, os, head, letGo); }, doc.bufferSize);
  });
}

std::string fallbackName(const std::string& stem) {
  return stem + ".fallback.bin";
}

CompressStats writeCompressedGlb(const Scene& scene, const std::string& path,
                                 const WriteOptions& options) {
  if (lowerExtension(path) != ".glb")
    throw Error(path, Error::kNoOffset, "--compress writes a .glb");
  if (options.textures == TextureMode::Ktx2)
    throw Error(path, Error::kNoOffset, "--compress does not combine with --textures ktx2");
  CompressedGlb c = compressedGlb(scene, options, fallbackName(pathOf(path).stem().string()));
  std::vector<SideFile> beside;
  if (!c.fallback.bytes.empty()) beside.push_back(std::move(c.fallback));
  writeBeside(path, beside, [&] { writeFileAtomic(path, c.glb); });
  return c.stats;
}

} // namespace strata::gltf
