#pragma once
// The Atlas write-back, piece by piece (strata/atlas_export.h is the entry).
#include "atlas/atlas_model.h"
#include "strata/scene.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::atlas {

// One edited chunk in Atlas axes (Z up), as a DCC gave it back.
struct ChunkEdit {
  uint32_t level = 0, x = 0, y = 0;
  std::string source; // node (and mesh) name, for messages
  std::vector<Vec3> positions;
  std::vector<Vec3> normals;     // empty or one per position
  std::vector<Vec2> uv;          // empty or one per position (TEXCOORD_1 else _0)
  std::vector<uint32_t> indices; // triangle list
};

// "L<level>_<x>_<y>", the node name design.md gives a chunk.
std::string chunkName(uint32_t level, uint32_t x, uint32_t y);

// Finds L<level>_<x>_<y> in a name a DCC may have decorated ("L2_1_3.001",
// "Mesh_L2_1_3", "L2_1_3_$AssimpFbx$_Translation"): the first match whose L
// does not follow a letter or digit and whose last number is not followed by
// a digit. False when the name carries none.
bool parseChunkName(const std::string& name, uint32_t& level, uint32_t& x, uint32_t& y);

// One ChunkEdit per mesh-bearing node, primitives concatenated. Throws Error
// (naming `fileName` and the node) for a mesh whose node names no chunk.
std::vector<ChunkEdit> chunkEditsFromScene(const Scene& scene, const std::string& fileName);

struct RebuiltChunk {
  GeomChunk geom;            // no collision, previousChunk 0, bounds unset
  bool changed = false;      // false: the edit reproduces the base chunk exactly
  bool topologyKept = false; // same triangles: morph offsets and skirts kept
  bool skirtsRegenerated = false;
  bool texCoordsFromEdit = false;
};

// The chunk `edit` describes, built on `original` (the base chunk, canonical
// v140 fields). Same topology (every solid triangle maps to the edit's
// triangle of the same position, corner by corner, and the edit's vertices
// that map to one base vertex share one position): the base's vertex order,
// morph offsets and skirts are kept, skirt vertices follow the edge vertex
// they hang from, and normals are recomputed around moved vertices. Otherwise
// the edit's vertices (welded by position), its normals (or recomputed ones),
// zero morph offsets, and skirts regenerated from the boundary.
RebuiltChunk rebuildChunk(const GeomChunk& original, const ChunkEdit& edit, const std::string& name,
                          const std::string& editFile);

} // namespace strata::atlas
