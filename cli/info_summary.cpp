#include "info_summary.h"
#include "strata/fileio.h"

#include <filesystem>

namespace strata::cli {

using nlohmann::json;

static std::string num(const json& j, const char* key) {
  return j.contains(key) ? j[key].dump() : "?";
}

// "BC1_UNORM" from {"BC1_UNORM": 4}, "BC1_UNORM, R8G8B8A8_UNORM" from several.
static std::string keys(const json& j) {
  std::string s;
  for (auto it = j.begin(); it != j.end(); ++it) s += (s.empty() ? "" : ", ") + it.key();
  return s;
}

static std::vector<std::string> dictionaryLines(const json& info) {
  std::vector<std::string> lines;
  const json& dicts = info["dictionaries"];
  for (size_t d = 0; d < dicts.size(); ++d) {
    if (dicts.size() > 1)
      lines.push_back("dictionary " + std::to_string(d + 1) + ": " + num(dicts[d], "textureCount") +
                      " textures");
    for (const json& t : dicts[d].value("textures", json::array())) {
      std::string size = num(t, "width") + "x" + num(t, "height");
      if (t.value("shape", "") == "3D") size += "x" + num(t, "depth");
      lines.push_back(t.value("name", "?") + ": " + t.value("format", "?") + ", " + size + ", " +
                      num(t, "mips") + " mips, " + t.value("shape", "?"));
    }
  }
  return lines;
}

// Atlas: the Geom TOC's levels; a level is textured when the file has a texture tree.
static std::vector<std::string> atlasLines(const json& info) {
  size_t textureTrees = 0;
  const json* geom = nullptr;
  for (const json& toc : info["tocs"]) {
    if (toc.value("tag", "") == "Tex") ++textureTrees;
    if (toc.value("tag", "") == "Geom" && !geom) geom = &toc;
  }
  const json levels = geom ? geom->value("levels", json::array()) : json::array();
  uint64_t chunks = 0;
  for (const json& l : levels) chunks += l.value("chunks", uint64_t(0));
  std::vector<std::string> lines{"atlas v" + (geom ? num(*geom, "version") : std::string("?")) +
                                 ": " + std::to_string(chunks) + " geometry chunks in " +
                                 std::to_string(levels.size()) + " levels, " +
                                 std::to_string(textureTrees) + " texture trees, " +
                                 num(info, "fileSize") + " bytes"};
  for (const json& l : levels)
    lines.push_back("level " + num(l, "level") + ": " + num(l, "chunks") + " chunks, " +
                    num(l, "triangles") + " triangles (+" + num(l, "skirtTriangles") + " skirt), " +
                    (textureTrees ? "textured" : "untextured"));
  return lines;
}

static std::vector<std::string> chuLines(const json& info) {
  const bool textured = info.contains("companionTqt") && info["companionTqt"].is_string();
  std::vector<std::string> lines{
      "chu v" + num(info, "version") + ": " + num(info, "chunkCount") + " chunks in " +
      num(info, "treeDepth") + " levels, " + num(info, "fileSize") + " bytes" +
      (textured ? ", textures from " +
                      pathOf(info["companionTqt"].get<std::string>()).filename().string()
                : ", no .tqt beside it")};
  for (const json& l : info.value("levels", json::array()))
    lines.push_back("level " + num(l, "level") + ": " + num(l, "chunks") + " chunks, " +
                    num(l, "triangles") + " triangles (skirts included), " +
                    (textured ? "textured" : "untextured"));
  return lines;
}

static std::vector<std::string> tqtLines(const json& info) {
  std::vector<std::string> lines{"tqt v" + num(info, "version") + ": " + num(info, "nodes") +
                                 " tiles in " + num(info, "treeDepth") + " levels, " +
                                 num(info, "fileSize") + " bytes"};
  for (const json& l : info.value("levels", json::array()))
    lines.push_back("level " + num(l, "level") + ": " + num(l, "tiles") + " tiles, " +
                    keys(l.value("dimensions", json::object())) + ", " +
                    keys(l.value("formats", json::object())));
  return lines;
}

// tfrag: the three LODs every tfrag carries (lodTriangles), textured when GS
// RAM (palettes, mips 2-3) is there to decode the textures.
static std::vector<std::string> tfragLines(const json& info) {
  const json& tfrags = info.value("tfrags", json::array());
  const bool textured =
      info.value("gsRam", false) && !info.value("textures", json::array()).empty();
  std::vector<std::string> lines{"tfrag level: " + num(info, "tfragCount") + " tfrags, " +
                                 std::to_string(info.value("textures", json::array()).size()) +
                                 " textures" +
                                 (info.value("gsRam", false) ? "" : ", no gs_ram.bin")};
  for (size_t lod = 0; lod < 3; ++lod) {
    uint64_t triangles = 0;
    for (const json& t : tfrags)
      if (t.contains("lodTriangles") && t["lodTriangles"].size() > lod)
        triangles += t["lodTriangles"][lod].get<uint64_t>();
    lines.push_back("LOD " + std::to_string(lod) + ": " + std::to_string(tfrags.size()) +
                    " tfrags, " + std::to_string(triangles) + " triangles, " +
                    (textured ? "textured" : "untextured"));
  }
  return lines;
}

// R&C2: a level's identity, its tfrags (core and chunks) and the core data's
// sizes; a disc: one line per level.
static std::vector<std::string> rc2Lines(const json& info) {
  if (info.value("format", "") == "rc2-disc") {
    const json& levels = info.value("levels", json::array());
    std::vector<std::string> lines{"rc2 disc image: " + std::to_string(levels.size()) + " levels"};
    for (const json& l : levels) {
      std::string s = l.value("file", "?") + ": ";
      s += l.contains("id") ? "id " + num(l, "id") + " " + l.value("name", "?") : "no id";
      if (l.contains("tfrags"))
        s += ", " + num(l, "tfrags") + " tfrags, " + num(l, "chunks") + " chunks, " +
             num(l, "textures") + " textures";
      if (l.contains("error")) s += "; error: " + l.value("error", "");
      lines.push_back(s);
    }
    return lines;
  }
  const json& core = info.value("coreData", json::object());
  std::vector<std::string> lines{
      "rc2 level " + num(info, "id") + " (" + info.value("name", "?") +
      "): " + num(info, "tfrags") + " tfrags (" + num(info, "coreTfrags") + " in the core), " +
      num(info, "textures") + " textures; core data " + num(core, "compressed") + " -> " +
      num(core, "decompressed") + " bytes"};
  for (const json& c : info.value("chunks", json::array()))
    if (c.contains("tfrags"))
      lines.push_back("chunk " + num(c, "index") + ": " + num(c, "tfrags") + " tfrags");
  return lines;
}

std::vector<std::string> infoSummary(const std::string& input, const json& info) {
  const std::string format = info.value("format", "");
  std::vector<std::string> lines;
  if (info.contains("dictionaries")) {
    lines.push_back(format + " v" + num(info, "version") + " (" + info.value("edition", "?") +
                    "): " + num(info, "textureCount") + " textures");
    for (std::string& l : dictionaryLines(info)) lines.push_back(std::move(l));
  } else if (format == "atlas") {
    lines = atlasLines(info);
  } else if (format == "chu") {
    lines = chuLines(info);
  } else if (format == "tqt") {
    lines = tqtLines(info);
  } else if (format == "tfrag") {
    lines = tfragLines(info);
  } else if (format == "rc2-level" || format == "rc2-disc") {
    lines = rc2Lines(info);
  } else { // a format without a summary of its own: its top-level numbers
    std::string s = format;
    for (auto it = info.begin(); it != info.end(); ++it)
      if (it->is_number()) s += ", " + it.key() + " " + it->dump();
    lines.push_back(s);
  }
  lines.front() = input + ": " + lines.front();
  for (size_t i = 1; i < lines.size(); ++i) lines[i] = "  " + lines[i];
  return lines;
}

} // namespace strata::cli
