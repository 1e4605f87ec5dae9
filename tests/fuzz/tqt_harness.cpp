// .tqt bytes, in two harnesses. fuzzTqt: read, `info`, `validate`,
// `textures` (every tile decoded) and the write-back. fuzzTqtScene: the
// texture tree of a CHU beside it (§9c's transpose, §9d) in the scene.
#include "harness.h"

#include "atlas/atlas_scene.h"
#include "chu/chu_atlas.h"
#include "synth/chu_synth.h"
#include "tqt/tqt_atlas.h"
#include "tqt/tqt_info.h"
#include "tqt/tqt_io.h"
#include "tqt/tqt_validate.h"

namespace strata::fuzz {

namespace {

// A small CHU for the fuzzed TQT to texture: depth 3, as the samples' TQT.
const chu::File& companionChu() {
  static const chu::File chu = [] {
    chu::SynthOptions o;
    o.treeDepth = 3;
    o.gridQuads = 2;
    o.colTreeDepth = 0;
    return chu::synthChu(o);
  }();
  return chu;
}

} // namespace

// The tiles as `strata textures` takes them (validateModel only checks them).
static void decodeTiles(const tqt::File& file, const std::string& name) {
  const atlas::File tex = tqt::asAtlas(file);
  atlas::TileCache cache(tex, false, tqt::tileOrigins(file, name));
  std::vector<Image> tiles;
  const size_t stubs = tex.tocs.empty() ? 0 : tex.tocs[0].stubCount();
  for (size_t stub = 0; stub < stubs; ++stub)
    if (auto img = cache.take(0, stub)) tiles.push_back(std::move(*img));
  decodeAll(tiles);
  for (const tqt::Tile& t : file.tiles) (void)tqt::describeTileDds(t, name);
}

void fuzzTqt(const uint8_t* data, size_t size) {
  const std::string name = "fuzz.tqt";
  fuzzModel(
      data, size, name, tqt::readTqt,
      [&](const tqt::File& file, size_t bytes) { return tqt::describe(file, bytes, name); },
      [&](const tqt::File& file, size_t, ValidationReport& report) {
        tqt::validateModel(file, name, report);
      },
      [&](const tqt::File& file) {
        cleanErrorsAllowed([&] { decodeTiles(file, name); });
        cleanErrorsAllowed([&] { (void)tqt::writeTqt(file); });
      });
}

void fuzzTqtScene(const uint8_t* data, size_t size) {
  cleanErrorsAllowed([&] {
    const tqt::File file = tqt::readTqt(std::vector<uint8_t>(data, data + size), "fuzz.tqt");
    (void)atlas::toScene(chu::toAtlas(companionChu(), &file, "fuzz.chu"), LoadOptions{},
                         "fuzz.chu");
  });
}

} // namespace strata::fuzz
