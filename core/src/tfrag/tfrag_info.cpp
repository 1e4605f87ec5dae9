// `strata info` for a level (or a bare tfrags block): a structure summary as
// JSON of what the checks let through.
#include "tfrag/tfrag_info.h"

#include "strata/text.h"
#include "tfrag/tfrag_strips.h"
#include "tfrag/tfrag_validate.h"

namespace strata::tfrag {

nlohmann::json describeLevel(const std::string& path, bool bare) {
  return describeLevel(checkLevel(path, bare), bare);
}

nlohmann::json describeLevel(const CheckedLevel& l, bool bare) {
  acceptOrLeaveOut(l, false);
  const Level& lv = l.level;
  nlohmann::json j;
  j["format"] = bare ? "tfrag-block" : "tfrag";
  j["directory"] = escapeUtf8(lv.dir);
  j["gsRam"] = lv.hasGsRam;
  j["coreData"] = {{"bytes", lv.coreData.size()},
                   {"tfragsOffset", lv.header.tfragsOffset},
                   {"tfragsBytes", lv.tfragsSize},
                   {"texturesBase", lv.header.texturesBase}};
  float L = l.block.header.lodDistance;
  j["lodDistance"] = L;
  j["switchDistances"] = {6 * L, 4 * L, 2 * L};
  j["tfragCount"] = l.block.tfrags.size();
  uint64_t verts = 0, adGifs = 0;
  std::array<uint64_t, 3> tris{};
  nlohmann::json list = nlohmann::json::array();
  for (size_t i = 0; i < l.block.tfrags.size(); ++i) {
    const Tfrag& t = l.block.tfrags[i];
    std::array<uint64_t, 3> lt{};
    for (int lod = 0; lod < 3; ++lod)
      lt[size_t(lod)] =
          triangleCount(decodeStrips(t.strips[size_t(lod)], t.adGifs.size(), lv.coreDataPath,
                                     t.at.strips[size_t(lod)].offset));
    verts += t.positionCount();
    adGifs += t.adGifs.size();
    for (int k = 0; k < 3; ++k) tris[size_t(k)] += lt[size_t(k)];
    nlohmann::json textures = nlohmann::json::array();
    for (auto& g : t.adGifs) textures.push_back(g.textureIndex());
    list.push_back(
        {{"index", i},
         {"vertCount", t.header.vertCount},
         {"triCount", t.header.triCount},
         {"lodTriangles", lt},
         {"positions", {t.positions[0].size(), t.positions[1].size(), t.positions[2].size()}},
         {"vertexInfos", {t.vertexInfo[0].size(), t.vertexInfo[1].size(), t.vertexInfo[2].size()}},
         {"textures", textures},
         {"origin", {t.origin[0], t.origin[1], t.origin[2]}},
         {"bsphere", t.header.bsphere}});
  }
  j["vertexCount"] = verts;
  j["triangles"] = tris;
  j["adGifCount"] = adGifs;
  nlohmann::json tex = nlohmann::json::array();
  for (size_t i = 0; i < lv.textures.size(); ++i) {
    const TextureEntry& e = lv.textures[i];
    tex.push_back({{"index", i},
                   {"width", e.width},
                   {"height", e.height},
                   {"mips", mipLevels(e)},
                   {"dataOffset", e.dataOffset},
                   {"palette", e.palette}});
  }
  j["textures"] = tex;
  j["tfrags"] = list;
  return j;
}

} // namespace strata::tfrag
