#pragma once
// The DDS stream of a TQT tile (§9c): its header facts for `info` and the
// tileSize comparison, and the tiles as an Atlas Tex TOC (§9c "Mapping TQT to
// Atlas textures"), which the Atlas tile path decodes (atlas_tiles.h) for
// validate, textures and a CHU's scene alike.
#include "atlas/atlas_model.h"
#include "atlas/atlas_tiles.h"
#include "tqt/tqt_model.h"

#include <cstdint>
#include <string>

namespace strata::tqt {

struct TileDds {
  uint32_t width = 0, height = 0; // DDS_HEADER dwWidth, dwHeight, whatever the rest holds
  // The DXGI row name ("BC1_UNORM"), or "unsupported (why)" / "broken (why)".
  std::string format;
};

// Never throws: a tile whose stream does not read says so in `format`.
TileDds describeTileDds(const Tile& tile, const std::string& fileName);

// One Atlas Tex TOC from the TQT, added to `file` (§9c, §9d): stub (level, x,
// y) takes table entry nodeID(level, y, x), shared tiles stay shared, the DDS
// bytes go in unchanged with mFormat 2, generation 0. Frames get placeholder
// offsets counting from `firstPlaceholder`; layoutAtlas places them.
void addTexToc(atlas::File& file, const File& tqt, uint32_t firstPlaceholder);

// The TQT tiles of that TOC as their messages and `strata textures` name them:
// "TQT tile L<level>_<x>_<y> (table entry N)" by logical node, offsets in the
// .tqt (the DDS bytes after the U32 chunkSize), images named L<level>_<x>_<y>.
atlas::TileOrigins tileOrigins(const File& tqt, const std::string& tqtPath);

// The TQT alone as an Atlas file of that one Tex TOC, laid out.
atlas::File asAtlas(const File& tqt);

} // namespace strata::tqt
