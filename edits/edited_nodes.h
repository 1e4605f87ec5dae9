#pragma once
// The mesh-bearing nodes of an edited file -> the chunks they edit (design.md
// "Atlas to scene": one node per chunk named L<level>_<x>_<y>, with
// extras.strata {level, x, y}). Both readers of edit_reader.h end here.
#include "strata/atlas_export.h"
#include "strata/scene.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace strata::edits {

// One node with a mesh as a reader found it: world transform applied, in
// Atlas axes (Z up).
struct EditedNode {
  std::string name;
  std::string meshName;
  // extras.strata {level, x, y}: they survive renaming in a DCC.
  std::optional<std::array<uint32_t, 3>> tagged;
  std::vector<Primitive> primitives;
};

// Finds L<level>_<x>_<y> in a name a DCC may have decorated ("L2_1_3.001",
// "Mesh_L2_1_3", "L2_1_3_$AssimpFbx$_Translation"): the first match whose L
// does not follow a letter or digit and whose last number is not followed by
// a digit. False when the name carries none.
bool parseChunkName(const std::string& name, uint32_t& level, uint32_t& x, uint32_t& y);

// One AtlasChunkEdit per node, its primitives concatenated; the chunk from its
// tags, else the first L<level>_<x>_<y> in the node's name, else in the
// mesh's. Throws Error (naming `fileName` and the node) for a node that names
// no chunk.
std::vector<AtlasChunkEdit> chunkEdits(const std::vector<EditedNode>& nodes,
                                       const std::string& fileName);

} // namespace strata::edits
