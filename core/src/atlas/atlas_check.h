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

// Geometry stubs checked ahead, as their frames were read (loadScene):
// found[toc][stub] holds a stub's problems once done[toc][stub] is set.
struct CheckedStubs {
  std::vector<std::vector<std::vector<Problem>>> found;
  std::vector<std::vector<char>> done;
};

// checkStructure with the stubs in `checked` taken as found there: the same
// problems in the same order.
void checkStructure(const File& file, const std::string& fileName, std::vector<Problem>& out,
                    const CheckedStubs& checked);

// The problems checkStructure finds for Geom stub `stub` of TOC `toc`, whose
// frame is `f`: the one its offset names, given because the file's frames
// may still be being read.
std::vector<Problem> checkGeomStub(const File& file, const std::string& fileName, size_t toc,
                                   size_t stub, const Frame& f);

// "Geom TOC 0 chunk L2_1_3": how messages name a geometry stub.
std::string chunkLabel(size_t toc, size_t stub);

} // namespace strata::atlas
