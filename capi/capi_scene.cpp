// strata.h scene handles: create, load, summary, info and validation JSON.
#include "capi_handles.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/formats.h"
#include "strata/rc2.h"
#include "strata/text.h"

#include <filesystem>
#include <fstream>

using namespace strata::capi;

namespace {

strata::LoadOptions toLoadOptions(const strata_load_options& o) {
  strata::LoadOptions l;
  if (o.flags & STRATA_LOAD_LOD) l.lod = o.lod;
  l.skirts = o.flags & STRATA_LOAD_SKIRTS;
  l.textures = !(o.flags & STRATA_LOAD_NO_TEXTURES);
  if (o.flags & STRATA_LOAD_TEXTURE_LEVEL) l.textureLevel = o.texture_level;
  l.swapRedBlue = o.flags & STRATA_LOAD_SWAP_RED_BLUE;
  l.partial = o.flags & STRATA_LOAD_PARTIAL;
  l.progress = progressOf(o.progress, o.progress_user);
  return l;
}

// Missing or unreadable inputs are I/O failures, told apart from malformed
// ones before any reader runs.
bool readable(const std::string& path, std::string& why) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (strata::rc2::splitMemberPath(path)) return true; // a level in a disc image
  if (!fs::exists(strata::pathOf(path), ec)) {
    why = path + ": no such file or directory";
    return false;
  }
  if (fs::is_directory(strata::pathOf(path), ec)) return true;
  std::ifstream in(strata::pathOf(path), std::ios::binary);
  if (!in) {
    why = path + ": cannot open for reading";
    return false;
  }
  return true;
}

nlohmann::json validationJson(const strata::ValidationReport& r) {
  nlohmann::json findings = nlohmann::json::array();
  for (const strata::Finding& f : r.findings) {
    findings.push_back(strata::findingJson(f));
  }
  return {{"file", strata::escapeUtf8(r.file)}, {"format", r.format},   {"errors", r.errors()},
          {"warnings", r.warnings()},           {"findings", findings}, {"summary", r.summary}};
}

// `strata info --json` and `strata validate` of one file, as the loaded-scene and
// by-path calls both return them.
strata_status infoText(std::string& slot, const strata::FormatHandler& h, const strata::Source& in,
                       char** out_json) {
  if (!h.info)
    return fail(slot, STRATA_ERROR_UNSUPPORTED, std::string(h.name) + " has no structure summary");
  return returnText(slot, h.info(in).dump(), out_json);
}

strata_status validateText(std::string& slot, const strata::FormatHandler& h,
                           const strata::Source& in, char** out_json) {
  if (!h.validate)
    return fail(slot, STRATA_ERROR_UNSUPPORTED, std::string(h.name) + " has no validation");
  return returnText(slot, validationJson(h.validate(in)).dump(), out_json);
}

// Loads `in` into the handle (the body of strata_scene_load and
// strata_load_memory): a failed load leaves it empty rather than half old,
// half new.
strata_status loadInto(strata_scene* s, const strata::Source& in,
                       const strata_load_options* options) {
  strata_load_options o;
  if (strata_status st = readOptions(s->error, options, o, "strata_load_options")) return st;
  s->loaded = false;
  s->scene = strata::Scene();
  s->handler = nullptr;
  std::string why;
  if (in.onDisk() && !readable(in.path, why)) return fail(s->error, STRATA_ERROR_IO, why);
  const strata::FormatHandler& h = strata::requireFormat(in);
  const strata::LoadOptions lo = toLoadOptions(o);
  strata::Scene scene;
  if (o.flags & STRATA_LOAD_IMAGES_ONLY) {
    if (!h.textures)
      return fail(s->error, STRATA_ERROR_UNSUPPORTED,
                  in.path + ": " + h.name + " files hold no textures");
    scene.name = strata::escapeUtf8(in.path);
    strata::TextureSet set = h.textures(in, lo);
    scene.images = std::move(set.images);
    scene.leftOut = std::move(set.leftOut);
  } else if (!h.load) {
    return fail(s->error, STRATA_ERROR_UNSUPPORTED,
                in.path + ": " + h.name +
                    " files hold no geometry (STRATA_LOAD_IMAGES_ONLY reads their textures)");
  } else {
    scene = h.load(in, lo);
  }
  s->scene = std::move(scene);
  s->source = in;
  s->handler = &h;
  s->loaded = true;
  return STRATA_OK;
}

// A call on a path (nothing loaded) that answers in JSON: its arguments and
// I/O fail as strata_scene_load's fail.
template <class Body>
strata_status onPath(strata_scene* s, const char* path, char** out_json, Body&& body) noexcept {
  return onHandle(s, [&] {
    if (!path) return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT, "path is NULL");
    if (!out_json) return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT, "out_json is NULL");
    std::string why;
    if (!readable(path, why)) return fail(s->error, STRATA_ERROR_IO, why);
    return body();
  });
}

