// The Atlas entry of the format table (core/src/formats.cpp).
#include "atlas/atlas_info.h"
#include "atlas/atlas_io.h"
#include "atlas/atlas_load.h"
#include "atlas/atlas_scene.h"
#include "atlas/atlas_validate.h"
#include "common/validate_file.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/formats.h"

#include <memory>
#include <utility>

namespace strata {

namespace {

bool detectAtlas(const Source&, const std::vector<uint8_t>& head) {
  return head.size() >= 4 && head[0] == 'A' && head[1] == 'T' && head[2] == 'L' && head[3] == 'S';
}

Scene loadAtlas(const Source& in, const LoadOptions& options) {
  return atlas::loadScene(std::make_shared<const FileBytes>(in), options, in.path);
}

nlohmann::json infoAtlas(const Source& in) {
  const auto bytes = in.bytes();
  return atlas::describe(atlas::readAtlas(*bytes, in.path), bytes->size());
}

ValidationReport validateAtlas(const Source& in) {
  return validateFile(in.path, "atlas", [&](ValidationReport& rep) {
    const auto bytes = in.bytes();
    atlas::validateModel(atlas::readAtlas(*bytes, in.path), bytes->size(), rep);
  });
}

TextureSet texturesAtlas(const Source& in, const LoadOptions& options) {
  atlas::File file = atlas::readAtlas(*in.bytes(), in.path);
  return atlas::loadTiles(file, options, in.path, atlas::atlasTileOrigins(file, in.path));
}

} // namespace

extern const FormatHandler kAtlasHandler;
const FormatHandler kAtlasHandler = {"atlas",   detectAtlas,   loadAtlas,
                                     infoAtlas, validateAtlas, texturesAtlas};

} // namespace strata
