#pragma once
// --rebuild-lods: a coarser chunk regenerated from its children, so the
// levels above an edit agree with it.
#include "atlas/atlas_edit_geometry.h"
#include "atlas/atlas_model.h"

#include <string>
#include <vector>

namespace strata::atlas {

// The union of the children's solid triangles, welded where children share an
// edge, simplified with meshoptimizer toward `targetIndices` indices with the
// outer border locked (so neighbours still meet it). Every kept vertex is one
// of the children's, with its normal and texture coordinate; morph offsets
// are zero and there are no skirts yet.
WorkMesh simplifyChildren(const std::vector<const GeomChunk*>& children, size_t targetIndices);

} // namespace strata::atlas
