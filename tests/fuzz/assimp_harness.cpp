// export-atlas's Assimp reader: the first byte picks the file's extension,
// which picks the importer (OBJ, FBX, DAE, or a refused one), the rest is the
// file. Then the write-back over the base terrain; the length's parity picks
// --rebuild-lods.
#include "edit_reader.h"
#include "export_stages.h"
#include "harness.h"

namespace strata::fuzz {

void fuzzAssimp(const uint8_t* data, size_t size) {
  if (size == 0) return;
  static const char* const extensions[] = {".obj", ".fbx", ".dae", ".ply"};
  const Source in(std::vector<uint8_t>(data + 1, data + size),
                  std::string("edited") + extensions[data[0] % 4]);
  if (const auto edited = readOrReport([&] { return edits::readAssimpEdits(in); }))
    exportOverBase(*edited, in.path, size % 2 == 1);
}

} // namespace strata::fuzz
