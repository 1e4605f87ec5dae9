#pragma once
// The Atlas write-back, piece by piece (strata/atlas_export.h is the entry).
#include "atlas/atlas_model.h"
#include "strata/atlas_export.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::atlas {

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
RebuiltChunk rebuildChunk(const GeomChunk& original, const AtlasChunkEdit& edit,
                          const std::string& name, const std::string& editFile);

} // namespace strata::atlas
