// strata.h glTF output through the project's glTF writer.
#include "capi_handles.h"
#include "gltf_writer.h"
#include "strata/error.h"

using namespace strata::capi;

extern "C" {

strata_status strata_scene_write_gltf(strata_scene* s, const char* path,
                                      const strata_gltf_options* options) {
  return onLoadedScene(s, [&] {
    if (!path) return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT, "path is NULL");
    strata_gltf_options o;
    if (strata_status st = readOptions(s->error, options, o, "strata_gltf_options")) return st;
    strata::gltf::WriteOptions w;
    const int mode = enumValue(o.textures);
    switch (mode) {
    case STRATA_GLTF_TEXTURES_PNG:
      w.textures = strata::gltf::TextureMode::Png;
      break;
    case STRATA_GLTF_TEXTURES_KTX2:
      w.textures = strata::gltf::TextureMode::Ktx2;
      break;
    case STRATA_GLTF_TEXTURES_NONE:
      w.textures = strata::gltf::TextureMode::None;
      break;
    default:
      return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT,
                  "unknown texture mode " + std::to_string(mode));
    }
    try {
      strata::gltf::writeGltfFile(s->scene, path, w);
    } catch (const strata::Error& e) {
      // An error naming the output file is a failure to write it.
      if (e.file() == path && !dynamic_cast<const strata::Unsupported*>(&e))
        return fail(s->error, STRATA_ERROR_IO, e.what());
      throw;
    }
    return STRATA_OK;
  });
}

} // extern "C"
