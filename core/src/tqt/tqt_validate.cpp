// `strata validate` for a TQT (atlas-chu-tqt.md §9e). The reader throws on the
// first structural error; what is left here is checked on a parsed model: the
// tiles by the Atlas tile path the load path shares, the consistency
// comparisons here.
#include "tqt/tqt_validate.h"

#include "atlas/atlas_tiles.h"
#include "common/tally.h"
#include "common/validate_file.h"
#include "strata/fileio.h"
#include "tqt/tqt_atlas.h"
#include "tqt/tqt_io.h"

namespace strata::tqt {

void validateModel(const File& file, const std::string& fileName, ValidationReport& rep) {
  // §9e: every tile a complete DDS stream, checked by decoding it as a CHU's
  // scene and `strata textures` do.
  const atlas::File tex = asAtlas(file);
  atlas::TileCache tiles(tex, false, tileOrigins(file, fileName));
  tiles.checkAll();
  addToReport(tiles.problems(), rep);
  Tally sizeMismatch;
  for (const Tile& t : file.tiles) {
    TileDds d = describeTileDds(t, fileName);
    if (d.width != file.header.tileSize || d.height != file.header.tileSize)
      sizeMismatch.add(t.offset, "the tile at " + std::to_string(t.offset) + " is " +
                                     std::to_string(d.width) + "x" + std::to_string(d.height) +
                                     " but the header tileSize is " +
                                     std::to_string(file.header.tileSize));
  }
  sizeMismatch.report(rep, Severity::Warning,
                      "tiles differ from tileSize (the DDS header defines the dimensions)");
  size_t gapBytes = 0;
  for (const Gap& g : file.gaps) gapBytes += g.bytes.size();
  rep.summary["nodes"] = file.offsets.size();
  rep.summary["tiles"] = file.tiles.size();
  rep.summary["sharedReferences"] = file.offsets.size() - file.tiles.size();
  rep.summary["unreferencedBytes"] = gapBytes;
}

ValidationReport validateTqtFile(const Source& in) {
  return validateFile(in.path, "tqt", [&](ValidationReport& rep) {
    validateModel(readTqt(*in.bytes(), in.path), in.path, rep);
  });
}

} // namespace strata::tqt