// The same with the handler of the file (unrecognised input fails too).
template <class Body>
strata_status onFile(strata_scene* s, const char* path, char** out_json, Body&& body) noexcept {
  return onPath(s, path, out_json, [&] { return body(strata::requireFormat(path)); });
}

// Piece `index` of a list of texts the scene keeps (warnings, pieces left out).
strata_status textAt(strata_scene* s, const std::vector<std::string>& texts, const char* what,
                     uint32_t index, const char** out_text) {
  if (!out_text) return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT, "out_text is NULL");
  if (index >= texts.size())
    return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT,
                std::string(what) + " " + std::to_string(index) + " out of range (" +
                    std::to_string(texts.size()) + " in the scene)");
  *out_text = texts[index].c_str();
  return STRATA_OK;
}

} // namespace

extern "C" {

STRATA_CAPI_HANDLE_LIFETIME(strata_scene, "the scene handle is NULL")

strata_status strata_scene_load(strata_scene* s, const char* path,
                                const strata_load_options* options) {
  return onHandle(s, [&] {
    if (!path) return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT, "path is NULL");
    return loadInto(s, strata::Source(path), options);
  });
}

strata_status strata_load_memory(strata_scene* s, const void* data, size_t size, const char* name,
                                 const strata_load_options* options) {
  return onHandle(s, [&] {
    if (!data && size) return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT, "data is NULL");
    if (!name) return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT, "name is NULL");
    const uint8_t* bytes = static_cast<const uint8_t*>(data);
    return loadInto(s, strata::Source(std::vector<uint8_t>(bytes, bytes + size), name), options);
  });
}

strata_status strata_scene_get_summary(strata_scene* s, strata_scene_summary* out) {
  return onLoadedScene(s, [&] {
    strata_scene_summary r{};
    r.size = sizeof r;
    r.format = s->handler->name;
    r.name = s->scene.name.c_str();
    r.node_count = uint32_t(s->scene.nodes.size());
    r.root_count = uint32_t(s->scene.roots.size());
    r.mesh_count = uint32_t(s->scene.meshes.size());
    r.material_count = uint32_t(s->scene.materials.size());
    r.texture_count = uint32_t(s->scene.textures.size());
    r.image_count = uint32_t(s->scene.images.size());
    r.warning_count = uint32_t(s->scene.warnings.size());
    r.left_out_count = uint32_t(s->scene.leftOut.size());
    return writeInfo(s->error, out, r, "strata_scene_summary");
  });
}

strata_status strata_scene_get_roots(strata_scene* s, int32_t* buffer, size_t capacity,
                                     size_t* count) {
  return onLoadedScene(s, [&] {
    static_assert(sizeof(int) == sizeof(int32_t), "node indices are 32-bit");
    return copyOut(s->error, s->scene.roots.data(), s->scene.roots.size(), sizeof(int32_t), buffer,
                   capacity, count);
  });
}

strata_status strata_scene_get_warning(strata_scene* s, uint32_t index, const char** out_text) {
  return onLoadedScene(s, [&] { return textAt(s, s->scene.warnings, "warning", index, out_text); });
}

strata_status strata_scene_get_left_out(strata_scene* s, uint32_t index, const char** out_text) {
  return onLoadedScene(
      s, [&] { return textAt(s, s->scene.leftOut, "left-out piece", index, out_text); });
}

strata_status strata_scene_info_json(strata_scene* s, char** out_json) {
  return onLoadedScene(s, [&] { return infoText(s->error, *s->handler, s->source, out_json); });
}

strata_status strata_scene_validate_json(strata_scene* s, char** out_json) {
  return onLoadedScene(s, [&] { return validateText(s->error, *s->handler, s->source, out_json); });
}

strata_status strata_scene_info_file_json(strata_scene* s, const char* path, char** out_json) {
  return onFile(s, path, out_json, [&](const strata::FormatHandler& h) {
    return infoText(s->error, h, path, out_json);
  });
}

strata_status strata_scene_validate_file_json(strata_scene* s, const char* path, char** out_json) {
  return onFile(s, path, out_json, [&](const strata::FormatHandler& h) {
    return validateText(s->error, h, path, out_json);
  });
}

strata_status strata_levels_json(strata_scene* s, const char* path, const char* selector,
                                 char** out_json) {
  return onPath(s, path, out_json, [&] {
    nlohmann::json list = nlohmann::json::array();
    for (const strata::rc2::LevelEntry& e : strata::rc2::listLevels(path))
      if (!selector || strata::rc2::levelMatches(selector, e.id))
        list.push_back({{"path", strata::escapeUtf8(e.path)},
                        {"file", strata::escapeUtf8(e.file)},
                        {"id", e.id},
                        {"name", e.name}});
    return returnText(s->error, list.dump(), out_json);
  });
}

const char* strata_detect_format(const char* path) {
  if (!path) return nullptr;
  try {
    const strata::FormatHandler* h = strata::detectFormat(path);
    return h ? h->name : nullptr;
  } catch (...) {
    return nullptr;
  }
}

} // extern "C"
