// strata.h Atlas write-back: chunks from a DCC applied to the base .atlas
// through strata::exportAtlas (the same core the `export-atlas` command uses).
#include "capi_handles.h"
#include "strata/atlas_export.h"
#include "strata/fileio.h"
#include "strata/quadtree.h"

#include <set>
#include <tuple>

using namespace strata::capi;

struct strata_atlas_edit {
  std::string error;
  std::vector<strata::AtlasChunkEdit> edits;
  std::set<std::tuple<uint32_t, uint32_t, uint32_t>> chunks;
  bool reported = false;
  strata::AtlasExportReport report;
};

namespace {

std::string chunkName(const strata_chunk_edit& c) {
  return strata::nodeName(c.level, c.x, c.y);
}

nlohmann::json exportReportJson(const strata::AtlasExportReport& r) {
  return {{"baseVersion", r.baseVersion},
          {"appended", r.appended},
          {"edited", r.edited},
          {"unchanged", r.unchanged},
          {"morphZeroed", r.morphZeroed},
          {"skirtsRegenerated", r.skirtsRegenerated},
          {"texCoordsFromEdit", r.texCoordsFromEdit},
          {"lodsRebuilt", r.lodsRebuilt},
          {"staleLods", r.staleLods},
          {"boundsUpdated", r.boundsUpdated},
          {"collisionRegenerated", r.collisionRegenerated},
          {"chunksWritten", r.chunksWritten}};
}

} // namespace

extern "C" {

STRATA_CAPI_HANDLE_LIFETIME(strata_atlas_edit, "the atlas edit handle is NULL")

strata_status strata_atlas_edit_add_chunk(strata_atlas_edit* e, const strata_chunk_edit* chunk) {
  return onHandle(e, [&] {
    strata_chunk_edit c;
    if (strata_status st = readArgument(e->error, chunk, c, "strata_chunk_edit", "chunk"))
      return st;
    const std::string name = c.name ? std::string(c.name) : chunkName(c);
    if (c.vertex_count && !c.positions)
      return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, name + ": positions is NULL");
    if (c.index_count && !c.indices)
      return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, name + ": indices is NULL");
    if (c.index_count % 3)
      return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT,
                  name + ": " + std::to_string(c.index_count) +
                      " indices is not a whole number of triangles");
    for (uint32_t i = 0; i < c.index_count; ++i)
      if (c.indices[i] >= c.vertex_count)
        return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT,
                    name + ": index " + std::to_string(i) + " is " + std::to_string(c.indices[i]) +
                        " but there are " + std::to_string(c.vertex_count) + " vertices");
    if (!e->chunks.insert({c.level, c.x, c.y}).second)
      return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT,
                  name + ": chunk " + chunkName(c) + " was already added");
    strata::AtlasChunkEdit edit;
    edit.level = c.level, edit.x = c.x, edit.y = c.y;
    edit.source = "node '" + name + "'";
    const size_t n = c.vertex_count;
    edit.positions.resize(n);
    std::memcpy(edit.positions.data(), c.positions, n * sizeof(strata::Vec3));
    if (c.normals) {
      edit.normals.resize(n);
      std::memcpy(edit.normals.data(), c.normals, n * sizeof(strata::Vec3));
    }
    if (c.uvs) {
      edit.uv.resize(n);
      std::memcpy(edit.uv.data(), c.uvs, n * sizeof(strata::Vec2));
    }
    edit.indices.assign(c.indices, c.indices + c.index_count);
    e->edits.push_back(std::move(edit));
    return STRATA_OK;
  });
}

strata_status strata_atlas_edit_write(strata_atlas_edit* e, const char* base_path,
                                      const char* out_path,
                                      const strata_export_atlas_options* options) {
  return onHandle(e, [&] {
    if (!base_path || !out_path)
      return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, "base_path or out_path is NULL");
    strata_export_atlas_options o;
    if (strata_status st = readOptions(e->error, options, o, "strata_export_atlas_options"))
      return st;
    if (strata_status st = checkInOut(e->error, base_path, out_path, "the base file")) return st;
    std::vector<uint8_t> base = strata::readFile(base_path);
    if (base.size() < 4 || base[0] != 'A' || base[1] != 'T' || base[2] != 'L' || base[3] != 'S')
      throw strata::Error(base_path, 0, "the base is not an Atlas file (expected the magic ATLS)");
    strata::AtlasExportOptions eo;
    eo.rebuildLods = o.flags & STRATA_EXPORT_REBUILD_LODS;
    strata::AtlasExportReport report;
    std::vector<uint8_t> out =
        strata::exportAtlas(base, base_path, e->edits, "the edited chunks", eo, report);
    return writeAndReport(e, out_path, out, std::move(report));
  });
}

strata_status strata_atlas_edit_report_json(strata_atlas_edit* e, char** out_json) {
  return reportText(e, out_json, "nothing written yet: call strata_atlas_edit_write",
                    exportReportJson);
}

} // extern "C"
