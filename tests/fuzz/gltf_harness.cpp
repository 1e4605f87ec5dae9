// export-atlas's glTF 2.0 reader (tinygltf; GLB by its magic, else JSON with
// its buffers embedded), read from memory, then the write-back over the base
// terrain. The length's parity picks --rebuild-lods, so both paths are fuzzed.
#include "edit_reader.h"
#include "export_stages.h"
#include "harness.h"

namespace strata::fuzz {

void fuzzGltf(const uint8_t* data, size_t size) {
  const Source in(std::vector<uint8_t>(data, data + size), "edited.gltf");
  if (const auto edited = readOrReport([&] { return edits::readGltfEdits(in); }))
    exportOverBase(*edited, in.path, size % 2 == 1);
}

} // namespace strata::fuzz
