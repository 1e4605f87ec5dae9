// FormatHandler for an extracted Ratchet & Clank 2 level directory
// (tfrag-layout.md "Input that Strata reads").
#include "strata/error.h"
#include "strata/formats.h"
#include "strata/text.h"
#include "tfrag/strips.h"
#include "tfrag/tfrag_scene.h"
#include "tfrag/tfrag_validate.h"

namespace strata {

namespace {

bool detectTfrag(const std::string& path, const std::vector<uint8_t>&) {
  return tfrag::looksLikeLevel(path);
}

// The load path: the checks validate runs, then the scene of what passed them.
Scene loadLevelScene(const std::string& path, const LoadOptions& options, bool bare) {
  if (options.lod > 2)
    throw Unsupported(path, Error::kNoOffset,
                      "LOD " + std::to_string(options.lod) + ": tfrags have LODs 0, 1 and 2");
  tfrag::CheckedLevel l = tfrag::checkLevel(path, bare);
  std::vector<std::string> leftOut = tfrag::acceptOrLeaveOut(l, options.partial);
  if (l.tfragIndex.empty() && l.block.header.tfragCount > 0) // only under partial
    throw Error(path, Error::kNoOffset,
                "every tfrag is broken: nothing intact to convert (" + leftOut.front() + ")");
  Scene s = tfrag::levelScene(l, options);
  s.leftOut = std::move(leftOut);
  return s;
}

Scene loadTfrag(const std::string& path, const LoadOptions& options) {
  return loadLevelScene(path, options, false);
}

nlohmann::json infoLevel(const std::string& path, bool bare) {
  using namespace tfrag;
  CheckedLevel l = checkLevel(path, bare);
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

nlohmann::json infoTfrag(const std::string& path) {
  return infoLevel(path, false);
}

ValidationReport validateTfrag(const std::string& path) {
  return tfrag::validateLevel(path, false);
}

TextureSet texturesTfrag(const std::string& path, const LoadOptions& options) {
  tfrag::CheckedLevel l = tfrag::checkLevel(path);
  TextureSet set;
  set.leftOut = tfrag::acceptOrLeaveOut(l, options.partial);
  if (!l.level.hasGsRam)
    throw Error(l.level.gsRamPath, Error::kNoOffset,
                "missing: the palettes and mips 2-3 of every texture live there");
  for (auto& img : l.textures)
    if (img) set.images.push_back(std::move(*img));
  return set;
}

// A bare tfrags block file: never detected (it has no magic); chosen by name
// (`--format tfrag-block`). No texture table, so no textures.
bool detectNever(const std::string&, const std::vector<uint8_t>&) {
  return false;
}

Scene loadBlock(const std::string& path, const LoadOptions& options) {
  return loadLevelScene(path, options, true);
}

nlohmann::json infoBlock(const std::string& path) {
  return infoLevel(path, true);
}

ValidationReport validateBlock(const std::string& path) {
  return tfrag::validateLevel(path, true);
}

TextureSet texturesBlock(const std::string&, const LoadOptions&) {
  return {};
}

} // namespace

extern const FormatHandler kTfragBlockHandler = {"tfrag-block", detectNever,   loadBlock,
                                                 infoBlock,     validateBlock, texturesBlock};

extern const FormatHandler kTfragHandler = {"tfrag",   detectTfrag,   loadTfrag,
                                            infoTfrag, validateTfrag, texturesTfrag};

} // namespace strata
