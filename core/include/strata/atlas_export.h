#pragma once
// Writing edited terrain back to a v140 Atlas file (design.md "Atlas
// write-back"; `strata export-atlas EDITED --base ORIGINAL.atlas -o NEW.atlas`).
// The edit arrives as typed chunks in Atlas axes (Z up): the readers of glTF,
// OBJ, FBX... (edits/) and the C ABI make them.
#include "strata/scene.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata {

// One edited chunk as a DCC gave it back: the chunk it replaces (design.md
// "Atlas to scene": node L<level>_<x>_<y>) and its mesh.
struct AtlasChunkEdit {
  uint32_t level = 0, x = 0, y = 0;
  std::string source; // where the edit came from, for messages ("node 'L2_0_1'")
  std::vector<Vec3> positions;
  std::vector<Vec3> normals;     // empty or one per position
  std::vector<Vec2> uv;          // the global texture coordinate: empty or one per position
  std::vector<uint32_t> indices; // triangle list
};

struct AtlasExportOptions {
  // Regenerate the levels above an edited chunk by simplifying the union of
  // their children; without it they are kept as they were (and are stale).
  bool rebuildLods = false;
};

// What the export did, chunk by chunk (names are L<level>_<x>_<y>).
struct AtlasExportReport {
  uint32_t baseVersion = 0;             // resource version of the base's Geom TOC
  bool appended = false;                // true: rewritten chunks appended at EOF (v140 base)
  std::vector<std::string> edited;      // geometry differs from the base
  std::vector<std::string> unchanged;   // in the edit, identical to the base: kept
  std::vector<std::string> morphZeroed; // topology changed: morph offsets set to zero
  std::vector<std::string> skirtsRegenerated;
  std::vector<std::string> texCoordsFromEdit; // the base's texture mapping is not planar
  std::vector<std::string> lodsRebuilt;       // --rebuild-lods
  std::vector<std::string> staleLods;         // ancestors of an edit kept without --rebuild-lods
  std::vector<std::string> boundsUpdated;     // chunks rewritten because their bounds changed
  size_t collisionRegenerated = 0;            // leaf chunks given fresh collision
  size_t chunksWritten = 0;                   // geometry chunks serialized anew
};

// The bytes of the new .atlas: `base` with every chunk of `edited` applied.
// Throws strata::Error (naming the chunk) on anything it cannot write
// faithfully, an empty edit included; nothing is written then.
std::vector<uint8_t> exportAtlas(const std::vector<uint8_t>& base, const std::string& baseName,
                                 const std::vector<AtlasChunkEdit>& edited,
                                 const std::string& editedName, const AtlasExportOptions& options,
                                 AtlasExportReport& report);

} // namespace strata
