#include "atlas/atlas_load.h"

#include "atlas/atlas_check.h"

namespace strata::atlas {

std::set<uint64_t> applyStructure(const std::vector<Problem>& problems, bool partial,
                                  const std::string& fileName, std::vector<std::string>& leftOut) {
  std::set<uint64_t> chunks;
  for (const Problem& p : problems) {
    if (p.severity != Severity::Error) continue;
    if (!partial || p.kind == kWholeFile) refuse(p);
    if (p.kind == kChunkPiece) {
      if (chunks.insert(p.index).second) leftOut.push_back(leftOutLine(p, fileName));
    } else if (p.kind == kCollisionPiece) {
      leftOut.push_back(leftOutLine(p, fileName) + " (its collision block; glTF holds none)");
    }
  }
  return chunks;
}

void applyImages(const std::vector<Problem>& problems, const std::map<uint64_t, int>* fallbacks,
                 bool partial, const std::string& fileName, std::vector<std::string>& leftOut) {
  for (const Problem& p : problems) {
    const bool wanted = fallbacks && fallbacks->count(p.index);
    const bool fatal = p.severity == Severity::Error || (p.unsupported && (wanted || !fallbacks));
    if (!fatal) continue;
    if (!partial) refuse(p);
    std::string line = leftOutLine(p, fileName);
    if (p.kind == kSourcePiece) {
      line += "; the chunks show the opacity map shaded by the light map instead";
    } else if (!fallbacks) {
      line += "; not written";
    } else if (!wanted) {
      line += "; no chunk shows it at this level of detail";
    } else {
      const int level = fallbacks->at(p.index);
      line += level >= 0 ? "; the chunks it covers show the level-" + std::to_string(level) +
                               " tile above it instead"
                         : "; the chunks it covers are untextured (no tile above it decodes)";
    }
    leftOut.push_back(line);
  }
}

TextureSet loadTiles(const File& file, const LoadOptions& options, const std::string& fileName,
                     const TileOrigins& origins) {
  TextureSet out;
  std::vector<Problem> problems;
  checkStructure(file, fileName, problems);
  std::vector<std::string> ignored; // no chunk is part of a texture set
  applyStructure(problems, options.partial, fileName, ignored);
  TileCache tiles(file, options.swapRedBlue, origins);
  const std::vector<std::pair<size_t, size_t>> stubs = tiles.stubs();
  tiles.decodeAhead(stubs); // every tile at once, on the cores the budget has
  std::map<std::pair<size_t, uint32_t>, size_t> first; // a shared frame: copies for every stub
  for (auto [t, i] : stubs) {
    const uint32_t frame = tiles.frameOf(t, i);
    if (!frame) continue;
    auto seen = first.find({t, frame});
    if (seen != first.end()) {
      Image copy = out.images[seen->second];
      copy.name = origins(t, i).imageName;
      out.images.push_back(std::move(copy));
      continue;
    }
    if (std::optional<Image> img = tiles.take(t, i)) {
      first[{t, frame}] = out.images.size();
      out.images.push_back(std::move(*img));
    }
  }
  applyImages(tiles.problems(), nullptr, options.partial, fileName, out.leftOut);
  return out;
}

} // namespace strata::atlas
