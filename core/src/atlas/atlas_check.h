#pragma once
// The rules of atlas-chu-tqt.md a parsed Atlas model can still break, each
// tied to the piece it concerns (common/problems.h). validate reports them and
// the load path (convert, textures) runs the same function, so what validate
// calls an error a load refuses or, under --partial, leaves out.
#include "atlas/atlas_model.h"
#include "common/problems.h"

#include <string>
#include <vector>

namespace strata::atlas {

// Problem::kind for Atlas. Problem::index is pieceIndex(toc, stub) for a
// chunk or its collision block, pieceIndex(toc, frame offset) for a tile, and
// the number of the source image for a blended source.
enum PieceKind : int { kWholeFile = 0, kChunkPiece, kCollisionPiece, kTilePiece, kSourcePiece };

inline uint64_t pieceIndex(size_t toc, uint64_t n) {
  return uint64_t(toc) << 32 | n;
}

// Errors: a TOC whose stub count is not a quadtree's; per geometry chunk an
// index count that is not whole triangles, an index past the vertices, a
// non-finite float in its stub or chunk (positions, bounds, texture
// coordinates, morph offsets, normals: glTF and the engine need finite
// numbers), a collision block that does not address the chunk's triangles.
// Warnings: the consistency rules that go with them (skirt counts, bounds,
// empty stubs, non-finite collision heights). Texture tiles are checked by
// decoding them (atlas_tiles.h).
void checkStructure(const File& file, const std::string& fileName, std::vector<Problem>& out);

// "Geom TOC 0 chunk L2_1_3": how messages name a geometry stub.
std::string chunkLabel(size_t toc, size_t stub);

} // namespace strata::atlas
