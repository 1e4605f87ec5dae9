// The OGC 3D Tiles output: a tileset directory from a terrain quadtree (Atlas
// or CHU at every level of detail).
#include "outputs.h"
#include "tileset.h"

#include "strata/error.h"

namespace strata {

namespace {

OutputWritten writeTiles(const Scene& scene, const std::string& dir, const OutputOptions& options) {
  tiles::TilesetOptions to;
  to.glb.textures = options.textures;
  to.compress = options.compress;
  to.jobs = options.jobs;
  to.progress = options.progress;
  tiles::writeTileset(scene, dir, to);
  return {{dir}, {}, {}};
}

void refuseTiles(const FormatHandler& format, const std::string& input) {
  throw Unsupported(input, Error::kNoOffset,
                    std::string("a ") + format.name +
                        " file is not a terrain quadtree: tiles takes an .atlas or a .chu");
}

} // namespace

extern const OutputWriter kTilesetOutput;
const OutputWriter kTilesetOutput = {
    "3d-tiles", {},      {{"atlas", "chu"}, false, false, false, true},
    writeTiles, nullptr, refuseTiles};

} // namespace strata
