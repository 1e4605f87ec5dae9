// The CHU and TQT entries of the format table (core/src/formats.cpp), and the
// CHU -> .atlas conversion.
#include "atlas/atlas_io.h"
#include "atlas/atlas_scene.h"
#include "chu/chu_atlas.h"
#include "chu/chu_info.h"
#include "chu/chu_io.h"
#include "chu/chu_validate.h"
#include "chu/tqt_io.h"
#include "chu/tqt_tile.h"
#include "strata/chu.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/formats.h"

#include <filesystem>
#include <memory>

namespace strata {

namespace {

// §9d: the companion TQT, read; a broken one is reported and left out, since
// the CHU stays meaningful on its own.
std::unique_ptr<tqt::File> companion(const std::string& chuPath,
                                     std::vector<std::string>& warnings) {
  const std::string path = chu::findCompanionTqt(chuPath);
  if (path.empty()) return nullptr;
  try {
    return std::make_unique<tqt::File>(tqt::readTqt(readFile(path), path));
  } catch (const Error& e) {
    warnings.push_back("companion texture tree left out: " + std::string(e.what()));
    return nullptr;
  }
}

bool detectChu(const std::string&, const std::vector<uint8_t>& head) {
  return head.size() >= 4 && head[0] == 'C' && head[1] == 'H' && head[2] == 'U' && head[3] == '3';
}

Scene loadChu(const std::string& path, const LoadOptions& options) {
  chu::File file = chu::readChu(readFile(path), path);
  std::vector<std::string> warnings;
  std::unique_ptr<tqt::File> tex = options.textures ? companion(path, warnings) : nullptr;
  atlas::File mapped = chu::toAtlas(file, tex.get(), path);
  Scene scene = atlas::toScene(mapped, options, path);
  scene.warnings.insert(scene.warnings.end(), warnings.begin(), warnings.end());
  return scene;
}

nlohmann::json infoChu(const std::string& path) {
  std::vector<uint8_t> bytes = readFile(path);
  return chu::describe(chu::readChu(bytes, path), bytes.size(), chu::findCompanionTqt(path));
}

ValidationReport validateChu(const std::string& path) {
  ValidationReport rep;
  rep.file = path;
  rep.format = "chu";
  try {
    chu::File file = chu::readChu(readFile(path), path);
    chu::validateModel(file, rep);
  } catch (const Error& e) {
    rep.error(e.offset(), e.detail());
  }
  return rep;
}

bool detectTqt(const std::string&, const std::vector<uint8_t>& head) {
  return head.size() >= 4 && head[0] == 't' && head[1] == 'q' && head[2] == 't' && head[3] == 0;
}

nlohmann::json infoTqt(const std::string& path) {
  std::vector<uint8_t> bytes = readFile(path);
  return tqt::describe(tqt::readTqt(bytes, path), bytes.size(), path);
}

ValidationReport validateTqt(const std::string& path) {
  ValidationReport rep;
  rep.file = path;
  rep.format = "tqt";
  try {
    tqt::File file = tqt::readTqt(readFile(path), path);
    tqt::validateModel(file, path, rep);
  } catch (const Error& e) {
    rep.error(e.offset(), e.detail());
  }
  return rep;
}

// Every logical node's tile, named L<level>_<x>_<y> after §9c's transpose.
TextureSet texturesTqt(const std::string& path, const LoadOptions&) {
  tqt::File file = tqt::readTqt(readFile(path), path);
  std::vector<Image> images;
  for (uint32_t level = 0; level < file.header.treeDepth; ++level)
    for (uint32_t x = 0; x < (1u << level); ++x)
      for (uint32_t y = 0; y < (1u << level); ++y) {
        const tqt::Tile* t = file.tileOf(level, x, y);
        std::string name =
            "L" + std::to_string(level) + "_" + std::to_string(x) + "_" + std::to_string(y);
        tqt::TileDds d = tqt::readTileDds(*t, path);
        if (!d.decoded)
          throw Unsupported(path, uint64_t(t->offset) + 4, "tile " + name + ": " + d.format);
        d.image.name = name;
        images.push_back(std::move(d.image));
      }
  return {std::move(images), {}};
}

} // namespace

extern const FormatHandler kChuHandler;
const FormatHandler kChuHandler = {"chu", detectChu, loadChu, infoChu, validateChu, nullptr};

extern const FormatHandler kTqtHandler;
// No load: a TQT is only a texture tree, converted with the .chu beside it (§9d).
const FormatHandler kTqtHandler = {"tqt", detectTqt, nullptr, infoTqt, validateTqt, texturesTqt};

namespace chu {

AtlasOutput convertToAtlas(const std::string& chuPath) {
  AtlasOutput out;
  File file = readChu(readFile(chuPath), chuPath);
  std::unique_ptr<tqt::File> tex = companion(chuPath, out.warnings);
  MapOptions options;
  options.collision = true;
  atlas::File mapped = toAtlas(file, tex.get(), chuPath, options);
  out.bytes = atlas::writeAtlas(mapped);
  return out;
}

} // namespace chu

} // namespace strata
