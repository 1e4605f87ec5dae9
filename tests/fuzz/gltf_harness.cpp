// export-atlas's glTF 2.0 reader (tinygltf; GLB by its magic, else JSON with
// buffers beside it), then the write-back over the base terrain. The length's
// parity picks --rebuild-lods, so both paths are fuzzed.
#include "edit_reader.h"
#include "export_stages.h"
#include "harness.h"
#include "scratch.h"

namespace strata::fuzz {

void fuzzGltf(const uint8_t* data, size_t size) {
  const std::string path = writeScratch("edited.gltf", data, size);
  if (const auto edited = readOrReport([&] { return edits::readGltfEdits(path); }))
    exportOverBase(*edited, path, size % 2 == 1);
}

} // namespace strata::fuzz
