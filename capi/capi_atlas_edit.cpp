// strata.h Atlas write-back: chunks from a DCC applied to the base .atlas
// through strata::exportAtlas (the same core the `export-atlas` command uses).
#include "capi_handles.h"
#include "strata/atlas_export.h"
#include "strata/fileio.h"
#include "strata/quadtree.h"

#include <filesystem>
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

const char* kNullEdit = "the atlas edit handle is NULL";

std::string chunkName(const strata_chunk_edit& c) {
  return strata::nodeName(c.level, c.x, c.y);
}

nlohmann::json reportJson(const strata::AtlasExportReport& r) {
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

strata_status strata_atlas_edit_create(strata_atlas_edit** out_edit) {
  if (!out_edit) return STRATA_ERROR_INVALID_ARGUMENT;
  *out_edit = new (std::nothrow) strata_atlas_edit();
  return *out_edit ? STRATA_OK : STRATA_ERROR_OUT_OF_MEMORY;
}

void strata_atlas_edit_destroy(strata_atlas_edit* edit) {
  delete edit;
}

const char* strata_atlas_edit_error(const strata_atlas_edit* edit) {
  return edit ? edit->error.c_str() : kNullEdit;
}

strata_status strata_atlas_edit_add_chunk(strata_atlas_edit* e, const strata_chunk_edit* chunk) {
  if (!e) return STRATA_ERROR_INVALID_ARGUMENT;
  return guarded(e->error, [&] {
    strata_chunk_edit c;
    if (!chunk) return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, "chunk is NULL");
    if (strata_status st = readOptions(e->error, chunk, c, "strata_chunk_edit")) return st;
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
  if (!e) return STRATA_ERROR_INVALID_ARGUMENT;
  return guarded(e->error, [&] {
    if (!base_path || !out_path)
      return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, "base_path or out_path is NULL");
    strata_export_atlas_options o;
    if (strata_status st = readOptions(e->error, options, o, "strata_export_atlas_options"))
      return st;
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_regular_file(strata::pathOf(base_path), ec))
      return fail(e->error, STRATA_ERROR_IO, std::string(base_path) + ": no such file");
    // The base is never overwritten, even atomically: a bad edit must not cost it.
    if (fs::exists(strata::pathOf(out_path), ec) &&
        fs::equivalent(strata::pathOf(out_path), strata::pathOf(base_path), ec))
      return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT,
                  std::string(out_path) + " is the base file; write a new file");
    std::vector<uint8_t> base = strata::readFile(base_path);
    if (base.size() < 4 || base[0] != 'A' || base[1] != 'T' || base[2] != 'L' || base[3] != 'S')
      throw strata::Error(base_path, 0, "the base is not an Atlas file (expected the magic ATLS)");
    strata::AtlasExportOptions eo;
    eo.rebuildLods = o.flags & STRATA_EXPORT_REBUILD_LODS;
    strata::AtlasExportReport report;
    std::vector<uint8_t> out =
        strata::exportAtlas(base, base_path, e->edits, "the edited chunks", eo, report);
    try {
      strata::writeFileAtomic(out_path, out);
    } catch (const strata::Error& err) {
      return fail(e->error, STRATA_ERROR_IO, err.what());
    }
    e->report = std::move(report);
    e->reported = true;
    return STRATA_OK;
  });
}

strata_status strata_atlas_edit_report_json(strata_atlas_edit* e, char** out_json) {
  if (!e) return STRATA_ERROR_INVALID_ARGUMENT;
  return guarded(e->error, [&] {
    if (!e->reported)
      return fail(e->error, STRATA_ERROR_NO_SCENE,
                  "nothing written yet: call strata_atlas_edit_write");
    return returnText(e->error, reportJson(e->report).dump(), out_json);
  });
}

} // extern "C"
