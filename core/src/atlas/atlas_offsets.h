#pragma once
// Where the serialized fields of a parsed model lie in its file
// (atlas-chu-tqt.md §0-§1 TOC layout, §2 frame, §3 geometry payload order),
// for messages that name a byte offset. The reader keeps no offsets in the
// model; they follow from the layout.
#include "atlas/atlas_model.h"

#include <cstdint>

namespace strata::atlas {

// The first byte (its offset field) of stub `stub` of TOC `toc`.
uint64_t stubFileOffset(const File& file, size_t toc, size_t stub);

// A geometry frame's fields.
struct GeomLayout {
  uint64_t bounds = 0;     // chunk mBounds (from v101)
  uint64_t vertices = 0;   // the first vertex
  uint64_t vertexSize = 0; // 40, or 52 with normals (v140)
  // Offsets inside a vertex (§3 "Vertex data", by version).
  uint64_t point = 0, texCoord = 12, pointMorph = 0, texMorph = 0, normal = 40;
};
GeomLayout geomLayout(const Frame& frame);

} // namespace strata::atlas
