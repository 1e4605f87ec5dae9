#include "tqt/tqt_scene.h"

#include "atlas/atlas_load.h"
#include "strata/fileio.h"
#include "tqt/tqt_atlas.h"
#include "tqt/tqt_io.h"

namespace strata::tqt {

TextureSet loadTextures(const Source& in, const LoadOptions& options) {
  File file = readTqt(*in.bytes(), in.path);
  return atlas::loadTiles(asAtlas(file), options, in.path, tileOrigins(file, in.path));
}

} // namespace strata::tqt
