#include "tqt/tqt_scene.h"

#include "atlas/atlas_load.h"
#include "strata/fileio.h"
#include "tqt/tqt_atlas.h"
#include "tqt/tqt_io.h"

namespace strata::tqt {

TextureSet loadTextures(const std::string& path, const LoadOptions& options) {
  File file = readTqt(readFile(path), path);
  return atlas::loadTiles(asAtlas(file), options, path, tileOrigins(file, path));
}

} // namespace strata::tqt
