// `strata info` for a TQT: a structure summary as JSON.
#include "tqt/tqt_info.h"

#include "strata/quadtree.h"
#include "tqt/tqt_atlas.h"

#include <map>

namespace strata::tqt {

nlohmann::json describe(const File& file, uint64_t fileSize, const std::string& fileName) {
  using nlohmann::json;
  json j;
  j["format"] = "tqt";
  j["fileSize"] = fileSize;
  j["version"] = file.header.version;
  j["treeDepth"] = file.header.treeDepth;
  j["tileSize"] = file.header.tileSize;
  j["nodes"] = file.offsets.size();
  j["distinctTiles"] = file.tiles.size();
  std::map<uint32_t, const Tile*> tileAt;
  for (const Tile& t : file.tiles) tileAt[t.offset] = &t;
  json levels = json::array();
  for (uint32_t l = 0; l < file.header.treeDepth; ++l) {
    json formats = json::object(), sizes = json::object();
    for (uint64_t i = nodeCount(l); i < nodeCount(l + 1); ++i) {
      const Tile& t = *tileAt.at(file.offsets[size_t(i)]);
      TileDds d = describeTileDds(t, fileName);
      formats[d.format] = formats.value(d.format, 0) + 1;
      std::string size = std::to_string(d.width) + "x" + std::to_string(d.height);
      sizes[size] = sizes.value(size, 0) + 1;
    }
    levels.push_back({{"level", l},
                      {"tiles", uint64_t(1) << (2 * l)},
                      {"formats", formats},
                      {"dimensions", sizes}});
  }
  j["levels"] = levels;
  size_t gapBytes = 0;
  for (const Gap& g : file.gaps) gapBytes += g.bytes.size();
  j["unreferencedBytes"] = gapBytes;
  return j;
}

} // namespace strata::tqt
