// CHU (+ TQT) -> neutral scene: the §9b mapping to an Atlas model, then the
// Atlas adapter, with the TQT's tiles named as the TQT's.
#include "chu/chu_scene.h"

#include "atlas/atlas_scene.h"
#include "chu/chu_load.h"
#include "tqt/tqt_atlas.h"

namespace strata::chu {

Scene loadScene(const Source& in, const LoadOptions& options) {
  MapOptions mo;
  std::vector<std::string> leftOut;
  File file = readChecked(in, options.partial, mo, leftOut);
  std::string tqtPath;
  std::unique_ptr<tqt::File> tex =
      options.textures ? companion(in, tqtPath, options.partial, leftOut) : nullptr;
  atlas::File mapped = toAtlas(file, tex.get(), in.path, mo);
  Scene scene = atlas::toScene(std::move(mapped), options, in.path,
                               tex ? tqt::tileOrigins(*tex, tqtPath) : atlas::TileOrigins{});
  scene.leftOut.insert(scene.leftOut.begin(), leftOut.begin(), leftOut.end());
  return scene;
}

} // namespace strata::chu
