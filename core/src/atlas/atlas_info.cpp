// `strata info` for Atlas: a structure summary as JSON.
#include "atlas/atlas_info.h"

#include "atlas/atlas_lod_check.h"

#include "strata/quadtree.h"
#include "strata/text.h"

#include <cstring>

namespace strata::atlas {

nlohmann::json describe(const File& file, uint64_t fileSize) {
  using nlohmann::json;
  json j;
  j["format"] = "atlas";
  j["fileSize"] = fileSize;
  json tocs = json::array();
  for (const Toc& t : file.tocs) {
    json tj;
    tj["tag"] = t.tag;
    tj["treeDepth"] = t.treeDepth;
    tj["stubCount"] = t.stubCount();
    tj["version"] = t.version;
    if (t.kind == TocKind::Geom) {
      tj["goalBatchSize"] = t.goalBatchSize;
      json levels = json::array();
      for (uint32_t l = 0; l < t.treeDepth && nodeCount(t.treeDepth) == t.stubCount(); ++l) {
        size_t chunks = 0, verts = 0, tris = 0, skirtTris = 0, collision = 0, noMorph = 0;
        for (uint64_t i = nodeCount(l); i < nodeCount(l + 1); ++i) {
          const GeomStub& s = t.geomStubs[i];
          const Frame* f = s.length ? file.frameAt(s.offset) : nullptr;
          if (!f) continue;
          ++chunks;
          verts += f->geom.verts.size();
          tris += (f->geom.indices.size() - f->geom.skirtSkip) / 3;
          skirtTris += f->geom.skirtSkip / 3;
          collision += f->geom.colFlag == kCollisionPresent;
          noMorph += morphIsZero(f->geom);
        }
        levels.push_back({{"level", l},
                          {"chunks", chunks},
                          {"vertices", verts},
                          {"triangles", tris},
                          {"skirtTriangles", skirtTris},
                          {"chunksWithCollision", collision},
                          // export-atlas zeroes morph offsets of re-topologized chunks
                          {"chunksWithoutMorph", noMorph}});
      }
      tj["levels"] = levels;
    } else if (t.kind == TocKind::Tex) {
      json formats = json::object();
      for (const TexStub& s : t.texStubs) {
        const Frame* f = s.length ? file.frameAt(s.offset) : nullptr;
        if (!f) continue;
        const char* name = f->tex.format == 0   ? "jpeg"
                           : f->tex.format == 1 ? "png"
                           : f->tex.format == 2 ? "dds"
                                                : "unknown";
        formats[name] = formats.value(name, 0) + 1;
      }
      tj["tiles"] = formats;
    } else {
      json configs = json::array();
      for (const ConfigStub& s : t.configStubs) {
        json cj;
        cj["name"] = escapeUtf8(std::string(s.name.data(), strnlen(s.name.data(), s.name.size())));
        const Frame* f = s.length ? file.frameAt(s.offset) : nullptr;
        json entries = json::array();
        if (f)
          for (const ConfigEntry& e : f->config.entries)
            entries.push_back({{"key", escapeUtf8(e.key)}, {"value", escapeUtf8(e.value)}});
        cj["entries"] = entries; // newest first, as stored (§5)
        configs.push_back(cj);
      }
      tj["configs"] = configs;
    }
    tocs.push_back(tj);
  }
  j["tocs"] = tocs;
  j["chunks"] = file.frames.size();
  size_t gapBytes = 0;
  for (const Gap& g : file.gaps) gapBytes += g.bytes.size();
  j["unreferencedBytes"] = gapBytes;
  return j;
}

} // namespace strata::atlas
