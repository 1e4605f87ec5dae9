#pragma once
#include "atlas/atlas_model.h"
#include "atlas/atlas_tiles.h"
#include "strata/fileio.h"
#include "strata/formats.h"
#include "strata/scene.h"

#include <memory>

namespace strata::atlas {

// The Atlas adapter (design.md "Atlas to scene"): one node per chunk of the
// chosen geometry level named L<level>_<x>_<y>, skirts left out unless asked
// for, morph offsets as one morph target, normals from the file. It runs
// validate's checks first (atlas_load.h): an error throws it, naming it, or
// under LoadOptions::partial leaves the chunk out. With textures, every tile
// is decoded once (the ones shown and, to check them, the rest); `origins`
// names them (default: the .atlas's own, atlasTileOrigins).
Scene toScene(const File& file, const LoadOptions& options, const std::string& fileName,
              const TileOrigins& origins = {});
// The same for a model nothing else needs: each chunk's geometry is let go
// once its mesh is built (what is left of `file` holds no geometry).
Scene toScene(File&& file, const LoadOptions& options, const std::string& fileName,
              const TileOrigins& origins = {});

// toScene of the file `bytes` hold, read for it: each geometry frame is
// checked and made into its mesh as it is read, its geometry then let go, so
// the model's geometry is never held whole (the same scene, the same
// problems and errors as readAtlas and toScene).
Scene loadScene(const FileBytes& bytes, const LoadOptions& options, const std::string& fileName);
// The same, keeping `bytes` for LoadOptions::meshesOnDemand: at one level
// the scene then holds no mesh arrays, and Scene::meshSource makes each
// chunk's mesh from its frame, read again.
Scene loadScene(const std::shared_ptr<const FileBytes>& bytes, const LoadOptions& options,
                const std::string& fileName);

// The first geometry TOC, or nullptr.
const Toc* geometryToc(const File& file);

} // namespace strata::atlas
