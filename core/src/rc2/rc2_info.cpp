#include "rc2/rc2_info.h"

#include "rc2/rc2_level.h"
#include "rc2/rc2_source.h"
#include "strata/error.h"
#include "strata/rc2.h"
#include "strata/text.h"

namespace strata::rc2 {

using nlohmann::json;

namespace {

// What the checks let through, as counts.
json counts(const CheckedWad& c) {
  json chunks = json::array();
  size_t tfrags = c.core.tfragIndex.size();
  for (size_t i = 0; i < 3; ++i) {
    const ChunkInfo& ci = c.wad.chunkInfo[i];
    const SectorRange r = c.wad.container.header.chunks[i];
    json j = {{"index", i},
              {"sectors", {{"offset", r.offset}, {"size", r.size}}},
              {"present", ci.present}};
    if (ci.present) {
      j["tfragsOffset"] = ci.header.tfrags;
      j["collisionOffset"] = ci.header.collision;
    }
    for (size_t k = 0; k < c.wad.chunks.size(); ++k)
      if (c.wad.chunks[k].index == i) {
        j["tfragsStream"] = {{"offset", c.wad.chunks[k].streamAt},
                             {"compressed", ci.tfragsStored},
                             {"decompressed", ci.tfragsSize}};
        j["tfrags"] = c.chunks[k].tfragIndex.size();
        tfrags += c.chunks[k].tfragIndex.size();
      }
    if (i == 0 && ci.present) j["note"] = "chunk 0's tfrags are the core's";
    chunks.push_back(j);
  }
  return {{"tfrags", tfrags},
          {"coreTfrags", c.core.tfragIndex.size()},
          {"textures", c.core.level.textures.size()},
          {"chunks", chunks}};
}

} // namespace

json describeLevelWad(const Source& in) {
  const std::string& path = in.path;
  const LevelSource src(in);
  const CheckedWad c = checkLevelWad(src.data(), src.size(), path);
  tfrag::CheckedLevel all;
  all.readable = c.readable();
  all.findings = c.findings;
  tfrag::acceptOrLeaveOut(all, false);
  const LevelHeader& h = c.wad.container.header;
  const DataExtent& x = c.wad.container.data;
  json ranges = json::array();
  for (const NamedSectorRange& r : sectorRanges(h))
    ranges.push_back({{"name", r.name},
                      {"sectors", {{"offset", r.range.offset}, {"size", r.range.size}}},
                      {"bytes", {{"offset", r.range.byteOffset()}, {"size", r.range.byteSize()}}},
                      {"empty", r.range.empty()}});
  json extent = json::array();
  for (const NamedByteRange& r : byteRanges(x.header))
    extent.push_back({{"name", r.name},
                      {"offset", r.range.offset},
                      {"size", r.range.size},
                      {"fileOffset", r.range.empty() ? json(nullptr)
                                                     : json(x.begin + uint64_t(r.range.offset))}});
  const json n = counts(c);
  json j = {{"format", "rc2-level"},
            {"file", escapeUtf8(path)},
            {"bytes", src.size()},
            {"id", h.id},
            {"name", levelTitle(h.id)},
            {"headerSize", h.headerSize},
            {"sector", h.sector},
            {"reverb", h.reverb},
            {"ranges", ranges},
            {"dataExtent", {{"offset", x.begin}, {"size", x.size}, {"ranges", extent}}},
            {"coreData",
             {{"offset", c.wad.coreDataAt},
              {"compressed", c.wad.coreDataStored},
              {"decompressed", c.core.level.coreData.size()},
              {"declaredCompressed", c.core.level.header.compressedSize},
              {"declaredDecompressed", c.core.level.header.decompressedSize}}},
            {"tfrags", n["tfrags"]},
            {"coreTfrags", n["coreTfrags"]},
            {"textures", n["textures"]},
            {"gsRam", c.core.level.hasGsRam},
            {"chunks", n["chunks"]}};
  return j;
}

json describeDisc(const std::string& image) {
  json levels = json::array();
  for (const LevelEntry& e : discLevels(image)) {
    json j = {{"file", escapeUtf8(e.file)}, {"path", escapeUtf8(e.path)}};
    if (e.id >= 0) {
      j["id"] = e.id;
      j["name"] = e.name;
    }
    try {
      const LevelSource src(e.path);
      const CheckedWad c = checkLevelWad(src.data(), src.size(), e.path);
      const json n = counts(c);
      j["tfrags"] = n["tfrags"];
      j["textures"] = n["textures"];
      size_t chunks = 0;
      for (const ChunkTfrags& k : c.wad.chunks) chunks += k.index > 0;
      j["chunks"] = chunks;
      for (const tfrag::LevelFinding& f : c.findings)
        if (f.severity == Severity::Error) {
          j["error"] = Error(f.file, f.offset, f.message).what();
          break;
        }
    } catch (const Error& err) {
      j["error"] = err.what();
    }
    levels.push_back(j);
  }
  return {{"format", "rc2-disc"}, {"image", escapeUtf8(image)}, {"levels", levels}};
}

} // namespace strata::rc2
