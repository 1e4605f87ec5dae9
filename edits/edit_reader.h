#pragma once
// Edited files -> neutral scene, the way back (design.md "Atlas write-back").
// Every mesh-bearing node becomes one scene node whose mesh holds its
// primitives with the node's world transform applied, in the scene's Z-up
// axes: glTF's Y-up point (x, y, z) becomes (x, -z, y) (gltf::fromGltfAxes).
#include "strata/scene.h"

#include <string>

namespace strata::edits {

// glTF 2.0 through tinygltf: .glb (by its "glTF" magic) or .gltf JSON, with
// external buffers beside it. Node extras.strata {level, x, y} become tags.
// Triangle strips and fans become lists; points and lines are an Error.
Scene readGltfScene(const std::string& path);

// OBJ, FBX and DAE through Assimp, chosen by the extension (other extensions
// are Unsupported: Assimp's other importers hang or crash on malformed files):
// polygons triangulated, identical vertices joined, Y up (as Blender and Maya
// export) unless the file says Z is up (FBX UpAxis); texture V flipped to
// glTF's top-left origin. Points and lines are an Error.
Scene readAssimpScene(const std::string& path);

// glTF/GLB by magic (a GLB header, or JSON text), anything else through
// readAssimpScene.
Scene readEditedScene(const std::string& path);

} // namespace strata::edits
