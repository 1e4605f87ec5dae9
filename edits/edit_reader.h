#pragma once
// Edited files -> typed Atlas chunk edits, the way back (design.md "Atlas
// write-back"). Every mesh-bearing node becomes one AtlasChunkEdit holding its
// primitives with the node's world transform applied, in Atlas axes (Z up):
// glTF's Y-up point (x, y, z) becomes (x, -z, y) (fromYUp). The
// chunk comes from the node's extras.strata {level, x, y}, else from
// L<level>_<x>_<y> in its name or its mesh's (edited_nodes.h).
#include "strata/atlas_export.h"
#include "strata/fileio.h"

#include <string>
#include <vector>

namespace strata::edits {

// glTF 2.0 through tinygltf: .glb (by its "glTF" magic) or .gltf JSON, with
// external buffers beside it. Triangle strips and fans become lists; points
// and lines are an Error.
// Bytes in memory have no files beside them: a .gltf in memory must embed
// its buffers (data: URIs).
std::vector<AtlasChunkEdit> readGltfEdits(const Source& in);

// OBJ, FBX and DAE through Assimp, chosen by the extension (other extensions
// are Unsupported: Assimp's other importers hang or crash on malformed files):
// polygons triangulated, identical vertices joined, Y up (as Blender and Maya
// export) unless the file says Z is up (FBX UpAxis); texture V flipped to
// glTF's top-left origin. Points and lines are an Error.
std::vector<AtlasChunkEdit> readAssimpEdits(const Source& in);

// glTF/GLB by magic (a GLB header, or JSON text), anything else through
// readAssimpEdits.
std::vector<AtlasChunkEdit> readEdits(const Source& in);

} // namespace strata::edits
