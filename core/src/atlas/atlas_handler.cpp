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

bool detectAtlas(const std::string&, const std::vector<uint8_t>& head) {
  return head.size() >= 4 && head[0] == 'A' && head[1] == 'T' && head[2] == 'L' && head[3] == 'S';
}

Scene loadAtlas(const std::string& path, const LoadOptions& options) {
  return atlas::loadScene(std::make_shared<const FileBytes>(path), options, path);
}

nlohmann::json infoAtlas(const std::string& path) {
  std::vector<uint8_t> bytes = readFile(path);
  return atlas::describe(atlas::readAtlas(bytes, path), bytes.size());
}

ValidationReport validateAtlas(const std::string& path) {
  return validateFile(path, "atlas", [&](ValidationReport& rep) {
    std::vector<uint8_t> bytes = readFile(path);
    atlas::validateModel(atlas::readAtlas(bytes, path), bytes.size(), rep);
  });
}

TextureSet texturesAtlas(const std::string& path, const LoadOptions& options) {
  atlas::File file = atlas::readAtlas(readFile(path), path);
  return atlas::loadTiles(file, options, path, atlas::atlasTileOrigins(file, path));
}

} // namespace

extern const FormatHandler kAtlasHandler;
const FormatHandler kAtlasHandler = {"atlas",   detectAtlas,   loadAtlas,
                                     infoAtlas, validateAtlas, texturesAtlas};

} // namespace strata
