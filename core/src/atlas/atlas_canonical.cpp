// The canonical v140 interpretation of older versions (§7).
#include "atlas/atlas_io.h"

#include <algorithm>

namespace strata::atlas {

Box3 boundsOfVertices(const std::vector<Vertex>& verts) {
  Box3 b;
  if (verts.empty()) return b;
  b.min = b.max = verts[0].point;
  for (const Vertex& v : verts)
    for (int k = 0; k < 3; ++k) {
      b.min[k] = std::min(b.min[k], v.point[k]);
      b.max[k] = std::max(b.max[k], v.point[k]);
    }
  return b;
}

Box3 canonicalBounds(const Frame& frame) {
  // §7: before 101 bounds are derived from the vertices; from 101 the stored
  // chunk bound is authoritative.
  if (frame.version < kVersionBounds) return boundsOfVertices(frame.geom.verts);
  return frame.geom.bounds;
}

} // namespace strata::atlas
