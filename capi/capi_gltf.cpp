// strata.h glTF output through the output table's glTF writers (outputs.h).
#include "capi_handles.h"
#include "outputs.h"
#include "strata/error.h"

using namespace strata::capi;

extern "C" {

strata_status strata_scene_write_gltf(strata_scene* s, const char* path,
                                      const strata_gltf_options* options) {
  return onLoadedScene(s, [&] {
    if (!path) return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT, "path is NULL");
    strata_gltf_options o;
    if (strata_status st = readOptions(s->error, options, o, "strata_gltf_options")) return st;
    strata::OutputOptions w;
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
      const strata::OutputWriter& writer = strata::outputFor(path, false);
      if (!writer.write) // a file conversion, not a writer of scenes
        throw strata::Error(path, strata::Error::kNoOffset, "output must end in .glb or .gltf");
      strata::requireTakes(writer, s->scene);
      writer.write(s->scene, path, w);
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
