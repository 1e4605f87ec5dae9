// .tqt bytes: read, `info`, `validate`, `textures` (every tile decoded) and
// the texture tree of a CHU beside it (§9c's transpose, §9d) in the scene.
#include "harness.h"

#include "atlas/atlas_scene.h"
#include "chu/chu_atlas.h"
#include "chu/chu_info.h"
#include "chu/chu_synth.h"
#include "chu/chu_validate.h"
#include "chu/tqt_io.h"
#include "chu/tqt_tile.h"

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

void fuzzTqt(const uint8_t* data, size_t size) {
  const std::vector<uint8_t> bytes(data, data + size);
  const std::string name = "fuzz.tqt";
  const auto read = readOrReport([&] { return tqt::readTqt(bytes, name); });
  if (!read) return;
  const tqt::File& file = *read;
  cleanErrorsAllowed([&] { dumpInfo(tqt::describe(file, bytes.size(), name)); });
  cleanErrorsAllowed([&] {
    ValidationReport report;
    tqt::validateModel(file, name, report);
    dumpReport(report);
  });
  cleanErrorsAllowed([&] {
    // The tiles as `strata textures` takes them (validateModel only checks them).
    const atlas::File tex = tqt::asAtlas(file);
    atlas::TileCache cache(tex, false, tqt::tileOrigins(file, name));
    std::vector<Image> tiles;
    const size_t stubs = tex.tocs.empty() ? 0 : tex.tocs[0].stubCount();
    for (size_t stub = 0; stub < stubs; ++stub)
      if (auto img = cache.take(0, stub)) tiles.push_back(std::move(*img));
    decodeAll(tiles);
    for (const tqt::Tile& t : file.tiles) (void)tqt::describeTileDds(t, name);
  });
  cleanErrorsAllowed([&] {
    (void)atlas::toScene(chu::toAtlas(companionChu(), &file, "fuzz.chu"), LoadOptions{},
                         "fuzz.chu");
  });
  cleanErrorsAllowed([&] { (void)tqt::writeTqt(file); });
}

} // namespace strata::fuzz
