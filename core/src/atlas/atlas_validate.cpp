// `strata validate` for Atlas: every structural rule of atlas-chu-tqt.md that
// the reader does not already enforce while parsing (atlas_check.h, the same
// checks the load path runs), every texture tile and blended source decoded
// (atlas_tiles.h, atlas_textures.h), and the consistency of the levels.
#include "atlas/atlas_validate.h"

#include "atlas/atlas_check.h"
#include "atlas/atlas_config.h"
#include "atlas/atlas_lod_check.h"
#include "atlas/atlas_textures.h"
#include "atlas/atlas_tiles.h"

#include "strata/error.h"
#include "strata/quadtree.h"

namespace strata::atlas {

void validateModel(const File& file, uint64_t fileSize, ValidationReport& rep) {
  std::vector<Problem> problems;
  checkStructure(file, rep.file, problems);
  TileCache tiles(file, false, atlasTileOrigins(file, rep.file));
  tiles.checkAll();
  const std::vector<Problem> tileProblems = tiles.problems();
  problems.insert(problems.end(), tileProblems.begin(), tileProblems.end());
  const TextureSchema schema = textureSchema(file);
  if (schema.kind == TextureSchema::Blended && texTocIndex(file, schema.opacitySlot) >= 0)
    readBlendSources(schema, rep.file, problems);
  addToReport(problems, rep);

  size_t geomChunks = 0, texChunks = 0, configChunks = 0;
  for (size_t t = 0; t < file.tocs.size(); ++t) {
    const Toc& toc = file.tocs[t];
    const std::string name = toc.tag + " TOC " + std::to_string(t);
    if (toc.kind == TocKind::Geom && toc.stubCount() == nodeCount(toc.treeDepth)) {
      checkStaleLods(file, toc, rep);
      checkZeroedMorph(file, toc, rep);
    }
    for (size_t i = 0; i < toc.stubCount(); ++i) {
      if (!toc.stubLength(i)) continue;
      const Frame* f = file.frameAt(toc.stubOffset(i));
      if (!f) continue;
      uint32_t prev = f->kind == TocKind::Geom     ? f->geom.previousChunk
                      : f->kind == TocKind::Config ? f->config.previousChunk
                                                   : 0;
      if (prev >= fileSize)
        rep.warning(f->offset, name + " stub " + std::to_string(i) + ": previousChunk " +
                                   std::to_string(prev) + " lies past the end of the file");
    }
  }
  for (const Frame& f : file.frames)
    (f.kind == TocKind::Geom ? geomChunks : f.kind == TocKind::Tex ? texChunks : configChunks)++;
  rep.summary["tocs"] = file.tocs.size();
  rep.summary["geometryChunks"] = geomChunks;
  rep.summary["textureChunks"] = texChunks;
  rep.summary["configChunks"] = configChunks;
  size_t gapBytes = 0;
  for (const Gap& g : file.gaps) gapBytes += g.bytes.size();
  rep.summary["unreferencedBytes"] = gapBytes;
}

} // namespace strata::atlas
