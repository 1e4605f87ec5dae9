// `strata info` for a CHU: a structure summary as JSON.
#include "chu/chu_info.h"

#include "strata/quadtree.h"
#include "strata/text.h"

#include <cmath>
#include <map>

namespace strata {

namespace chu {

nlohmann::json describe(const File& file, uint64_t fileSize, const std::string& companionTqt) {
  using nlohmann::json;
  const Header& h = file.header;
  json j;
  j["format"] = "chu";
  j["fileSize"] = fileSize;
  j["version"] = h.version;
  j["treeDepth"] = h.treeDepth;
  j["baseMaxError"] = h.baseMaxError;
  j["verticalScale"] = h.verticalScale;
  j["leafDimensions"] = h.leafDimensions;
  j["terrainSize"] = double(h.leafDimensions) * std::ldexp(1.0, h.treeDepth - 1); // §9b
  j["chunkCount"] = h.chunkCount;
  j["colTreeDepth"] = h.colTreeDepth;
  std::map<uint32_t, const Chunk*> chunkAt;
  for (const Chunk& c : file.chunks) chunkAt[c.offset] = &c;
  json levels = json::array();
  for (int32_t l = 0; l < h.treeDepth; ++l) {
    size_t stubs = 0, verts = 0, tris = 0, collision = 0;
    for (const Stub& s : file.stubs) {
      if (nodePos(uint64_t(s.label)).level != uint32_t(l)) continue;
      const Chunk& c = *chunkAt.at(s.chunkOffset);
      ++stubs;
      verts += c.verts.size();
      tris += c.indices.size() / 3;
      collision += c.colDataFlag == 1;
    }
    levels.push_back({{"level", l},
                      {"chunks", stubs},
                      {"vertices", verts},
                      {"triangles", tris},
                      {"chunksWithCollision", collision}});
  }
  j["levels"] = levels;
  j["distinctChunks"] = file.chunks.size();
  size_t inOrder = 0;
  for (size_t i = 0; i < file.stubs.size(); ++i) inOrder += file.stubs[i].label == int32_t(i);
  j["stubsInLabelOrder"] = inOrder == file.stubs.size();
  size_t gapBytes = 0;
  for (const Gap& g : file.gaps) gapBytes += g.bytes.size();
  j["unreferencedBytes"] = gapBytes;
  j["companionTqt"] = companionTqt.empty() ? json(nullptr) : json(escapeUtf8(companionTqt));
  return j;
}

} // namespace chu

} // namespace strata
